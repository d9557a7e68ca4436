import { timingSafeEqual } from 'node:crypto';
import { clientAddress, rateLimitBy, readCookie, type Db, type Logger, type RateLimits } from '@atelier/kit';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import * as client from 'openid-client';
import type { AccountConfig, OidcConfig } from '../config.js';
import { AFTER_SIGN_IN_PATH } from '../constants.js';
import { readSessionToken, sessionCookie, signedInMarkerCookie } from '../domain/cookies.js';
import {
  afterSignInPath,
  classifyCallbackError,
  isLoopbackHttp,
  loginErrorPath,
  OIDC_CALLBACK_PATH,
  OIDC_SCOPE,
  OIDC_START_PATH,
  profileFromClaims,
  SIGN_IN_ERRORS,
  type SignInError,
} from '../domain/oidc.js';
import {
  OIDC_TRANSACTION_TTL_MS,
  openTransaction,
  sealTransaction,
  transactionCookie,
} from '../domain/oidc-transaction.js';
import { upsertOidcUser } from '../domain/oidc-users.js';
import { sessionIdOf } from '../domain/sessions.js';
import type { Sessions } from '../sessions.js';

/** Paths whose requests share one per-IP sign-in budget. */
export const SIGN_IN_RATE_LIMITED_PATHS = [OIDC_START_PATH, OIDC_CALLBACK_PATH, '/api/dev-login'];
const RATE_LIMIT_WINDOW_MS = 60_000;
/** How long a provider may take to answer discovery and the code exchange. */
const PROVIDER_TIMEOUT_S = 10;

export interface OidcRouteDeps {
  config: AccountConfig;
  db: Db;
  sessions: Sessions;
  logger: Logger;
  clock?: () => Date;
  /** Where the sign-in limit is counted (shared by the replicas); default this process's memory. */
  limits?: RateLimits;
}

/** A provider's discovered configuration, fetched on the first sign-in and kept; a failure is retried next time. */
function lazyDiscovery(oidc: OidcConfig): () => Promise<client.Configuration> {
  let pending: Promise<client.Configuration> | null = null;
  return () => {
    pending ??= client
      .discovery(oidc.issuer, oidc.clientId, oidc.clientSecret, undefined, {
        timeout: PROVIDER_TIMEOUT_S,
        ...(isLoopbackHttp(oidc.issuer) ? { execute: [client.allowInsecureRequests] } : {}),
      })
      .catch((error: unknown) => {
        pending = null;
        throw error;
      });
    return pending;
  };
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** One budget per client IP (the gateway's X-Forwarded-For, trusted from loopback) across every sign-in route. */
export function signInRateLimit(limit: number, limits?: RateLimits): RequestHandler {
  return rateLimitBy({
    name: 'sign-in',
    limits,
    limit,
    windowMs: RATE_LIMIT_WINDOW_MS,
    key: clientAddress,
    message: 'Too many sign-in attempts. Please wait a minute and try again.',
  });
}

/**
 * Sign-in with OpenID Connect (authorization code + PKCE S256, state and nonce bound to the browser by
 * an encrypted cookie), and the per-IP rate limit of every sign-in route. Mounted before the other
 * auth routes so the limit also covers /api/dev-login.
 */
export function oidcRoutes({ config, db, sessions, logger, clock = () => new Date(), limits }: OidcRouteDeps): Router {
  const router = Router();
  const log = logger.child({ component: 'oidc' });
  const session = sessionCookie(config.publicUrl, config.sessionAbsoluteTimeoutMs);
  const transaction = transactionCookie(config.publicUrl);
  const { maxAge: _maxAge, ...clearTransaction } = transaction.options;
  const redirectUri = new URL(OIDC_CALLBACK_PATH, config.publicUrl).href;
  const discover = config.oidc ? lazyDiscovery(config.oidc) : null;

  router.use(SIGN_IN_RATE_LIMITED_PATHS, signInRateLimit(config.signInRateLimit, limits));

  const fail = (res: Response, code: SignInError) => {
    res.setHeader('Cache-Control', 'no-store');
    res.clearCookie(transaction.name, clearTransaction);
    res.redirect(302, loginErrorPath(code));
  };

  router.get(OIDC_START_PATH, async (_req, res) => {
    if (!discover) {
      fail(res, SIGN_IN_ERRORS.unavailable);
      return;
    }
    let provider: client.Configuration;
    try {
      provider = await discover();
    } catch (error) {
      log.warn({ err: error, issuer: config.oidc?.issuer.href }, 'sign-in provider discovery failed');
      fail(res, SIGN_IN_ERRORS.unavailable);
      return;
    }
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(provider, {
      redirect_uri: redirectUri,
      scope: OIDC_SCOPE,
      response_type: 'code',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    const sealed = sealTransaction(config.identitySecret, {
      state,
      nonce,
      codeVerifier,
      expiresAt: clock().getTime() + OIDC_TRANSACTION_TTL_MS,
    });
    res.setHeader('Cache-Control', 'no-store');
    res.cookie(transaction.name, sealed, transaction.options);
    res.redirect(302, url.href);
  });

  router.get(OIDC_CALLBACK_PATH, async (req: Request, res) => {
    const tx = openTransaction(config.identitySecret, readCookie(req.headers.cookie, transaction.name) ?? undefined, clock().getTime());
    if (!discover || !tx) {
      log.warn({ hasProvider: Boolean(discover) }, 'sign-in callback without a live transaction');
      fail(res, discover ? SIGN_IN_ERRORS.expired : SIGN_IN_ERRORS.unavailable);
      return;
    }
    // The callback must answer the request this browser started, whatever else it says.
    const state = typeof req.query.state === 'string' ? req.query.state : '';
    if (!sameText(state, tx.state)) {
      log.warn('sign-in callback with a state this browser was not given');
      fail(res, SIGN_IN_ERRORS.state);
      return;
    }

    let claims: Record<string, unknown> | undefined;
    try {
      const provider = await discover();
      // The callback as the browser addressed it, through the gateway at PUBLIC_URL.
      const currentUrl = new URL(req.originalUrl, config.publicUrl);
      const tokens = await client.authorizationCodeGrant(
        provider,
        currentUrl,
        { pkceCodeVerifier: tx.codeVerifier, expectedState: tx.state, expectedNonce: tx.nonce, idTokenExpected: true },
        { redirect_uri: redirectUri },
      );
      claims = tokens.claims();
    } catch (error) {
      const code = classifyCallbackError(error);
      log.warn({ err: error, code }, 'sign-in callback refused');
      fail(res, code);
      return;
    }

    const profile = claims ? profileFromClaims(claims) : null;
    if (!profile) {
      log.warn('ID token without issuer or subject');
      fail(res, SIGN_IN_ERRORS.failed);
      return;
    }
    const user = await upsertOidcUser(db, profile);

    // A new session id at every sign-in; whatever session came with the request ends.
    const presented = new Set<string>();
    const token = readSessionToken(req.headers.cookie, session.name);
    if (token) presented.add(sessionIdOf(token));
    if (req.identity) presented.add(req.identity.sessionId);
    for (const id of presented) await sessions.revoke(id);
    const started = await sessions.start(user.id);

    res.setHeader('Cache-Control', 'no-store');
    res.clearCookie(transaction.name, clearTransaction);
    res.cookie(session.name, started.token, session.options);
    const marker = signedInMarkerCookie(config.publicUrl);
    res.cookie(marker.name, marker.value, marker.options);
    res.redirect(302, afterSignInPath(AFTER_SIGN_IN_PATH, user.created));
  });

  return router;
}
