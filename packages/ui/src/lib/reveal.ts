/**
 * Scrolls an element to the middle of the window when it is not wholly in view (a result that lands below a phone's
 * fold): instantly for a user who asked for reduced motion, smoothly otherwise. Returns whether it scrolled.
 */
export function revealIfOutside(element: HTMLElement): boolean {
  const { top, bottom } = element.getBoundingClientRect();
  if (top >= 0 && bottom <= window.innerHeight) return false;
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  element.scrollIntoView?.({ block: 'center', behavior: reduced ? 'auto' : 'smooth' });
  return true;
}

/** The nearest ancestor that scrolls vertically (a full-screen overlay), else the window. */
function scrollerOf(element: HTMLElement): { scrollBy(options: ScrollToOptions): void } {
  for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
    const { overflowY } = getComputedStyle(parent);
    if ((overflowY === 'auto' || overflowY === 'scroll') && parent.scrollHeight > parent.clientHeight) return parent;
  }
  return window;
}

/** What stays clear of the bars a control can scroll under: a sticky header above, an action bar below. */
export interface Bars {
  top?: HTMLElement | null;
  bottom?: HTMLElement | null;
  /**
   * What the bars stand over (the form, the wizard): focus elsewhere is left alone — React sends a portaled
   * dialog's focus through the component that opened it.
   */
  root?: HTMLElement | null;
}

/**
 * A control that takes keyboard focus under a sticky bar (a form's Generate bar, a wizard's header or its Back / Next
 * bar) is scrolled clear of it: the browser only brings it into the window (or the overlay), and a focused card stayed
 * half under the bar. A radio is judged by its card. Focus by a click is left where it is (what was clicked is in
 * view), unless `always` (something shown, not focused: a note that appears under the bar).
 */
export function keepClearOfBars(target: EventTarget, bars: Bars, { always = false }: { always?: boolean } = {}): void {
  if (!(target instanceof HTMLElement) || (!always && !target.matches(':focus-visible'))) return;
  if (bars.root && !bars.root.contains(target)) return;
  if ([bars.top, bars.bottom].some((bar) => bar?.contains(target))) return;
  const bar = bars.bottom ?? bars.top;
  if (!bar) return;
  const box = (target.closest('label') ?? target).getBoundingClientRect();
  const topEdge = bars.top ? bars.top.getBoundingClientRect().bottom : 0;
  const bottomEdge = bars.bottom ? bars.bottom.getBoundingClientRect().top : window.innerHeight;
  // Taller than the room between the bars: moving it would only hide its top.
  if (box.bottom - box.top > bottomEdge - topEdge) return;
  // The page (or overlay) the bars stand in is scrolled, not a list the control sits in (a preset grid scrolls too).
  const scroller = scrollerOf(bar);
  if (box.bottom > bottomEdge) scroller.scrollBy({ top: box.bottom - bottomEdge + 12 });
  else if (box.top < topEdge) scroller.scrollBy({ top: -(topEdge - box.top + 12) });
}
