import type { Plan } from '@atelier/contracts';
import type { Db } from '@atelier/kit';
import { eq } from 'drizzle-orm';
import { users } from './schema.js';
import type { UserRow } from './users.js';

export interface PlanUpdate {
  plan: Plan;
  planStartedAt: Date;
  billingPeriodStart: Date | null;
  billingPeriodEnd: Date | null;
  stripeSubscriptionId: string | null;
}

export async function updateUserPlan(db: Db, userId: string, update: PlanUpdate): Promise<UserRow> {
  const [row] = await db.update(users).set(update).where(eq(users.id, userId)).returning();
  if (!row) throw new Error('user vanished');
  return row;
}
