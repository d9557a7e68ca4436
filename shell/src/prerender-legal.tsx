import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { SHELL_CONFIG } from './config/shell-config';
import { ROUTES } from './constants';
import { loadAnalyticsTag, sendTagPageView } from './features/analytics/utils/analytics-tag';
import { LegalDocumentView } from './features/legal/components/legal-document';
import { PRIVACY } from './features/legal/content/privacy';
import { TERMS } from './features/legal/content/terms';
import { cameFromLightPage } from './lib/entered-from';
import type { LegalPage } from './lib/legal-page';

const nothing = () => undefined;

/** A legal page's tree as the build renders it and light.tsx hydrates it (the Go Back handler leaves no mark). */
export function legalTree(page: LegalPage, onBack: () => void = nothing) {
  return (
    <StrictMode>
      <LegalDocumentView
        document={page === 'terms' ? TERMS : PRIVACY}
        contactEmail={SHELL_CONFIG.contactEmail}
        onBack={onBack}
      />
    </StrictMode>
  );
}

/** True when the entry before this one is a page of ours: the full app's router numbers its entries (`idx`). */
function hasPreviousPageOfOurs(): boolean {
  const state: unknown = window.history.state;
  const idx =
    typeof state === 'object' && state !== null ? (state as Record<string, unknown>).idx : undefined;
  return (typeof idx === 'number' && idx > 0) || cameFromLightPage();
}

/**
 * Where Go Back leads on a prerendered legal page, which is only ever a page loaded by its address (or reloaded):
 * Terms to `/`; Privacy to the previous page when it was one of ours (a reload keeps the router's entry number),
 * else to `/` — as the full app's routes do.
 */
export function legalBackTarget(page: LegalPage): 'previous page' | typeof ROUTES.landing {
  return page === 'privacy' && hasPreviousPageOfOurs() ? 'previous page' : ROUTES.landing;
}

/** Go Back. `/` is a document navigation: a visitor gets the prerendered landing and its small script, not the whole app. */
export function legalBack(page: LegalPage): void {
  const target = legalBackTarget(page);
  if (target === 'previous page') window.history.back();
  else window.location.assign(target);
}

/**
 * A prerendered legal page comes alive (src/light-legal.tsx): hydrated so Go Back works, and its page view sent to
 * the analytics tag as the full app's PageViewTracker and the light landing and login pages do for visitors.
 */
export function startLegalPage(container: HTMLElement, page: LegalPage) {
  const root = hydrateRoot(
    container,
    legalTree(page, () => legalBack(page)),
  );
  loadAnalyticsTag(SHELL_CONFIG.analyticsMeasurementId);
  sendTagPageView(page === 'terms' ? ROUTES.terms : ROUTES.privacy);
  return root;
}
