import type { User } from '@atelier/contracts';
import { useHost } from '@atelier/host';
import { Button } from '@atelier/ui';
import { BILLING_PORTAL_FAILED, PLAN_TIERS } from '../../../constants';
import { useCreateBillingPortalSession } from '../api/create-billing-portal-session';

/** Shown to non-free users: their plan, whether the subscription is active, and the billing portal. */
export function CurrentPlanCard({ user }: { user: User }) {
  const host = useHost();
  const portal = useCreateBillingPortalSession();
  const planName = PLAN_TIERS.find((tier) => tier.id === user.plan)?.name ?? user.plan;

  const openPortal = () =>
    portal.mutate(undefined, {
      onSuccess: ({ url }) => (url ? window.location.assign(url) : host.toast({ title: 'Error', description: BILLING_PORTAL_FAILED, variant: 'destructive' })),
      onError: (error) => host.toast({ title: 'Error', description: error.message || BILLING_PORTAL_FAILED, variant: 'destructive' }),
    });

  return (
    <section aria-labelledby="current-plan" className="flex flex-wrap items-center justify-between gap-4 rounded-lg border border-border bg-card p-5">
      <div>
        <h2 id="current-plan" className="text-sm text-muted-foreground">
          Current plan
        </h2>
        <p className="font-display text-2xl">
          {planName}{' '}
          <span className="align-middle font-sans text-xs text-muted-foreground">{user.stripeSubscriptionId ? 'Active' : 'Expired'}</span>
        </p>
      </div>
      <Button variant="outline" onClick={openPortal} disabled={portal.isPending}>
        Manage Billing
      </Button>
    </section>
  );
}
