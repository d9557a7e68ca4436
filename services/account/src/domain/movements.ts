import type { AccountSummary, CreditMovement, CreditSource } from '@atelier/contracts';
import type { MovementRow } from '../db/ledger.js';
import type { UsagePeriodRow } from '../db/usage.js';
import type { UserRow } from '../db/users.js';
import { CALLER_SOURCES } from '../constants.js';
import { toUserLimits } from './limits.js';

/** What a reserve paid for: the caller's word, else what the calling service alone tells (canvas, photoshoot). */
export function sourceOfReserve(requested: CreditSource | undefined, caller: string | undefined): CreditSource | undefined {
  if (requested || !caller || !Object.hasOwn(CALLER_SOURCES, caller)) return requested;
  return CALLER_SOURCES[caller as keyof typeof CALLER_SOURCES];
}

/** A ledger row as the account page shows it: a reserve is a charge (negative), a refund gives back (positive). */
export function toCreditMovement(row: MovementRow): CreditMovement {
  const charge = row.kind === 'reserve';
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    feature: row.feature,
    kind: charge ? 'charge' : 'refund',
    amount: charge ? -row.amount : row.amount,
    key: row.key,
    source: row.source,
    note: row.note,
  };
}

/** The account page's summary: the plan, its billing cycle as billing reported it, and the current period's numbers. */
export function toAccountSummary(user: UserRow, period: UsagePeriodRow): AccountSummary {
  const cycle = user.billingPeriodStart && user.billingPeriodEnd;
  return {
    plan: user.plan,
    stripeSubscriptionId: user.stripeSubscriptionId ?? null,
    billingPeriod: cycle ? { start: user.billingPeriodStart!.toISOString(), end: user.billingPeriodEnd!.toISOString() } : null,
    period: { start: period.startsAt.toISOString(), end: period.endsAt.toISOString() },
    limits: toUserLimits(period),
  };
}
