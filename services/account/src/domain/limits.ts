import { isUnlimited, type Plan, type UserLimits } from '@atelier/contracts';
import { DAY_MS, PLAN_ALLOWANCES } from '../constants.js';

export const allowanceFor = (plan: Plan) => PLAN_ALLOWANCES[plan];

export interface Period {
  startsAt: Date;
  endsAt: Date;
}

function addMonthsUtc(anchor: Date, months: number): Date {
  const year = anchor.getUTCFullYear();
  const month = anchor.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(year, month, Math.min(anchor.getUTCDate(), lastDay), anchor.getUTCHours(), anchor.getUTCMinutes(), anchor.getUTCSeconds(), anchor.getUTCMilliseconds()),
  );
}

/**
 * The monthly period containing `now`, counted from the anchor (the plan's start when billing reported
 * no cycle): limits reset on that day each month, clamped to the month's last day. Before the anchor,
 * months are counted backwards so the period always contains `now`.
 */
export function periodContaining(anchor: Date, now: Date): Period {
  let months = (now.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + (now.getUTCMonth() - anchor.getUTCMonth());
  while (addMonthsUtc(anchor, months) > now) months -= 1;
  while (addMonthsUtc(anchor, months + 1) <= now) months += 1;
  return { startsAt: addMonthsUtc(anchor, months), endsAt: addMonthsUtc(anchor, months + 1) };
}

/** The UTC calendar day containing `now`: free credits reset at 00:00 UTC. */
export function utcDayContaining(now: Date): Period {
  const startsAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return { startsAt, endsAt: new Date(startsAt.getTime() + DAY_MS) };
}

/** `YYYY-MM-DD` of the UTC day containing `at`. */
export const utcDayOf = (at: Date) => at.toISOString().slice(0, 10);

/** What decides a user's current period. */
export interface PlanState {
  plan: Plan;
  /** When the user moved to this plan (sign-up for a user who never changed plan). */
  planStartedAt: Date;
  /** The billing cycle of a paid plan as billing last reported it. */
  billingPeriodStart: Date | null;
  billingPeriodEnd: Date | null;
}

/**
 * The usage period containing `now` (docs/decisions.md, "Plans and credits"):
 * - free: the UTC calendar day;
 * - paid: the billing cycle billing reported, while `now` is inside it; otherwise monthly periods from
 *   the cycle's start (or from the plan's start when billing reported none).
 * A plan change starts a fresh period at the moment of the change: the period's start is never before
 * `planStartedAt` (unless that lies in the future, which only a skewed clock can make).
 */
export function currentPeriod(state: PlanState, now: Date): Period {
  let natural: Period;
  if (state.plan === 'free') {
    natural = utcDayContaining(now);
  } else {
    const { billingPeriodStart: start, billingPeriodEnd: end } = state;
    if (start && end && start <= now && now < end) natural = { startsAt: start, endsAt: end };
    else natural = periodContaining(start ?? state.planStartedAt, now);
  }
  const changedAt = state.planStartedAt;
  if (changedAt > natural.startsAt && changedAt <= now && changedAt < natural.endsAt) {
    return { startsAt: changedAt, endsAt: natural.endsAt };
  }
  return natural;
}

export function toUserLimits(period: { creditsUsed: number; creditsLimit: number; avatarUsed: number; avatarLimit: number }): UserLimits {
  return {
    credits: { used: period.creditsUsed, limit: period.creditsLimit },
    avatar: { used: period.avatarUsed, limit: period.avatarLimit },
  };
}

/** What is left of a limit after `used` (an unlimited limit reports itself). */
export const remainingOf = (used: number, limit: number) => (isUnlimited(limit) ? limit : Math.max(0, limit - used));
