import { useEffect, useState } from 'react';

/**
 * Whether a row that scrolls sideways has more past its right edge: the row then fades out there, so a cut word
 * ("PHOTOSHOO") reads as "scroll for more". Follows scrolling and resizing; `ref` is a callback ref, so a row
 * rendered later (after a loading state) is followed too.
 */
export function useMoreToScroll<T extends HTMLElement>() {
  const [row, ref] = useState<T | null>(null);
  const [more, setMore] = useState(false);
  useEffect(() => {
    if (!row) return;
    const check = () => setMore(row.scrollLeft + row.clientWidth < row.scrollWidth - 1);
    check();
    row.addEventListener('scroll', check, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(check);
    observer?.observe(row);
    return () => {
      row.removeEventListener('scroll', check);
      observer?.disconnect();
    };
  }, [row]);
  return { ref, more };
}

/** The fade at a row's right edge while there is more to scroll to. */
export const MORE_TO_SCROLL_FADE = '[mask-image:linear-gradient(to_right,black_calc(100%-2.5rem),transparent)]';
