import { useHost } from '@atelier/host';
import { useMutation } from '@tanstack/react-query';

export interface StartCanvasEditInput {
  prompt: string;
  model: string;
  camera: string;
  shotType: string;
  /** Main image first, then up to 4 reference images, as data URLs. */
  inputImages: string[];
}

/** POST /api/canvas/edit → { id } of the edit job (SPEC.md §7). */
export async function startCanvasEdit(
  apiRequest: ReturnType<typeof useHost>['apiRequest'],
  input: StartCanvasEditInput,
): Promise<{ id: string }> {
  const response = await apiRequest('POST', '/api/canvas/edit', input);
  return (await response.json()) as { id: string };
}

export function useStartCanvasEdit() {
  const host = useHost();
  return useMutation({
    mutationFn: (input: StartCanvasEditInput) => startCanvasEdit(host.apiRequest, input),
  });
}
