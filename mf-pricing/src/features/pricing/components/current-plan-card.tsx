import type { User } from '@atelier/contracts';
import { useHost } from '@atelier/host';
import { Button, cn } from '@atelier/ui';
import { BILLING_PORTAL_ERROR, CURRENT_PLAN_TEXTS, type PlanTier } from '../../../constants';
import { useCreateBillingPortalSession } from '../api/create-billing-portal-session';
import { billingPortalFailure } from '../utils/checkout-error';

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Non-free users only (SPEC.md §2, §4): their plan, Active with a subscription id or Expired without (§3), and
 * Manage Billing, which opens Stripe's billing portal or shows §8's portal failure toast.
 */
export function CurrentPlanCard({ user, tiers }: { user: User; tiers: PlanTier[] | undefined }) {
  const host = useHost();
  const portal = useCreateBillingPortalSession();
  const planName = tiers?.find((tier) => tier.id === user.plan)?.name ?? capitalise(user.plan);
  const active = Boolean(user.stripeSubscriptionId);

  const openPortal = () => {
    if (portal.isPending) return;
    portal.mutate(undefined, {
      onSuccess: (url) => {
        if (url) window.location.assign(url);
        else host.toast({ title: BILLING_PORTAL_ERROR.title, description: BILLING_PORTAL_ERROR.fallback, variant: 'destructive' });
      },
      onError: (error) => host.toast(billingPortalFailure(error)),
    });
  };

  return (
    <section
      aria-labelledby="current-plan"
      className="flex flex-col gap-4 rounded-lg border border-border bg-card p-5 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex flex-col gap-1">
        <h2 id="current-plan" className="text-sm text-muted-foreground">
          {CURRENT_PLAN_TEXTS.heading}
        </h2>
        <p className="flex flex-wrap items-center gap-3">
          <span className="font-display text-2xl">{planName}</span>
          <span
            className={cn(
              'rounded-full px-2.5 py-0.5 text-xs font-medium',
              active ? 'bg-accent-soft text-accent' : 'bg-muted text-muted-foreground',
            )}
          >
            {active ? CURRENT_PLAN_TEXTS.active : CURRENT_PLAN_TEXTS.expired}
          </span>
        </p>
      </div>
      {/* Busy, not disabled, while the portal opens: a disabled button let focus fall to the page's body. */}
      <Button
        variant="outline"
        onClick={openPortal}
        aria-disabled={portal.isPending || undefined}
        aria-busy={portal.isPending || undefined}
        className={cn(portal.isPending && 'cursor-progress opacity-50')}
      >
        {CURRENT_PLAN_TEXTS.manageBilling}
      </Button>
    </section>
  );
}
