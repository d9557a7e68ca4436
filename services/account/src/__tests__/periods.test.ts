import { describe, expect, it } from 'vitest';
import { loadAccountConfig } from '../config.js';
import { PLAN_ALLOWANCES } from '../constants.js';
import { currentPeriod, periodContaining, remainingOf, utcDayContaining, utcDayOf, type PlanState } from '../domain/limits.js';

const DB = 'postgres://atelier@127.0.0.1:5432/atelier';

const d = (iso: string) => new Date(iso);
const state = (over: Partial<PlanState>): PlanState => ({
  plan: 'free',
  planStartedAt: d('2025-01-01T00:00:00Z'),
  billingPeriodStart: null,
  billingPeriodEnd: null,
  ...over,
});

describe('plan allowances', () => {
  it('match SPEC.md §9', () => {
    expect(PLAN_ALLOWANCES).toEqual({
      free: { credits: 25, avatar: 0 },
      basic: { credits: 150, avatar: 2 },
      advanced: { credits: 500, avatar: 5 },
      pro: { credits: 1100, avatar: 10 },
    });
  });

  it('report what is left, an unlimited limit reporting itself', () => {
    expect(remainingOf(3, 25)).toBe(22);
    expect(remainingOf(30, 25)).toBe(0);
    expect(remainingOf(5000, 1100)).toBe(1100);
    expect(remainingOf(0, 999)).toBe(999);
    expect(remainingOf(0, 998)).toBe(998);
  });
});

describe('utcDayContaining', () => {
  it('is the UTC calendar day, whatever the local zone', () => {
    expect(utcDayContaining(d('2025-03-10T00:00:00.000Z'))).toEqual({ startsAt: d('2025-03-10T00:00:00Z'), endsAt: d('2025-03-11T00:00:00Z') });
    expect(utcDayContaining(d('2025-03-10T23:59:59.999Z'))).toEqual({ startsAt: d('2025-03-10T00:00:00Z'), endsAt: d('2025-03-11T00:00:00Z') });
    expect(utcDayContaining(d('2024-12-31T23:30:00-05:00')).startsAt).toEqual(d('2025-01-01T00:00:00Z'));
    expect(utcDayOf(d('2024-12-31T23:30:00-05:00'))).toBe('2025-01-01');
  });
});

describe('periodContaining', () => {
  it('counts backwards before the anchor so the period always contains now', () => {
    const anchor = d('2025-03-31T10:00:00Z');
    expect(periodContaining(anchor, d('2025-03-01T00:00:00Z'))).toEqual({ startsAt: d('2025-02-28T10:00:00Z'), endsAt: d('2025-03-31T10:00:00Z') });
    expect(periodContaining(anchor, d('2025-03-31T09:59:59.999Z')).endsAt).toEqual(anchor);
    expect(periodContaining(anchor, anchor).startsAt).toEqual(anchor);
  });
});

