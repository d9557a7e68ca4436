// Tables of the account service. Kept free of relative imports: drizzle-kit loads this file directly.
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const planEnum = pgEnum('plan', ['free', 'basic', 'advanced', 'pro']);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    plan: planEnum('plan').notNull().default('free'),
    firstName: text('first_name'),
    email: text('email'),
    /** Who vouches for the user (an OIDC issuer, or `atelier-dev` for development sign-in) and their id there. */
    issuer: text('issuer'),
    subject: text('subject'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** When the user last moved to another plan (or signed up): a plan change starts a fresh period. */
    planStartedAt: timestamp('plan_started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The billing cycle the paid plan runs in, as billing last reported it (null: none reported). */
    billingPeriodStart: timestamp('billing_period_start', { withTimezone: true, mode: 'date' }),
    billingPeriodEnd: timestamp('billing_period_end', { withTimezone: true, mode: 'date' }),
    stripeSubscriptionId: text('stripe_subscription_id'),
    /**
     * When the user deleted their account: from then on they are nobody to every route (their name, email and
     * sign-in identity are cleared at once), and the row stays only until every service has erased its data.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    /** The services that have erased the deleted user's data (POST /internal/erasures/:id/done). */
    erasedBy: text('erased_by').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    uniqueIndex('users_issuer_subject_unique').on(t.issuer, t.subject),
    index('users_deleted_idx').on(t.deletedAt).where(sql`${t.deletedAt} is not null`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** sha256 (hex) of the cookie value; the value itself is never stored. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Absolute end of the session, whatever the activity. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/**
 * One row per user and billing period: the allowance granted for the period and what was used of
 * it. Created when first needed; the credit ledger moves the `used` figures.
 */
export const usagePeriods = pgTable(
  'usage_periods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    plan: planEnum('plan').notNull(),
    creditsLimit: integer('credits_limit').notNull(),
    creditsUsed: integer('credits_used').notNull().default(0),
    avatarLimit: integer('avatar_limit').notNull(),
    avatarUsed: integer('avatar_used').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('usage_periods_user_start_unique').on(t.userId, t.startsAt),
    check('usage_periods_used_nonnegative', sql`${t.creditsUsed} >= 0 and ${t.avatarUsed} >= 0`),
  ],
);

export const creditFeatureEnum = pgEnum('credit_feature', ['credits', 'avatar']);
export const creditMovementKindEnum = pgEnum('credit_movement_kind', ['reserve', 'refund']);
/** What a movement paid for (contracts' creditSourceSchema); null when the spender did not say. */
export const creditSourceEnum = pgEnum('credit_source', ['image', 'video', 'dressup', 'upscale', 'canvas', 'photoshoot']);

/**
 * The credit ledger: every reserve and refund, keyed by the caller's idempotency key (one reserve and at
 * most one refund per key). `result` is the answer given to the reserve (status and body), replayed on a
 * repeat; a refused reserve is recorded too and moved nothing.
 */
export const creditMovements = pgTable(
  'credit_movements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    periodId: uuid('period_id')
      .notNull()
      .references(() => usagePeriods.id, { onDelete: 'cascade' }),
    feature: creditFeatureEnum('feature').notNull(),
    amount: integer('amount').notNull(),
    kind: creditMovementKindEnum('kind').notNull(),
    key: text('key').notNull(),
    source: creditSourceEnum('source'),
    /** The work in a line (the start of its prompt, a photoshoot's character), shown in the history. */
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    result: jsonb('result').$type<{ status: number; body: Record<string, unknown> }>(),
  },
  (t) => [
    uniqueIndex('credit_movements_kind_key_unique').on(t.kind, t.key),
    index('credit_movements_user_id_idx').on(t.userId),
    // The account page's history: a user's movements newest first.
    index('credit_movements_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    check('credit_movements_amount_nonnegative', sql`${t.amount} >= 0`),
  ],
);

/** Analytics events (SPEC.md §7), with the user and plan when signed in. */
export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    plan: planEnum('plan'),
    eventType: text('event_type').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    /** The UTC calendar day of `created_at`: daily_active is kept once per user and day. */
    day: date('day', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('events_daily_active_unique').on(t.userId, t.day).where(sql`${t.eventType} = 'daily_active'`),
    index('events_created_at_idx').on(t.createdAt),
  ],
);
