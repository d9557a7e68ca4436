import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../../../app/provider';
import { AppRouter } from '../../../app/router';
import { createMemoryAppRouter } from '../../../testing/memory-router';
import { QueryAnswered } from '../../../testing/query-answered';
import { sendTagPageView } from '../../analytics/utils/analytics-tag';
import type { RemoteRegistry } from '../../remotes/utils/remote-registry';
import { publicConfigQueryOptions } from '../api/get-config';
import { localDay } from '../hooks/use-sign-in-landing';
import { GENERIC_SIGN_IN_ERROR, SIGN_IN_ERROR_MESSAGES, SIGN_IN_ERROR_TITLE } from '../utils/sign-in-errors';

type Json = Record<string, unknown>;
const ada = { id: 'u-ada', plan: 'free', firstName: 'Ada', email: 'ada@example.com' };

let apiUser: Json | null;
let apiConfig: Json;
const fetchMock = vi.fn<typeof fetch>();

/** The events posted to /api/track-event, in order. */
function tracked(): { eventType: string; metadata: Json }[] {
  return fetchMock.mock.calls
    .filter(([url]) => String(url) === '/api/track-event')
    .map(([, init]) => JSON.parse(String(init?.body)) as { eventType: string; metadata: Json });
}
const calls = (path: string) => fetchMock.mock.calls.filter(([url]) => String(url) === path).length;

// Page views to the analytics tag are sent for everyone: a test can wait for one as a positive signal.
vi.mock('../../analytics/utils/analytics-tag', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../analytics/utils/analytics-tag')>()),
  sendTagPageView: vi.fn(),
}));

