import { readCookie } from '@atelier/kit';
import { SESSION_COOKIE_PATTERN } from '../constants.js';

/**
 * Returns the session cookie's value when it is well formed, else null (kit's one cookie parser). A
 * malformed value is treated as no session at all, so it never causes a hop to the account service.
 */
export function readSessionCookie(cookieHeader: string | undefined, cookieName: string): string | null {
  const value = readCookie(cookieHeader, cookieName);
  return value !== null && SESSION_COOKIE_PATTERN.test(value) ? value : null;
}
