import { act, render, waitFor } from '@testing-library/react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_PAINT_ROUTES } from '../../app/routes/first-paint-routes';
import { createQueryClient, HostProvider } from '@atelier/host';
import { QueryClientProvider } from '@tanstack/react-query';
import { RevealOnNavigation } from '../../components/reveal-app';
import { RequireAuth } from '../../features/auth/components/auth-guards';
import { RemoteRegistryContext, RemoteScreen } from '../../features/remotes/components/remote-screen';
import { remoteForPath } from '../../features/remotes/utils/early-load';
import type { RemoteRegistry } from '../../features/remotes/utils/remote-registry';
import { appContainer, FIRST_PAINT_HOLD_MS, revealApp } from '../first-paint';

/** #root as the gateway sends a remote route: the frame and the remote's screen, before any script. */
function firstPaintRoot(): HTMLElement {
  document.body.innerHTML = '<div id="root" data-first-paint=""><h1>Pricing</h1><p>Loading plans…</p></div>';
  return document.getElementById('root')!;
}

const shown = () => document.getElementById('root')!;

/** The app as bootstrap.tsx renders it behind a first paint: a RemoteScreen in the element appContainer gives. */
function renderRemoteScreenBehindFirstPaint(registry: RemoteRegistry) {
  const app = appContainer(firstPaintRoot());
  const root = createRoot(app);
  act(() =>
    root.render(
      <RemoteRegistryContext.Provider value={registry}>
        <RemoteScreen id="mf_pricing/PricingPage" label="Pricing" />
      </RemoteRegistryContext.Provider>,
    ),
  );
  return { app, root };
}

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => {
  revealApp(); // nothing held over into the next test
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe("a remote route's first paint", () => {
  it('leaves a page without one alone: the app renders in #root itself', () => {
    document.body.innerHTML = '<div id="root"></div>';
    const root = document.getElementById('root')!;
    expect(appContainer(root)).toBe(root);
  });

  it('stays in the page while the app renders out of it, until the app reveals itself in its place', () => {
    const root = firstPaintRoot();
    const app = appContainer(root);
    expect(app).not.toBe(root);
    expect(app.isConnected).toBe(false);
    app.textContent = 'the app';
    expect(shown().textContent).toBe('Pricing' + 'Loading plans…');

    revealApp();
    expect(shown()).toBe(app);
    expect(document.querySelectorAll('#root')).toHaveLength(1);
    expect(document.querySelector('[data-first-paint]')).toBeNull();
    revealApp(); // once only
    expect(shown()).toBe(app);
  });

  it('gives way to the app after FIRST_PAINT_HOLD_MS even if nothing reveals it', () => {
    vi.useFakeTimers();
    const app = appContainer(firstPaintRoot());
    vi.advanceTimersByTime(FIRST_PAINT_HOLD_MS - 1);
    expect(shown()).not.toBe(app);
    vi.advanceTimersByTime(1);
    expect(shown()).toBe(app);
  });

  it('is replaced when the remote screen has loaded, not while its spinner shows', async () => {
    let loaded!: (component: never) => void;
    const registry: RemoteRegistry = { loadComponent: () => new Promise((resolve) => (loaded = resolve)) };
    const { app, root } = renderRemoteScreenBehindFirstPaint(registry);
    expect(app.querySelector('[role="status"]')).not.toBeNull(); // the app's spinner, out of sight
    expect(shown().dataset.firstPaint).toBe('');

    await act(async () => loaded((() => <section data-remote="mf_pricing">Plans</section>) as never));
    await waitFor(() => expect(shown()).toBe(app));
    expect(shown().textContent).toBe('Plans');
    act(() => root.unmount());
  });

  it("is replaced by the remote's error when it cannot be loaded", async () => {
    const registry: RemoteRegistry = {
      loadComponent: () => Promise.reject(new Error('Failed to fetch mf-manifest.json')),
    };
    const { app, root } = renderRemoteScreenBehindFirstPaint(registry);
    await waitFor(() => expect(shown()).toBe(app));
    expect(shown().textContent).toContain('Pricing is unavailable');
    act(() => root.unmount());
  });

  it('is replaced when the app leaves the route it was for (a redirect to /login), not before', async () => {
    const app = appContainer(firstPaintRoot());
    let go!: (to: string) => void;
    function Navigator() {
      const navigate = useNavigate();
      go = (to) => void navigate(to);
      return null;
    }
    render(
      <MemoryRouter initialEntries={['/app/image']}>
        <RevealOnNavigation />
        <Navigator />
      </MemoryRouter>,
      { container: app },
    );
    expect(shown()).not.toBe(app);
    act(() => go('/login'));
    expect(shown()).toBe(app);
  });
});

describe('a failed session check behind a first paint', () => {
  it('replaces the first paint with the error and its Try again (the studio drawn before the check stayed)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>Bad Gateway</html>', { status: 502 })));
    try {
      const app = appContainer(firstPaintRoot());
      render(
        <QueryClientProvider client={createQueryClient()}>
          <HostProvider host={{ apiRequest: vi.fn(), toast: vi.fn(), openLimitDialog: vi.fn(), navigate: vi.fn(), track: vi.fn() }}>
            <MemoryRouter initialEntries={['/app/canvas']}>
              <RequireAuth />
            </MemoryRouter>
          </HostProvider>
        </QueryClientProvider>,
        { container: app },
      );
      await waitFor(() => expect(shown()).toBe(app));
      expect(shown().textContent).toContain("We couldn't check your session");
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('FIRST_PAINT_ROUTES', () => {
  it('names, for each path, the remote the early load gives that path', () => {
    for (const [path, { remote, screen }] of Object.entries(FIRST_PAINT_ROUTES)) {
      expect(remoteForPath(path), path).toBe(remote);
      expect(screen, path).toMatch(/^[A-Z][A-Za-z]+(\?[a-z]+=[a-z-]+)?$/);
      expect(FIRST_PAINT_ROUTES[path]!.session, path).toBe(path.startsWith('/app/'));
    }
  });
});
