import { publicConfigSchema, type PublicConfig } from '@atelier/contracts';
import { apiRequest } from '@atelier/host';
import { queryOptions, useQuery } from '@tanstack/react-query';

// Until /api/config answers: no development sign-in button, the avatar flag on (SPEC §6: currently enabled).
export const FALLBACK_CONFIG: PublicConfig = { devLogin: false, avatarEnabled: true };

/** GET /api/config: public facts the shell needs before sign-in. */
export async function getPublicConfig(): Promise<PublicConfig> {
  const res = await apiRequest('GET', '/api/config');
  return publicConfigSchema.parse(await res.json());
}

export function publicConfigQueryOptions() {
  return queryOptions({ queryKey: ['/api/config'], queryFn: getPublicConfig });
}

export function usePublicConfig(): PublicConfig {
  const { data } = useQuery(publicConfigQueryOptions());
  return data ?? FALLBACK_CONFIG;
}
