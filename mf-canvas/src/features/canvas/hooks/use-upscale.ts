import { CREDIT_COSTS } from '@atelier/contracts';
import { USER_LIMITS_KEY, useHost } from '@atelier/host';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { TEXTS } from '../../../constants';
import { waitForGeneration } from '../api/get-generation';
import { startUpscale } from '../api/start-upscale';
import { limitReached, parseApiError } from '../utils/api-error';
import { isAbort, PollTimeoutError } from '../utils/poll-job';

export const UPSCALE_COST = CREDIT_COSTS.upscale;

/**
 * Upscale (the create service's 2× image): the image's media URL (a local photo is uploaded first), then
 * POST /api/generations/upscale and GET /api/generations/:id until it settles. Resolves with the upscaled
 * image's URL, or null when it did not happen (told by a toast, the limit dialog, or "Upscale timeout" inline).
 */
export function useUpscale(mediaUrlOf: () => Promise<string>) {
  const host = useHost();
  const queryClient = useQueryClient();
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [timedOut, setTimedOut] = useState(false);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback(async (): Promise<string | null> => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setTimedOut(false);
    setStartedAt(Date.now());
    const tracked = { generation_type: 'upscale', model: 'upscale', credits_cost: UPSCALE_COST };
    const fail = (description: string) => host.toast({ title: TEXTS.upscaleFailedTitle, description, variant: 'destructive' });
    try {
      let imageUrl: string;
      try {
        imageUrl = await mediaUrlOf();
      } catch (error) {
        const { status, message } = parseApiError(error);
        host.toast({ title: TEXTS.uploadFailedTitle, description: status === 413 ? TEXTS.uploadTooLarge : message, variant: 'destructive' });
        return null;
      }
      if (abort.signal.aborted) return null;

      let id: string;
      try {
        ({ id } = await startUpscale(host.apiRequest, { imageUrl }));
      } catch (error) {
        host.track('generation_failed', tracked);
        const limit = limitReached(error);
        if (limit) host.openLimitDialog({ type: 'credits', ...limit });
        else fail(parseApiError(error).message || TEXTS.upscaleFailedFallback);
        return null;
      }
      host.track('generation_started', tracked);
      void queryClient.invalidateQueries({ queryKey: [USER_LIMITS_KEY] });

      try {
        const generation = await waitForGeneration(host.apiRequest, id, abort.signal);
        if (generation.status !== 'completed' || !generation.imageUrl) {
          host.track('generation_failed', tracked);
          fail(generation.errorMessage || TEXTS.upscaleFailedFallback);
          void queryClient.invalidateQueries({ queryKey: [USER_LIMITS_KEY] });
          return null;
        }
        host.track('generation_completed', tracked);
        host.toast({ title: TEXTS.upscaledTitle, description: TEXTS.upscaledDescription });
        void queryClient.invalidateQueries({ queryKey: ['/api/generations'] }); // mf-create's gallery, when cached
        return generation.imageUrl;
      } catch (error) {
        if (isAbort(error)) return null;
        if (error instanceof PollTimeoutError) setTimedOut(true);
        else fail(TEXTS.upscaleFailedFallback);
        return null;
      }
    } finally {
      if (controller.current === abort) {
        controller.current = null;
        setStartedAt(null);
      }
    }
  }, [host, queryClient, mediaUrlOf]);

  const dismissTimeout = useCallback(() => setTimedOut(false), []);

  return { run, startedAt, running: startedAt !== null, timedOut, dismissTimeout };
}
