import { useHost, type Host } from '@atelier/host';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CANVAS_EDITS_KEY } from './get-canvas-edits';

/** DELETE /api/canvas/edit/:id → 204. */
export async function deleteCanvasEdit(apiRequest: Host['apiRequest'], id: string): Promise<void> {
  await apiRequest('DELETE', `/api/canvas/edit/${encodeURIComponent(id)}`);
}

export function useDeleteCanvasEdit() {
  const host = useHost();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteCanvasEdit(host.apiRequest, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CANVAS_EDITS_KEY] }),
  });
}
