import { startTransition, StrictMode, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { preloadScreen } from './app/screens';
import { enterFromLightPage } from './lib/entered-from';
import { appContainer } from './lib/first-paint';
import { lightPage } from './lib/light-page';
import { nextTask } from '@atelier/federation/offline-remote';

const found = document.getElementById('root');
if (!found) throw new Error('index.html has no #root element');
const container: HTMLElement = found;
let root: Root | undefined;
let behindFirstPaint = false;
function render(node: ReactNode) {
  if (!root) {
    // A remote route's first paint (lib/first-paint.ts) stays in the page while the app renders out of it.
    const target = appContainer(container);
    behindFirstPaint = target !== container;
    root = createRoot(target);
  }
  const app = root;
  // Nothing of the app shows behind a first paint until it is ready, so its render yields to the browser between
  // components (a transition) instead of holding the main thread in one long task.
  if (behindFirstPaint) startTransition(() => app.render(<StrictMode>{node}</StrictMode>));
  else app.render(<StrictMode>{node}</StrictMode>);
}

// The full app (router, React Query, @atelier/ui, remotes) is a separate chunk, so a visitor's first `/`
// (or `/login`) loads only React and that page; everything else loads when they move on (or on intent, below).
let appModule: Promise<typeof import('./app/app')> | undefined;
const loadApp = () => (appModule ??= import('./app/app'));

function startApp() {
  void loadApp().then(({ App }) => render(<App />));
}

const light = lightPage();

function enterApp(to: string, options?: { replace?: boolean }) {
  enterFromLightPage(to, options?.replace);
  startApp();
}

if (light) {
  // Loaded by a prerendered page's own script (light.tsx), which has pushed the next address: its page stays
  // until the app is ready, then lets go of the container in the same task the app first draws in it.
  light.attach({
    prefetch: () => void loadApp(),
    start(release) {
      void loadApp().then(({ App }) => {
        release();
        delete container.dataset.prerendered;
        flushSync(() => render(<App />));
      });
    },
  });
} else if (window.location.pathname === '/') {
  // `/` and `/login` are where visitors arrive: each has a light entry of its own, loaded only there (a
  // visitor without a session gets the prerendered page and light.tsx instead), so /app never carries them.
  void import('./app/landing-app').then(({ LandingApp }) => render(<LandingApp enterApp={enterApp} prefetchApp={() => void loadApp()} />));
} else if (window.location.pathname === '/login') {
  void import('./app/login-app').then(({ LoginApp }) => render(<LoginApp enterApp={(to) => enterApp(to)} prefetchApp={() => void loadApp()} />));
} else {
  // React's modules have just been evaluated in this task; the app's chunks are asked for in the next one.
  void nextTask().then(() => {
    preloadScreen(window.location.pathname);
    startApp();
  });
}
