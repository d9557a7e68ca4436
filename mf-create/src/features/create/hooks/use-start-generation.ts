import type { User } from '@atelier/contracts';
import { useHost, useUserLimits, USER_LIMITS_KEY } from '@atelier/host';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CREATE_TABS, MESSAGES, type CreateTab } from '../../../constants';
import { GENERATIONS_KEY } from '../api/get-generations';
import { startGeneration, type StartRequest } from '../api/start-generation';
import { numberField, parseApiError } from '../utils/api-error';
import type { WatchedGeneration } from './use-generation-watcher';

const UNLIMITED = 999;

/** Analytics metadata of a generation event (SPEC §3's track-event payload). */
export const generationMetadata = (plan: string, generation: WatchedGeneration) => ({
  user_plan: plan,
  generation_type: generation.type,
  model: generation.model ?? 'default',
  credits_cost: generation.cost,
});

/**
 * Starts a generation of the tab: checks the credits first (the limit dialog instead of a call when short),
 * posts it, and turns 402, 403 and other failures into the limit dialog or a toast.
 */
export function useStartGeneration(tab: CreateTab, user: User | null, onStarted: (id: string, generation: WatchedGeneration) => void) {
  const host = useHost();
  const limits = useUserLimits();
  const queryClient = useQueryClient();
  const [submitting, setSubmitting] = useState(false);
  const config = CREATE_TABS[tab];
  const plan = user?.plan ?? 'free';

  const start = async (request: StartRequest, model: string) => {
    const generation: WatchedGeneration = { type: config.type, model, cost: config.creditCost };
    const { used, limit } = limits.credits;
    if (limit < UNLIMITED && limit - used < config.creditCost) {
      host.openLimitDialog({ type: config.limitType, used, limit });
      return;
    }
    setSubmitting(true);
    try {
      const started = await startGeneration(host.apiRequest, request);
      host.track('generation_started', generationMetadata(plan, generation));
      onStarted(started.id, generation);
      void queryClient.invalidateQueries({ queryKey: [GENERATIONS_KEY] });
      void queryClient.invalidateQueries({ queryKey: [USER_LIMITS_KEY] });
    } catch (error) {
      const { status, message, body } = parseApiError(error);
      host.track('generation_failed', generationMetadata(plan, generation));
      if (status === 402) {
        host.openLimitDialog({
          type: config.limitType,
          used: numberField(body, 'used') ?? used,
          limit: numberField(body, 'limit') ?? limit,
        });
        void queryClient.invalidateQueries({ queryKey: [USER_LIMITS_KEY] });
      } else if (status === 403) {
        host.toast({ title: MESSAGES.premiumModelTitle, description: message, variant: 'destructive' });
      } else {
        host.toast({
          title: MESSAGES.generationFailedTitle,
          description: message || MESSAGES.generationFailedFallback,
          variant: 'destructive',
        });
      }
    } finally {
      setSubmitting(false);
    }
  };

  return { start, submitting, limits };
}
