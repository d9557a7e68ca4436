import type { PreviewResult } from '@atelier/contracts';
import { useHost } from '@atelier/host';
import { useCallback, useEffect, useRef, useState } from 'react';
import { MESSAGES, PREVIEW_IMAGES, PREVIEW_MESSAGES } from '../../../constants';
import { generatePreview } from '../api/generate-preview';
import { answerLost, parseApiError } from '../utils/api-error';

export type PreviewStatus = 'idle' | 'loading' | 'success' | 'error';

interface PreviewState {
  status: PreviewStatus;
  result: PreviewResult | null;
  /** 0 to 4 (SPEC §4's preview flow). */
  currentProgress: number;
  message: string | null;
  error: string | null;
}

const IDLE: PreviewState = { status: 'idle', result: null, currentProgress: 0, message: null, error: null };

/**
 * The character's four preview poses: one POST that may take up to 2 minutes. Progress goes 0 → 4 with the
 * spec's messages; a failure toasts Preview Generation Failed with the server's message.
 */
export function usePreviewGeneration() {
  const host = useHost();
  const [state, setState] = useState<PreviewState>(IDLE);
  // Each run has a number; an answer that arrives after a reset, a newer run or unmounting is dropped.
  const run = useRef(0);
  useEffect(() => () => void (run.current += 1), []);

  const start = useCallback(
    async (characterId: string) => {
      const id = (run.current += 1);
      setState({ status: 'loading', result: null, currentProgress: 0, message: PREVIEW_MESSAGES.starting, error: null });
      try {
        const result = await generatePreview(host.apiRequest, characterId);
        if (id !== run.current) return;
        setState({ status: 'success', result, currentProgress: PREVIEW_IMAGES, message: PREVIEW_MESSAGES.complete, error: null });
      } catch (error) {
        if (id !== run.current) return;
        const { message } = parseApiError(error);
        // A network failure's "Failed to fetch", or the gateway's "Service unavailable: photoshoot" while the service
        // restarts, says less than the spec's fallback (and names an internal service).
        const description = (!answerLost(error) && message) || MESSAGES.previewFailed.fallback;
        setState({ status: 'error', result: null, currentProgress: 0, message: PREVIEW_MESSAGES.error, error: description });
        host.toast({ title: MESSAGES.previewFailed.title, description, variant: 'destructive' });
      }
    },
    [host],
  );

  /** Clears the preview result (and forgets a run still under way). */
  const reset = useCallback(() => {
    run.current += 1;
    setState(IDLE);
  }, []);

  return { ...state, totalSteps: PREVIEW_IMAGES, isGenerating: state.status === 'loading', start, reset };
}
