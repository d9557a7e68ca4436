import type { CanvasEditRequestInput, CanvasEditStarted } from '@atelier/contracts';
import type { Host } from '@atelier/host';

/** POST /api/canvas/edit → 202 `{ id }` of the edit job; 402 `{ error, limitReached, used, limit }` when credits are short. */
export async function startCanvasEdit(apiRequest: Host['apiRequest'], request: CanvasEditRequestInput): Promise<CanvasEditStarted> {
  const response = await apiRequest('POST', '/api/canvas/edit', request);
  return (await response.json()) as CanvasEditStarted;
}
