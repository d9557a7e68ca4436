import type { AccountSummary } from '@atelier/contracts';
import { apiRequest, USER_LIMITS_POLL_MS } from '@atelier/host';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const ACCOUNT_SUMMARY_KEY = '/api/account/summary';

/** GET /api/account/summary → the plan, its billing cycle, the current period and its numbers. */
export async function getAccountSummary(): Promise<AccountSummary> {
  const res = await apiRequest('GET', ACCOUNT_SUMMARY_KEY);
  return (await res.json()) as AccountSummary;
}

/** Fresh on every visit and kept live like the limits (SPEC §7 polls them every 10 s). */
export function accountSummaryQueryOptions() {
  return queryOptions({
    queryKey: [ACCOUNT_SUMMARY_KEY],
    queryFn: getAccountSummary,
    staleTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: true,
    refetchInterval: USER_LIMITS_POLL_MS,
  });
}

export function useAccountSummary() {
  return useQuery(accountSummaryQueryOptions());
}
