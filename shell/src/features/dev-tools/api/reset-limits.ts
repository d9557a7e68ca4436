import { apiRequest, USER_LIMITS_KEY, useHost } from '@atelier/host';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { devFailure } from './dev-messages';

/** POST /api/dev/reset-limits: the server sets the limits of an exhausted free user. */
export async function resetLimits(): Promise<void> {
  await apiRequest('POST', '/api/dev/reset-limits');
}

export function useResetLimits() {
  const host = useHost();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetLimits,
    onSuccess: async () => {
      host.toast({ title: 'Limits reset successfully' });
      await queryClient.invalidateQueries({ queryKey: [USER_LIMITS_KEY] });
    },
    onError: (error) => host.toast(devFailure('Failed to reset limits', error)),
  });
}
