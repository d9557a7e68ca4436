import type { CreditFeature } from '@atelier/contracts';
import type { Db, PageCursor } from '@atelier/kit';
import { and, desc, eq, gte, lt, lte, or, sql } from 'drizzle-orm';
import { UNLIMITED_THRESHOLD } from '@atelier/contracts';
import { creditMovements, usagePeriods } from './schema.js';

export type MovementRow = typeof creditMovements.$inferSelect;
export type MovementResult = NonNullable<MovementRow['result']>;

const counters = {
  credits: { used: usagePeriods.creditsUsed, limit: usagePeriods.creditsLimit, usedKey: 'creditsUsed' },
  avatar: { used: usagePeriods.avatarUsed, limit: usagePeriods.avatarLimit, usedKey: 'avatarUsed' },
} as const;

/**
 * Records a movement unless one of the same kind and key exists; returns its id, or null when the key was
 * taken. On PostgreSQL a concurrent insert of the same key waits for the other transaction and then
 * yields, so exactly one caller goes on to move credits.
 */
export async function insertMovement(db: Db, movement: typeof creditMovements.$inferInsert): Promise<string | null> {
  const [row] = await db
    .insert(creditMovements)
    .values(movement)
    .onConflictDoNothing({ target: [creditMovements.kind, creditMovements.key] })
    .returning({ id: creditMovements.id });
  return row?.id ?? null;
}

export async function findMovement(db: Db, kind: MovementRow['kind'], key: string): Promise<MovementRow | null> {
  const [row] = await db
    .select()
    .from(creditMovements)
    .where(and(eq(creditMovements.kind, kind), eq(creditMovements.key, key)))
    .limit(1);
  return row ?? null;
}

export async function setMovementResult(db: Db, id: string, result: MovementResult): Promise<void> {
  await db.update(creditMovements).set({ result }).where(eq(creditMovements.id, id));
}

/**
 * Adds `amount` to a period's counter in one conditional UPDATE: only when the limit is unlimited or the
 * sum stays within it. Returns the new figures, or null when the period cannot pay.
 */
export async function chargePeriod(
  db: Db,
  periodId: string,
  feature: CreditFeature,
  amount: number,
): Promise<{ used: number; limit: number } | null> {
  const { used, limit, usedKey } = counters[feature];
  const [row] = await db
    .update(usagePeriods)
    .set({ [usedKey]: sql`${used} + ${amount}` })
    .where(and(eq(usagePeriods.id, periodId), or(gte(limit, UNLIMITED_THRESHOLD), lte(sql`${used} + ${amount}`, limit))))
    .returning({ used, limit });
  return row ?? null;
}

/** Gives `amount` back to a period's counter (never below zero). */
export async function creditPeriod(db: Db, periodId: string, feature: CreditFeature, amount: number): Promise<void> {
  const { used, usedKey } = counters[feature];
  await db
    .update(usagePeriods)
    .set({ [usedKey]: sql`greatest(0, ${used} - ${amount})` })
    .where(eq(usagePeriods.id, periodId));
}

export async function periodFigures(db: Db, periodId: string, feature: CreditFeature): Promise<{ used: number; limit: number }> {
  const { used, limit } = counters[feature];
  const [row] = await db.select({ used, limit }).from(usagePeriods).where(eq(usagePeriods.id, periodId)).limit(1);
  if (!row) throw new Error('usage period vanished');
  return row;
}

/**
 * A user's movements newest first (ties by id), `limit` per page, after `cursor`: charges (reserves that were
 * paid) and refunds. A refused reserve moved nothing and is left out.
 */
export async function listUserMovements(
  db: Db,
  userId: string,
  limit: number,
  cursor: PageCursor | null,
): Promise<{ rows: MovementRow[]; next: PageCursor | null }> {
  const after = cursor
    ? or(lt(creditMovements.createdAt, cursor.createdAt), and(eq(creditMovements.createdAt, cursor.createdAt), lt(creditMovements.id, cursor.id)))
    : undefined;
  const moved = or(eq(creditMovements.kind, 'refund'), sql`(${creditMovements.result} ->> 'status') = '200'`);
  const rows = await db
    .select()
    .from(creditMovements)
    .where(and(eq(creditMovements.userId, userId), moved, after))
    .orderBy(desc(creditMovements.createdAt), desc(creditMovements.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { rows: page, next: rows.length > limit && last ? { createdAt: last.createdAt, id: last.id } : null };
}
