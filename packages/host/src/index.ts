// Public API of @atelier/host: what the shell offers remotes.
export type { Host, LimitDialogOptions, LimitDialogType, ToastOptions } from './types.js';
export { HostProvider, useHost } from './host-context.js';
export { apiRequest, getQueryFn, throwIfResNotOk, type UnauthorizedBehavior } from './api-request.js';
export { createQueryClient } from './query-client.js';
export { AUTH_USER_KEY, authUserQueryOptions, useCurrentUser } from './auth.js';
export {
  DEFAULT_USER_LIMITS,
  USER_LIMITS_KEY,
  USER_LIMITS_POLL_MS,
  USER_LIMITS_STALE_MS,
  userLimitsQueryOptions,
  useUserLimits,
} from './limits.js';
export { trackEvent } from './track.js';
