import { describe, expect, it } from 'vitest';
import { checkoutRequestSchema, PLAN_TIERS, waitlistRequestSchema } from '../billing.js';

describe('billing contracts', () => {
  it('carries SPEC §9 prices and allowances', () => {
    expect(PLAN_TIERS.map((t) => [t.id, t.priceMonthlyUsd, t.priceYearlyUsd, t.priceMonthlyIdr, t.credits, t.photoshoots])).toEqual([
      ['basic', 8, 8, 130_000, 150, 2],
      ['advanced', 20, 15, 330_000, 500, 5],
      ['pro', 34, 25, 560_000, 1100, 10],
    ]);
  });
  it('trims the waitlist email and defaults the source', () => {
    expect(waitlistRequestSchema.parse({ email: '  A@Example.com ' })).toEqual({ email: 'A@Example.com', source: 'pricing_page' });
    expect(waitlistRequestSchema.safeParse({ email: '   ' }).success).toBe(false);
    expect(waitlistRequestSchema.safeParse({ email: 'not-an-email' }).success).toBe(false);
  });
  it('accepts only paid plans at checkout', () => {
    expect(checkoutRequestSchema.safeParse({ priceId: 'price_1', plan: 'free' }).success).toBe(false);
    expect(checkoutRequestSchema.parse({ priceId: 'price_1', plan: 'pro' })).toEqual({ priceId: 'price_1', plan: 'pro' });
  });
});
