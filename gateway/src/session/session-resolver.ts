import { createHash } from 'node:crypto';
import { z } from 'zod';
import { SESSION_HEADER, serviceHeaders } from '@atelier/kit';
import type { Logger, TokenSecrets } from '@atelier/kit';
import {
  SESSION_CACHE_MAX_ENTRIES,
  SESSION_NEGATIVE_TTL_MS,
  SESSION_RESOLVE_TIMEOUT_MS,
  SESSION_UNHEARD_TTL_MS,
} from '../constants.js';
import { ExpiringLru } from '@atelier/kit';

export interface ResolvedSession {
  userId: string;
  /** sha256 (hex) of the cookie value, as the account service stores it. */
  sessionId: string;
  expiresAt: string;
}

export interface SessionResolver {
  /** The session behind a (well-formed) cookie value, or null when there is none. */
  resolve(cookie: string): Promise<ResolvedSession | null>;
  /** Asks the account service without reading or filling the cache (used around logout). */
  resolveFresh(cookie: string): Promise<ResolvedSession | null>;
  /** Forgets what is known about a cookie. */
  evict(cookie: string): void;
  /** Forgets a session by its id (the account service's notification that it ended, on any gateway). */
  evictSession(sessionId: string): void;
  /**
   * Whether ended sessions are being heard of (the LISTEN connection is up). Going deaf or hearing again
   * forgets everything (notifications may have been missed); while deaf, sessions are cached for at most
   * SESSION_UNHEARD_TTL_MS.
   */
  setHearing(hearing: boolean): void;
}

export interface SessionResolverOptions {
  /** The account service's base URL, read at each ask (it follows a restarted service). */
  accountUrl: () => string | undefined;
  identityKeys: TokenSecrets;
  ttlMs: number;
  clock: () => number;
  logger: Logger;
  maxEntries?: number;
}

const sessionAnswer = z.object({
  userId: z.string().min(1),
  sessionId: z.string().min(1),
  expiresAt: z.iso.datetime({ offset: true }),
});

/** The account service could not answer; the request goes on as anonymous and nothing is cached. */
class AccountUnavailable extends Error {}

/**
 * Resolves session cookies through `GET {ACCOUNT_URL}/internal/sessions/current` and caches the answers
 * in a bounded LRU: positive for `ttlMs` but never past the session's expiry, negative for 5 s.
 * Concurrent misses for one cookie share a single request.
 */
export function createSessionResolver(options: SessionResolverOptions): SessionResolver {
  const { identityKeys, ttlMs, clock, logger } = options;
  const cache = new ExpiringLru<string, ResolvedSession | null>(options.maxEntries ?? SESSION_CACHE_MAX_ENTRIES, clock);
  const inFlight = new Map<string, Promise<ResolvedSession | null>>();
  // The cache is keyed by the hash so raw cookie values are not kept in memory.
  // It is also the session's id: the account service stores the same SHA-256 of the cookie.
  const keyOf = (cookie: string) => createHash('sha256').update(cookie).digest('hex');
  let hearing = true;
  const forget = (key: string) => {
    cache.delete(key);
    inFlight.delete(key);
  };

  async function ask(cookie: string): Promise<ResolvedSession | null> {
    const accountUrl = options.accountUrl();
    if (!accountUrl) throw new AccountUnavailable('ACCOUNT_URL is not configured');
    let response: Response;
    try {
      response = await fetch(`${accountUrl}/internal/sessions/current`, {
        headers: { [SESSION_HEADER]: cookie, ...(await serviceHeaders(identityKeys, 'gateway', 'account')) },
        signal: AbortSignal.timeout(SESSION_RESOLVE_TIMEOUT_MS),
      });
    } catch (error) {
      throw new AccountUnavailable(error instanceof Error ? error.message : String(error));
    }
    if (response.status === 404 || response.status === 401) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new AccountUnavailable(`account answered ${response.status}`);
    }
    const parsed = sessionAnswer.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) throw new AccountUnavailable('account answered with an unexpected body');
    return parsed.data;
  }

  async function askAnonymousOnFailure(cookie: string): Promise<{ session: ResolvedSession | null; cacheable: boolean }> {
    try {
      return { session: await ask(cookie), cacheable: true };
    } catch (error) {
      logger.warn({ err: error }, 'session lookup failed; treating the request as signed out');
      return { session: null, cacheable: false };
    }
  }

  function remember(key: string, session: ResolvedSession | null): void {
    if (session === null) {
      cache.set(key, null, SESSION_NEGATIVE_TTL_MS);
      return;
    }
    const untilExpiry = Date.parse(session.expiresAt) - clock();
    cache.set(key, session, Math.min(hearing ? ttlMs : Math.min(ttlMs, SESSION_UNHEARD_TTL_MS), untilExpiry));
  }

  return {
    resolve(cookie) {
      const key = keyOf(cookie);
      const hit = cache.get(key);
      if (hit) return Promise.resolve(hit.value);
      const pending = inFlight.get(key);
      if (pending) return pending;
      const lookup = askAnonymousOnFailure(cookie)
        .then(({ session, cacheable }) => {
          // An eviction while the lookup ran (logout) removes it from inFlight; then do not cache.
          if (cacheable && inFlight.get(key) === lookup) remember(key, session);
          return session;
        })
        .finally(() => {
          if (inFlight.get(key) === lookup) inFlight.delete(key);
        });
      inFlight.set(key, lookup);
      return lookup;
    },
    async resolveFresh(cookie) {
      return (await askAnonymousOnFailure(cookie)).session;
    },
    evict(cookie) {
      forget(keyOf(cookie));
    },
    evictSession(sessionId) {
      forget(sessionId);
    },
    setHearing(now) {
      if (now === hearing) return;
      hearing = now;
      cache.clear();
      inFlight.clear();
    },
  };
}
