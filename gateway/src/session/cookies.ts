import { SESSION_COOKIE_PATTERN } from '../constants.js';

/**
 * Returns the session cookie's value when it is well formed, else null. A malformed value is treated
 * as no session at all, so it never causes a hop to the account service.
 */
export function readSessionCookie(cookieHeader: string | undefined, cookieName: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== cookieName) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    return SESSION_COOKIE_PATTERN.test(value) ? value : null;
  }
  return null;
}
