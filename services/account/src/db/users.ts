import type { Db } from '@atelier/kit';
import { and, eq } from 'drizzle-orm';
import { users } from './schema.js';

export type UserRow = typeof users.$inferSelect;

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
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
