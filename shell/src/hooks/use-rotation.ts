import { useCallback, useEffect, useState } from 'react';

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

/** Whether a media query matches, following changes (false where matchMedia is missing). */
export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => typeof window.matchMedia === 'function' && window.matchMedia(query).matches);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(query);
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}
