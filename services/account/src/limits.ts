import type { UserLimits } from '@atelier/contracts';
import type { Db } from '@atelier/kit';
import { findOrCreateUsagePeriod } from './db/usage.js';
import type { UserRow } from './db/users.js';
import { allowanceFor, periodContaining, toUserLimits } from './domain/limits.js';

/** The user's numbers for the current period (SPEC.md §3 user limits). */
export async function currentLimits(db: Db, user: UserRow, now: Date): Promise<UserLimits> {
  const { startsAt, endsAt } = periodContaining(user.createdAt, now);
  const allowance = allowanceFor(user.plan);
  const period = await findOrCreateUsagePeriod(db, {
    userId: user.id,
    startsAt,
    endsAt,
    plan: user.plan,
    creditsLimit: allowance.credits,
    avatarLimit: allowance.avatar,
  });
  return toUserLimits(period);
}
