import { useHost } from '@atelier/host';
import { queryOptions, useQuery } from '@tanstack/react-query';

export interface Character {
  id: string;
  characterId: string;
  name: string;
  previewImageUrl?: string | null;
}

/** GET /api/avatar/characters: the user's characters (SPEC.md §7). */
export async function getCharacters(apiRequest: ReturnType<typeof useHost>['apiRequest']): Promise<Character[]> {
  const response = await apiRequest('GET', '/api/avatar/characters');
  return (await response.json()) as Character[];
}

export const charactersQueryOptions = (apiRequest: ReturnType<typeof useHost>['apiRequest']) =>
  queryOptions({ queryKey: ['/api/avatar/characters'], queryFn: () => getCharacters(apiRequest) });

/** Enabled while the wizard is open. */
export function useCharacters(enabled: boolean) {
  const host = useHost();
  return useQuery({ ...charactersQueryOptions(host.apiRequest), enabled });
}
