import type { UserLimits } from '@atelier/contracts';
import type { Db } from '@atelier/kit';
import { findOrCreateUsagePeriod, type UsagePeriodRow } from './db/usage.js';
import type { UserRow } from './db/users.js';
import { allowanceFor, currentPeriod, toUserLimits } from './domain/limits.js';

/** The user's usage row for the period containing `now`, created with the plan's allowance when first needed. */
export async function currentPeriodRow(db: Db, user: UserRow, now: Date): Promise<UsagePeriodRow> {
  const { startsAt, endsAt } = currentPeriod(user, now);
  const allowance = allowanceFor(user.plan);
  return findOrCreateUsagePeriod(db, {
    userId: user.id,
    startsAt,
    endsAt,
    plan: user.plan,
    creditsLimit: allowance.credits,
    avatarLimit: allowance.avatar,
  });
}

/** The user's numbers for the current period (SPEC.md §3 user limits). */
export async function currentLimits(db: Db, user: UserRow, now: Date): Promise<UserLimits> {
  return toUserLimits(await currentPeriodRow(db, user, now));
}
