import { z } from 'zod';

/** Plans a user can hold (SPEC.md §3). */
export const planSchema = z.enum(['free', 'basic', 'advanced', 'pro']);
export type Plan = z.infer<typeof planSchema>;

/** GET /api/auth/user → 200 user; 401 means signed out. */
export const userSchema = z.object({
  id: z.string(),
  plan: planSchema,
  firstName: z.string().nullable(),
  email: z.string().nullable(),
  stripeSubscriptionId: z.string().nullable().optional(),
});
export type User = z.infer<typeof userSchema>;

const usageSchema = z.object({ used: z.number().int().nonnegative(), limit: z.number().int().nonnegative() });

/** GET /api/user-limits. A limit of 999 or more means unlimited (SPEC.md §9). */
export const userLimitsSchema = z.object({ credits: usageSchema, avatar: usageSchema });
export type UserLimits = z.infer<typeof userLimitsSchema>;

export const UNLIMITED_THRESHOLD = 999;
export const DEFAULT_LIMITS: UserLimits = { credits: { used: 0, limit: 25 }, avatar: { used: 0, limit: 0 } };
export const isUnlimited = (limit: number) => limit >= UNLIMITED_THRESHOLD;

/** GET /api/config: public facts the shell needs before sign-in. */
export const publicConfigSchema = z.object({
  devLogin: z.boolean(),
  avatarEnabled: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** GET /internal/sessions/current (account, service token + x-atelier-session) → 200; 404 when none. */
export const currentSessionSchema = z.object({
  userId: z.string(),
  /** sha256 (hex) of the cookie value. */
  sessionId: z.string(),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type CurrentSession = z.infer<typeof currentSessionSchema>;

/** POST /api/dev/switch-user (developer tools): the signed-in user's plan becomes `userType`. */
export const devSwitchUserRequestSchema = z.object({ userType: planSchema });
export type DevSwitchUserRequest = z.infer<typeof devSwitchUserRequestSchema>;
export const devSwitchUserResponseSchema = z.object({ user: userSchema });
export type DevSwitchUserResponse = z.infer<typeof devSwitchUserResponseSchema>;
/** GET /api/dev/current-user-type → the signed-in user's plan. */
export const devUserTypeResponseSchema = z.object({ userType: planSchema });
export type DevUserTypeResponse = z.infer<typeof devUserTypeResponseSchema>;

/**
 * Account deletion (docs/decisions.md, "Deleting an account"). `DELETE /api/account` (signed in) answers 204 and
 * signs out everywhere; account then lists the user at `GET /internal/erasures` (service token: create, photoshoot,
 * canvas, billing) until each of those services has erased its rows and media and said
 * `POST /internal/erasures/:userId/done`; the last one removes the user's row.
 */
export const ERASURE_BATCH = 100;
export const erasureListSchema = z.object({ userIds: z.array(z.string().min(1)).max(ERASURE_BATCH) });
export type ErasureList = z.infer<typeof erasureListSchema>;
