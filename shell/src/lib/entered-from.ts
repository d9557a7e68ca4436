// The light entries (`/`, `/login`) start the full app by pushing the next address themselves, before the
// router exists; the router then sees that address as its first entry (location key "default") and cannot
// tell that a page of ours lies behind it. The push marks its history entry so "go back" still can.

const MARK = 'atelierEnteredFrom';

/** Pushes (or replaces) `to` as the full app's first address, remembering the light page it came from. */
export function enterFromLightPage(to: string, replace = false): void {
  if (replace) window.history.replaceState(null, '', to);
  else window.history.pushState({ [MARK]: window.location.pathname }, '', to);
}

/** True when the current history entry was pushed by a light page of ours: going back stays in the product. */
export function cameFromLightPage(): boolean {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && typeof (state as Record<string, unknown>)[MARK] === 'string';
}
