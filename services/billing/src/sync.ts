import type { PaidPlan } from '@atelier/contracts';
import type { Db, Logger } from '@atelier/kit';
import { eq, sql } from 'drizzle-orm';
import type { BillingAccount } from './account.js';
import { customers, subscriptions, type SubscriptionRow } from './db/schema.js';
import {
  decidePlan,
  readSubscription,
  type PlanDecision,
  type StripeSubscriptionLike,
  type SubscriptionState,
} from './domain/subscription-state.js';
import { isMissing, type Stripe } from './stripe.js';

/** The account service answered 404: the user is deleted, or was never one. `live`: the subscription still runs. */
class UnknownUser extends Error {
  constructor(readonly live: boolean) {
    super('the account service does not know the user');
  }
}

/** Statuses of a subscription that no longer charges. */
const ENDED = new Set(['canceled', 'incomplete_expired']);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A subscription an event is about: its id, its customer (fixed for a subscription's life) and who the event says it belongs to. */
export interface SubscriptionRef {
  subscriptionId: string;
  customerId: string | null;
  /** `client_reference_id` or the `userId` metadata set at checkout; used when the customer is not ours yet. */
  userHint: string | null;
}

export type SyncOutcome =
  { applied: true; userId: string; decision: PlanDecision } | { applied: false; reason: string };

const toState = (row: SubscriptionRow): SubscriptionState => ({
  id: row.id,
  customerId: row.stripeCustomerId,
  status: row.status,
  plan: row.plan as PaidPlan | null,
  priceId: row.priceId,
  periodStart: row.periodStart,
  periodEnd: row.periodEnd,
  createdAt: row.stripeCreatedAt,
});

/**
 * Converges a user's plan on Stripe's current state. Per user, one at a time (a transaction-scoped advisory
 * lock held from the read at Stripe to the account's answer), so whichever delivery reads Stripe later also
 * writes later: an old event arriving late reads the same current state and cannot undo a newer one. The
 * user's plan is decided from all their subscriptions as last read, so one ending never cancels another.
 */
export function createSync({
  db,
  stripe,
  account,
  planOfPrice,
  logger,
  clock,
}: {
  db: Db;
  stripe: Stripe;
  account: BillingAccount;
  planOfPrice: (priceId: string) => PaidPlan | null;
  logger: Logger;
  clock: () => Date;
}) {
  async function userOf(ref: SubscriptionRef): Promise<{ userId: string; known: boolean } | null> {
    if (ref.customerId) {
      const [row] = await db
        .select({ userId: customers.userId })
        .from(customers)
        .where(eq(customers.stripeCustomerId, ref.customerId))
        .limit(1);
      if (row) return { userId: row.userId, known: true };
    }
    return ref.userHint && UUID.test(ref.userHint)
      ? { userId: ref.userHint.toLowerCase(), known: false }
      : null;
  }

  async function subscription(ref: SubscriptionRef): Promise<SyncOutcome> {
    const owner = await userOf(ref);
    if (!owner) return { applied: false, reason: 'the subscription is not one of our users' };
    const { userId } = owner;

    try {
      return await converge(ref, userId);
    } catch (error) {
      // A deleted account (or one never known): nothing is written for it — its rows were erased, or are about to be
      // — and the event is acknowledged, not retried for days.
      if (!(error instanceof UnknownUser)) throw error;
      // A subscription that started for a deleted account (a checkout in flight when it went) would charge every
      // month with no one to manage it: cancelled at once. A failure throws, so Stripe sends the event again.
      if (error.live) {
        try {
          await stripe.subscriptions.cancel(ref.subscriptionId);
          logger.warn({ subscriptionId: ref.subscriptionId }, 'subscription of a deleted account cancelled');
        } catch (cancelError) {
          if (!isMissing(cancelError)) throw cancelError;
        }
      }
      return { applied: false, reason: 'the account service does not know the user' };
    }
  }

  function converge(ref: SubscriptionRef, userId: string): Promise<SyncOutcome> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`billing-user:${userId}`}))`);
      let current: SubscriptionState | null = null;
      try {
        const retrieved = await stripe.subscriptions.retrieve(ref.subscriptionId);
        current = readSubscription(retrieved as unknown as StripeSubscriptionLike, planOfPrice);
      } catch (error) {
        if (!isMissing(error)) throw error;
        logger.warn(
          { subscriptionId: ref.subscriptionId },
          'subscription no longer exists at Stripe: taken as ended',
        );
      }
      const now = clock();
      if (current) {
        if (ref.customerId && current.customerId !== ref.customerId)
          return { applied: false, reason: 'the event and Stripe disagree on the customer' };
        const [holder] = await tx
          .select({ userId: customers.userId })
          .from(customers)
          .where(eq(customers.stripeCustomerId, current.customerId))
          .limit(1);
        if (holder && holder.userId !== userId)
          return { applied: false, reason: 'the customer belongs to another user' };
        if (!holder)
          await tx
            .insert(customers)
            .values({ userId, stripeCustomerId: current.customerId, createdAt: now })
            .onConflictDoNothing();
        const values = {
          userId,
          stripeCustomerId: current.customerId,
          status: current.status,
          plan: current.plan,
          priceId: current.priceId,
          periodStart: current.periodStart,
          periodEnd: current.periodEnd,
          stripeCreatedAt: current.createdAt,
          syncedAt: now,
        };
        await tx
          .insert(subscriptions)
          .values({ id: current.id, ...values })
          .onConflictDoUpdate({ target: subscriptions.id, set: values });
        if (current.plan === null)
          logger.error(
            { subscriptionId: current.id, priceId: current.priceId },
            'subscription price is none of the configured STRIPE_PRICE_… ids',
          );
      } else {
        await tx
          .update(subscriptions)
          .set({ status: 'canceled', syncedAt: now })
          .where(eq(subscriptions.id, ref.subscriptionId));
      }
      const rows = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId));
      const decision = decidePlan(rows.map(toState));
      // Thrown, so this transaction's writes (a customer, a subscription) are rolled back.
      if (!(await account.setPlan({ userId, ...decision }))) throw new UnknownUser(current !== null && !ENDED.has(current.status));
      logger.info(
        {
          userId,
          subscriptionId: ref.subscriptionId,
          status: current?.status ?? 'missing',
          plan: decision.plan,
        },
        'plan converged on Stripe',
      );
      return { applied: true as const, userId, decision };
    });
  }

  return { subscription };
}

export type Sync = ReturnType<typeof createSync>;
