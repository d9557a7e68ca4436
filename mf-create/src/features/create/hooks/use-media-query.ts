import { useEffect, useState } from 'react';

/**
 * Whether a media query matches, following changes (false where matchMedia is missing, e.g. jsdom, or where there
 * is no window at all: the build-time first paint).
 */
export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(
    () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
  );
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

/** The user asked the system for less motion: nothing plays by itself. */
export const useReducedMotion = () => useMediaQuery('(prefers-reduced-motion: reduce)');
