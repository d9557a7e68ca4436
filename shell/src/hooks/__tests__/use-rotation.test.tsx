import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useRotation } from '../use-rotation';

afterEach(() => vi.useRealTimers());

describe('useRotation', () => {
  it('advances every interval and wraps around', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useRotation(3, 4000));
    expect(result.current.index).toBe(0);
    act(() => vi.advanceTimersByTime(3999));
    expect(result.current.index).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.index).toBe(1);
    act(() => vi.advanceTimersByTime(4000));
    act(() => vi.advanceTimersByTime(4000));
    expect(result.current.index).toBe(0);
  });

  it('restarts the interval after a manual choice and stays put while paused', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ paused }) => useRotation(7, 4000, paused), { initialProps: { paused: false } });
    act(() => vi.advanceTimersByTime(3000));
    act(() => result.current.select(5));
    expect(result.current.index).toBe(5);
    act(() => vi.advanceTimersByTime(3999));
    expect(result.current.index).toBe(5);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.index).toBe(6);
    rerender({ paused: true });
    act(() => vi.advanceTimersByTime(20_000));
    expect(result.current.index).toBe(6);
  });
});
