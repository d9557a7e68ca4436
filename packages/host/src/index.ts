// Public API of @atelier/host: what the shell offers remotes.
export type { Host, LimitDialogOptions, LimitDialogType, NavigationTarget, ToastOptions } from './types.js';
export { HostProvider, useHost } from './host-context.js';
export { apiRequest, getQueryFn, throwIfResNotOk, type UnauthorizedBehavior } from './api-request.js';
export { createQueryClient } from './query-client.js';
export { AUTH_USER_KEY, authUserQueryOptions, useCurrentUser } from './auth.js';
export {
  DEFAULT_USER_LIMITS,
  LIMITS_REREAD_MS,
  rereadLimitsAfterFailure,
  USER_LIMITS_KEY,
  USER_LIMITS_POLL_MS,
  USER_LIMITS_STALE_MS,
  userLimitsQueryOptions,
  useUserLimits,
} from './limits.js';
export { trackEvent } from './track.js';
export { keepPhotoshootInSession, PHOTOSHOOT_SESSION_KEY, photoshootInSession } from './photoshoot-session.js';
// The router's hooks and link for remotes: the shell's own router (react-router-dom is not shared, so the shell
// ships only the parts it uses; a remote that imported react-router-dom itself would get a second copy with no
// router in it).
export { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
