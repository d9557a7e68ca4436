import { StrictMode } from 'react';
import { LandingApp } from './app/landing-app';
import { LoginApp } from './app/login-app';
import { isLegalPage, type LegalPage } from './lib/legal-page';

/** The pages prerendered at build time, by the name of their HTML file (`dist/<name>.html`). */
export const PRERENDERED_PAGES = {
  landing: '/',
  login: '/login',
  terms: '/terms',
  privacy: '/privacy',
} as const;
export type PrerenderedPage = keyof typeof PRERENDERED_PAGES;
/** The prerendered pages that hand over to the full app when the visitor moves on (the legal ones do not). */
export type EntryPage = Exclude<PrerenderedPage, LegalPage>;

export { isLegalPage };

const nothing = () => undefined;

/**
 * The tree of a prerendered page; bootstrap.tsx hydrates exactly this (with live callbacks, which leave
 * no mark in the HTML).
 */
export function prerenderedTree(
  page: EntryPage,
  handlers: {
    enterApp?: (to: string, options?: { replace?: boolean }) => void;
    prefetchApp?: () => void;
  } = {},
) {
  const enterApp = handlers.enterApp ?? nothing;
  return (
    <StrictMode>
      {page === 'landing' ? (
        <LandingApp
          prerendered
          enterApp={enterApp}
          {...(handlers.prefetchApp ? { prefetchApp: handlers.prefetchApp } : {})}
        />
      ) : (
        <LoginApp
          enterApp={(to) => enterApp(to)}
          {...(handlers.prefetchApp ? { prefetchApp: handlers.prefetchApp } : {})}
        />
      )}
    </StrictMode>
  );
}
