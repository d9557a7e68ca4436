import type { User } from '@atelier/contracts';
import { useHost } from '@atelier/host';
import { MESSAGES, UPSCALE } from '../../../constants';
import type { WatchedGeneration } from './use-generation-watcher';
import { useStartGeneration } from './use-start-generation';

const UPSCALE_KIND = { ...UPSCALE, failedTitle: MESSAGES.upscaleFailedTitle };

/** Whether an image of this size can still be upscaled (its long side is below the service's cap). */
export const canUpscale = (width: number, height: number) => Math.max(width, height) < UPSCALE.maxSide;

/**
 * Upscales one of our images as a new `upscale` generation (POST /api/generations/upscale) with the tabs'
 * credit check, limit dialog and failure toasts; a toast says it started. Resolves true once started.
 */
export function useUpscale(user: User | null, onStarted: (id: string, generation: WatchedGeneration) => void) {
  const host = useHost();
  const { start, submitting } = useStartGeneration(UPSCALE_KIND, user, onStarted);
  const upscale = async (imageUrl: string) => {
    const started = await start({ type: 'upscale', body: { imageUrl } }, 'upscale');
    if (started) host.toast({ title: MESSAGES.upscaleStartedTitle, description: MESSAGES.upscaleStartedText });
    return started;
  };
  return { upscale, starting: submitting };
}
