import type { Plan } from '@atelier/contracts';
import type { Db } from '@atelier/kit';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { usagePeriods } from './schema.js';

export type UsagePeriodRow = typeof usagePeriods.$inferSelect;

export interface NewPeriod {
  userId: string;
  startsAt: Date;
  endsAt: Date;
  plan: Plan;
  creditsLimit: number;
  avatarLimit: number;
}

/** The user's usage row for a period, created with the plan's allowance when first needed. */
export async function findOrCreateUsagePeriod(db: Db, period: NewPeriod): Promise<UsagePeriodRow> {
  const match = and(eq(usagePeriods.userId, period.userId), eq(usagePeriods.startsAt, period.startsAt));
  const [existing] = await db.select().from(usagePeriods).where(match).limit(1);
  if (existing) return existing;
  await db.insert(usagePeriods).values(period).onConflictDoNothing({ target: [usagePeriods.userId, usagePeriods.startsAt] });
  const [row] = await db.select().from(usagePeriods).where(match).limit(1);
  if (!row) throw new Error('usage period vanished right after being created');
  return row;
}

/**
 * Starts a fresh period (nothing used) at a plan change: periods still running end at `now`, and the new
 * one is written over any row starting at the same instant (two changes within one millisecond).
 */
export async function startFreshPeriod(db: Db, period: NewPeriod, now: Date): Promise<void> {
  await db
    .update(usagePeriods)
    .set({ endsAt: now })
    .where(and(eq(usagePeriods.userId, period.userId), lte(usagePeriods.startsAt, now), gt(usagePeriods.endsAt, now)));
  await db
    .insert(usagePeriods)
    .values(period)
    .onConflictDoUpdate({
      target: [usagePeriods.userId, usagePeriods.startsAt],
      set: {
        endsAt: period.endsAt,
        plan: period.plan,
        creditsLimit: period.creditsLimit,
        avatarLimit: period.avatarLimit,
        creditsUsed: 0,
        avatarUsed: 0,
      },
    });
}

/**
 * Moves the current period to another plan's allowance, keeping what was used in it (a change between paid plans
 * within one billing cycle: the cycle, not the change, resets the counts).
 */
export async function changePeriodPlan(db: Db, period: NewPeriod): Promise<void> {
  await findOrCreateUsagePeriod(db, period);
  await db
    .update(usagePeriods)
    .set({ plan: period.plan, creditsLimit: period.creditsLimit, avatarLimit: period.avatarLimit })
    .where(and(eq(usagePeriods.userId, period.userId), eq(usagePeriods.startsAt, period.startsAt)));
}

/** Uses up the whole allowance of a period (developer tools: an exhausted freemium user). */
export async function exhaustPeriod(db: Db, periodId: string): Promise<UsagePeriodRow> {
  const [row] = await db
    .update(usagePeriods)
    .set({ creditsUsed: sql`${usagePeriods.creditsLimit}`, avatarUsed: sql`${usagePeriods.avatarLimit}` })
    .where(eq(usagePeriods.id, periodId))
    .returning();
  if (!row) throw new Error('usage period vanished');
  return row;
}
