// Tables of the account service. Kept free of relative imports: drizzle-kit loads this file directly.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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
  },
  (t) => [uniqueIndex('users_issuer_subject_unique').on(t.issuer, t.subject)],
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
 * it. Created when first needed; the credit ledger (next issue) moves the `used` figures.
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
