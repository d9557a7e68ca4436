import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useBackCloses } from '../back-closes.js';
import type { Host, NavigationTarget } from '../types.js';

/** A host whose guards a test can consult as the shell's history would. */
function hostWithGuards(withGuards = true) {
  const guards = new Set<(to: NavigationTarget) => boolean>();
  const host: Host = {
    apiRequest: vi.fn(),
    toast: vi.fn(),
    openLimitDialog: vi.fn(),
    navigate: vi.fn(),
    track: vi.fn(),
    ...(withGuards
      ? {
          guardNavigation: (guard: (to: NavigationTarget) => boolean) => {
            guards.add(guard);
            return () => void guards.delete(guard);
          },
        }
      : {}),
  };
  const stops = (to: NavigationTarget) => [...guards].some((guard) => guard(to));
  return { host, stops, guards };
}

describe('useBackCloses', () => {
  it('closes instead of leaving on Back while open, and lets links and navigate through', () => {
    const { host, stops, guards } = hostWithGuards();
    const close = vi.fn();
    const { rerender, unmount } = renderHook(({ open }) => useBackCloses(host, open, close), { initialProps: { open: false } });
    expect(guards.size).toBe(0);
    expect(stops({ pathname: '/app', search: '', traversal: true })).toBe(false);

    rerender({ open: true });
    expect(stops({ pathname: '/app/video', search: '' })).toBe(false); // a link, or an older shell's Back
    expect(stops({ pathname: '/app/video', search: '', traversal: false })).toBe(false);
    expect(close).not.toHaveBeenCalled();
    expect(stops({ pathname: '/app', search: '', traversal: true })).toBe(true);
    expect(close).toHaveBeenCalledTimes(1);

    rerender({ open: false });
    expect(guards.size).toBe(0);
    rerender({ open: true });
    unmount();
    expect(guards.size).toBe(0);
  });

  it('does nothing under a shell without navigation guards', () => {
    const { host } = hostWithGuards(false);
    expect(() => renderHook(() => useBackCloses(host, true, vi.fn()))).not.toThrow();
  });
});
