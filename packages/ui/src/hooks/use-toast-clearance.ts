import { useEffect, type RefObject } from 'react';

/** The CSS variable the toast viewport's bottom edge reads (`var(--toast-bottom, 0px)`). */
export const TOAST_BOTTOM_VARIABLE = '--toast-bottom';

/**
 * Keeps toasts (bottom right, SPEC §3) clear of a bar fixed along the bottom of the screen — a full-screen flow's
 * action bar — while it is mounted: the viewport's bottom edge sits on the bar's top, following its height.
 */
export function useToastClearance(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const update = () => root.style.setProperty(TOAST_BOTTOM_VARIABLE, `${element.offsetHeight}px`);
    update();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(TOAST_BOTTOM_VARIABLE);
    };
  }, [ref]);
}
