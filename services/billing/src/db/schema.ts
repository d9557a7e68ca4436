// Tables of the billing service. Kept free of relative imports: drizzle-kit loads this file directly.
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** One Stripe customer per user, made at the user's first checkout. */
export const customers = pgTable('customers', {
  userId: uuid('user_id').primaryKey(),
  stripeCustomerId: text('stripe_customer_id').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** Each subscription as last read from Stripe (its current state, not an event's copy). */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    stripeCustomerId: text('stripe_customer_id').notNull(),
    status: text('status').notNull(),
    /** basic, advanced or pro; null for a price that is not one of ours. */
    plan: text('plan'),
    priceId: text('price_id'),
    periodStart: timestamp('period_start', { withTimezone: true, mode: 'date' }),
    periodEnd: timestamp('period_end', { withTimezone: true, mode: 'date' }),
    stripeCreatedAt: timestamp('stripe_created_at', { withTimezone: true, mode: 'date' }).notNull(),
    syncedAt: timestamp('synced_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('subscriptions_user_idx').on(t.userId)],
);

/**
 * Every verified webhook event by Stripe's id: handled once (`handledAt`). A delivery claims an event for a
 * while (`leaseUntil`) so two deliveries of one event at once do not both handle it; a failed handling clears
 * the claim and keeps the error, and Stripe's retry handles it again.
 */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  /** The event's own time at Stripe. */
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
  handledAt: timestamp('handled_at', { withTimezone: true, mode: 'date' }),
  lastError: text('last_error'),
});

/** Early-access sign-ups (SPEC.md §2, §7): one per email, compared trimmed and case folded. */
export const waitlistEntries = pgTable('waitlist_entries', {
  id: uuid('id').primaryKey(),
  /** As entered, trimmed. */
  email: text('email').notNull(),
  /** Trimmed, NFKC and lower case: the uniqueness key. */
  emailKey: text('email_key').notNull().unique(),
  source: text('source').notNull(),
  /** The signed-in user who joined, if any. */
  userId: uuid('user_id'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
});

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type WebhookEventRow = typeof webhookEvents.$inferSelect;
