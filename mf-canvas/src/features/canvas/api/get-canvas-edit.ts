import { CANVAS_MESSAGES, CANVAS_POLL_INTERVAL_MS, CANVAS_POLL_TIMEOUT_MS, type CanvasEdit } from '@atelier/contracts';
import type { Host } from '@atelier/host';
import { pollJob } from '../utils/poll-job';

/** GET /api/canvas/edit/:id → the edit job (its owner only). */
export async function getCanvasEdit(apiRequest: Host['apiRequest'], id: string): Promise<CanvasEdit> {
  const response = await apiRequest('GET', `/api/canvas/edit/${encodeURIComponent(id)}`);
  return (await response.json()) as CanvasEdit;
}

export const isSettledEdit = (edit: Pick<CanvasEdit, 'status'>) => edit.status === 'completed' || edit.status === 'failed';

/**
 * The job polled at once and then every 5 s until it is completed or failed; after 5 minutes it rejects with
 * "Editing timeout" (SPEC.md §4, §7, §9).
 */
export function waitForCanvasEdit(apiRequest: Host['apiRequest'], id: string, signal?: AbortSignal): Promise<CanvasEdit> {
  return pollJob<CanvasEdit>({
    read: () => getCanvasEdit(apiRequest, id),
    isSettled: (edit) => isSettledEdit(edit),
    intervalMs: CANVAS_POLL_INTERVAL_MS,
    timeoutMs: CANVAS_POLL_TIMEOUT_MS,
    timeoutMessage: CANVAS_MESSAGES.timeout,
    signal,
  });
}
