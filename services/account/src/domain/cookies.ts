import { readCookie } from '@atelier/kit';
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

/**
 * A marker for the shell that a sign-in just happened (SPEC §7's user_login): readable by the page, holds no
 * secret, lives five minutes, and the shell deletes it once it has posted the event. The shell's name for
 * it is in shell/src/features/auth/hooks/use-sign-in-landing.ts.
 */
export const SIGNED_IN_MARKER = 'atelier_signed_in';

export function signedInMarkerCookie(publicUrl: URL): { name: string; value: string; options: CookieOptions } {
  return {
    name: SIGNED_IN_MARKER,
    value: '1',
    options: { httpOnly: false, sameSite: 'lax', path: '/', secure: publicUrl.protocol === 'https:', maxAge: 5 * 60_000 },
  };
}

/** A well-formed session token from a Cookie header (kit's one cookie parser), or null. */
export function readSessionToken(cookieHeader: string | undefined, name: string): string | null {
  const value = readCookie(cookieHeader, name);
  return value !== null && SESSION_TOKEN_PATTERN.test(value) ? value : null;
}
