import { apiRequest, AUTH_USER_KEY, USER_LIMITS_KEY, useHost } from '@atelier/host';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DEV_RELOAD_DELAY_MS, devFailure, GENERATIONS_KEY } from './dev-messages';
import { CURRENT_USER_TYPE_KEY } from './get-current-user-type';

export type TestUserType = 'free' | 'basic' | 'advanced' | 'pro';

/** POST /api/dev/switch-user {userType} → {user}. */
export async function switchUser(userType: TestUserType): Promise<unknown> {
  const res = await apiRequest('POST', '/api/dev/switch-user', { userType });
  return res.json();
}

/** Switches the signed-in test user's plan, refreshes auth, limits and generations, then reloads after 1 s. */
export function useSwitchUser(reload: () => void = () => window.location.reload()) {
  const host = useHost();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchUser,
    onSuccess: async (_data, userType) => {
      host.toast({ title: 'User switched successfully', description: `Now testing as ${userType} user` });
      await Promise.all(
        [AUTH_USER_KEY, USER_LIMITS_KEY, GENERATIONS_KEY, CURRENT_USER_TYPE_KEY].map((key) => queryClient.invalidateQueries({ queryKey: [key] })),
      );
      setTimeout(reload, DEV_RELOAD_DELAY_MS);
    },
    onError: (error) => host.toast(devFailure('Failed to switch user', error)),
  });
}
