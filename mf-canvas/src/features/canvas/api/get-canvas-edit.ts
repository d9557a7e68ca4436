import { useHost } from '@atelier/host';
import { queryOptions, useQuery } from '@tanstack/react-query';

export interface CanvasEditJob {
  id: string;
  status: string; // 'completed' | 'failed' | still running
  errorMessage?: string | null;
  outputImageStorageUrl?: string | null;
  outputImageUrl?: string | null;
}

export const CANVAS_POLL_INTERVAL_MS = 5_000;

/** GET /api/canvas/edit/{id} (SPEC.md §7). */
export async function getCanvasEdit(apiRequest: ReturnType<typeof useHost>['apiRequest'], id: string) {
  const response = await apiRequest('GET', `/api/canvas/edit/${encodeURIComponent(id)}`);
  return (await response.json()) as CanvasEditJob;
}

export const canvasEditQueryOptions = (apiRequest: ReturnType<typeof useHost>['apiRequest'], id: string) =>
  queryOptions({
    queryKey: ['/api/canvas/edit', id],
    queryFn: () => getCanvasEdit(apiRequest, id),
    // Polled every 5 s until the job settles.
    refetchInterval: (query) => (isSettled(query.state.data) ? false : CANVAS_POLL_INTERVAL_MS),
  });

export function useCanvasEdit(id: string | null) {
  const host = useHost();
  return useQuery({ ...canvasEditQueryOptions(host.apiRequest, id ?? ''), enabled: id !== null });
}

const isSettled = (job: CanvasEditJob | undefined) => job?.status === 'completed' || job?.status === 'failed';
