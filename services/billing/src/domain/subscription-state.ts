import type { PaidPlan, Plan } from '@atelier/contracts';
import { ENTITLED_STATUSES } from '../constants.js';

/**
 * What this service keeps of a Stripe subscription, read from Stripe's current copy (never from an event's
 * possibly stale one). Pure: no Stripe SDK, no database.
 */
export interface SubscriptionState {
  id: string;
  customerId: string;
  status: string;
  /** The tier its price belongs to; null for a price that is not one of ours. */
  plan: PaidPlan | null;
  priceId: string | null;
  periodStart: Date | null;
  periodEnd: Date | null;
  /** When Stripe created it: of two entitled subscriptions the newer one wins. */
  createdAt: Date;
}

/** The fields of Stripe's subscription object that are read (API version STRIPE_API_VERSION, older shapes tolerated). */
export interface StripeSubscriptionLike {
  id: string;
  status: string;
  created: number;
  customer: string | { id: string };
  metadata?: Record<string, string> | null;
  /** Before API version 2025-03-31 the period was on the subscription; since then on each item. */
  current_period_start?: number | null;
  current_period_end?: number | null;
  items: {
    data: {
      price: { id: string } | null;
      current_period_start?: number | null;
      current_period_end?: number | null;
    }[];
  };
}

const fromUnix = (seconds: number | null | undefined) =>
  typeof seconds === 'number' && seconds > 0 ? new Date(seconds * 1000) : null;

export const isEntitled = (status: string) => (ENTITLED_STATUSES as readonly string[]).includes(status);

/**
 * Reads a subscription: its tier from the first item whose price is one of ours (else its metadata's plan, set
 * at checkout), and its billing period from that item (current API versions) or the subscription (older ones).
 */
export function readSubscription(
  subscription: StripeSubscriptionLike,
  planOfPrice: (priceId: string) => PaidPlan | null,
): SubscriptionState {
  const items = subscription.items.data;
  const ours = items.find((item) => item.price && planOfPrice(item.price.id)) ?? items[0];
  const priceId = ours?.price?.id ?? null;
  const metadataPlan = subscription.metadata?.plan;
  const plan =
    (priceId ? planOfPrice(priceId) : null) ??
    (metadataPlan === 'basic' || metadataPlan === 'advanced' || metadataPlan === 'pro' ? metadataPlan : null);
  return {
    id: subscription.id,
    customerId: typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
    status: subscription.status,
    plan,
    priceId,
    periodStart: fromUnix(ours?.current_period_start ?? subscription.current_period_start),
    periodEnd: fromUnix(ours?.current_period_end ?? subscription.current_period_end),
    createdAt: fromUnix(subscription.created) ?? new Date(0),
  };
}

/** The plan a user holds, as the account service takes it (`POST /internal/plans/set`). */
export interface PlanDecision {
  plan: Plan;
  periodStart?: string;
  periodEnd?: string;
  stripeSubscriptionId: string | null;
}

/**
 * A user's plan from all their subscriptions as last read from Stripe: the newest entitled one with a known
 * tier decides; none → free. One subscription's end therefore never cancels another that is still paid for.
 */
export function decidePlan(subscriptions: readonly SubscriptionState[]): PlanDecision {
  const paying = subscriptions
    .filter((s) => isEntitled(s.status) && s.plan !== null)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id))[0];
  if (!paying) return { plan: 'free', stripeSubscriptionId: null };
  const period =
    paying.periodStart && paying.periodEnd && paying.periodStart < paying.periodEnd
      ? { periodStart: paying.periodStart.toISOString(), periodEnd: paying.periodEnd.toISOString() }
      : {};
  return { plan: paying.plan!, ...period, stripeSubscriptionId: paying.id };
}
