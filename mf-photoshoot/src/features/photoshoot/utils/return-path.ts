import { RETURN_PATH_STORAGE_KEY } from '../../../constants';

/** The stored path to return to after photoshoots, removed as it is read (null when none, or no storage). */
export function takeReturnPath(): string | null {
  try {
    const path = window.localStorage.getItem(RETURN_PATH_STORAGE_KEY);
    if (path !== null) window.localStorage.removeItem(RETURN_PATH_STORAGE_KEY);
    // Only a path inside the app: a stored full URL must not send the user to another site.
    return path && path.startsWith('/') && !path.startsWith('//') ? path : null;
  } catch {
    return null; // storage blocked: there is nothing to return to
  }
}
