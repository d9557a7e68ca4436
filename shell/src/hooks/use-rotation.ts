import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';

/**
 * An index that advances every `intervalMs` through `count` items and wraps around; `select` jumps to an
 * item and restarts the interval. Paused (e.g. while hidden or focused) it stays where it is.
 */
export function useRotation(count: number, intervalMs: number, paused = false) {
  const [index, setIndex] = useState(0);
  // Bumped on every manual choice so the interval restarts from the moment of the choice.
  const [epoch, setEpoch] = useState(0);

  useEffect(() => {
    if (paused || count < 2) return;
    const timer = setTimeout(() => setIndex((current) => (current + 1) % count), intervalMs);
    return () => clearTimeout(timer);
  }, [count, index, intervalMs, paused, epoch]);

  const select = useCallback((next: number) => {
    setIndex(next);
    setEpoch((e) => e + 1);
  }, []);

  return { index, select };
}

const hasMatchMedia = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function';

/**
 * Whether a media query matches, following changes (false where matchMedia is missing). A page prerendered at
 * build time is hydrated as the server rendered it (false: the phone layout), then updated to the screen's.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!hasMatchMedia()) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => hasMatchMedia() && window.matchMedia(query).matches, () => false);
}
