import type { Character } from '@atelier/contracts';
import { useHost, type Host } from '@atelier/host';
import { queryOptions, useQuery } from '@tanstack/react-query';

export type { Character };

export const CHARACTERS_KEY = '/api/avatar/characters';

/** GET /api/avatar/characters: the house characters first, then the user's own (SPEC.md §7). */
export async function getCharacters(apiRequest: Host['apiRequest']): Promise<Character[]> {
  const response = await apiRequest('GET', CHARACTERS_KEY);
  const body: unknown = await response.json();
  return Array.isArray(body) ? (body as Character[]) : [];
}

export const charactersQueryOptions = (apiRequest: Host['apiRequest']) =>
  queryOptions({ queryKey: [CHARACTERS_KEY], queryFn: () => getCharacters(apiRequest) });

/** Enabled while the wizard is open. */
export function useCharacters(enabled = true) {
  const host = useHost();
  return useQuery({ ...charactersQueryOptions(host.apiRequest), enabled });
}
