import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { UserLimits } from '@atelier/contracts';
import { useCurrentUser } from './auth.js';
import { getQueryFn } from './api-request.js';

/**
 * SPEC §3's defaults before loading: credits 0 of 25, avatar 0 of 0. The same value as contracts'
 * DEFAULT_LIMITS (a test keeps them equal), written here so every page does not download zod with it.
 */
export const DEFAULT_USER_LIMITS: UserLimits = { credits: { used: 0, limit: 25 }, avatar: { used: 0, limit: 0 } };

export const USER_LIMITS_KEY = '/api/user-limits';
export const USER_LIMITS_POLL_MS = 10_000;
export const USER_LIMITS_STALE_MS = 5_000;

/** GET /api/user-limits: polled every 10 s, stale after 5 s, refetched on focus and mount; only when signed in. */
export function userLimitsQueryOptions(enabled: boolean) {
  return queryOptions({
    queryKey: [USER_LIMITS_KEY],
    queryFn: getQueryFn<UserLimits>({ on401: 'throw' }),
    enabled,
    refetchInterval: USER_LIMITS_POLL_MS,
    staleTime: USER_LIMITS_STALE_MS,
    refetchOnWindowFocus: true,
    refetchOnMount: true,
  });
}

/** The signed-in user's limits; credits 0 of 25 and avatar 0 of 0 until they load (SPEC §3). */
export function useUserLimits(): UserLimits {
  const { user } = useCurrentUser();
  const { data } = useQuery(userLimitsQueryOptions(user !== null));
  return user && data ? data : DEFAULT_USER_LIMITS;
}

/** How long after work failed its credits are read a second time (the service may still be giving them back). */
export const LIMITS_REREAD_MS = 2_000;

/**
 * Reads the limits again now that work failed and its credits (or photoshoot) are given back, and once more a
 * moment later: the work is shown failed as soon as it is, which may be before the account has the refund.
 */
export function rereadLimitsAfterFailure(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: [USER_LIMITS_KEY] });
  setTimeout(() => void queryClient.invalidateQueries({ queryKey: [USER_LIMITS_KEY] }), LIMITS_REREAD_MS);
}
