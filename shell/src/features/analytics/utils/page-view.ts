// SPEC §7 lists no page-view event, so page views travel as `feature_opened` with the page's path
// (docs/decisions.md, "Shell"), and to the analytics tag as its own page_view when one is configured.
export const PAGE_VIEW_EVENT = 'feature_opened';

export function pageViewMetadata(path: string): Record<string, string> {
  return { page_path: path };
}

/** POST /api/track-event without the host (the light landing page); never throws, failures only logged. */
export function sendEvent(eventType: string, metadata: Record<string, unknown>): void {
  fetch('/api/track-event', {
    method: 'POST',
    credentials: 'include',
    keepalive: true,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ eventType, metadata }),
  })
    .then((res) => {
      if (!res.ok) console.warn(`[track] ${eventType} failed: ${res.status}`);
    })
    .catch((error: unknown) => console.warn(`[track] ${eventType} failed:`, error));
}
