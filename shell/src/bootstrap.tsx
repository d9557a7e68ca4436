import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { LandingApp } from './app/landing-app';
import { LoginApp } from './app/login-app';
import { enterFromLightPage } from './lib/entered-from';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);
const render = (node: ReactNode) => root.render(<StrictMode>{node}</StrictMode>);

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

// `/` and `/login` are where visitors arrive: each has a light entry of its own.
if (window.location.pathname === '/') {
  render(<LandingApp enterApp={enterApp} prefetchApp={() => void loadApp()} />);
} else if (window.location.pathname === '/login') {
  render(<LoginApp enterApp={(to) => enterApp(to)} prefetchApp={() => void loadApp()} />);
} else {
  startApp();
}
