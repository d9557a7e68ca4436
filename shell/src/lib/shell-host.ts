import { apiRequest, trackEvent, type Host, type LimitDialogOptions } from '@atelier/host';
import { toast } from '@atelier/ui';

/** The host the shell offers every remote: the shell's toaster, limit dialog, router and /api/track-event. */
export function createShellHost(deps: {
  navigate: (to: string, options?: { replace?: boolean }) => void;
  openLimitDialog: (options: LimitDialogOptions) => void;
  /** The signed-in user's plan, when known; added to every tracked event as user_plan (SPEC §3). */
  userPlan?: () => string | undefined;
}): Host {
  return {
    apiRequest,
    toast: (options) => {
      toast(options);
    },
    openLimitDialog: deps.openLimitDialog,
    navigate: deps.navigate,
    track: (eventType, metadata = {}) => {
      const plan = deps.userPlan?.();
      trackEvent(eventType, plan && metadata.user_plan === undefined ? { user_plan: plan, ...metadata } : metadata);
    },
  };
}
