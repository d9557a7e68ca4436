import type { Plan, UserLimits } from '@atelier/contracts';
import { PLAN_ALLOWANCES } from '../constants.js';

export const allowanceFor = (plan: Plan) => PLAN_ALLOWANCES[plan];

function addMonthsUtc(anchor: Date, months: number): Date {
  const year = anchor.getUTCFullYear();
  const month = anchor.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(year, month, Math.min(anchor.getUTCDate(), lastDay), anchor.getUTCHours(), anchor.getUTCMinutes(), anchor.getUTCSeconds(), anchor.getUTCMilliseconds()),
  );
}

/**
 * The monthly period containing `now`, counted from the anchor (the sign-up date until a billing
 * cycle replaces it): limits reset on that day each month, clamped to the month's last day.
 */
export function periodContaining(anchor: Date, now: Date): { startsAt: Date; endsAt: Date } {
  let months = (now.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + (now.getUTCMonth() - anchor.getUTCMonth());
  if (months < 0) months = 0;
  while (months > 0 && addMonthsUtc(anchor, months) > now) months -= 1;
  while (addMonthsUtc(anchor, months + 1) <= now) months += 1;
  return { startsAt: addMonthsUtc(anchor, months), endsAt: addMonthsUtc(anchor, months + 1) };
}

export function toUserLimits(period: { creditsUsed: number; creditsLimit: number; avatarUsed: number; avatarLimit: number }): UserLimits {
  return {
    credits: { used: period.creditsUsed, limit: period.creditsLimit },
    avatar: { used: period.avatarUsed, limit: period.avatarLimit },
  };
}
