import { VISITOR_META_NAME } from '@atelier/contracts/visitor';
import { PHOTOSHOOT_SESSION_KEY, useHost, userLimitsQueryOptions } from '@atelier/host';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publicConfigQueryOptions } from '../../features/auth/api/get-config';
import type { RemoteRegistry } from '../../features/remotes/utils/remote-registry';
import { QueryAnswered } from '../../testing/query-answered';
import { AppProvider } from '../provider';
import { AppRouter } from '../router';
import { createMemoryAppRouter } from '../../testing/memory-router';

type Json = Record<string, unknown>;
const freeUser = { id: 'u1', plan: 'free', firstName: 'Ada', email: 'ada@example.com' };
const freeLimits = { credits: { used: 25, limit: 25 }, avatar: { used: 0, limit: 0 } };
/** A paid plan with photoshoots left. */
const photoshootsLeft = { credits: { used: 3, limit: 150 }, avatar: { used: 1, limit: 2 } };

const accountSummary = {
  plan: 'free',
  stripeSubscriptionId: null,
  billingPeriod: null,
  period: { start: '2025-03-10T00:00:00.000Z', end: '2025-03-11T00:00:00.000Z' },
  limits: freeLimits,
};
const ledgerPage = {
  items: [{ id: 'm1', at: '2025-03-10T11:00:00.000Z', feature: 'credits', kind: 'charge', amount: -1, key: 'gen-1', source: 'image' }],
  nextCursor: null,
};

