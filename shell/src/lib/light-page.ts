// The hand-over between a prerendered page's own script (src/light.tsx, React without Module Federation) and
// the full app (src/bootstrap.tsx, federated): the page keeps its React until the app is ready to draw.

/** The window property a light page sets for the full app to find. */
export const LIGHT_PAGE_GLOBAL = 'atelierLightPage';

/** What the full app offers a light page once its entry has loaded. */
export interface FullApp {
  /** Loads the app's code without drawing it (the visitor is about to move on). */
  prefetch(): void;
  /** Loads the app, calls `release` (the light page lets go of #root), then draws the app there. */
  start(release: () => void): void;
}

/** What a light page offers the full app. */
export interface LightPage {
  attach(app: FullApp): void;
}

/** The light page that loaded the full app, if any. */
export function lightPage(): LightPage | null {
  const value = (window as unknown as Record<string, unknown>)[LIGHT_PAGE_GLOBAL];
  return value && typeof (value as LightPage).attach === 'function' ? (value as LightPage) : null;
}
