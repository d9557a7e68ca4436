// The first paint of a remote route (docs/architecture.md, "First paint"): the gateway puts the shell's frame and the
// remote screen's build-time HTML in #root (marked data-first-paint) so the page paints before any script runs. The
// app then renders out of the page and takes the first paint's place once it shows the route's screen, an error,
// or another route — never a blank page or a spinner in between.

/** How long the first paint may wait for the app before the app is shown as it is (its own spinner, say). */
export const FIRST_PAINT_HOLD_MS = 10_000;

let reveal: (() => void) | null = null;

/**
 * The element the app should render into: `container` itself, or — when it holds a first paint — a new element,
 * not yet in the page, that takes the container's place (and its id) when `revealApp()` is called.
 */
export function appContainer(container: HTMLElement): HTMLElement {
  if (container.dataset.firstPaint === undefined) return container;
  const app = document.createElement('div');
  app.id = container.id;
  const timer = setTimeout(() => revealApp(), FIRST_PAINT_HOLD_MS);
  reveal = () => {
    clearTimeout(timer);
    container.replaceWith(app);
  };
  return app;
}

/** The app shows what the route is about (or has left it): it replaces the first paint, if one is still up. */
export function revealApp(): void {
  const pending = reveal;
  reveal = null;
  pending?.();
}