let apiUser: Json | null | 'pending' | 'server error' | { slow: Json };
let apiConfig: Json;
let apiLimits: Json | Promise<Json>;
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  apiUser = null;
  apiConfig = { devLogin: true, avatarEnabled: true };
  apiLimits = freeLimits;
  window.localStorage.clear();
  window.localStorage.setItem('onboardingShown', 'true'); // the first-visit onboarding has its own tests
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/auth/user') {
      if (apiUser === 'pending') return new Promise<Response>(() => {});
      if (apiUser === 'server error') return new Response('<html>502 Bad Gateway</html>', { status: 502 });
      if (apiUser && 'slow' in apiUser) {
        const { slow } = apiUser;
        return new Promise<Response>((resolve) => setTimeout(() => resolve(Response.json(slow)), 200));
      }
      return apiUser ? Response.json(apiUser) : Response.json({ error: 'Unauthorized' }, { status: 401 });
    }
    if (url === '/api/config') return Response.json(apiConfig);
    if (url === '/api/user-limits') return apiUser === null ? Response.json({ error: 'Unauthorized' }, { status: 401 }) : Response.json(await apiLimits);
    if (url === '/api/track-event') return Response.json({ ok: true });
    if (url === '/api/account/summary') return Response.json(accountSummary);
    if (url.startsWith('/api/credits/ledger?')) return Response.json(ledgerPage);
    if (url === '/api/generations') return apiUser ? Response.json({ items: [] }) : Response.json({ error: 'Unauthorized' }, { status: 401 });
    return Response.json({ error: 'Not found' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// A stand-in remote that renders its props, asks the host for the limit dialog, navigates or refreshes the limits.
function FakeRemote(props: Record<string, unknown>) {
  const host = useHost();
  const queryClient = useQueryClient();
  return (
    <section data-remote="fake">
      remote {JSON.stringify(props)}
      <button onClick={() => host.openLimitDialog({ type: 'canvas', used: 5, limit: 5 })}>Edit Photo</button>
      <button onClick={() => host.openLimitDialog({ type: 'dressup', used: 150, limit: 150 })}>Dress up</button>
      <button onClick={() => host.openLimitDialog({ type: 'dressup', feature: 'avatar', used: 2, limit: 2 })}>Photoshoot</button>
      <button onClick={() => host.navigate('/app/photoshoots')}>Open photoshoots</button>
      <button onClick={() => void queryClient.invalidateQueries({ queryKey: ['/api/user-limits'] })}>Refresh limits</button>
      <button onClick={() => host.guardNavigation?.((to) => to.pathname !== '/app/canvas')}>Hold navigation</button>
      <button onClick={() => void host.apiRequest('GET', '/api/generations').catch(() => {})}>Load creations</button>
    </section>
  );
}

/** The avatar allowance the app's limits query holds, in a hidden element (a test waits for a new answer there). */
function AvatarLimitsShown() {
  const { data } = useQuery({ ...userLimitsQueryOptions(true), enabled: false });
  return (
    <output hidden data-testid="avatar-limits">
      {JSON.stringify(data?.avatar ?? null)}
    </output>
  );
}

function renderAt(path: string) {
  const registry: RemoteRegistry = { loadComponent: vi.fn(async () => FakeRemote as never) };
  const router = createMemoryAppRouter(path);
  const configAnswered = vi.fn();
  const limitsAnswered = vi.fn();
  function Harness() {
    const [navigate] = useState(() => (to: string) => router.navigate(to));
    return (
      <AppProvider navigate={navigate} remoteRegistry={registry} guard={router.history.guard}>
        <AppRouter history={router.history} />
        <QueryAnswered query={publicConfigQueryOptions()} onAnswer={configAnswered} />
        <QueryAnswered query={userLimitsQueryOptions(true)} onAnswer={limitsAnswered} />
        <AvatarLimitsShown />
      </AppProvider>
    );
  }
  render(<Harness />);
  return { router, registry, configAnswered, limitsAnswered };
}

describe('guards', () => {
  it('sends a signed-out visitor from /app/canvas to /login, without loading the remote', async () => {
    const { router, registry } = renderAt('/app/canvas');
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(registry.loadComponent).not.toHaveBeenCalled();
  });

  it('sends the user to /login when a call is refused 401 (signed out in another tab): the studio stayed, its calls failing', async () => {
    apiUser = freeUser;
    const { router } = renderAt('/app/canvas');
    await userEvent.click(await screen.findByRole('button', { name: 'Load creations' }));
    expect(router.state.location.pathname).toBe('/app/canvas');
    apiUser = null; // the session ended elsewhere
    await userEvent.click(screen.getByRole('button', { name: 'Load creations' }));
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends the user to /login when a query is refused 401 (the limits poll of an idle tab)', async () => {
    apiUser = freeUser;
    const { router } = renderAt('/app/canvas');
    await userEvent.click(await screen.findByRole('button', { name: 'Refresh limits' }));
    expect(router.state.location.pathname).toBe('/app/canvas');
    apiUser = null; // the session ended elsewhere
    await userEvent.click(screen.getByRole('button', { name: 'Refresh limits' }));
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it("on a page the gateway marked as a visitor's (no session cookie): signed out without asking, so no 401 is logged", async () => {
    const mark = document.createElement('meta');
    mark.name = VISITOR_META_NAME;
    document.head.append(mark);
    try {
      const { router } = renderAt('/app/canvas');
      expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/login');
      expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/auth/user')).toBe(false);
    } finally {
      mark.remove();
    }
  });

  it('does not sign the user out when the session check fails with a server error: it says so and tries again', async () => {
    apiUser = 'server error';
    const { router, registry } = renderAt('/app/canvas');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't check your session");
    expect(router.state.location.pathname).toBe('/app/canvas');
    expect(registry.loadComponent).not.toHaveBeenCalled();
    // The retry takes a while: the app waits for it (it went to /login the moment Try again was pressed).
    apiUser = { slow: freeUser };
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(router.state.location.pathname).toBe('/app/canvas');
    expect(screen.getByRole('status', { name: 'Checking your session' })).toBeInTheDocument();
    await waitFor(() => expect(registry.loadComponent).toHaveBeenCalled());
    expect(screen.queryByText("We couldn't check your session")).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/canvas');
  });

  it('sends a signed-in user from / to /app', async () => {
    apiUser = freeUser;
    const { router } = renderAt('/');
    expect(await screen.findByRole('heading', { name: 'Start Creating Now' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app');
  });

  it('shows a spinner while auth loads, on / and on /app', async () => {
    apiUser = 'pending';
    renderAt('/');
    expect(await screen.findByRole('status', { name: 'Checking your session' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Explore Now' })).not.toBeInTheDocument();
  });

  it('shows the landing page to a visitor, with Login and Explore Now going to /app', async () => {
    renderAt('/');
    expect(await screen.findByRole('link', { name: 'Explore Now' })).toHaveAttribute('href', '/app');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/app');
    expect(screen.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
  });
});

describe("a remote's navigation guard (host.guardNavigation)", () => {
  it('stops host.navigate and the browser\'s Back while it holds', async () => {
    apiUser = freeUser;
    const { router } = renderAt('/app/image');
    await screen.findByRole('button', { name: 'Open photoshoots' });
    act(() => router.navigate('/app/canvas'));
    await screen.findByRole('button', { name: 'Hold navigation' });
    await userEvent.click(screen.getByRole('button', { name: 'Hold navigation' }));
    // Back (a POP the browser has already made) is undone; a remote's navigate never happens.
    act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/canvas'));
    await userEvent.click(screen.getByRole('button', { name: 'Open photoshoots' }));
    expect(router.state.location.pathname).toBe('/app/canvas');
  });
});

describe('routes', () => {
  it('shows the not-found page for any other path', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Generator' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('Page not found · Atelier');
  });

  it("names each page in the document's title (every route was 'Atelier')", async () => {
    apiUser = freeUser;
    const { router } = renderAt('/app/image');
    await waitFor(() => expect(document.title).toBe('Image · Atelier'));
    act(() => router.navigate('/app/dress-up'));
    await waitFor(() => expect(document.title).toBe('Dress Up · Atelier'));
    act(() => router.navigate('/pricing/all'));
    await waitFor(() => expect(document.title).toBe('Pricing · Atelier'));
    act(() => router.navigate('/app'));
    await waitFor(() => expect(document.title).toBe('Explore · Atelier'));
  });

  it('shows Dev Entry on /login only when the server offers development sign-in', async () => {
    apiConfig = { devLogin: false, avatarEnabled: true };
    const { configAnswered } = renderAt('/login');
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    await waitFor(() => expect(configAnswered).toHaveBeenCalled()); // the login screen has rendered the answer
    expect(screen.queryByRole('button', { name: 'Dev Entry' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  });

  it('offers Dev Entry when /api/config says devLogin', async () => {
    renderAt('/login');
    expect(await screen.findByRole('button', { name: 'Dev Entry' })).toBeInTheDocument();
  });

  it('lists the five cards on /app with their targets', async () => {
    apiUser = freeUser;
    renderAt('/app');
    await screen.findByRole('heading', { name: 'Start Creating Now' });
    const targets = {
      'Generate Images': '/app/image',
      'Generate Videos': '/app/video',
      Photoshoots: '/app/photoshoots',
      'Virtual Try-On': '/app/dress-up',
      'Canvas Editing': '/app/canvas',
    };
    for (const [title, href] of Object.entries(targets)) {
      expect(screen.getByRole('heading', { name: title }).closest('a')).toHaveAttribute('href', href);
    }
  });

  it.each([
    ['/app/image', 'mf_create/CreateScreen', { tab: 'image' }],
    ['/app/video', 'mf_create/CreateScreen', { tab: 'video' }],
    ['/app/dress-up', 'mf_create/CreateScreen', { tab: 'dress-up' }],
    ['/app/photoshoots', 'mf_photoshoot/PhotoshootFlow', {}],
    ['/app/canvas', 'mf_canvas/CanvasEditor', {}],
    ['/pricing', 'mf_pricing/PricingPage', { variant: 'select' }],
    ['/pricing/all', 'mf_pricing/PricingPage', { variant: 'all' }],
    ['/pricing/in', 'mf_pricing/PricingPage', { variant: 'in' }],
  ])('%s renders %s with %j', async (path, id, props) => {
    apiUser = freeUser;
    apiLimits = photoshootsLeft; // a free user's 0 of 0 photoshoots would keep /app/photoshoots shut
    const { registry } = renderAt(path);
    expect(await screen.findByText(`remote ${JSON.stringify(props)}`)).toBeInTheDocument();
    expect(registry.loadComponent).toHaveBeenCalledWith(id, { retry: false });
  });

  it('keeps pricing public', async () => {
    renderAt('/pricing/in');
    expect(await screen.findByText('remote {"variant":"in"}')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Sign up' })[0]).toHaveAttribute('href', '/login');
  });
});

describe('app header and host', () => {
  it('shows the tabs, Remove Limits for a free user, the first name and Logout', async () => {
    apiUser = freeUser;
    renderAt('/app/canvas');
    const nav = await screen.findByRole('navigation', { name: 'Studio' });
    const labels = [...nav.querySelectorAll('a')].map((a) => a.textContent);
    expect(labels).toEqual(['Explore', 'Image', 'Video', 'Canvas', 'DressUpBeta', 'PhotoshootsNew']);
    expect(screen.getByRole('link', { name: 'Canvas' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Remove Limits' })).toHaveAttribute('href', '/pricing');
    expect(screen.getByText('Ada')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('shows Subscription to a paid user and hides Photoshoots when the avatar flag is off', async () => {
    apiUser = { ...freeUser, plan: 'pro', firstName: null };
    apiConfig = { devLogin: false, avatarEnabled: false };
    renderAt('/app');
    expect(await screen.findByRole('link', { name: 'Subscription' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Studio' });
    await waitFor(() => expect(nav).not.toHaveTextContent('Photoshoots'));
    expect(nav).toHaveTextContent('DressUp');
  });

  it('opens a new page at its top (Terms from the pricing footer opened part-way down); Back is left to the browser', async () => {
    apiUser = freeUser;
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    try {
      const { router } = renderAt('/pricing');
      await screen.findByText(/^remote /);
      scrollTo.mockClear();
      await act(() => router.navigate('/terms'));
      await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 0));
      scrollTo.mockClear();
      await act(() => router.navigate(-1));
      await waitFor(() => expect(router.state.location.pathname).toBe('/pricing'));
      expect(scrollTo).not.toHaveBeenCalled();
    } finally {
      scrollTo.mockRestore();
    }
  });

  it('opens the limit dialog for a remote; Remove Limits goes to /pricing', async () => {
    apiUser = freeUser;
    const { router } = renderAt('/app/canvas');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Photo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Not enough credits' });
    expect(dialog).toHaveTextContent("You've hit today's daily free limit. Unlock Unlimited Access.");
    await userEvent.click(screen.getByRole('button', { name: 'Remove Limits' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pricing'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("speaks to a paying user's billing period, not the free plan's daily limit; See plans goes to /pricing", async () => {
    apiUser = { ...freeUser, plan: 'basic' };
    const { router } = renderAt('/app/canvas');
    await screen.findByRole('link', { name: 'Subscription' }); // the user is known
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Photo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Not enough credits' });
    expect(dialog).toHaveTextContent(
      "You've used this billing period's credits. They renew with the next period, or a bigger plan gives more now.",
    );
    expect(dialog).not.toHaveTextContent('daily free limit');
    expect(within(dialog).queryByRole('button', { name: 'Remove Limits' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'See plans' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pricing'));
  });

  it("tells Dress Up's credits from photoshoots (both SPEC's type dressup), and offers Pro no bigger plan", async () => {
    apiUser = { ...freeUser, plan: 'pro' };
    renderAt('/app/canvas');
    await screen.findByRole('link', { name: 'Subscription' });
    await userEvent.click(await screen.findByRole('button', { name: 'Dress up' }));
    let dialog = await screen.findByRole('dialog', { name: 'Not enough credits' });
    expect(dialog).toHaveTextContent("You've used this billing period's credits. They renew with the next period.");
    expect(dialog).not.toHaveTextContent('bigger plan');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Photoshoot' }));
    dialog = await screen.findByRole('dialog', { name: 'Not enough credits' });
    expect(dialog).toHaveTextContent("You've used this billing period's photoshoots. They renew with the next period.");
  });

  it('opens the mobile menu with the tabs and pre-alpha label, and closes it on choosing a tab', async () => {
    apiUser = freeUser;
    const { router } = renderAt('/app');
    await userEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog');
    expect(menu).toHaveTextContent('pre-alpha');
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
    // Focus starts on the menu's first item, not on Log Out (one Enter from signing a keyboard user out).
    await waitFor(() => expect(document.activeElement).toBe(within(menu).getAllByRole('link')[0]));
    await userEvent.click(screen.getByRole('navigation', { name: 'Studio menu' }).querySelector('a[href="/app/image"]')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/image'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('blocks the Photoshoots tab with the limit dialog (type dressup) when the avatar allowance is used up', async () => {
    apiUser = freeUser; // limits: avatar 0 of 0
    window.localStorage.setItem('photoshootsReturnPath', '/app/image');
    const { router, limitsAnswered } = renderAt('/app');
    await waitFor(() => expect(limitsAnswered).toHaveBeenCalled()); // the gate judges only loaded limits
    const nav = await screen.findByRole('navigation', { name: 'Studio' });
    await userEvent.click(nav.querySelector('a[href="/app/photoshoots"]')!);
    const dialog = await screen.findByRole('dialog', { name: 'Not enough credits' });
    expect(dialog).toHaveTextContent('0 of 0 used');
    expect(dialog).toHaveTextContent('Photoshoots come with the paid plans.');
    expect(router.state.location.pathname).toBe('/app');
    expect(window.localStorage.getItem('photoshootsReturnPath')).toBeNull();
  });
});

describe('the account page (/app/account)', () => {
  it('is reached from the header: plan, allowances and the credit history', async () => {
    apiUser = freeUser;
    const { router } = renderAt('/app');
    const account = await screen.findByRole('link', { name: 'Account' });
    expect(account).toHaveAttribute('href', '/app/account');
    expect(account).not.toHaveAttribute('aria-current');
    await userEvent.click(account);
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/account');
    expect(await screen.findByRole('region', { name: 'Plan' })).toHaveTextContent('Free');
    expect(screen.getByRole('region', { name: 'Credits' })).toHaveTextContent('0left of 25');
    expect(await screen.findByText('Image generation')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Account' })).toHaveAttribute('aria-current', 'page');
    // No studio tab is the current one on the account page.
    expect(within(screen.getByRole('navigation', { name: 'Studio' })).queryByRole('link', { current: 'page' })).not.toBeInTheDocument();
  });

  it('is reached from the mobile menu, which closes', async () => {
    apiUser = freeUser;
    const { router } = renderAt('/app');
    await userEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog');
    await userEvent.click(within(menu).getByRole('link', { name: 'Account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/account'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
  });

  it('sends a signed-out visitor to /login', async () => {
    const { router } = renderAt('/app/account');
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(fetchMock.mock.calls.map(([input]) => String(input))).not.toContain('/api/account/summary');
  });
});

describe('the Photoshoots gate', () => {
  const limitDialog = () => screen.findByRole('dialog', { name: 'Not enough credits' });
  const photoshootsLoaded = (registry: RemoteRegistry) =>
    vi.mocked(registry.loadComponent).mock.calls.some(([id]) => id === 'mf_photoshoot/PhotoshootFlow');
  const trackedLimitModal = () =>
    fetchMock.mock.calls.filter(([url, init]) => url === '/api/track-event' && String(init?.body).includes('limit_modal_shown'));

  it('keeps a free user who types /app/photoshoots out: the limit dialog (dressup, 0 of 0), /app, return path cleared', async () => {
    apiUser = freeUser;
    window.localStorage.setItem('photoshootsReturnPath', '/app/image');
    const { router, registry } = renderAt('/app/photoshoots');
    const dialog = await limitDialog();
    expect(dialog).toHaveTextContent('0 of 0 used');
    expect(dialog.querySelector('[data-limit-type]')).toHaveAttribute('data-limit-type', 'dressup');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
    expect(await screen.findByText('Start Creating Now')).toBeInTheDocument(); // the home page, behind the dialog
    expect(window.localStorage.getItem('photoshootsReturnPath')).toBeNull();
    expect(photoshootsLoaded(registry)).toBe(false);
    await waitFor(() => expect(trackedLimitModal()).toHaveLength(1));
  });

  it('waits for the limits before judging a typed address', async () => {
    apiUser = freeUser;
    let answer: (limits: Json) => void = () => {};
    apiLimits = new Promise<Json>((resolve) => (answer = resolve));
    const { router, registry } = renderAt('/app/photoshoots');
    expect(await screen.findByRole('status', { name: 'Checking your photoshoots' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(photoshootsLoaded(registry)).toBe(false);
    answer({ credits: { used: 0, limit: 150 }, avatar: { used: 2, limit: 2 } });
    expect(await limitDialog()).toHaveTextContent('2 of 2 used');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
  });

  it('opens the flow for a typed address while photoshoots are left, and for an unlimited allowance', async () => {
    apiUser = { ...freeUser, plan: 'basic' };
    apiLimits = photoshootsLeft;
    const first = renderAt('/app/photoshoots');
    expect(await screen.findByText('remote {}')).toBeInTheDocument();
    expect(first.router.state.location.pathname).toBe('/app/photoshoots');
  });

  it('lets a reload back in to the photoshoot this tab is making, though it used the last of the allowance', async () => {
    apiUser = { ...freeUser, plan: 'basic' };
    apiLimits = { credits: { used: 0, limit: 150 }, avatar: { used: 2, limit: 2 } };
    window.sessionStorage.setItem(PHOTOSHOOT_SESSION_KEY, 'job_2');
    try {
      const { router } = renderAt('/app/photoshoots');
      expect(await screen.findByText('remote {}')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/app/photoshoots');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    } finally {
      window.sessionStorage.removeItem(PHOTOSHOOT_SESSION_KEY);
    }
  });

  it('treats a limit of 999 or more as unlimited', async () => {
    apiUser = { ...freeUser, plan: 'pro' };
    apiLimits = { credits: { used: 0, limit: 1100 }, avatar: { used: 1200, limit: 999 } };
    const { router } = renderAt('/app/photoshoots');
    expect(await screen.findByText('remote {}')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/photoshoots');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('blocks the home card when the allowance is used up', async () => {
    apiUser = { ...freeUser, plan: 'basic' };
    apiLimits = { credits: { used: 0, limit: 150 }, avatar: { used: 2, limit: 2 } };
    const { router, registry, limitsAnswered } = renderAt('/app');
    await waitFor(() => expect(limitsAnswered).toHaveBeenCalled());
    // The screen behind RequireAuth renders as a transition once the session is in: wait for it, not only the limits.
    await userEvent.click((await screen.findByRole('heading', { name: 'Photoshoots' })).closest('a')!);
    expect(await limitDialog()).toHaveTextContent('2 of 2 used');
    expect(router.state.location.pathname).toBe('/app');
    expect(photoshootsLoaded(registry)).toBe(false);
  });

  it('blocks a remote’s host.navigate to /app/photoshoots too', async () => {
    apiUser = freeUser;
    const { router, limitsAnswered } = renderAt('/app/canvas');
    await waitFor(() => expect(limitsAnswered).toHaveBeenCalled());
    await userEvent.click(await screen.findByRole('button', { name: 'Open photoshoots' }));
    expect(await limitDialog()).toHaveTextContent('0 of 0 used');
    expect(router.state.location.pathname).toBe('/app/canvas');
  });

  it('undoes a Back to /app/photoshoots once the allowance is used up, with the limit dialog', async () => {
    apiUser = { ...freeUser, plan: 'basic' };
    apiLimits = photoshootsLeft;
    const { router } = renderAt('/app/photoshoots');
    expect(await screen.findByText('remote {}')).toBeInTheDocument();
    act(() => router.navigate('/app/canvas'));
    expect(await screen.findByRole('button', { name: 'Refresh limits' })).toBeInTheDocument();
    const limitCalls = () => fetchMock.mock.calls.filter(([url]) => url === '/api/user-limits').length;
    const before = limitCalls();
    apiLimits = { credits: { used: 3, limit: 150 }, avatar: { used: 2, limit: 2 } };
    await userEvent.click(screen.getByRole('button', { name: 'Refresh limits' }));
    await waitFor(() => expect(screen.getByTestId('avatar-limits')).toHaveTextContent('{"used":2,"limit":2}'));
    expect(limitCalls()).toBeGreaterThan(before);
    act(() => router.navigate(-1));
    expect(await limitDialog()).toHaveTextContent('2 of 2 used');
    expect(router.state.location.pathname).toBe('/app/canvas');
  });

  it('lets the tab through while photoshoots are left and remembers where the user came from', async () => {
    apiUser = { ...freeUser, plan: 'basic' };
    apiLimits = photoshootsLeft;
    const { router, limitsAnswered } = renderAt('/app/image?imageUrl=%2Fmedia%2Fx.png');
    await waitFor(() => expect(limitsAnswered).toHaveBeenCalled());
    const nav = await screen.findByRole('navigation', { name: 'Studio' });
    await userEvent.click(nav.querySelector('a[href="/app/photoshoots"]')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/photoshoots'));
    expect(await screen.findByText('remote {}')).toBeInTheDocument();
    expect(window.localStorage.getItem('photoshootsReturnPath')).toBe('/app/image?imageUrl=%2Fmedia%2Fx.png');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not close an open flow when the allowance it just used is reported', async () => {
    apiUser = { ...freeUser, plan: 'basic' };
    apiLimits = photoshootsLeft;
    const { router } = renderAt('/app/photoshoots');
    expect(await screen.findByText('remote {}')).toBeInTheDocument();
    const limitCalls = () => fetchMock.mock.calls.filter(([url]) => url === '/api/user-limits').length;
    const before = limitCalls();
    apiLimits = { credits: { used: 3, limit: 150 }, avatar: { used: 2, limit: 2 } };
    await userEvent.click(screen.getByRole('button', { name: 'Refresh limits' }));
    await waitFor(() => expect(limitCalls()).toBeGreaterThan(before));
    await waitFor(() => expect(screen.getByRole('navigation', { name: 'Studio' }).querySelector('a[href="/app/photoshoots"]')).toBeInTheDocument());
    expect(screen.getByText('remote {}')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/photoshoots');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
