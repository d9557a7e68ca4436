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