beforeEach(() => {
  vi.mocked(sendTagPageView).mockClear();
  apiUser = null;
  apiConfig = { devLogin: false, avatarEnabled: true };
  window.localStorage.clear();
  window.sessionStorage.clear();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/auth/user') return apiUser ? Response.json(apiUser) : Response.json({ error: 'Unauthorized' }, { status: 401 });
    if (url === '/api/config') return Response.json(apiConfig);
    if (url === '/api/user-limits') return Response.json({ credits: { used: 3, limit: 25 }, avatar: { used: 0, limit: 0 } });
    if (url === '/api/track-event') return Response.json({ ok: true });
    return Response.json({ error: 'Not found' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderAt(path: string) {
  const registry: RemoteRegistry = { loadComponent: vi.fn(async () => (() => null) as never) };
  const router = createMemoryAppRouter(path);
  const configAnswered = vi.fn();
  function Harness() {
    const [navigate] = useState(() => (to: string, options?: { replace?: boolean }) => router.navigate(to, options));
    return (
      <AppProvider navigate={navigate} remoteRegistry={registry}>
        <AppRouter history={router.history} />
        <QueryAnswered query={publicConfigQueryOptions()} onAnswer={configAnswered} />
      </AppProvider>
    );
  }
  const view = render(<Harness />);
  return { router, view, configAnswered };
}

describe('sign-in landing', () => {
  it('posts user_signup once for ?new_login=1 and leaves a clean /app in the address bar', async () => {
    apiUser = ada;
    window.localStorage.setItem('onboardingShown', 'true'); // the first-visit onboarding has its own tests
    const { router } = renderAt('/app?new_login=1');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/app');
    // Replaced, not pushed: Back does not return to the parameter.
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(tracked().map((e) => e.eventType)).toContain('user_signup'));
    // Moving on to another tab: once its page view is posted, every effect of the landing has run.
    await userEvent.click(within(await screen.findByRole('navigation', { name: 'Studio' })).getByRole('link', { name: 'Image' }));
    await waitFor(() => expect(tracked()).toContainEqual({ eventType: 'feature_opened', metadata: { user_plan: 'free', page_path: '/app/image' } }));
    const signups = tracked().filter((e) => e.eventType === 'user_signup');
    expect(signups).toEqual([{ eventType: 'user_signup', metadata: { user_plan: 'free' } }]);
  });

  it('keeps other parameters when it removes new_login', async () => {
    apiUser = ada;
    const { router } = renderAt('/app/canvas?imageUrl=%2Fmedia%2Fa.png&new_login=1');
    await waitFor(() => expect(router.state.location.search).toBe('?imageUrl=%2Fmedia%2Fa.png'));
    expect(router.state.location.pathname).toBe('/app/canvas');
  });

  it('posts no signup on an ordinary landing, but session_started once a session and daily_active once a day', async () => {
    apiUser = ada;
    const first = renderAt('/app');
    // feature_opened is the shell's page view (features/analytics), not part of the sign-in landing.
    const landingEvents = () => tracked().map((e) => e.eventType).filter((type) => type !== 'feature_opened');
    await waitFor(() => expect(landingEvents()).toEqual(['session_started', 'daily_active']));
    first.view.unmount();
    // A reload in the same browser session: neither event again.
    // The reload's page view is posted once its user is known, in the same commit as the landing's effect.
    const pageViews = () => tracked().filter((e) => e.eventType === 'feature_opened').length;
    const viewsBefore = pageViews();
    const reload = renderAt('/app');
    await waitFor(() => expect(pageViews()).toBeGreaterThan(viewsBefore));
    expect(landingEvents()).toEqual(['session_started', 'daily_active']);
    reload.view.unmount();
    // A new browser session the same day: a new session, but daily_active was already posted today.
    window.sessionStorage.clear();
    renderAt('/app');
    await waitFor(() => expect(tracked().filter((e) => e.eventType === 'session_started')).toHaveLength(2));
    expect(tracked().filter((e) => e.eventType === 'daily_active')).toEqual([
      { eventType: 'daily_active', metadata: { user_plan: 'free', local_day: localDay(new Date()) } },
    ]);
    expect(tracked().some((e) => e.eventType === 'user_signup')).toBe(false);
  });

  it('posts user_login once after a sign-in (the account service marker cookie) and removes the marker', async () => {
    apiUser = ada;
    document.cookie = 'atelier_signed_in=1; Path=/';
    const first = renderAt('/app');
    await waitFor(() => expect(tracked().map((e) => e.eventType)).toContain('user_login'));
    expect(document.cookie).not.toContain('atelier_signed_in=1');
    expect(tracked().find((e) => e.eventType === 'user_login')).toEqual({ eventType: 'user_login', metadata: { user_plan: 'free' } });
    first.view.unmount();
    // A new session without a new sign-in (the marker is gone): no user_login.
    window.sessionStorage.clear();
    renderAt('/app');
    await waitFor(() => expect(tracked().filter((e) => e.eventType === 'session_started')).toHaveLength(2));
    expect(tracked().filter((e) => e.eventType === 'user_login')).toHaveLength(1);
  });

  it('keys daily_active on the local calendar day, not the UTC one', () => {
    // 23:30 local on Nov 22 and 00:30 local on Nov 23 are different calendar days wherever the test runs.
    expect(localDay(new Date(2026, 10, 22, 23, 30))).toBe('2026-11-22');
    expect(localDay(new Date(2026, 10, 23, 0, 30))).toBe('2026-11-23');
    expect(localDay(new Date(2026, 0, 5, 12))).toBe('2026-01-05');
  });

  it('sends a signed-out visitor with ?new_login=1 to /login without tracking', async () => {
    const { router } = renderAt('/app?new_login=1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(tracked()).toEqual([]);
  });
});

describe('current user', () => {
  it('asks /api/auth/user once: a 401 means signed out, never retried, and limits are not asked', async () => {
    const { router } = renderAt('/app');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // The login page's view (to the analytics tag) comes after every effect of the signed-out render.
    await waitFor(() => expect(sendTagPageView).toHaveBeenCalledWith('/login'));
    expect(calls('/api/auth/user')).toBe(1);
    expect(calls('/api/user-limits')).toBe(0);
  });

  it('shows the first name, or the email when there is none, and asks the limits once signed in', async () => {
    apiUser = { ...ada, firstName: null };
    renderAt('/app');
    expect((await screen.findAllByText('ada@example.com')).length).toBeGreaterThan(0);
    await waitFor(() => expect(calls('/api/user-limits')).toBeGreaterThan(0));
  });
});

describe('login screen', () => {
  it('explains why the last sign-in failed, for each known code', async () => {
    for (const [code, message] of Object.entries(SIGN_IN_ERROR_MESSAGES)) {
      const { view } = renderAt(`/login?error=${code}`);
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(SIGN_IN_ERROR_TITLE);
      expect(alert).toHaveTextContent(message);
      view.unmount();
    }
  });

  it('gives a generic message for an unknown code and none without an error', async () => {
    const unknown = renderAt('/login?error=%3Cscript%3E');
    expect(await screen.findByRole('alert')).toHaveTextContent(GENERIC_SIGN_IN_ERROR);
    unknown.view.unmount();
    renderAt('/login');
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('hides Dev Entry until the server reports development sign-in', async () => {
    const { configAnswered } = renderAt('/login?error=unavailable');
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    await waitFor(() => expect(configAnswered).toHaveBeenCalled()); // the login screen has rendered the answer
    expect(calls('/api/config')).toBe(1);
    expect(screen.queryByRole('button', { name: 'Dev Entry' })).not.toBeInTheDocument();
  });
});
