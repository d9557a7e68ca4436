import { z } from 'zod';
import { planSchema, userLimitsSchema, userSchema } from './account.js';

/** What a generation costs to start (SPEC.md §9). */
export const CREDIT_COSTS = { image: 1, video: 20, dressup: 1, canvas: 1, upscale: 1 } as const;
export type CreditCostKind = keyof typeof CREDIT_COSTS;

/** The two counters of a period: `credits` for generations, `avatar` for photoshoots. */
export const creditFeatureSchema = z.enum(['credits', 'avatar']);
export type CreditFeature = z.infer<typeof creditFeatureSchema>;

/**
 * The kind of work a movement pays for, as the spender says it (optional in a reserve; the account service
 * fills in what the caller alone tells: canvas edits and photoshoots).
 */
export const creditSourceSchema = z.enum(['image', 'video', 'dressup', 'upscale', 'canvas', 'photoshoot']);
export type CreditSource = z.infer<typeof creditSourceSchema>;

/** The longest note a ledger movement keeps (beyond SPEC; docs/decisions.md "Credit history names the work"). */
export const LEDGER_NOTE_MAX = 80;

/**
 * What the credits paid for, in a line of the account page's history: the start of the work's prompt (or a
 * photoshoot's character), whitespace collapsed, at most LEDGER_NOTE_MAX characters with "…" where it is cut
 * (never inside a character); undefined when there is nothing to say.
 */
export function ledgerNote(text: string | null | undefined): string | undefined {
  const line = (text ?? '').replace(/\s+/g, ' ').trim();
  if (!line) return undefined;
  // Characters as a reader counts them: a flag or a family emoji is one, never cut in two.
  const chars = Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(line), (part) => part.segment);
  return chars.length <= LEDGER_NOTE_MAX ? line : `${chars.slice(0, LEDGER_NOTE_MAX - 1).join('').trimEnd()}…`;
}

/** Idempotency key of a ledger movement: the caller's own id for the work (a generation id, a job id). */
const ledgerKeySchema = z.string().min(1).max(200);

/**
 * POST /internal/credits/reserve (account, service identity only) → 200 {@link ReserveResponse}, or
 * 402 {@link LimitReached}. Repeating a key charges once and answers the same; 404 for an unknown user, 409
 * when the key was used for a reserve of another user, feature or amount. The 402 for `avatar` on the free
 * plan carries limit 0 (photoshoots need a paid plan).
 */
export const reserveRequestSchema = z.object({
  userId: z.string().min(1),
  feature: creditFeatureSchema,
  amount: z.number().int().positive(),
  key: ledgerKeySchema,
  /** What the credits pay for, shown in the account page's history; a repeat of the key need not repeat it. */
  source: creditSourceSchema.optional(),
  /** The work in a line ({@link ledgerNote}; the account service cuts a longer one), shown in the history. */
  note: z.string().max(2000).optional(),
});
export type ReserveRequest = z.infer<typeof reserveRequestSchema>;

export const reserveResponseSchema = z.object({
  /** What is left of the feature's limit in the current period after this reserve (unlimited: the limit). */
  remaining: z.number().int(),
});
export type ReserveResponse = z.infer<typeof reserveResponseSchema>;

/** The 402 body of a reserve that the period cannot pay for. */
export const limitReachedSchema = z.object({
  error: z.string(),
  limitReached: z.literal(true),
  used: z.number().int().nonnegative(),
  limit: z.number().int().nonnegative(),
});
export type LimitReached = z.infer<typeof limitReachedSchema>;

/** POST /internal/credits/refund → 200 {@link RefundResponse}; a second refund of a key refunds 0. */
export const refundRequestSchema = z.object({ key: ledgerKeySchema });
export type RefundRequest = z.infer<typeof refundRequestSchema>;
export const refundResponseSchema = z.object({ refunded: z.number().int().nonnegative() });
export type RefundResponse = z.infer<typeof refundResponseSchema>;

/**
 * POST /internal/plans/set (account, service identity only; the billing service's hook): the user's plan
 * and the billing period it pays for. A free plan goes back to daily free periods.
 */
export const setPlanRequestSchema = z.object({
  userId: z.string().min(1),
  plan: planSchema,
  periodStart: z.iso.datetime({ offset: true }).optional(),
  periodEnd: z.iso.datetime({ offset: true }).optional(),
  stripeSubscriptionId: z.string().nullable().optional(),
});
export type SetPlanRequest = z.infer<typeof setPlanRequestSchema>;

/** The answer to POST /internal/plans/set: the user and the limits of the period now current. */
export const setPlanResponseSchema = z.object({ user: userSchema, limits: userLimitsSchema });
export type SetPlanResponse = z.infer<typeof setPlanResponseSchema>;
