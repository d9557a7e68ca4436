import { StrictMode, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { LandingApp } from './app/landing-app';
import { LoginApp } from './app/login-app';
import { enterFromLightPage } from './lib/entered-from';
import { prerenderedTree, PRERENDERED_PAGES, type PrerenderedPage } from './prerender-pages';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
let root: Root | undefined;
const render = (node: ReactNode) => (root ??= createRoot(container)).render(<StrictMode>{node}</StrictMode>);

// The full app (router, React Query, @atelier/ui, remotes) is a separate chunk, so a visitor's first `/`
// (or `/login`) loads only React and that page; everything else loads when they move on (or on intent, below).
let appModule: Promise<typeof import('./app/app')> | undefined;
const loadApp = () => (appModule ??= import('./app/app'));

function startApp() {
  void loadApp().then(({ App }) => render(<App />));
}

function enterApp(to: string, options?: { replace?: boolean }) {
  enterFromLightPage(to, options?.replace);
  startApp();
}

// A page prerendered at build time (served to visitors without a session) is hydrated, not rendered again.
const prerendered = container.dataset.prerendered as PrerenderedPage | undefined;
if (prerendered && PRERENDERED_PAGES[prerendered] === window.location.pathname) {
  root = hydrateRoot(container, prerenderedTree(prerendered, { enterApp, prefetchApp: () => void loadApp() }));
} else if (window.location.pathname === '/') {
  // `/` and `/login` are where visitors arrive: each has a light entry of its own.
  render(<LandingApp enterApp={enterApp} prefetchApp={() => void loadApp()} />);
} else if (window.location.pathname === '/login') {
  render(<LoginApp enterApp={(to) => enterApp(to)} prefetchApp={() => void loadApp()} />);
} else {
  startApp();
}
