import type { PublicConfig } from '@atelier/contracts';
import { apiRequest } from '@atelier/host';
import { queryOptions, useQuery } from '@tanstack/react-query';

// Until /api/config answers: no development sign-in button, the avatar flag on (SPEC §6: currently enabled).
export const FALLBACK_CONFIG: PublicConfig = { devLogin: false, avatarEnabled: true };

/**
 * GET /api/config: public facts the shell needs before sign-in. Checked by hand rather than with the
 * contracts' zod schema so the landing page does not download zod; a field of the wrong type falls back.
 */
export async function getPublicConfig(): Promise<PublicConfig> {
  const res = await apiRequest('GET', '/api/config');
  const body = (await res.json()) as Partial<Record<keyof PublicConfig, unknown>>;
  return {
    devLogin: typeof body.devLogin === 'boolean' ? body.devLogin : FALLBACK_CONFIG.devLogin,
    avatarEnabled: typeof body.avatarEnabled === 'boolean' ? body.avatarEnabled : FALLBACK_CONFIG.avatarEnabled,
  };
}

export function publicConfigQueryOptions() {
  return queryOptions({ queryKey: ['/api/config'], queryFn: getPublicConfig });
}

export function usePublicConfig(): PublicConfig {
  const { data } = useQuery(publicConfigQueryOptions());
  return data ?? FALLBACK_CONFIG;
}
