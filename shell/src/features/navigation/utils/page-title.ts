import { ROUTES } from '../../../constants';
import { APP_TABS } from './tabs';

const SITE = 'Atelier';

/** Each route's page name (the tabs' own labels for the studio's screens). */
const PAGE_NAMES: Record<string, string> = {
  [ROUTES.login]: 'Sign in',
  [ROUTES.terms]: 'Terms of Service',
  [ROUTES.privacy]: 'Privacy Policy',
  [ROUTES.pricing]: 'Pricing',
  [ROUTES.pricingAll]: 'Pricing',
  [ROUTES.pricingIn]: 'Pricing',
  [ROUTES.account]: 'Account',
  [ROUTES.dev]: 'Developer tools',
  ...Object.fromEntries(APP_TABS.map((tab) => [tab.to, tab.id === 'dress-up' ? 'Dress Up' : tab.label])),
};

/**
 * The document's title for a path: "Image · Atelier", "Pricing · Atelier"; the landing page is "Atelier", a path
 * no route has "Page not found · Atelier". Every route was "Atelier": a page change was not announced and tabs
 * could not be told apart.
 */
export function pageTitle(pathname: string): string {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === ROUTES.landing) return SITE;
  const name = PAGE_NAMES[path];
  return `${name ?? 'Page not found'} · ${SITE}`;
}
