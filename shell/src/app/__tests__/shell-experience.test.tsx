import { useHost } from '@atelier/host';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendTagPageView } from '../../features/analytics/utils/analytics-tag';
import type { RemoteRegistry } from '../../features/remotes/utils/remote-registry';
import { AppProvider } from '../provider';
import { AppRouter } from '../router';
import { createMemoryAppRouter } from '../../testing/memory-router';

// Page views to the analytics tag are sent for everyone: a test can wait for one as a positive signal.
vi.mock('../../features/analytics/utils/analytics-tag', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../features/analytics/utils/analytics-tag')>()),
  sendTagPageView: vi.fn(),
}));

type Json = Record<string, unknown>;
const freeUser = { id: 'u1', plan: 'free', firstName: 'Ada', email: 'ada@example.com' };

let apiUser: Json | null;
const fetchMock = vi.fn<typeof fetch>();
const tracked = () =>
  fetchMock.mock.calls
    .filter(([url]) => String(url) === '/api/track-event')
    .map(([, init]) => JSON.parse(String(init?.body)) as { eventType: string; metadata: Json });

beforeEach(() => {
  vi.mocked(sendTagPageView).mockClear();
  apiUser = freeUser;
  window.localStorage.clear();
  window.localStorage.setItem('onboardingShown', 'true');
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/auth/user') return apiUser ? Response.json(apiUser) : Response.json({ error: 'Unauthorized' }, { status: 401 });
    if (url === '/api/config') return Response.json({ devLogin: true, avatarEnabled: true });
    if (url === '/api/user-limits') return Response.json({ credits: { used: 3, limit: 25 }, avatar: { used: 0, limit: 2 } });
    if (url === '/api/track-event') return Response.json({ recorded: true }, { status: 202 });
    return Response.json({ error: 'Not found' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function FakeRemote() {
  const host = useHost();
  return <button onClick={() => host.openLimitDialog({ type: 'video', used: 25, limit: 25 })}>Generate</button>;
}

function renderAt(path: string) {
  const registry: RemoteRegistry = { loadComponent: vi.fn(async () => FakeRemote as never) };
  const router = createMemoryAppRouter(path);
  function Harness() {
    const [navigate] = useState(() => (to: string) => router.navigate(to));
    return (
      <AppProvider navigate={navigate} remoteRegistry={registry}>
        <AppRouter history={router.history} />
      </AppProvider>
    );
  }
  render(<Harness />);
  return { router };
}

describe('analytics', () => {
  it('reports a page view (feature_opened with the path and plan) on every route change', async () => {
    const { router } = renderAt('/app');
    await screen.findByRole('heading', { name: 'Start Creating Now' });
    await waitFor(() => expect(tracked()).toContainEqual({ eventType: 'feature_opened', metadata: { user_plan: 'free', page_path: '/app' } }));
    await act(() => router.navigate('/app/dev'));
    await waitFor(() => expect(tracked()).toContainEqual({ eventType: 'feature_opened', metadata: { user_plan: 'free', page_path: '/app/dev' } }));
    await act(() => router.navigate('/app/dev?x=1'));
    expect(tracked().filter((e) => e.metadata.page_path === '/app/dev')).toHaveLength(1);
  });

  it('sends no track-event page views for visitors, and no page view at all for a path the guards redirect from', async () => {
    apiUser = null;
    const { router } = renderAt('/app/canvas');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // The login page's view goes to the analytics tag in the same effect that would post a track-event.
    await waitFor(() => expect(sendTagPageView).toHaveBeenCalledWith('/login'));
    expect(vi.mocked(sendTagPageView).mock.calls).toEqual([['/login']]);
    expect(tracked()).toEqual([]);
  });

  it('reports tab_changed on a tab click, not on the active tab', async () => {
    renderAt('/app');
    const nav = await screen.findByRole('navigation', { name: 'Studio' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Explore' }));
    await userEvent.click(within(nav).getByRole('link', { name: 'Video' }));
    await waitFor(() => expect(tracked()).toContainEqual({ eventType: 'tab_changed', metadata: { user_plan: 'free', tab: 'video', from: 'explore' } }));
    expect(tracked().filter((e) => e.eventType === 'tab_changed')).toHaveLength(1);
  });

  it('reports limit_modal_shown and unlock_clicked around the limit dialog', async () => {
    renderAt('/app/video');
    await userEvent.click(await screen.findByRole('button', { name: 'Generate' }));
    await screen.findByRole('dialog', { name: 'Not enough credits' });
    await waitFor(() =>
      expect(tracked()).toContainEqual({ eventType: 'limit_modal_shown', metadata: { user_plan: 'free', type: 'video', used: 25, limit: 25 } }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove Limits' }));
    await waitFor(() => expect(tracked()).toContainEqual({ eventType: 'unlock_clicked', metadata: { user_plan: 'free', source: 'video' } }));
  });
});

describe('mobile menu', () => {
  async function openMenu() {
    await userEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    return screen.findByRole('dialog', { name: /Atelier/ });
  }

  it('locks page scroll while open, traps focus, and closes on Escape', async () => {
    renderAt('/app');
    const menu = await openMenu();
    await waitFor(() => expect(document.body).toHaveAttribute('data-scroll-locked'));
    for (let i = 0; i < 12; i++) {
      await userEvent.tab();
      expect(menu).toContainElement(document.activeElement as HTMLElement);
    }
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.body).not.toHaveAttribute('data-scroll-locked');
  });

  it('has the tabs, the pricing button, the pre-alpha label and Log Out; slides in over 0.3 s', async () => {
    renderAt('/app');
    const menu = await openMenu();
    expect(menu).toHaveTextContent('pre-alpha');
    expect(within(menu).getAllByRole('link').map((a) => a.textContent)).toEqual(
      expect.arrayContaining(['Explore', 'Image', 'Video', 'Canvas', 'DressUpBeta', 'PhotoshootsNew', 'Remove Limits']),
    );
    expect(within(menu).getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
    expect(menu.className).toMatch(/animate-slide-in-right/);
    expect(menu.className).toMatch(/\[animation-duration:300ms\]/);
  });

  it('closes on the pricing button and goes to /pricing', async () => {
    const { router } = renderAt('/app');
    const menu = await openMenu();
    await userEvent.click(within(menu).getByRole('link', { name: 'Remove Limits' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pricing'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closes on a tap on the backdrop', async () => {
    renderAt('/app');
    const menu = await openMenu();
    const backdrop = menu.previousElementSibling as HTMLElement; // the dialog's overlay
    expect(backdrop).toHaveClass('fixed', 'inset-0');
    await userEvent.click(backdrop);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closes on Log Out and navigates to the logout path', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderAt('/app');
    const menu = await openMenu();
    await userEvent.click(within(menu).getByRole('button', { name: 'Log Out' }));
    expect(assign).toHaveBeenCalledWith('/api/logout');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('onboarding on /app', () => {
  it('opens once on the first visit, then only from the Onboarding button', async () => {
    window.localStorage.removeItem('onboardingShown');
    renderAt('/app');
    expect(await screen.findByRole('dialog', { name: 'Welcome to Atelier' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Skip' }));
    expect(window.localStorage.getItem('onboardingShown')).toBe('true');
  });

  it('stays closed when it was shown before', async () => {
    renderAt('/app');
    await screen.findByRole('heading', { name: 'Start Creating Now' });
    expect(screen.getByRole('button', { name: 'Onboarding' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('privacy Go Back', () => {
  it('returns to the previous page', async () => {
    apiUser = null;
    const { router } = renderAt('/login');
    await userEvent.click(await screen.findByRole('link', { name: 'Privacy Policy' }));
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    await userEvent.click(screen.getByRole('button', { name: /Go Back/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  }, 20_000);
});
