import { CANVAS_EDIT_COST, CANVAS_MESSAGES, type CanvasEdit, type CanvasEditRequestInput } from '@atelier/contracts';
import { USER_LIMITS_KEY, useHost } from '@atelier/host';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { TEXTS } from '../../../constants';
import { CANVAS_EDITS_KEY } from '../api/get-canvas-edits';
import { waitForCanvasEdit } from '../api/get-canvas-edit';
import { startCanvasEdit } from '../api/start-canvas-edit';
import { answerLost, limitReached } from '../utils/api-error';
import { isAbort, PollTimeoutError } from '../utils/poll-job';

/**
 * One canvas edit (SPEC.md §4, §7, §8): created, then polled every 5 s until it completes (success toast; the
 * caller shows the result) or fails (error toast with the job's message). A refused start opens the limit
 * dialog (402) or tells "Error starting edit"; status reads that keep failing tell "Error checking status"; after
 * 5 minutes the wait ends with "Editing timeout" shown inline, without a toast.
 */
/** When Recent edits is read again after a start whose answer was lost (ms after it). */
const LOST_START_REREADS_MS = [0, 5_000, 15_000, 45_000];

export function useCanvasEditJob() {
  const host = useHost();
  const queryClient = useQueryClient();
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [timedOut, setTimedOut] = useState(false);
  const controller = useRef<AbortController | null>(null);
  // Re-reads of Recent edits after a start whose answer was lost (an edit that did start shows up once it is done).
  const rereads = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(
    () => () => {
      controller.current?.abort(); // the screen left: stop polling, quietly
      rereads.current.forEach(clearTimeout);
    },
    [],
  );

  const run = useCallback(
    async (request: CanvasEditRequestInput): Promise<CanvasEdit | null> => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      setTimedOut(false);
      setStartedAt(Date.now());
      const tracked = { generation_type: 'canvas', model: request.model, credits_cost: CANVAS_EDIT_COST };
      const refreshLimits = () => void queryClient.invalidateQueries({ queryKey: [USER_LIMITS_KEY] });
      try {
        let id: string;
        try {
          ({ id } = await startCanvasEdit(host.apiRequest, request));
        } catch (error) {
          host.track('generation_failed', tracked);
          const limit = limitReached(error);
          if (limit) {
            host.openLimitDialog({ type: 'canvas', ...limit });
            refreshLimits();
          } else if (answerLost(error)) {
            // The service restarted or the connection dropped: the edit may have started (and been charged); the
            // recent edits and the credits are read again, so one that did start shows up.
            host.toast({ title: TEXTS.startUnconfirmedTitle, description: TEXTS.startUnconfirmed, variant: 'destructive' });
            // The list shows finished edits and is not polled: read it now and as a started edit would finish.
            for (const delay of LOST_START_REREADS_MS) {
              rereads.current.push(
                setTimeout(() => {
                  void queryClient.invalidateQueries({ queryKey: [CANVAS_EDITS_KEY] });
                  refreshLimits();
                }, delay),
              );
            }
          } else {
            host.toast({ title: CANVAS_MESSAGES.startFailedTitle, description: CANVAS_MESSAGES.startFailedDescription, variant: 'destructive' });
          }
          return null;
        }
        host.track('generation_started', tracked);
        refreshLimits(); // one credit reserved

        let edit: CanvasEdit;
        try {
          edit = await waitForCanvasEdit(host.apiRequest, id, abort.signal);
        } catch (error) {
          if (isAbort(error)) return null;
          if (error instanceof PollTimeoutError) setTimedOut(true);
          else host.toast({ title: CANVAS_MESSAGES.statusFailedTitle, description: CANVAS_MESSAGES.statusFailedDescription, variant: 'destructive' });
          // The edit goes on on the server: when it finishes it is in Recent edits (and a failure's refund in the credits).
          void queryClient.invalidateQueries({ queryKey: [CANVAS_EDITS_KEY] });
          refreshLimits();
          return null;
        }
        if (edit.status !== 'completed' || !edit.outputImageUrl) {
          host.track('generation_failed', tracked);
          host.toast({ title: CANVAS_MESSAGES.failedTitle, description: edit.errorMessage || CANVAS_MESSAGES.failedDescription, variant: 'destructive' });
          refreshLimits(); // a failed edit is refunded
          return null;
        }
        host.track('generation_completed', tracked);
        host.toast({ title: CANVAS_MESSAGES.successTitle });
        void queryClient.invalidateQueries({ queryKey: [CANVAS_EDITS_KEY] });
        return edit;
      } finally {
        if (controller.current === abort) {
          controller.current = null;
          setStartedAt(null);
        }
      }
    },
    [host, queryClient],
  );

  const dismissTimeout = useCallback(() => setTimedOut(false), []);

  return { run, startedAt, running: startedAt !== null, timedOut, dismissTimeout };
}
