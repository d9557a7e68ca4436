import type { AccountSummary } from '@atelier/contracts';
import { useHost } from '@atelier/host';
import { Button, useSingleFlight } from '@atelier/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { BILLING_PORTAL_ERROR, ROUTES, TEXTS } from '../../../constants';
import { useCreateBillingPortalSession } from '../api/create-billing-portal-session';
import { formatDateTime, formatPeriod, PLAN_NAMES, portalFailureMessage } from '../utils/format';

export interface PlanCardProps {
  summary: AccountSummary;
  /** Where the browser goes for the billing portal (a full navigation to Stripe). */
  redirect: (url: string) => void;
}

/** The plan, whether its subscription is active, its billing period, and Manage Billing (See plans when free). */
export function PlanCard({ summary, redirect }: PlanCardProps) {
  const host = useHost();
  const portal = useCreateBillingPortalSession();
  const flight = useSingleFlight();
  const [leaving, setLeaving] = useState(false);
  const paid = summary.plan !== 'free';
  const failed = (description: string) => host.toast({ title: BILLING_PORTAL_ERROR.title, description, variant: 'destructive' });

  // aria-disabled rather than disabled while busy: a disabled button drops keyboard focus.
  const busy = portal.isPending || leaving;
  const openPortal = () => {
    if (busy || !flight.begin()) return;
    portal.mutate(undefined, {
      onSettled: flight.end,
      onSuccess: ({ url }) => {
        if (!url) return failed(BILLING_PORTAL_ERROR.fallback);
        setLeaving(true); // the browser is on its way to the portal
        redirect(url);
      },
      onError: (error) => failed(portalFailureMessage(error)),
    });
  };

  return (
    <section aria-labelledby="account-plan" className="flex flex-col gap-4 rounded-lg border border-border bg-card p-5 shadow-soft">
      <h2 id="account-plan" className="text-sm font-medium uppercase tracking-widest text-muted-foreground">
        Plan
      </h2>
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="font-display text-4xl leading-none">{PLAN_NAMES[summary.plan]}</span>
        {paid ? <SubscriptionStatus active={Boolean(summary.stripeSubscriptionId)} /> : null}
      </p>
      <dl className="grid gap-1 text-sm">
        {paid ? (
          <>
            <dt className="text-muted-foreground">{summary.billingPeriod ? 'Billing period' : 'Current period'}</dt>
            <dd>{formatPeriod(summary.billingPeriod ?? summary.period)}</dd>
          </>
        ) : (
          <>
            <dt className="text-muted-foreground">Free credits</dt>
            <dd>Renew every day at 00:00 UTC (next {formatDateTime(summary.period.end)})</dd>
          </>
        )}
      </dl>
      <div className="mt-auto pt-1">
        {paid ? (
          <Button variant="outline" onClick={openPortal} aria-disabled={busy} aria-busy={portal.isPending} className="aria-disabled:opacity-50">
            {TEXTS.manageBilling}
          </Button>
        ) : (
          <Button asChild variant="accent">
            <Link to={ROUTES.pricing}>{TEXTS.seePlans}</Link>
          </Button>
        )}
      </div>
    </section>
  );
}

/** SPEC §2's plan card words: Active with a subscription, Expired without. */
function SubscriptionStatus({ active }: { active: boolean }) {
  return (
    <span
      className={
        active
          ? 'rounded-full bg-ink px-2.5 py-0.5 text-xs font-semibold uppercase tracking-wider text-ivory'
          : 'rounded-full border border-accent px-2.5 py-0.5 text-xs font-semibold uppercase tracking-wider text-accent'
      }
    >
      {active ? 'Active' : 'Expired'}
    </span>
  );
}
