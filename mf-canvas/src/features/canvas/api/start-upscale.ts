import type { StartedGeneration, StartUpscale } from '@atelier/contracts';
import type { Host } from '@atelier/host';

/** POST /api/generations/upscale `{ imageUrl }` (one of our media URLs) → 202 `{ id, status }`; 402 when credits are short. */
export async function startUpscale(apiRequest: Host['apiRequest'], request: StartUpscale): Promise<StartedGeneration> {
  const response = await apiRequest('POST', '/api/generations/upscale', request);
  return (await response.json()) as StartedGeneration;
}
