// The optional analytics tag (gtag.js): loaded only when a measurement id is configured, with IP
// anonymisation on and automatic page views off (SPEC §7: page views are sent manually).

type Gtag = (...args: unknown[]) => void;

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

export const ANALYTICS_TAG_URL = 'https://www.googletagmanager.com/gtag/js';

let loadedId: string | null = null;

export function loadAnalyticsTag(measurementId: string): void {
  if (!measurementId || loadedId === measurementId) return;
  loadedId = measurementId;
  window.dataLayer = window.dataLayer ?? [];
  window.gtag = function gtag() {
    // gtag.js reads the `arguments` object itself, not an array.
    // eslint-disable-next-line prefer-rest-params
    window.dataLayer!.push(arguments);
  };
  window.gtag('js', new Date());
  window.gtag('config', measurementId, { anonymize_ip: true, send_page_view: false });
  const script = document.createElement('script');
  script.async = true;
  script.src = `${ANALYTICS_TAG_URL}?id=${encodeURIComponent(measurementId)}`;
  document.head.appendChild(script);
}

/** Sends a page view to the tag, if one is loaded. */
export function sendTagPageView(path: string): void {
  if (!loadedId || !window.gtag) return;
  window.gtag('event', 'page_view', { page_path: path, page_location: window.location.href, page_title: document.title });
}
