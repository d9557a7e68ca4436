import {
  advisoryLocks,
  assertSchemaName,
  eraseKitRowsOf,
  startErasureWatcher,
  type Database,
  type EraseOutcome,
  type Logger,
} from '@atelier/kit';
import { and, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { BillingConfig } from './config.js';
import { SERVICE_NAME } from './constants.js';
import { customers, subscriptions, waitlistEntries } from './db/schema.js';
import { createStripe, isMissing, type Stripe } from './stripe.js';

/** Subscription statuses after which Stripe charges nothing more (cancelling one again is a 404 at Stripe). */
const ENDED_STATUSES = ['canceled', 'incomplete_expired'];

export interface EraseDeps {
  /** Its schema also holds kit's `rate_limits` (made outside drizzle); its pool takes the watcher's advisory lock. */
  database: Pick<Database, 'db' | 'pool' | 'schema'>;
  /** Null when payments are off: then only the rows go. */
  stripe: Stripe | null;
  logger: Logger;
}

/**
 * What billing keeps of a deleted account, erased (kit's `startErasureWatcher`): at Stripe, each of their
 * subscriptions that has not ended is cancelled at once (no further charge, no proration) and their customer is
 * deleted (its cards and addresses with it); here, their customer and subscription rows and their rate-limit
 * counters. Something already gone at Stripe (404) is done; any other Stripe failure throws, so nothing is
 * acknowledged and the next round tries again. Twice is the same as once.
 *
 * Kept: `webhook_events` (Stripe's event ids and types, tied to no user) and the waitlist, whose entries are an
 * email's sign-up (keyed by the email, not by the account).
 */
export function createErase({
  database,
  stripe,
  logger,
}: EraseDeps): (userId: string) => Promise<EraseOutcome> {
  const { db } = database;
  const schema = assertSchemaName(database.schema);

  /** Cancels the user's running subscriptions and deletes their customer; null when payments are off here. */
  async function atStripe(userId: string, open: { id: string }[]): Promise<{ cancelled: number; deleted: number } | null> {
    if (!stripe) return open.length > 0 ? null : { cancelled: 0, deleted: 0 };
    let cancelled = 0;
    for (const { id } of open) {
      try {
        await stripe.subscriptions.cancel(id);
        cancelled += 1;
      } catch (error) {
        if (!isMissing(error)) throw error; // gone, or cancelled already (Stripe answers 404 to both)
      }
    }
    // Their customer, and any other customer their subscriptions were on — never one another user holds.
    const [own] = await db
      .select({ id: customers.stripeCustomerId })
      .from(customers)
      .where(eq(customers.userId, userId));
    const onSubscriptions = await db
      .selectDistinct({ id: subscriptions.stripeCustomerId })
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId));
    const ids = [
      ...new Set([own?.id, ...onSubscriptions.map((row) => row.id)].filter((id): id is string => !!id)),
    ];
    const others =
      ids.length === 0
        ? new Set<string>()
        : new Set(
            (
              await db
                .select({ id: customers.stripeCustomerId })
                .from(customers)
                .where(and(inArray(customers.stripeCustomerId, ids), ne(customers.userId, userId)))
            ).map((row) => row.id),
          );
    let deleted = 0;
    for (const id of ids.filter((id) => !others.has(id))) {
      try {
        await stripe.customers.del(id);
        deleted += 1;
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    }
    return { cancelled, deleted };
  }

  return async function erase(userId) {
    const open = await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), notInArray(subscriptions.status, ENDED_STATUSES)));
    const stripeDone = await atStripe(userId, open);
    // A running subscription is the one record needed to stop its charges: a replica without Stripe keys keeps it
    // until one with them erases the account.
    if (!stripeDone) return 'later';
    const rows = await db.transaction(async (tx) => {
      // The lock a webhook's sync holds for this user: one handled meanwhile finishes first (it writes nothing for a
      // user the account service no longer knows).
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`billing-user:${userId}`}))`);
      const subscriptionsGone = await tx
        .delete(subscriptions)
        .where(eq(subscriptions.userId, userId))
        .returning({ id: subscriptions.id });
      const customersGone = await tx
        .delete(customers)
        .where(eq(customers.userId, userId))
        .returning({ id: customers.userId });
      // A waitlist sign-up made while signed in is the account's too (its email was typed by them).
      const waitlistGone = await tx
        .delete(waitlistEntries)
        .where(eq(waitlistEntries.userId, userId))
        .returning({ id: waitlistEntries.id });
      return subscriptionsGone.length + customersGone.length + waitlistGone.length;
    });
    // kit's rate limits (checkout and portal sessions per user).
    await eraseKitRowsOf(db, schema, userId);
    logger.info({ userId, ...stripeDone, rows }, 'deleted account erased');
    return 'erased';
  };
}

/**
 * The watcher of deleted accounts for this service (started by the server, not by `createApp`, so an app built
 * without a running account service asks nothing of it); stop it before the database closes.
 */
export function startBillingErasures({
  config,
  database,
  logger,
  stripe = config.stripe ? createStripe(config.stripe) : null,
}: {
  config: BillingConfig;
  database: Database;
  logger: Logger;
  stripe?: Stripe | null;
}): { stop(): Promise<void> } {
  return startErasureWatcher({
    caller: SERVICE_NAME,
    accountUrl: config.accountUrl,
    identityKeys: config.identityKeys,
    logger,
    intervalMs: config.erasureIntervalMs,
    erase: createErase({ database, stripe, logger }),
    runAlone: advisoryLocks(database.pool, database.schema),
  });
}
