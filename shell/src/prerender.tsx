import { renderToString } from 'react-dom/server';
import { VISITOR_META } from '@atelier/contracts/visitor';
import { legalTree } from './prerender-legal';
import { pageTitle } from './features/navigation/utils/page-title';
import { isLegalPage, PRERENDERED_PAGES, prerenderedTree, type PrerenderedPage } from './prerender-pages';

export { isLegalPage, PRERENDERED_PAGES, type PrerenderedPage } from './prerender-pages';

/**
 * Build-time rendering of the public pages (scripts/prerender.mjs runs this bundle after the build): the
 * HTML is in the page before any script runs, so its first paint and LCP need no JavaScript.
 */
/** A page's HTML for a visitor with no session, at a phone's width (the layout a hydrating desktop then widens). */
export function renderPage(page: PrerenderedPage): string {
  return renderToString(isLegalPage(page) ? legalTree(page) : prerenderedTree(page));
}

/**
 * index.html with the page's HTML in #root, marked so the client hydrates it instead of rendering afresh, and
 * the federated entry's script replaced by the light pages' own (`lightSrc`), which loads the entry
 * (`data-app-src`) itself when the visitor moves on.
 */
export function withPrerendered(indexHtml: string, page: PrerenderedPage, lightSrc: string, html = renderPage(page)): string {
  const empty = '<div id="root"></div>';
  if (!indexHtml.includes(empty)) throw new Error('index.html has no empty <div id="root"></div> to fill');
  const entry = /<script defer(?:="defer")? src="(\/main\.[^"]+\.js)"><\/script>/.exec(indexHtml);
  if (!entry) throw new Error('index.html has no deferred main.*.js script to replace');
  return indexHtml
    .replace(entry[0], `<script defer src="${lightSrc}" data-app-src="${entry[1]}"></script>`)
    .replace(empty, `<div id="root" data-prerendered="${page}">${html}</div>`)
    // The page's own title before any script runs ("Sign in · Atelier").
    .replace(/<title>[^<]*<\/title>/, () => `<title>${pageTitle(PRERENDERED_PAGES[page])}</title>`)
    // Sent only to browsers without a session cookie (the gateway's static/shell.ts).
    .replace('</head>', () => `${VISITOR_META}</head>`);
}

export { FIRST_PAINT_ROUTES } from './app/routes/first-paint-routes';
export { FIRST_PAINT_SLOT, renderFirstPaintFrame } from './prerender-frame';
