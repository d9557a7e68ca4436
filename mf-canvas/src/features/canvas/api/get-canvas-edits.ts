import type { CanvasEdit, CanvasEdits } from '@atelier/contracts';
import { useHost, type Host } from '@atelier/host';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { RECENT_EDITS_LIMIT } from '../../../constants';

export const CANVAS_EDITS_KEY = '/api/canvas/edits';

/** GET /api/canvas/edits?limit= → the user's edits, newest first. */
export async function getCanvasEdits(apiRequest: Host['apiRequest'], limit: number): Promise<CanvasEdit[]> {
  const response = await apiRequest('GET', `${CANVAS_EDITS_KEY}?limit=${limit}`);
  const body = (await response.json()) as Partial<CanvasEdits> | null;
  return Array.isArray(body?.items) ? body.items : [];
}

export const canvasEditsQueryOptions = (apiRequest: Host['apiRequest'], limit = RECENT_EDITS_LIMIT) =>
  queryOptions({
    queryKey: [CANVAS_EDITS_KEY, limit],
    queryFn: () => getCanvasEdits(apiRequest, limit),
  });

/** The recent edits that have a result to go back to. */
export function useRecentEdits() {
  const host = useHost();
  return useQuery({
    ...canvasEditsQueryOptions(host.apiRequest),
    select: (edits) => edits.filter((edit) => edit.status === 'completed' && Boolean(edit.outputImageUrl)),
  });
}
