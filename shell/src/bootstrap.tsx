import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { LandingApp } from './app/landing-app';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);
const render = (node: ReactNode) => root.render(<StrictMode>{node}</StrictMode>);

// The full app (router, React Query, @atelier/ui, remotes) is a separate chunk, so a visitor's first `/`
// loads only React and the landing page; everything else loads when they move on (or on intent, below).
let appModule: Promise<typeof import('./app/app')> | undefined;
const loadApp = () => (appModule ??= import('./app/app'));

function startApp() {
  void loadApp().then(({ App }) => render(<App />));
}

function enterApp(to: string, options?: { replace?: boolean }) {
  window.history[options?.replace ? 'replaceState' : 'pushState'](null, '', to);
  startApp();
}

if (window.location.pathname === '/') {
  render(<LandingApp enterApp={enterApp} prefetchApp={() => void loadApp()} />);
} else {
  startApp();
}
