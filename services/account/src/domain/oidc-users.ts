import type { Db } from '@atelier/kit';
import { and, eq } from 'drizzle-orm';
import { users } from '../db/schema.js';
import type { OidcProfile } from './oidc.js';

/**
 * The user an issuer vouches for, by (issuer, subject): created on the first sign-in ever (`created`),
 * otherwise its first name and email are refreshed from the ID token (a claim the token leaves out
 * keeps the stored value). The unique index on (issuer, subject) settles two first sign-ins racing:
 * exactly one of them creates the row.
 */
export async function upsertOidcUser(db: Db, profile: OidcProfile): Promise<{ id: string; created: boolean }> {
  const [inserted] = await db
    .insert(users)
    .values({ issuer: profile.issuer, subject: profile.subject, firstName: profile.firstName, email: profile.email })
    .onConflictDoNothing({ target: [users.issuer, users.subject] })
    .returning({ id: users.id });
  if (inserted) return { id: inserted.id, created: true };

  const changes: Partial<typeof users.$inferInsert> = {};
  if (profile.firstName !== null) changes.firstName = profile.firstName;
  if (profile.email !== null) changes.email = profile.email;
  const where = and(eq(users.issuer, profile.issuer), eq(users.subject, profile.subject));
  const [row] =
    Object.keys(changes).length > 0
      ? await db.update(users).set(changes).where(where).returning({ id: users.id })
      : await db.select({ id: users.id }).from(users).where(where).limit(1);
  if (!row) throw new Error('user vanished right after sign-in');
  return { id: row.id, created: false };
}
