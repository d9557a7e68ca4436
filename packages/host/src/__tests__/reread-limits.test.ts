import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIMITS_REREAD_MS, rereadLimitsAfterFailure, USER_LIMITS_KEY } from '../limits.js';

afterEach(() => vi.useRealTimers());

describe('after work failed', () => {
  it('reads the limits again at once and once more a moment later (the refund may land after the failure shows)', () => {
    vi.useFakeTimers();
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
    rereadLimitsAfterFailure(queryClient);
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenLastCalledWith({ queryKey: [USER_LIMITS_KEY] });
    vi.advanceTimersByTime(LIMITS_REREAD_MS - 1);
    expect(invalidate).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(invalidate).toHaveBeenCalledTimes(2);
    expect(invalidate).toHaveBeenLastCalledWith({ queryKey: [USER_LIMITS_KEY] });
  });
});
