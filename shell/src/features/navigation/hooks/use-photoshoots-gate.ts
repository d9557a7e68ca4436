import { useCurrentUser, useHost, userLimitsQueryOptions } from '@atelier/host';
import { useQuery } from '@tanstack/react-query';

export const PHOTOSHOOTS_RETURN_PATH_KEY = 'photoshootsReturnPath';

/**
 * SPEC §4: opening the Photoshoots tab when the avatar allowance is used up (judged only once the limits
 * have loaded) opens the limit dialog with type dressup, blocks the navigation and clears the return path.
 * Returns whether the navigation may go ahead.
 */
export function usePhotoshootsGate(): () => boolean {
  const host = useHost();
  const { user } = useCurrentUser();
  const { data: limits } = useQuery(userLimitsQueryOptions(user !== null));
  return () => {
    if (!limits) return true;
    const { used, limit } = limits.avatar;
    if (used < limit) return true;
    window.localStorage.removeItem(PHOTOSHOOTS_RETURN_PATH_KEY);
    host.openLimitDialog({ type: 'dressup', used, limit });
    return false;
  };
}
