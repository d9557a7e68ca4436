import { useHost, type Host } from '@atelier/host';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CHARACTERS_KEY } from './get-characters';

/** DELETE /api/avatar/characters/:id → 204 (own characters only). */
export async function deleteCharacter(apiRequest: Host['apiRequest'], id: string): Promise<void> {
  await apiRequest('DELETE', `${CHARACTERS_KEY}/${encodeURIComponent(id)}`);
}

export function useDeleteCharacter() {
  const host = useHost();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteCharacter(host.apiRequest, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CHARACTERS_KEY] }),
  });
}
