import type { CookieOptions } from 'express';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE, SESSION_TOKEN_PATTERN } from '../constants.js';

/** The cookie's name and attributes for a site origin: Secure and `__Host-` over https. */
export function sessionCookie(publicUrl: URL, maxAgeMs: number): { name: string; options: CookieOptions } {
  const secure = publicUrl.protocol === 'https:';
  return {
    name: secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE,
    options: { httpOnly: true, sameSite: 'lax', path: '/', secure, maxAge: maxAgeMs },
  };
}

/** A well-formed session token from a Cookie header, or null. */
export function readSessionToken(cookieHeader: string | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1');
    return SESSION_TOKEN_PATTERN.test(value) ? value : null;
  }
  return null;
}
