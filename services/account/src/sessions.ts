import type { CurrentSession } from '@atelier/contracts';
import { SESSION_REVOKED_CHANNEL, type Db } from '@atelier/kit';
import { sql } from 'drizzle-orm';
import { findSession, insertSession, revokeSession, touchSession } from './db/sessions.js';
import {
  absoluteExpiry,
  effectiveExpiry,
  isSessionLive,
  newSessionToken,
  sessionIdOf,
  shouldTouch,
  type SessionLifetime,
} from './domain/sessions.js';

export interface Sessions {
  /** Starts a session for the user; returns the cookie value (only its hash is stored). */
  start(userId: string): Promise<{ token: string; sessionId: string }>;
  /** The live session behind a cookie value, recording activity; null when none. */
  current(token: string): Promise<CurrentSession | null>;
  /** Ends a session by id (the hash); ending an unknown or ended session is a no-op. */
  revoke(sessionId: string): Promise<void>;
}

export function createSessions(db: Db, lifetime: SessionLifetime, clock: () => Date): Sessions {
  return {
    async start(userId) {
      const now = clock();
      const token = newSessionToken();
      const sessionId = sessionIdOf(token);
      await insertSession(db, {
        id: sessionId,
        userId,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: absoluteExpiry(now, lifetime),
      });
      return { token, sessionId };
    },

    async current(token) {
      const now = clock();
      const session = await findSession(db, sessionIdOf(token));
      if (!session || !isSessionLive(session, now, lifetime)) return null;
      let lastSeenAt = session.lastSeenAt;
      if (shouldTouch(session, now)) {
        await touchSession(db, session.id, now);
        lastSeenAt = now;
      }
      return {
        userId: session.userId,
        sessionId: session.id,
        expiresAt: effectiveExpiry({ ...session, lastSeenAt }, lifetime).toISOString(),
      };
    },

    async revoke(sessionId) {
      await revokeSession(db, sessionId, clock());
      // Every gateway caches sessions; each LISTENs and forgets this one at once (sent after the update committed).
      await db.execute(sql`select pg_notify(${SESSION_REVOKED_CHANNEL}, ${sessionId})`);
    },
  };
}
