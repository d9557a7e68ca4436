import { z } from 'zod';
import { planSchema, userLimitsSchema } from './account.js';
import { creditFeatureSchema, creditSourceSchema } from './credits.js';

/**
 * The account page's calls (account service; beyond SPEC.md, docs/decisions.md "Account page"): the signed-in
 * user's plan and period, and every credit movement of the ledger.
 */

export const LEDGER_DEFAULT_PAGE_SIZE = 20;
export const LEDGER_MAX_PAGE_SIZE = 100;

/** GET /api/credits/ledger?limit=&cursor= — `cursor` is the previous page's `nextCursor` (opaque; a bad one is 400). */
export const ledgerQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(LEDGER_MAX_PAGE_SIZE).default(LEDGER_DEFAULT_PAGE_SIZE),
  cursor: z.string().min(1).max(200).optional(),
});
export type LedgerQuery = z.infer<typeof ledgerQuerySchema>;

/** A charge (a reserve that was paid) or a refund of one. Refused reserves moved nothing and are not listed. */
export const creditMovementKindSchema = z.enum(['charge', 'refund']);
export type CreditMovementKind = z.infer<typeof creditMovementKindSchema>;

export const creditMovementSchema = z.object({
  id: z.string(),
  at: z.iso.datetime({ offset: true }),
  /** `credits` for generations, `avatar` for photoshoots. */
  feature: creditFeatureSchema,
  kind: creditMovementKindSchema,
  /** Signed: a charge is negative, a refund positive. */
  amount: z.number().int(),
  /** The work it paid for: a generation id, a canvas edit id or a photoshoot job id. */
  key: z.string(),
  /** What kind of work; null when the spender did not say (older create reserves). */
  source: creditSourceSchema.nullable(),
  /** The work in a line: its prompt's start or a photoshoot's character; null when the spender said nothing. */
  note: z.string().nullable(),
});
export type CreditMovement = z.infer<typeof creditMovementSchema>;

/** GET /api/credits/ledger → newest first (ties by id). 401 signed out. */
export const creditLedgerPageSchema = z.object({
  items: z.array(creditMovementSchema),
  nextCursor: z.string().nullable(),
});
export type CreditLedgerPage = z.infer<typeof creditLedgerPageSchema>;

const periodSchema = z.object({ start: z.iso.datetime({ offset: true }), end: z.iso.datetime({ offset: true }) });

/**
 * GET /api/account/summary → the signed-in user's plan and numbers. `period` is the one the limits count (a
 * free plan's UTC day, a paid plan's billing cycle, or the part of it since a plan change); `billingPeriod` is
 * the cycle billing last reported (null: none, e.g. free). 401 signed out.
 */
export const accountSummarySchema = z.object({
  plan: planSchema,
  stripeSubscriptionId: z.string().nullable(),
  billingPeriod: periodSchema.nullable(),
  period: periodSchema,
  limits: userLimitsSchema,
});
export type AccountSummary = z.infer<typeof accountSummarySchema>;
