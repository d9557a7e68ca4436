import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIGHT_PAGE_GLOBAL, lightPage, type FullApp } from '../../lib/light-page';
import { renderPage } from '../../prerender';

// src/light.tsx runs on import, as the prerendered page's script does: it finds the page in #root and the
// federated entry's address on its own script tag.

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => (String(input) === '/api/auth/user' ? Response.json({ error: 'Unauthorized' }, { status: 401 }) : Response.json({}))),
  );
  window.history.replaceState(null, '', '/');
  const script = document.createElement('script');
  script.dataset.appSrc = '/main.1fe22357.js';
  document.head.append(script);
  const root = document.createElement('div');
  root.id = 'root';
  root.dataset.prerendered = 'landing';
  root.innerHTML = renderPage('landing');
  document.body.append(root);
  vi.resetModules();
});
afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  delete (window as unknown as Record<string, unknown>)[LIGHT_PAGE_GLOBAL];
  vi.unstubAllGlobals();
});

const appScripts = () => [...document.head.querySelectorAll('script[src]')].map((s) => s.getAttribute('src'));

describe('the light page script', () => {
  it('hydrates the page and loads nothing else until the visitor moves on', async () => {
    await act(async () => {
      await import('../../light');
    });
    expect(lightPage()).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Explore Now' })).toBeInTheDocument();
    expect(appScripts()).toEqual([]);
  });

  it('on a link: pushes the address, adds the federated entry once, and gives it the container when it is ready', async () => {
    await act(async () => {
      await import('../../light');
    });
    act(() => screen.getByRole('link', { name: 'Explore Now' }).click());
    expect(window.location.pathname).toBe('/app');
    expect(appScripts()).toEqual(['/main.1fe22357.js']);
    // A second click before the app is there changes nothing.
    act(() => screen.getByRole('link', { name: 'Pricing' }).click());
    expect(window.location.pathname).toBe('/app');
    expect(appScripts()).toHaveLength(1);

    // The entry loads and attaches: it is asked to start, and the page lets go when told to.
    const app: FullApp = { prefetch: vi.fn(), start: vi.fn() };
    lightPage()!.attach(app);
    expect(app.start).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Explore Now' })).toBeInTheDocument(); // still on screen
    const release = vi.mocked(app.start).mock.calls[0]![0];
    act(() => release());
    expect(document.getElementById('root')!.childElementCount).toBe(0);
  });

  it('prefetches on intent without leaving the page', async () => {
    await act(async () => {
      await import('../../light');
    });
    const app: FullApp = { prefetch: vi.fn(), start: vi.fn() };
    lightPage()!.attach(app);
    act(() => {
      screen.getByRole('link', { name: 'Explore Now' }).dispatchEvent(new MouseEvent('pointerover', { bubbles: true }));
    });
    expect(app.prefetch).toHaveBeenCalled();
    expect(app.start).not.toHaveBeenCalled();
    expect(window.location.pathname).toBe('/');
  });
});
