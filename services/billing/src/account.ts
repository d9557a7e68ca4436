import {
  planSchema,
  setPlanResponseSchema,
  type Plan,
  type SetPlanRequest,
  type SetPlanResponse,
} from '@atelier/contracts';
import { AccountUnavailable, serviceHeaders, type TokenSecrets } from '@atelier/kit';
import { z } from 'zod';
import { SERVICE_NAME } from './constants.js';

const ACCOUNT_TIMEOUT_MS = 10_000;

/** `GET /internal/users/:id`: the plan, and the email when the account service includes it. */
const internalUserSchema = z.object({
  id: z.string(),
  plan: planSchema,
  email: z.string().nullable().optional(),
});

/** What billing asks of the account service: who a user is, and which plan they now hold. */
export interface BillingAccount {
  /** The user's plan (and email when known), or null when the account service does not know the user. */
  user(userId: string): Promise<{ plan: Plan; email: string | null } | null>;
  /** `POST /internal/plans/set` (allowed for the caller `billing` only); null when the user no longer exists. */
  setPlan(request: SetPlanRequest): Promise<SetPlanResponse | null>;
}

export function createBillingAccount({
  accountUrl,
  identityKeys,
}: {
  accountUrl: string;
  identityKeys: TokenSecrets;
}): BillingAccount {
  async function call(method: 'GET' | 'POST', path: string, body?: unknown) {
    let response: Response;
    try {
      response = await fetch(`${accountUrl}${path}`, {
        method,
        headers: {
          ...(await serviceHeaders(identityKeys, SERVICE_NAME, 'account')),
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
    new AccountUnavailable(
      `account service answered ${status} to ${path}: ${JSON.stringify(json)?.slice(0, 200)}`,
    );

  return {
    async user(userId) {
      const path = `/internal/users/${encodeURIComponent(userId)}`;
      const { status, json } = await call('GET', path);
      if (status === 404) return null;
      const parsed = internalUserSchema.safeParse(json);
      if (status !== 200 || !parsed.success) throw unexpected(path, status, json);
      return { plan: parsed.data.plan, email: parsed.data.email ?? null };
    },
    async setPlan(request) {
      const path = '/internal/plans/set';
      const { status, json } = await call('POST', path, request);
      if (status === 404) return null;
      const parsed = setPlanResponseSchema.safeParse(json);
      if (status !== 200 || !parsed.success) throw unexpected(path, status, json);
      return parsed.data;
    },
  };
}
