import type { Db } from '@atelier/kit';
import { and, eq, isNull } from 'drizzle-orm';
import { sessions, users } from './schema.js';

export type SessionRow = typeof sessions.$inferSelect;

export async function insertSession(db: Db, session: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(session);
}

/** The session by id, while its user's account exists (a sign-in that raced the account's deletion opens nothing). */
export async function findSession(db: Db, id: string): Promise<SessionRow | null> {
  const [row] = await db
    .select({ session: sessions })
    .from(sessions)
    .innerJoin(users, and(eq(users.id, sessions.userId), isNull(users.deletedAt)))
    .where(eq(sessions.id, id))
    .limit(1);
  return row?.session ?? null;
}

export async function touchSession(db: Db, id: string, at: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
}

export async function revokeSession(db: Db, id: string, at: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}
