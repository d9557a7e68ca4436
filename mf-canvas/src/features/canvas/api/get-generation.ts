import type { Generation } from '@atelier/contracts';
import type { Host } from '@atelier/host';
import { UPSCALE_POLL_INTERVAL_MS, UPSCALE_TIMEOUT_MS, TEXTS } from '../../../constants';
import { pollJob } from '../utils/poll-job';

/** GET /api/generations/:id → one of the user's generations (the create service). */
export async function getGeneration(apiRequest: Host['apiRequest'], id: string): Promise<Generation> {
  const response = await apiRequest('GET', `/api/generations/${encodeURIComponent(id)}`);
  return (await response.json()) as Generation;
}

/** An upscale polled at once and then every 2 s until it is completed or failed, for up to 5 minutes. */
export function waitForGeneration(apiRequest: Host['apiRequest'], id: string, signal?: AbortSignal): Promise<Generation> {
  return pollJob({
    read: () => getGeneration(apiRequest, id),
    isSettled: (generation) => generation.status === 'completed' || generation.status === 'failed',
    intervalMs: UPSCALE_POLL_INTERVAL_MS,
    timeoutMs: UPSCALE_TIMEOUT_MS,
    timeoutMessage: TEXTS.upscaleTimeout,
    signal,
  });
}
