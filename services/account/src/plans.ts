import type { Plan, SetPlanRequest, User } from '@atelier/contracts';
import type { Db } from '@atelier/kit';
import { updateUserPlan } from './db/plans.js';
import { changePeriodPlan, startFreshPeriod } from './db/usage.js';
import type { UserRow } from './db/users.js';
import { allowanceFor, currentPeriod } from './domain/limits.js';

/** The user as the shell sees it (SPEC.md §3). */
export const toUser = (row: UserRow): User => ({
  id: row.id,
  plan: row.plan,
  firstName: row.firstName,
  email: row.email,
  stripeSubscriptionId: row.stripeSubscriptionId,
});

export interface PlanChange {
  plan: Plan;
  billingPeriodStart: Date | null;
  billingPeriodEnd: Date | null;
  stripeSubscriptionId: string | null;
  /** Start a fresh period even when the plan stays the same (developer tools). */
  fresh?: boolean;
}

/**
 * Moves a user to a plan and billing cycle. SPEC §9: limits reset on the signup date or the billing cycle, so a
 * change between paid plans within the same billing cycle keeps what was used and takes the new plan's allowance
 * (an upgrade adds to what is left; a downgrade cannot be used to start the counts again). Starting a subscription,
 * moving to another cycle, going back to free (daily) or `fresh` start a fresh period at `now`; the same plan keeps
 * what was used in the current period (billing reporting a renewal or repeating itself).
 */
export async function changePlan(db: Db, user: UserRow, change: PlanChange, now: Date): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const sameCycle =
      user.plan !== 'free' &&
      change.plan !== 'free' &&
      sameInstant(change.billingPeriodStart, user.billingPeriodStart) &&
      sameInstant(change.billingPeriodEnd, user.billingPeriodEnd);
    const fresh = change.fresh === true || (change.plan !== user.plan && !sameCycle);
    const updated = await updateUserPlan(tx, user.id, {
      plan: change.plan,
      planStartedAt: fresh ? now : user.planStartedAt,
      billingPeriodStart: change.billingPeriodStart,
      billingPeriodEnd: change.billingPeriodEnd,
      stripeSubscriptionId: change.stripeSubscriptionId,
    });
    const { startsAt, endsAt } = currentPeriod(updated, now);
    const allowance = allowanceFor(updated.plan);
    const period = { userId: user.id, startsAt, endsAt, plan: updated.plan, creditsLimit: allowance.credits, avatarLimit: allowance.avatar };
    if (fresh) await startFreshPeriod(tx, period, now);
    else if (change.plan !== user.plan) await changePeriodPlan(tx, period);
    return updated;
  });
}

const sameInstant = (a: Date | null, b: Date | null) => a !== null && b !== null && a.getTime() === b.getTime();

/** Reads billing's `POST /internal/plans/set` body into a plan change; free drops the billing cycle. */
export function planChangeFrom(body: SetPlanRequest, user: UserRow): PlanChange {
  const paid = body.plan !== 'free';
  return {
    plan: body.plan,
    billingPeriodStart: paid && body.periodStart ? new Date(body.periodStart) : null,
    billingPeriodEnd: paid && body.periodEnd ? new Date(body.periodEnd) : null,
    stripeSubscriptionId: body.stripeSubscriptionId === undefined ? (paid ? user.stripeSubscriptionId : null) : body.stripeSubscriptionId,
  };
}
