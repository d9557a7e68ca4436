import type { CreditSource, Plan, UserLimits } from '@atelier/contracts';

/** Session cookie (docs/architecture.md): `__Host-` prefixed and Secure when the site is served over https. */
export const SESSION_COOKIE = 'atelier_sid';
export const SECURE_SESSION_COOKIE = '__Host-atelier_sid';
/** 32 random bytes in base64url. */
export const SESSION_TOKEN_BYTES = 32;
export const SESSION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** last_seen_at is written at most this often per session. */
export const LAST_SEEN_WRITE_INTERVAL_MS = 60_000;

export const DAY_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_SESSION_IDLE_TIMEOUT_MS = 14 * DAY_MS;
export const DEFAULT_SESSION_ABSOLUTE_TIMEOUT_MS = 30 * DAY_MS;

/** The local development user behind `GET /api/dev-login`. */
export const DEV_USER = { issuer: 'atelier-dev', subject: 'dev', firstName: 'Dev', email: 'dev@atelier.local' } as const;

export const AFTER_SIGN_IN_PATH = '/app';
export const AFTER_SIGN_OUT_PATH = '/';

/**
 * Allowance per plan and period (SPEC.md §9) — the one table of plans (docs/decisions.md, "Plans and
 * credits"): free 25 credits and 0 photoshoots (`avatar`) per UTC day; Basic 150 credits and 2
 * photoshoots, Advanced 500 and 5, Pro 1100 and 10 per billing period. A limit of 999 or more
 * (UNLIMITED_THRESHOLD in @atelier/contracts) is never refused, so Pro's credits are unlimited.
 * Periods: src/domain/limits.ts `currentPeriod`.
 */
export const PLAN_ALLOWANCES: Readonly<Record<Plan, { credits: number; avatar: number }>> = {
  free: { credits: 25, avatar: 0 },
  basic: { credits: 150, avatar: 2 },
  advanced: { credits: 500, avatar: 5 },
  pro: { credits: 1100, avatar: 10 },
};

export type { UserLimits };

/**
 * Which services may call each internal route (the caller named in its service token). The gateway
 * resolves sessions; the services that spend read plans and move credits; billing sets plans.
 */
export const INTERNAL_CALLERS = {
  sessions: ['gateway'],
  users: ['create', 'photoshoot', 'canvas', 'billing'],
  credits: ['create', 'photoshoot', 'canvas'],
  plans: ['billing'],
  erasures: ['create', 'photoshoot', 'canvas', 'billing'],
} as const;

/**
 * How long after an account's deletion the services are first asked to erase it: longer than any request runs (the
 * gateway's longest route allows 150 s), so what a request in flight at the deletion writes is erased too.
 */
export const DEFAULT_ERASURE_GRACE_MS = 5 * 60_000;

/** The services that keep a user's data and erase it when the account is deleted (ERASURE_SERVICES' default). */
export const ERASING_SERVICES = INTERNAL_CALLERS.erasures;
/**
 * What a reserve pays for when the spender does not say: canvas and photoshoot spend on one kind of work
 * each; create's kinds (image, video, dress-up, upscale) only create can tell.
 */
export const CALLER_SOURCES = { canvas: 'canvas', photoshoot: 'photoshoot' } as const satisfies Record<string, CreditSource>;

/** The audience of tokens sent to this service. */
export const SERVICE_NAME = 'account';

/** POST /api/track-event: the largest body (a page view is ~300 bytes). */
export const TRACK_EVENT_MAX_BYTES = 8 * 1024;
/** POST /api/track-event: events a signed-out visitor's address may post per minute. */
export const TRACK_EVENTS_PER_MINUTE_SIGNED_OUT = 60;