describe('currentPeriod', () => {
  it('free: the UTC day; the first day starts when the plan did', () => {
    const s = state({ planStartedAt: d('2025-03-10T15:30:00Z') });
    expect(currentPeriod(s, d('2025-03-10T16:00:00Z'))).toEqual({ startsAt: d('2025-03-10T15:30:00Z'), endsAt: d('2025-03-11T00:00:00Z') });
    expect(currentPeriod(s, d('2025-03-11T00:00:00Z'))).toEqual({ startsAt: d('2025-03-11T00:00:00Z'), endsAt: d('2025-03-12T00:00:00Z') });
    expect(currentPeriod(s, d('2025-03-12T23:59:59.999Z')).startsAt).toEqual(d('2025-03-12T00:00:00Z'));
  });

  it('free: ignores billing figures', () => {
    const s = state({ billingPeriodStart: d('2025-03-01T00:00:00Z'), billingPeriodEnd: d('2025-04-01T00:00:00Z') });
    expect(currentPeriod(s, d('2025-03-10T12:00:00Z'))).toEqual(utcDayContaining(d('2025-03-10T12:00:00Z')));
  });

  it('paid: the billing cycle while inside it', () => {
    const s = state({
      plan: 'basic',
      planStartedAt: d('2025-02-05T08:00:00Z'),
      billingPeriodStart: d('2025-03-05T08:00:00Z'),
      billingPeriodEnd: d('2025-04-05T08:00:00Z'),
    });
    expect(currentPeriod(s, d('2025-03-05T08:00:00Z'))).toEqual({ startsAt: d('2025-03-05T08:00:00Z'), endsAt: d('2025-04-05T08:00:00Z') });
    expect(currentPeriod(s, d('2025-04-05T07:59:59Z')).startsAt).toEqual(d('2025-03-05T08:00:00Z'));
  });

  it('paid: monthly from the cycle start once the reported cycle is over (renewal not reported yet)', () => {
    const s = state({
      plan: 'pro',
      planStartedAt: d('2025-01-31T08:00:00Z'),
      billingPeriodStart: d('2025-01-31T08:00:00Z'),
      billingPeriodEnd: d('2025-02-28T08:00:00Z'),
    });
    expect(currentPeriod(s, d('2025-03-10T00:00:00Z'))).toEqual({ startsAt: d('2025-02-28T08:00:00Z'), endsAt: d('2025-03-31T08:00:00Z') });
  });

  it('paid: monthly from the plan start when billing reported no cycle', () => {
    const s = state({ plan: 'advanced', planStartedAt: d('2025-01-15T12:00:00Z') });
    expect(currentPeriod(s, d('2025-01-15T12:00:00Z'))).toEqual({ startsAt: d('2025-01-15T12:00:00Z'), endsAt: d('2025-02-15T12:00:00Z') });
    expect(currentPeriod(s, d('2025-03-20T00:00:00Z'))).toEqual({ startsAt: d('2025-03-15T12:00:00Z'), endsAt: d('2025-04-15T12:00:00Z') });
  });

  it('a plan change inside a cycle starts the period at the change', () => {
    const s = state({
      plan: 'advanced',
      planStartedAt: d('2025-03-20T10:00:00Z'),
      billingPeriodStart: d('2025-03-05T08:00:00Z'),
      billingPeriodEnd: d('2025-04-05T08:00:00Z'),
    });
    expect(currentPeriod(s, d('2025-03-21T00:00:00Z'))).toEqual({ startsAt: d('2025-03-20T10:00:00Z'), endsAt: d('2025-04-05T08:00:00Z') });
    // The next cycle is whole.
    expect(currentPeriod({ ...s, billingPeriodStart: d('2025-04-05T08:00:00Z'), billingPeriodEnd: d('2025-05-05T08:00:00Z') }, d('2025-04-06T00:00:00Z'))).toEqual({
      startsAt: d('2025-04-05T08:00:00Z'),
      endsAt: d('2025-05-05T08:00:00Z'),
    });
  });

  it('a plan start in the future (a skewed clock) is ignored rather than giving a period without now', () => {
    const now = d('2025-03-10T12:00:00Z');
    expect(currentPeriod(state({ planStartedAt: d('2026-01-01T00:00:00Z') }), now)).toEqual(utcDayContaining(now));
    const paid = currentPeriod(state({ plan: 'basic', planStartedAt: d('2025-03-11T00:00:00Z') }), now);
    expect(paid.startsAt <= now && now < paid.endsAt).toBe(true);
  });
});

describe('developer tools configuration', () => {
  const secret = 'x'.repeat(32);
  it('follows development sign-in, off in production unless DEV_TOOLS=1', () => {
    expect(loadAccountConfig({ IDENTITY_SECRET: secret, DATABASE_URL: DB }).devTools).toBe(true);
    expect(loadAccountConfig({ IDENTITY_SECRET: secret, DATABASE_URL: DB, DEV_TOOLS: '0' }).devTools).toBe(false);
    expect(loadAccountConfig({ IDENTITY_SECRET: secret, DATABASE_URL: DB, NODE_ENV: 'production' }).devTools).toBe(false);
    expect(loadAccountConfig({ IDENTITY_SECRET: secret, DATABASE_URL: DB, NODE_ENV: 'production', DEV_LOGIN: '1' }).devTools).toBe(false);
    expect(loadAccountConfig({ IDENTITY_SECRET: secret, DATABASE_URL: DB, NODE_ENV: 'production', DEV_TOOLS: '1' }).devTools).toBe(true);
    expect(loadAccountConfig({ IDENTITY_SECRET: secret, DATABASE_URL: DB, DEV_LOGIN: '0' }).devTools).toBe(false);
  });
});
