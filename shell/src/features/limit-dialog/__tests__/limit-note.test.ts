import { describe, expect, it } from 'vitest';
import { limitNote } from '../components/limit-dialog';

describe('the limit dialog says what its counts alone do not', () => {
  it('an allowance the plan does not include, credits too few for what was asked, nothing when all are used', () => {
    expect(limitNote({ type: 'dressup', feature: 'avatar', used: 0, limit: 0 })).toBe('Photoshoots come with the paid plans.');
    expect(limitNote({ type: 'canvas', used: 0, limit: 0 })).toBe('Not included in your plan.');
    expect(limitNote({ type: 'video', used: 6, limit: 25 })).toBe('19 left: not enough for this.');
    expect(limitNote({ type: 'credits', used: 25, limit: 25 })).toBeNull();
    expect(limitNote({ type: 'dressup', used: 2, limit: 2 })).toBeNull();
  });
});
