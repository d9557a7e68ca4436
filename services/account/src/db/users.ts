import { SESSION_REVOKED_CHANNEL, type Db } from '@atelier/kit';
import { ERASURE_BATCH } from '@atelier/contracts';
import { and, arrayContains, asc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { creditMovements, events, sessions, users } from './schema.js';

export type UserRow = typeof users.$inferSelect;

/** The user by id; a deleted account is nobody (null), to every route and every service. */
export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** The user an issuer vouches for, created on first sign-in. */
export async function findOrCreateUser(
  db: Db,
  identity: { issuer: string; subject: string; firstName: string; email: string },
): Promise<UserRow> {
  await db.insert(users).values(identity).onConflictDoNothing({ target: [users.issuer, users.subject] });
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.issuer, identity.issuer), eq(users.subject, identity.subject)))
    .limit(1);
  if (!row) throw new Error('user vanished right after being created');
  return row;
}

/**
 * Deletes an account (docs/decisions.md, "Deleting an account"), in one transaction: the row forgets the name,
 * email and sign-in identity (signing in again makes a new account), its analytics events and its ledger's notes go, every session
 * ends and each gateway is told so (NOTIFY, delivered when the transaction commits). Returns the ended sessions, or
 * null when there was no such live user.
 */
export async function markUserDeleted(db: Db, userId: string, now: Date): Promise<{ sessionIds: string[] } | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ deletedAt: now, firstName: null, email: null, issuer: null, subject: null, stripeSubscriptionId: null })
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .returning({ id: users.id });
    if (!row) return null;
    await tx.delete(events).where(eq(events.userId, userId));
    // The ledger's lines name the work (prompts, characters): they go now; the amounts stay until the erase is done.
    await tx.update(creditMovements).set({ note: null }).where(eq(creditMovements.userId, userId));
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    for (const session of ended) await tx.execute(sql`select pg_notify(${SESSION_REVOKED_CHANNEL}, ${session.id})`);
    return { sessionIds: ended.map((session) => session.id) };
  });
}

/**
 * Users deleted before `deletedBefore` whose data `service` has not erased yet, oldest deletion first. The grace
 * before a user is listed lets requests in flight at the deletion finish first (a photo being stored, an edit being
 * started): what they write is then erased with the rest, not left behind after the service's erase.
 */
export async function usersToErase(db: Db, service: string, deletedBefore: Date): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(isNotNull(users.deletedAt), lte(users.deletedAt, deletedBefore), sql`not (${service} = any(${users.erasedBy}))`))
    .orderBy(asc(users.deletedAt), asc(users.id))
    .limit(ERASURE_BATCH);
  return rows.map((row) => row.id);
}

/**
 * Records that `service` erased the deleted user's data; once every service in `required` has, the row goes (its
 * periods, ledger and sessions with it). Repeating it, or naming a user that is not deleted, changes nothing.
 */
export async function recordErased(db: Db, userId: string, service: string, required: readonly string[]): Promise<{ removed: boolean }> {
  return db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ erasedBy: sql`array_append(${users.erasedBy}, ${service})` })
      .where(and(eq(users.id, userId), isNotNull(users.deletedAt), sql`not (${service} = any(${users.erasedBy}))`));
    const removed = await tx
      .delete(users)
      .where(and(eq(users.id, userId), isNotNull(users.deletedAt), arrayContains(users.erasedBy, [...required])))
      .returning({ id: users.id });
    return { removed: removed.length > 0 };
  });
}
