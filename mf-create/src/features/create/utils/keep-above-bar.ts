/**
 * A control that takes keyboard focus under a sticky bar (the create form's Generate bar) is scrolled up above it:
 * the browser only brings it into the window, and a focused model card stayed half under the bar. A radio is
 * judged by its card. Focus by a click is left where it is (what was clicked is in view).
 */
export function keepAboveBar(target: EventTarget, bar: HTMLElement | null): void {
  if (!bar || !(target instanceof HTMLElement) || bar.contains(target) || !target.matches(':focus-visible')) return;
  const below = (target.closest('label') ?? target).getBoundingClientRect().bottom - bar.getBoundingClientRect().top;
  if (below > 0) window.scrollBy({ top: below + 12 });
}
