import { apiRequest, trackEvent, type Host, type LimitDialogOptions } from '@atelier/host';
import { toast } from '@atelier/ui';
import type { NavigationGuard } from './guarded-history';

/** The host the shell offers every remote: the shell's toaster, limit dialog, router and /api/track-event. */
export function createShellHost(deps: {
  navigate: (to: string, options?: { replace?: boolean }) => void;
  openLimitDialog: (options: LimitDialogOptions) => void;
  /** The signed-in user's plan, when known; added to every tracked event as user_plan (SPEC §3). */
  userPlan?: () => string | undefined;
  /** The app's navigation guards (lib/guarded-history.ts); without them (tests) a remote's guard is never asked. */
  guard?: (guard: NavigationGuard) => () => void;
  /** A call was refused 401: the session ended (signed out in another tab, deleted, expired). */
  onUnauthorized?: () => void;
}): Host {
  return {
    // The remotes' calls go through here (the shell's own queries and mutations are watched by the provider): a 401
    // is the session's end, not one screen's failure (another tab signed out; this one kept showing the studio).
    apiRequest: async (method, url, body) => {
      try {
        return await apiRequest(method, url, body);
      } catch (error) {
        if (error instanceof Error && error.message.startsWith('401:')) deps.onUnauthorized?.();
        throw error;
      }
    },
    toast: (options) => {
      toast(options);
    },
    openLimitDialog: deps.openLimitDialog,
    navigate: deps.navigate,
    guardNavigation: (shouldStop) =>
      deps.guard?.(({ nextLocation, traversal }) =>
        shouldStop({ pathname: nextLocation.pathname, search: nextLocation.search, traversal }),
      ) ?? (() => {}),
    track: (eventType, metadata = {}) => {
      const plan = deps.userPlan?.();
      trackEvent(
        eventType,
        plan && metadata.user_plan === undefined ? { user_plan: plan, ...metadata } : metadata,
      );
    },
  };
}
