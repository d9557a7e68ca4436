import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@atelier/contracts';
import { getQueryFn } from './api-request.js';

export const AUTH_USER_KEY = '/api/auth/user';

/** GET /api/auth/user; a 401 means signed out (null), never retried. */
export function authUserQueryOptions() {
  return queryOptions({
    queryKey: [AUTH_USER_KEY],
    queryFn: getQueryFn<User>({ on401: 'returnNull' }),
    retry: false,
  });
}

export function useCurrentUser(): { user: User | null; isLoading: boolean } {
  const { data, isLoading } = useQuery(authUserQueryOptions());
  return { user: data ?? null, isLoading };
}
