import { act, screen, waitFor } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { VISITOR_META } from '@atelier/contracts/visitor';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage, withPrerendered } from '../../prerender';
import { loadAnalyticsTag, sendTagPageView } from '../../features/analytics/utils/analytics-tag';
import { legalBackTarget, legalTree, startLegalPage } from '../../prerender-legal';
import { prerenderedTree } from '../../prerender-pages';

vi.mock('../../features/analytics/utils/analytics-tag', { spy: true });

const fetchMock = vi.fn<typeof fetch>();
let authStatus = 401;
let root: Root | undefined;

beforeEach(() => {
  authStatus = 401;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/auth/user')
      return authStatus === 200
        ? Response.json({ id: 'u1' })
        : Response.json({ error: 'Unauthorized' }, { status: authStatus });
    if (url === '/api/config') return Response.json({ devLogin: true });
    return Response.json({ error: 'Not found' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  window.history.replaceState(null, '');
});

/** The prerendered HTML in a fresh #root, hydrated as bootstrap.tsx does; React's hydration complaints collected. */
async function hydrate(page: 'landing' | 'login', handlers: Parameters<typeof prerenderedTree>[1] = {}) {
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = renderPage(page);
  document.body.append(container);
  const problems: unknown[] = [];
  const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => void problems.push(args));
  await act(async () => {
    root = hydrateRoot(container, prerenderedTree(page, handlers), {
      onRecoverableError: (error) => void problems.push(error),
    });
  });
  consoleError.mockRestore();
  return problems;
}

describe('public pages prerendered at build time', () => {
  it('renders the landing for a visitor, not the session spinner', () => {
    const html = renderPage('landing');
    expect(html).toContain('Your AI fashion studio');
    expect(html).toContain('Explore Now');
    expect(html).not.toContain('Checking your session');
  });

  it('renders the login page without the Dev Entry (the config check runs in the browser)', () => {
    const html = renderPage('login');
    expect(html).toContain('Dress the idea. Shoot the look.');
    expect(html).not.toContain('Dev Entry');
  });

  it('puts the HTML in the empty #root of index.html, marked for hydration and as a visitor\'s page, and the light script in place of the entry', () => {
    const index =
      '<!doctype html><head><link href="/main.css" rel="stylesheet"><script defer src="/main.1fe22357.js"></script></head><body><div id="root"></div></body>';
    const page = withPrerendered(index, 'landing', '/light/light.0a1b2c3d.js', '<main>hi</main>');
    expect(page).toBe(
      `<!doctype html><head><link href="/main.css" rel="stylesheet"><script defer src="/light/light.0a1b2c3d.js" data-app-src="/main.1fe22357.js"></script>${VISITOR_META}</head>` +
        '<body><div id="root" data-prerendered="landing"><main>hi</main></div></body>',
    );
    // The page's own title, before any script.
    expect(withPrerendered('<head><title>Atelier</title><script defer src="/main.1.js"></script></head><div id="root"></div>', 'login', '/l.js', '')).toContain('<title>Sign in · Atelier</title>');
    expect(() =>
      withPrerendered('<div id="app"></div><script defer src="/main.1.js"></script>', 'landing', '/l.js', ''),
    ).toThrow(/no empty/);
    expect(() => withPrerendered('<div id="root"></div>', 'landing', '/l.js', '')).toThrow(/main/);
  });

  it('hydrates the landing without a mismatch and keeps it live: links enter the app', async () => {
    const enterApp = vi.fn();
    expect(await hydrate('landing', { enterApp })).toEqual([]);
    const explore = screen.getByRole('link', { name: 'Explore Now' });
    act(() => explore.click());
    expect(enterApp).toHaveBeenCalledWith('/app');
  });

  it('sends a signed-in user on to /app from a prerendered landing restored from the back/forward cache', async () => {
    authStatus = 200;
    const enterApp = vi.fn();
    await hydrate('landing', { enterApp });
    const restored = new Event('pageshow') as PageTransitionEvent;
    Object.defineProperty(restored, 'persisted', { value: true });
    window.dispatchEvent(restored);
    await waitFor(() => expect(enterApp).toHaveBeenCalledWith('/app', { replace: true }));
  });

  it('hydrates the login page without a mismatch, then shows the Dev Entry the config allows', async () => {
    expect(await hydrate('login')).toEqual([]);
    expect(await screen.findByRole('button', { name: /Dev Entry/ })).toBeInTheDocument();
  });

  it('renders the terms and the privacy policy as documents with their Go Back button', () => {
    const terms = renderPage('terms');
    expect(terms).toContain('Terms of Service');
    expect(terms).toContain('Go Back');
    const privacy = renderPage('privacy');
    expect(privacy).toContain('Privacy Policy');
    expect(privacy).toContain('Go Back');
    expect(privacy).not.toContain('Terms of Service</h1>');
  });

  it('hydrates a legal page without a mismatch; Go Back is live', async () => {
    for (const page of ['terms', 'privacy'] as const) {
      const container = document.createElement('div');
      container.innerHTML = renderPage(page);
      document.body.append(container);
      const problems: unknown[] = [];
      const consoleError = vi
        .spyOn(console, 'error')
        .mockImplementation((...args) => void problems.push(args));
      const onBack = vi.fn();
      let legalRoot: Root | undefined;
      await act(async () => {
        legalRoot = hydrateRoot(container, legalTree(page, onBack), {
          onRecoverableError: (error) => void problems.push(error),
        });
      });
      consoleError.mockRestore();
      expect(problems).toEqual([]);
      act(() => screen.getByRole('button', { name: /Go Back/ }).click());
      expect(onBack).toHaveBeenCalledOnce();
      act(() => legalRoot?.unmount());
      container.remove();
    }
  });

  it('sends Go Back from a prerendered legal page where the full app would: Terms home, Privacy back only to a page of ours', () => {
    expect(legalBackTarget('terms')).toBe('/');
    expect(legalBackTarget('privacy')).toBe('/'); // opened by its address: no page of ours behind it
    window.history.replaceState({ usr: null, key: 'k1', idx: 0 }, '');
    expect(legalBackTarget('privacy')).toBe('/'); // the router's first entry
    window.history.replaceState({ usr: null, key: 'k2', idx: 2 }, '');
    expect(legalBackTarget('privacy')).toBe('previous page'); // reloaded after moving around the app
    expect(legalBackTarget('terms')).toBe('/');
    window.history.replaceState({ atelierEnteredFrom: '/login' }, '');
    expect(legalBackTarget('privacy')).toBe('previous page'); // pushed by the login page's light script
  });

  it('starts a prerendered legal page: hydrated, Go Back live, its page view sent to the analytics tag', async () => {
    vi.mocked(sendTagPageView).mockClear();
    const container = document.createElement('div');
    container.innerHTML = renderPage('privacy');
    document.body.append(container);
    let legalRoot: ReturnType<typeof startLegalPage> | undefined;
    await act(async () => {
      legalRoot = startLegalPage(container, 'privacy');
    });
    expect(loadAnalyticsTag).toHaveBeenCalled();
    expect(sendTagPageView).toHaveBeenCalledWith('/privacy');
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    act(() => legalRoot?.unmount());
  });
});
