// The script of a prerendered public page (`/`, `/login`; the legal pages have light-legal.tsx): React and that page only, no Module Federation.
// It hydrates the HTML the build rendered; the full app (the shell's federated entry) loads only when the
// visitor moves on, or shows the intent to, and takes the page over from here (bootstrap.tsx).
import { hydrateRoot } from 'react-dom/client';
import { enterFromLightPage } from './lib/entered-from';
import { LIGHT_PAGE_GLOBAL, type FullApp, type LightPage } from './lib/light-page';
import { isLegalPage, PRERENDERED_PAGES, prerenderedTree, type PrerenderedPage } from './prerender-pages';

const container = document.getElementById('root');
const page = container?.dataset.prerendered as PrerenderedPage | undefined;
const appSrc = document.currentScript?.dataset.appSrc ?? (document.querySelector('script[data-app-src]') as HTMLScriptElement | null)?.dataset.appSrc;

const entry = page !== undefined && Object.hasOwn(PRERENDERED_PAGES, page) && !isLegalPage(page) ? page : undefined;

if (container && entry && appSrc) {
  let app: FullApp | null = null;
  const waiting: ((app: FullApp) => void)[] = [];
  const whenApp = (then: (app: FullApp) => void) => (app ? then(app) : waiting.push(then));

  /** Adds the full app's entry script once; it calls `attach` below when it has loaded. */
  let requested = false;
  let entered = false;
  const loadFullApp = () => {
    if (requested) return;
    requested = true;
    const script = document.createElement('script');
    script.src = appSrc;
    script.defer = true;
    document.head.append(script);
  };

  const root = hydrateRoot(
    container,
    prerenderedTree(entry, {
      enterApp(to, options) {
        if (entered) return; // one hand-over (a click while a signed-in visitor is being sent on)
        entered = true;
        enterFromLightPage(to, options?.replace);
        loadFullApp();
        // The prerendered page stays until the full app is ready to draw, then gives it the container.
        whenApp((full) => full.start(() => root.unmount()));
      },
      prefetchApp() {
        loadFullApp();
        whenApp((full) => full.prefetch());
      },
    }),
  );

  const light: LightPage = {
    attach(full) {
      app = full;
      for (const then of waiting.splice(0)) then(full);
    },
  };
  (window as unknown as Record<string, LightPage>)[LIGHT_PAGE_GLOBAL] = light;
}
