import {
  limitReachedSchema,
  planSchema,
  refundResponseSchema,
  reserveResponseSchema,
  type LimitReached,
  type Plan,
  type ReserveRequest,
} from '@atelier/contracts';
import { HttpError } from './errors.js';
import { serviceHeaders, type TokenSecrets } from './tokens.js';
import { z } from 'zod';

const ACCOUNT_TIMEOUT_MS = 10_000;

/** The account service could not be asked (down, timed out, or an unexpected answer). */
/**
 * A start request that saved its job but never got as far as a confirmed reserve (it died, or the account service
 * never answered) is settled by its service's sweeper after this long — failed and refunded in case the reserve
 * landed: the route is long done by then (the account client gives up after 10 s).
 */
export const UNCONFIRMED_START_GRACE_MS = 60_000;

export class AccountUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AccountUnavailable';
  }
}

/**
 * The account service does not know the user: their account was deleted while the request ran (or never was). A 401
 * for the request (they are signed out); whatever the request saved for them is taken back, not kept as a failure.
 */
export class UnknownAccount extends HttpError {
  constructor() {
    super(401, 'Unauthorized');
    this.name = 'UnknownAccount';
  }
}

export type ReserveOutcome = { ok: true; remaining: number } | { ok: false; limitReached: LimitReached };

/**
 * What a service asks of the account service: a user's plan, and credits or allowance (`feature`)
 * reserved and refunded by key. Every service that spends uses this one client.
 */
export interface AccountClient {
  /** The user's plan, or null when the account service does not know the user. */
  planOf(userId: string): Promise<Plan | null>;
  /** Reserves credits under `key`; repeating a key charges once and answers the same. Throws UnknownAccount for a user account does not know. */
  reserve(request: ReserveRequest): Promise<ReserveOutcome>;
  /** Gives back what `key` reserved; a second refund gives back 0. */
  refund(key: string): Promise<number>;
}

const userSchema = z.object({ id: z.string(), plan: planSchema });

export function createAccountClient({
  accountUrl,
  identityKeys,
  caller,
}: {
  accountUrl: string;
  identityKeys: TokenSecrets;
  /** This service's name (account allows each internal route to named callers only). */
  caller: string;
}): AccountClient {
  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
    let response: Response;
    try {
      response = await fetch(`${accountUrl}${path}`, {
        method,
        headers: {
          ...(await serviceHeaders(identityKeys, caller, 'account')),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(ACCOUNT_TIMEOUT_MS),
      });
    } catch (error) {
      throw new AccountUnavailable(`account service unreachable (${method} ${path})`, { cause: error });
    }
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: response.status, json };
  }

  const unexpected = (path: string, status: number, json: unknown) =>
    new AccountUnavailable(`account service answered ${status} to ${path}: ${JSON.stringify(json)?.slice(0, 200)}`);

  return {
    async planOf(userId) {
      const path = `/internal/users/${encodeURIComponent(userId)}`;
      const { status, json } = await call('GET', path);
      if (status === 404) return null;
      const parsed = userSchema.safeParse(json);
      if (status !== 200 || !parsed.success) throw unexpected(path, status, json);
      return parsed.data.plan;
    },
    async reserve(request) {
      const path = '/internal/credits/reserve';
      const { status, json } = await call('POST', path, request);
      if (status === 404) throw new UnknownAccount();
      if (status === 402) {
        const parsed = limitReachedSchema.safeParse(json);
        if (parsed.success) return { ok: false, limitReached: parsed.data };
      }
      const parsed = reserveResponseSchema.safeParse(json);
      if (status !== 200 || !parsed.success) throw unexpected(path, status, json);
      return { ok: true, remaining: parsed.data.remaining };
    },
    async refund(key) {
      const path = '/internal/credits/refund';
      const { status, json } = await call('POST', path, { key });
      const parsed = refundResponseSchema.safeParse(json);
      if (status !== 200 || !parsed.success) throw unexpected(path, status, json);
      return parsed.data.refunded;
    },
  };
}
