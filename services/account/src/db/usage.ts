import type { Plan } from '@atelier/contracts';
import type { Db } from '@atelier/kit';
import { and, eq } from 'drizzle-orm';
import { usagePeriods } from './schema.js';

export type UsagePeriodRow = typeof usagePeriods.$inferSelect;

/** The user's usage row for a period, created with the plan's allowance when first needed. */
export async function findOrCreateUsagePeriod(
  db: Db,
  period: { userId: string; startsAt: Date; endsAt: Date; plan: Plan; creditsLimit: number; avatarLimit: number },
): Promise<UsagePeriodRow> {
  const match = and(eq(usagePeriods.userId, period.userId), eq(usagePeriods.startsAt, period.startsAt));
  const [existing] = await db.select().from(usagePeriods).where(match).limit(1);
  if (existing) return existing;
  await db.insert(usagePeriods).values(period).onConflictDoNothing({ target: [usagePeriods.userId, usagePeriods.startsAt] });
  const [row] = await db.select().from(usagePeriods).where(match).limit(1);
  if (!row) throw new Error('usage period vanished right after being created');
  return row;
}
