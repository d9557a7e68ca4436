import { apiRequest } from '@atelier/host';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const CURRENT_USER_TYPE_KEY = '/api/dev/current-user-type';

/** GET /api/dev/current-user-type: answers only when the server's developer tools are on (404 otherwise). */
export async function getCurrentUserType(): Promise<string> {
  const res = await apiRequest('GET', CURRENT_USER_TYPE_KEY);
  const body = (await res.json()) as { userType?: unknown };
  return typeof body.userType === 'string' ? body.userType : 'unknown';
}

export function currentUserTypeQueryOptions() {
  return queryOptions({ queryKey: [CURRENT_USER_TYPE_KEY], queryFn: getCurrentUserType, retry: false });
}

export function useCurrentUserType() {
  return useQuery(currentUserTypeQueryOptions());
}
