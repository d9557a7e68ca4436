/**
 * Pure rules of OpenID Connect sign-in: what the product keeps of an ID token, and which short code a
 * failure shows on `/login?error=<code>` (the shell words each code; unknown codes get a generic text).
 */

export const OIDC_START_PATH = '/api/auth/google';
export const OIDC_CALLBACK_PATH = '/api/auth/callback';
export const OIDC_SCOPE = 'openid email profile';
export const LOGIN_PATH = '/login';
/** Query parameter added to /app on a user's first sign-in ever (SPEC §2). */
export const NEW_LOGIN_PARAM = 'new_login';

export const SIGN_IN_ERRORS = {
  /** No provider configured, or its discovery document could not be fetched or did not match the issuer. */
  unavailable: 'unavailable',
  /** The person cancelled or refused at the provider (`error=access_denied`). */
  accessDenied: 'access_denied',
  /** Any other error the provider reported. */
  provider: 'provider_error',
  /** The callback came without a live sign-in transaction (cookie missing, expired or altered). */
  expired: 'expired',
  /** The callback's `state` is not the one this browser was given. */
  state: 'invalid_state',
  /** The ID token's `nonce` is not the one this browser was given. */
  nonce: 'invalid_nonce',
  /** Anything else: code exchange refused, bad issuer, bad signature, missing claims. */
  failed: 'failed',
} as const;
export type SignInError = (typeof SIGN_IN_ERRORS)[keyof typeof SIGN_IN_ERRORS];

export interface OidcProfile {
  issuer: string;
  subject: string;
  firstName: string | null;
  email: string | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** issuer + subject identify the person; first name is `given_name`, else the first word of `name`. */
export function profileFromClaims(claims: Record<string, unknown>): OidcProfile | null {
  const issuer = text(claims.iss);
  const subject = text(claims.sub);
  if (!issuer || !subject) return null;
  const firstName = text(claims.given_name) ?? text(claims.name)?.split(/\s+/)[0] ?? null;
  return { issuer, subject, firstName, email: text(claims.email) };
}

/** Plain http is allowed only for a provider on this machine (tests, local development). */
export function isLoopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

/** The /login address a failure lands on. */
export function loginErrorPath(code: SignInError): string {
  return `${LOGIN_PATH}?error=${encodeURIComponent(code)}`;
}

/** Where a successful sign-in lands: /app, with ?new_login=1 the first time ever. */
export function afterSignInPath(appPath: string, firstSignIn: boolean): string {
  return firstSignIn ? `${appPath}?${NEW_LOGIN_PARAM}=1` : appPath;
}

/** The claim a failed comparison was about, searched along the error's `cause` chain. */
function comparedClaim(error: unknown): unknown {
  for (let e = error, depth = 0; typeof e === 'object' && e !== null && depth < 5; depth++) {
    const { claim, cause } = e as { claim?: unknown; cause?: unknown };
    if (claim !== undefined) return claim;
    e = cause;
  }
  return undefined;
}

/**
 * The code for an error thrown while finishing the sign-in. openid-client and oauth4webapi errors carry
 * a `code`; the provider's own error responses also carry `error`.
 */
export function classifyCallbackError(error: unknown): SignInError {
  if (typeof error !== 'object' || error === null) return SIGN_IN_ERRORS.failed;
  const e = error as { code?: unknown; error?: unknown };
  if (e.code === 'OAUTH_AUTHORIZATION_RESPONSE_ERROR') {
    return e.error === 'access_denied' ? SIGN_IN_ERRORS.accessDenied : SIGN_IN_ERRORS.provider;
  }
  if (e.code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED' && comparedClaim(error) === 'nonce') return SIGN_IN_ERRORS.nonce;
  return SIGN_IN_ERRORS.failed;
}
