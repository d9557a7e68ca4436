import { useEffect, useState } from 'react';

/**
 * Whether a row that scrolls sideways has more past its right edge (`more`) or, once scrolled, before its left edge
 * (`before`): the row then fades out there, so a cut word ("PHOTOSHOO") reads as "scroll for more" — either way.
 * Follows scrolling and resizing; `ref` is a callback ref, so a row rendered later (after a loading state) is
 * followed too. `fade` is the class for the row's edges.
 */
export function useMoreToScroll<T extends HTMLElement>() {
  const [row, ref] = useState<T | null>(null);
  const [more, setMore] = useState(false);
  const [before, setBefore] = useState(false);
  useEffect(() => {
    if (!row) return;
    const check = () => {
      setMore(row.scrollLeft + row.clientWidth < row.scrollWidth - 1);
      setBefore(row.scrollLeft > 1);
    };
    check();
    row.addEventListener('scroll', check, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(check);
    observer?.observe(row);
    return () => {
      row.removeEventListener('scroll', check);
      observer?.disconnect();
    };
  }, [row]);
  return { ref, more, before, fade: moreToScrollFade(before, more) };
}

/** The fade at a row's edges while there is more to scroll to on that side (whole class names: Tailwind reads them). */
export function moreToScrollFade(before: boolean, after: boolean): string | undefined {
  if (before && after) return '[mask-image:linear-gradient(to_right,transparent,black_2.5rem,black_calc(100%-2.5rem),transparent)]';
  if (after) return '[mask-image:linear-gradient(to_right,black_calc(100%-2.5rem),transparent)]';
  if (before) return '[mask-image:linear-gradient(to_right,transparent,black_2.5rem)]';
  return undefined;
}
