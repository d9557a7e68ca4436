import type { User } from '@atelier/contracts';
import { useHost, useUserLimits, USER_LIMITS_KEY } from '@atelier/host';
import { useSingleFlight } from '@atelier/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MESSAGES, type CreateTabConfig } from '../../../constants';
import { GENERATIONS_KEY } from '../api/get-generations';
import { startGeneration, type StartRequest } from '../api/start-generation';
import { answerLost, numberField, parseApiError } from '../utils/api-error';
import type { WatchedGeneration } from './use-generation-watcher';

const UNLIMITED = 999;

/** Analytics metadata of a generation event (SPEC §3's track-event payload). */
export const generationMetadata = (plan: string, generation: WatchedGeneration) => ({
  user_plan: plan,
  generation_type: generation.type,
  model: generation.model ?? 'default',
  credits_cost: generation.cost,
});

/** What a start spends and which limit dialog it opens: a tab's (CREATE_TABS) or the viewer's Upscale. */
export type StartKind = Pick<CreateTabConfig, 'type' | 'creditCost' | 'limitType'> & {
  /** The failure toast's title (default "Generation Failed"). */
  failedTitle?: string;
};

/**
 * Starts a generation: checks the credits first (the limit dialog instead of a call when short), posts it,
 * and turns 402, 403 and other failures into the limit dialog or a toast. Resolves true once started.
 */
export function useStartGeneration(kind: StartKind, user: User | null, onStarted: (id: string, generation: WatchedGeneration) => void) {
  const host = useHost();
  const limits = useUserLimits();
  const queryClient = useQueryClient();
  const [submitting, setSubmitting] = useState(false);
  const flight = useSingleFlight();
  const plan = user?.plan ?? 'free';

  const start = async (request: StartRequest, model: string): Promise<boolean> => {
    const generation: WatchedGeneration = { type: kind.type, model, cost: kind.creditCost };
    const { used, limit } = limits.credits;
    if (limit < UNLIMITED && limit - used < kind.creditCost) {
      host.openLimitDialog({ type: kind.limitType, used, limit });
      return false;
    }
    // Clicks in one task all passed `submitting` (state, set at the next render): each started and charged.
    if (!flight.begin()) return false;
    setSubmitting(true);
    try {
      const started = await startGeneration(host.apiRequest, request);
      host.track('generation_started', generationMetadata(plan, generation));
      onStarted(started.id, generation);
      void queryClient.invalidateQueries({ queryKey: [GENERATIONS_KEY] });
      void queryClient.invalidateQueries({ queryKey: [USER_LIMITS_KEY] });
      return true;
    } catch (error) {
      const { status, message, body } = parseApiError(error);
      host.track('generation_failed', generationMetadata(plan, generation));
      if (status === 402) {
        host.openLimitDialog({
          type: kind.limitType,
          used: numberField(body, 'used') ?? used,
          limit: numberField(body, 'limit') ?? limit,
        });
        void queryClient.invalidateQueries({ queryKey: [USER_LIMITS_KEY] });
      } else if (answerLost(error)) {
        // The service restarted or the connection dropped: it may have started (and charged). The gallery and the
        // credits are read again, so a generation that did start shows up.
        host.toast({ title: MESSAGES.startUnconfirmedTitle, description: MESSAGES.startUnconfirmed, variant: 'destructive' });
        void queryClient.invalidateQueries({ queryKey: [GENERATIONS_KEY] });
        void queryClient.invalidateQueries({ queryKey: [USER_LIMITS_KEY] });
      } else if (status === 403 && typeof body?.requiresPlan === 'string') {
        // Only the plan's refusal asks for an upgrade (any other 403, a refused cross-site request, is a failure).
        host.toast({ title: MESSAGES.premiumModelTitle, description: message, variant: 'destructive' });
      } else {
        host.toast({
          title: kind.failedTitle ?? MESSAGES.generationFailedTitle,
          description: message || MESSAGES.generationFailedFallback,
          variant: 'destructive',
        });
      }
      return false;
    } finally {
      flight.end();
      setSubmitting(false);
    }
  };

  return { start, submitting, limits };
}
