/** Fixed facts of the gateway, with the wording and numbers of docs/architecture.md. */

/** Services the gateway can route to; each is configured by `<NAME>_URL`. */
export const SERVICE_NAMES = ['account', 'create', 'photoshoot', 'canvas', 'billing'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/**
 * Default route table: /api prefix → service. Longest prefix wins. Prefixes of services that are not
 * configured yet answer 502, so later issues only have to start their service.
 */
export const DEFAULT_ROUTES: Readonly<Record<string, ServiceName>> = {
  '/api/auth': 'account',
  '/api/logout': 'account',
  '/api/dev-login': 'account',
  '/api/user-limits': 'account',
  '/api/track-event': 'account',
  '/api/dev/switch-user': 'account',
  '/api/dev/reset-limits': 'account',
  '/api/dev/current-user-type': 'account',
  '/api/config': 'account',
  // The account page: the credit ledger and the plan summary.
  '/api/credits': 'account',
  '/api/account': 'account',
  '/api/generations': 'create',
  '/api/download': 'create',
  '/api/uploads': 'create',
  '/api/create': 'create',
  '/api/presets': 'create',
  '/api/dev/generate-test-content': 'create',
  '/api/avatar': 'photoshoot',
  '/api/canvas': 'canvas',
  '/api/create-checkout-session': 'billing',
  '/api/create-billing-portal-session': 'billing',
  '/api/waitlist': 'billing',
  // The plans answer and Stripe's webhook (its body streams through untouched: the gateway parses no body).
  '/api/billing': 'billing',
};

/**
 * Routes whose service takes longer than UPSTREAM_TIMEOUT_MS by design: a photoshoot's 4 previews
 * ("usually up to 2 minutes", SPEC §2), a character made from a photo by the engine, and a canvas
 * edit's start (up to 42 MB of images, each decoded and encoded again before the 202: ~10 s for the
 * largest on a busy 2-core host).
 */
export const LONG_ROUTE_TIMEOUTS_MS: Readonly<Record<string, number>> = {
  '/api/avatar/preview': 150_000,
  '/api/avatar/characters': 90_000,
  '/api/canvas/edit': 60_000,
};

/** The route that ends a session: its cache entry is evicted before the request is proxied. */
export const LOGOUT_PATH = '/api/logout';
/**
 * Routes that end the session the browser presents: signing out, and signing in again (account
 * replaces the old session with a new one). The old cookie must stop working at once, so its cache
 * entry is evicted around the request like logout's.
 */
export const SESSION_ENDING_PATHS = [LOGOUT_PATH, '/api/dev-login', '/api/auth/callback'] as const;

/** Remotes: folder name, MF container name and the env prefix of REMOTE_<NAME>_URL / _DIR. */
export const REMOTES = [
  { folder: 'mf-create', name: 'mf_create', envName: 'MF_CREATE' },
  { folder: 'mf-photoshoot', name: 'mf_photoshoot', envName: 'MF_PHOTOSHOOT' },
  { folder: 'mf-canvas', name: 'mf_canvas', envName: 'MF_CANVAS' },
  { folder: 'mf-pricing', name: 'mf_pricing', envName: 'MF_PRICING' },
] as const;

export const SESSION_COOKIE = 'atelier_sid';
export const SECURE_SESSION_COOKIE = '__Host-atelier_sid';
/** 32 random bytes in base64url; anything else is no session, decided without a hop. */
export const SESSION_COOKIE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const SESSION_CACHE_MAX_ENTRIES = 10_000;
export const SESSION_NEGATIVE_TTL_MS = 5_000;
export const SESSION_RESOLVE_TIMEOUT_MS = 5_000;
/**
 * While the gateway cannot hear the account service's sign-out notifications (not yet connected, or the
 * connection dropped), a session is trusted this long at most: another gateway's sign-out still lands
 * within a second.
 */
export const SESSION_UNHEARD_TTL_MS = 500;
export const READY_CHECK_TIMEOUT_MS = 2_000;

export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,128}$/;

/** Client headers that could pass for an identity; removed before anything else looks at the request. */
export const FORBIDDEN_HEADER_PREFIXES = ['x-atelier-', 'x-user'];
export const FORBIDDEN_HEADERS = ['x-forwarded-user', 'x-remote-user', 'forwarded'];
/** Set by the gateway itself from the connection, never trusted from the client. */
export const FORWARDED_HEADER_PREFIX = 'x-forwarded-';

/** Longest single header value accepted (Node already caps all headers together at 16 KB). */
export const MAX_HEADER_VALUE_LENGTH = 8_192;

export const LONG_CACHE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

/** Methods that change state: their /api requests pass the same-origin and content-type check. */
export const STATE_CHANGING_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];
/** Body types a state-changing /api request may carry (SPEC §7: JSON, or multipart uploads). */
export const ALLOWED_BODY_TYPES = ['application/json', 'multipart/form-data'];
/**
 * Server-to-server callbacks (no browser, no Origin, their own signatures) exempt from the same-origin
 * and content-type check: the payment provider's webhook and the generation provider's webhook.
 */
export const CSRF_EXEMPT_PATHS = ['/api/billing/webhook', '/api/create/fal-webhook'];

/**
 * How long the gateway keeps an idle connection to a service in its pool: well under the services' own keep-alive
 * timeout (kit's SERVICE_KEEP_ALIVE_TIMEOUT_MS, 65 s), so the gateway always lets a connection go first.
 */
export const GATEWAY_IDLE_SOCKET_MS = 30_000;
