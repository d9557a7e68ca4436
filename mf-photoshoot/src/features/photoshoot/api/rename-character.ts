import type { Character } from '@atelier/contracts';
import { useHost, type Host } from '@atelier/host';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CHARACTERS_KEY } from './get-characters';

/** PATCH /api/avatar/characters/:id { name } → the renamed Character (own characters only). */
export async function renameCharacter(apiRequest: Host['apiRequest'], id: string, name: string): Promise<Character> {
  const response = await apiRequest('PATCH', `${CHARACTERS_KEY}/${encodeURIComponent(id)}`, { name });
  return (await response.json()) as Character;
}

export function useRenameCharacter() {
  const host = useHost();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => renameCharacter(host.apiRequest, id, name),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CHARACTERS_KEY] }),
  });
}
