import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, isUnlimited, userLimitsSchema, userSchema } from '../account.js';

describe('account contracts', () => {
  it('accepts the new free user limits of the spec', () => {
    expect(userLimitsSchema.parse(DEFAULT_LIMITS)).toEqual({
      credits: { used: 0, limit: 25 },
      avatar: { used: 0, limit: 0 },
    });
  });
  it('treats 999 and above as unlimited', () => {
    expect(isUnlimited(998)).toBe(false);
    expect(isUnlimited(999)).toBe(true);
  });
  it('rejects an unknown plan', () => {
    expect(userSchema.safeParse({ id: 'u', plan: 'gold', firstName: null, email: null }).success).toBe(false);
  });
});
