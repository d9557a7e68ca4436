import type { AvatarJob, PoseImage } from '@atelier/contracts';
import { keepPhotoshootInSession, rereadLimitsAfterFailure, useHost, USER_LIMITS_KEY } from '@atelier/host';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FINAL_MESSAGES, GENERATIONS_KEY, INITIAL_FINAL_TOTAL, JOB_POLL_MS, MESSAGES } from '../../../constants';
import { getJob } from '../api/get-job';
import { startGeneration } from '../api/start-generation';
import { answerLost, numberField, parseApiError } from '../utils/api-error';

export type FinalPhase = 'idle' | 'starting' | 'processing' | 'completed' | 'failed';

interface FinalState {
  phase: FinalPhase;
  jobId: string | null;
  job: AvatarJob | null;
  error: string | null;
  /** The job could not be read (not that it failed): polling the same job again may still succeed. */
  canResume: boolean;
}

const IDLE: FinalState = { phase: 'idle', jobId: null, job: null, error: null, canResume: false };

const TRACKED = { generation_type: 'photoshoot' } as const;
/** Status reads in a row that may go unanswered (502/503/504, no answer) before polling stops: 30 s at 2 s apart. */
const LOST_STATUS_READS = 15;

/**
 * The final photo set (SPEC §4's final flow): starts the job, polls it at once and then every 2 s until it
 * completes (the generations list is refreshed) or fails (toast, polling stops, progress back to 0).
 */
export function useFinalGeneration() {
  const host = useHost();
  const queryClient = useQueryClient();
  const [state, setState] = useState<FinalState>(IDLE);
  const run = useRef(0);
  useEffect(() => () => void (run.current += 1), []);

  const fail = useCallback(
    (error: string, canResume: boolean, jobId: string | null) => {
      setState({ phase: 'failed', jobId: canResume ? jobId : null, job: null, error, canResume });
      host.toast({ title: MESSAGES.generationFailed.title, description: error, variant: 'destructive' });
      host.track('generation_failed', TRACKED);
    },
    [host],
  );

  /**
   * Starts a generation: 'started' once the job exists, 'refused' when the server said no (already toasted),
   * 'dropped' when a reset came first.
   */
  const start = useCallback(
    async (characterId: string, clothingImage: File): Promise<'started' | 'refused' | 'dropped'> => {
      const id = (run.current += 1);
      setState({ ...IDLE, phase: 'starting' });
      try {
        const { jobId } = await startGeneration(host.apiRequest, characterId, clothingImage);
        if (id !== run.current) return 'dropped';
        setState({ ...IDLE, phase: 'processing', jobId });
        keepPhotoshootInSession(jobId);
        host.track('generation_started', TRACKED);
        void queryClient.invalidateQueries({ queryKey: [USER_LIMITS_KEY] }); // one photoshoot of the allowance used
        return 'started';
      } catch (error) {
        if (id !== run.current) return 'dropped';
        setState(IDLE);
        const { status, message, body } = parseApiError(error);
        host.track('generation_failed', TRACKED);
        if (body?.requiresPaidPlan) {
          host.toast({ ...MESSAGES.paidPlanRequired, variant: 'destructive' });
        } else if (status === 402 && body?.limitReached) {
          const used = numberField(body, 'used');
          const limit = numberField(body, 'limit');
          host.openLimitDialog({ type: 'dressup', feature: 'avatar', used: used ?? 0, limit: limit ?? 0 });
          void queryClient.invalidateQueries({ queryKey: [USER_LIMITS_KEY] });
        } else if (answerLost(error)) {
          // The service restarted or the connection dropped: the photoshoot may have started (and been counted).
          host.toast({ ...MESSAGES.startUnconfirmed, variant: 'destructive' });
          void queryClient.invalidateQueries({ queryKey: [USER_LIMITS_KEY] });
          void queryClient.invalidateQueries({ queryKey: [GENERATIONS_KEY] });
        } else {
          const description = (status !== null && message) || MESSAGES.generationFailed.startFallback;
          host.toast({ title: MESSAGES.generationFailed.title, description, variant: 'destructive' });
        }
        return 'refused';
      }
    },
    [host, queryClient],
  );

  const { phase, jobId } = state;
  useEffect(() => {
    if (phase !== 'processing' || !jobId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Status reads whose answer was lost in a row: the service restarting (a few seconds) is waited out, not called a
    // failure ("The photos could not be made" while the photoshoot went on and completed).
    let lost = 0;
    const poll = async () => {
      let job: AvatarJob;
      try {
        job = await getJob(host.apiRequest, jobId);
      } catch (error) {
        // getJob words every failure alike; the answer itself is its cause.
        const cause = error instanceof Error && error.cause !== undefined ? error.cause : error;
        if (parseApiError(cause).status === 404) keepPhotoshootInSession(null); // not (or no longer) this user's: nothing to come back to
        if (stopped) return;
        if (answerLost(cause) && ++lost < LOST_STATUS_READS) {
          timer = setTimeout(() => void poll(), JOB_POLL_MS);
          return;
        }
        fail((error as Error).message, true, jobId);
        return;
      }
      lost = 0;
      if (stopped) return;
      // A finished set stays for a reload (until the wizard is closed); a failed one is forgotten.
      if (job.status === 'failed') keepPhotoshootInSession(null);
      if (job.status === 'failed') {
        rereadLimitsAfterFailure(queryClient); // its photoshoot is given back
        return fail(job.errorMessage || MESSAGES.generationFailed.jobFallback, false, jobId);
      }
      if (job.status === 'completed') {
        setState((current) => ({ ...current, phase: 'completed', job }));
        host.track('generation_completed', TRACKED);
        void queryClient.invalidateQueries({ queryKey: [GENERATIONS_KEY] });
        return;
      }
      setState((current) => ({ ...current, job }));
      timer = setTimeout(() => void poll(), JOB_POLL_MS);
    };
    void poll(); // at once, then every 2 s
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [phase, jobId, host, queryClient, fail]);

  /** Polls the same job again after its status could not be read. */
  const resume = useCallback(() => {
    setState((current) => (current.canResume && current.jobId ? { ...current, phase: 'processing', error: null, canResume: false } : current));
  }, []);

  /** Clears the result, the job id and the polling. */
  const reset = useCallback(() => {
    run.current += 1;
    keepPhotoshootInSession(null);
    setState(IDLE);
  }, []);

  /**
   * Follows the photoshoot this tab kept across a reload (`photoshootInSession`, host): its progress, then its photos
   * (a reload at step 5 started the wizard over, with no sign of the photoshoot already paid for).
   */
  const adopt = useCallback((jobId: string) => {
    run.current += 1;
    setState({ ...IDLE, phase: 'processing', jobId });
  }, []);

  const { job } = state;
  const finalImages = useMemo<PoseImage[]>(
    () => [...(job?.generations ?? [])].sort((a, b) => a.poseIndex - b.poseIndex),
    [job],
  );
  const totalSteps = job?.totalPoses ?? INITIAL_FINAL_TOTAL;
  const currentProgress = job?.completedPoses ?? 0;
  const isGenerating = phase === 'starting' || (phase === 'processing' && currentProgress < totalSteps);
  const message =
    phase === 'starting' || (phase === 'processing' && !job)
      ? FINAL_MESSAGES.starting
      : phase === 'processing'
        ? FINAL_MESSAGES.pose(Math.min(currentProgress + 1, totalSteps), totalSteps)
        : phase === 'completed'
          ? FINAL_MESSAGES.complete
          : null;

  return { ...state, finalImages, currentProgress, totalSteps, isGenerating, message, start, resume, reset, adopt };
}
