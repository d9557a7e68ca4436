import { createHash, randomBytes } from 'node:crypto';
import { LAST_SEEN_WRITE_INTERVAL_MS, SESSION_TOKEN_BYTES } from '../constants.js';

/** A fresh cookie value: 32 random bytes, base64url (43 characters). */
export const newSessionToken = () => randomBytes(SESSION_TOKEN_BYTES).toString('base64url');

/** The session id stored for a cookie value: its sha256 in hex. */
export const sessionIdOf = (token: string) => createHash('sha256').update(token).digest('hex');

export interface SessionTimes {
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

export interface SessionLifetime {
  idleTimeoutMs: number;
  absoluteTimeoutMs: number;
}

/** Absolute expiry of a session started at `now`. */
export const absoluteExpiry = (now: Date, lifetime: SessionLifetime) => new Date(now.getTime() + lifetime.absoluteTimeoutMs);

/** When the session ends if nothing happens: the earlier of its idle end and its absolute end. */
export function effectiveExpiry(session: SessionTimes, lifetime: SessionLifetime): Date {
  const idleEnd = session.lastSeenAt.getTime() + lifetime.idleTimeoutMs;
  return new Date(Math.min(idleEnd, session.expiresAt.getTime()));
}

export function isSessionLive(session: SessionTimes, now: Date, lifetime: SessionLifetime): boolean {
  return session.revokedAt === null && now.getTime() < effectiveExpiry(session, lifetime).getTime();
}

/** Activity is recorded at most once a minute per session. */
export const shouldTouch = (session: SessionTimes, now: Date) =>
  now.getTime() - session.lastSeenAt.getTime() >= LAST_SEEN_WRITE_INTERVAL_MS;
