import type { RequestHandler } from 'express';
import type { z } from 'zod';
import { parseCookie } from 'cookie';
import { HttpError, unauthorized } from './errors.js';
import { formatZodError, hasBody } from './http.js';
import { ExpiringLru } from './lru-cache.js';
import { IDENTITY_HEADER, SERVICE_HEADER, TOKEN_TTL_SECONDS, verifyServiceToken, verifyUserToken, type TokenSecrets, type UserIdentityClaims } from './tokens.js';

/** Verified identity tokens remembered (by their exact text) until they expire: one verification per token. */
const VERIFIED_TOKENS_MAX = 10_000;

/** The signed-in user, as the gateway vouches for them. */
export interface Identity {
  userId: string;
  sessionId: string;
}

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by `identity(secret)`: the verified user, or null when there is none (or it was forged). */
    identity?: Identity | null;
    /** Set by `requireService(secret)`: the calling service's name. */
    callerService?: string;
  }
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/**
 * Parses the gateway's identity token, which must be addressed to this service (`audience`);
 * anything unverifiable becomes null, never trusted.
 */
export function identity(secrets: TokenSecrets, { audience }: { audience: string }): RequestHandler {
  // The gateway reuses a session's token for up to half its lifetime, so most requests bring a token
  // already verified: its claims are remembered (never past its own expiry) and the HMAC is skipped.
  const verified = new ExpiringLru<string, UserIdentityClaims>(VERIFIED_TOKENS_MAX);
  return async (req, _res, next) => {
    const token = headerValue(req.headers[IDENTITY_HEADER]);
    if (!token) {
      req.identity = null;
      next();
      return;
    }
    const known = verified.get(token);
    if (known) {
      req.identity = known.value;
      next();
      return;
    }
    const claims = await verifyUserToken(secrets, token, { audience });
    if (claims) verified.set(token, claims, expiresInMs(token));
    req.identity = claims;
    next();
  };
}

/** How long a verified token stays valid (its `exp`), at most its lifetime. */
function expiresInMs(token: string): number {
  try {
    const { exp } = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown };
    if (typeof exp === 'number') return Math.min(exp * 1000 - Date.now(), TOKEN_TTL_SECONDS * 1000);
  } catch {
    // verified tokens always parse; fall through
  }
  return 0;
}

/** 401 `{ error: 'Unauthorized' }` unless `identity()` found a user. */
export function requireUser(): RequestHandler {
  return (req, _res, next) => {
    next(req.identity ? undefined : unauthorized());
  };
}

/**
 * Guards an `/internal/*` route: 401 without a service token, 403 with one that does not verify for
 * this service (`audience`) or whose caller is not in `allow`.
 */
export function requireService(secrets: TokenSecrets, { audience, allow }: { audience: string; allow: readonly string[] }): RequestHandler {
  return async (req, _res, next) => {
    const token = headerValue(req.headers[SERVICE_HEADER]);
    if (!token) {
      next(unauthorized());
      return;
    }
    const verified = await verifyServiceToken(secrets, token, { audience });
    if (!verified || !allow.includes(verified.caller)) {
      next(new HttpError(403, 'Forbidden'));
      return;
    }
    req.callerService = verified.caller;
    next();
  };
}

/**
 * One cookie of a request's Cookie header (the `cookie` package parses it, for every server-side
 * read), or null. Unparseable or duplicated names resolve as `cookie` does: the first one wins.
 */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  try {
    return parseCookie(header)[name] ?? null;
  } catch {
    return null;
  }
}

export interface ValidationSchemas {
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
}

/**
 * Validates (and replaces with the parsed values) body, query and params. A route with a body
 * schema takes JSON only: another content type gets 415.
 */
export function validate(schemas: ValidationSchemas): RequestHandler {
  return (req, _res, next) => {
    if (schemas.body && hasBody(req) && !req.is('application/json')) {
      next(new HttpError(415, 'Content-Type must be application/json'));
      return;
    }
    // A query parameter given twice ("?limit=1&limit=2") is an array, read as NaN by a number schema: say what it is.
    if (schemas.query) {
      const repeated = Object.entries(req.query as Record<string, unknown>).find(([, value]) => Array.isArray(value))?.[0];
      if (repeated !== undefined) {
        next(new HttpError(400, `Invalid query: ${repeated.slice(0, 40)} is given more than once`));
        return;
      }
    }
    for (const part of ['params', 'query', 'body'] as const) {
      const schema = schemas[part];
      if (!schema) continue;
      const result = schema.safeParse(req[part]);
      if (!result.success) {
        next(new HttpError(400, `Invalid ${part}: ${formatZodError(result.error)}`));
        return;
      }
      // Express 5 exposes req.query as a getter; define the parsed value over it.
      Object.defineProperty(req, part, { value: result.data, writable: true, configurable: true, enumerable: true });
    }
    next();
  };
}
