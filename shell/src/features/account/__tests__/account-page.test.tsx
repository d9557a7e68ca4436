import type { AccountSummary, CreditMovement, User } from '@atelier/contracts';
import { BILLING_PORTAL_ERROR as SPEC_PORTAL_ERROR, UNLIMITED_THRESHOLD } from '@atelier/contracts';
import { apiRequest, authUserQueryOptions, createQueryClient, HostProvider, type Host } from '@atelier/host';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { BILLING_PORTAL_ERROR, UNLIMITED_LIMIT } from '../../../constants';
import { AccountPage } from '../components/account-page';
import { formatDateTime } from '../utils/format';

type Handler = (url: URL) => Response | Promise<Response>;
let routes: Record<string, Handler>;
const fetchMock = vi.fn<typeof fetch>();

const paidUser: User = { id: 'u1', plan: 'advanced', firstName: 'Ada', email: 'ada@example.com', stripeSubscriptionId: 'sub_1' };
const freeUser: User = { id: 'u1', plan: 'free', firstName: 'Ada', email: 'ada@example.com', stripeSubscriptionId: null };

const paidSummary: AccountSummary = {
  plan: 'advanced',
  stripeSubscriptionId: 'sub_1',
  billingPeriod: { start: '2025-03-01T00:00:00.000Z', end: '2025-04-01T00:00:00.000Z' },
  period: { start: '2025-03-01T00:00:00.000Z', end: '2025-04-01T00:00:00.000Z' },
  limits: { credits: { used: 50, limit: 500 }, avatar: { used: 1, limit: 5 } },
};
const freeSummary: AccountSummary = {
  plan: 'free',
  stripeSubscriptionId: null,
  billingPeriod: null,
  period: { start: '2025-03-10T00:00:00.000Z', end: '2025-03-11T00:00:00.000Z' },
  limits: { credits: { used: 3, limit: 25 }, avatar: { used: 0, limit: 0 } },
};

/** The i-th movement, one minute older than the one before. */
function movement(i: number, overrides: Partial<CreditMovement> = {}): CreditMovement {
  return {
    id: `m-${i}`,
    at: new Date(Date.UTC(2025, 2, 10, 12, 0) - i * 60_000).toISOString(),
    feature: 'credits',
    kind: 'charge',
    amount: -1,
    key: `gen-${String(i).padStart(4, '0')}-0000-4000-8000-000000000000`,
    source: 'image',
    note: null,
    ...overrides,
  };
}

const page = (items: CreditMovement[], nextCursor: string | null = null) => Response.json({ items, nextCursor });

beforeEach(() => {
  routes = {
    'GET /api/account/summary': () => Response.json(paidSummary),
    'GET /api/credits/ledger': () =>
      page([
        movement(0, { kind: 'refund', amount: 20, source: 'video', note: 'slow push in on the red dress' }),
        movement(1, { amount: -20, source: 'video', note: 'slow push in on the red dress' }),
        movement(2, { feature: 'avatar', source: 'photoshoot', note: 'Amara' }),
        movement(3, { source: null }),
      ]),
    'POST /api/create-billing-portal-session': () => Response.json({ url: 'https://billing.stripe.test/session/abc' }),
  };
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const handler = routes[`${init?.method ?? 'GET'} ${url.pathname}`];
    return handler ? handler(url) : Response.json({ error: 'Not found' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** A screen `width` px wide: matchMedia answers min-width queries against it. */
function stubScreenWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width:\s*(\d+(?:\.\d+)?)(px|rem)/.exec(query);
    const px = min ? Number(min[1]) * (min[2] === 'rem' ? 16 : 1) : Infinity;
    return { matches: width >= px, media: query, addEventListener: () => {}, removeEventListener: () => {} };
  });
}

function renderPage({ user = paidUser, width = 1440 }: { user?: User; width?: number } = {}) {
  stubScreenWidth(width);
  const toast = vi.fn<Host['toast']>();
  const redirect = vi.fn<(url: string) => void>();
  const host: Host = { apiRequest, toast, openLimitDialog: vi.fn(), navigate: vi.fn(), track: vi.fn() };
  const queryClient = createQueryClient();
  queryClient.setQueryData(authUserQueryOptions().queryKey, user);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <HostProvider host={host}>
          <AccountPage redirect={redirect} />
        </HostProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { toast, redirect };
}

const section = (name: string) => screen.getByRole('region', { name });
const ledgerCalls = () => fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).filter((url) => url.pathname === '/api/credits/ledger');
const rowTexts = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

describe('account page: plan and allowances', () => {
  it('shows a paid plan: Active, its billing period, credits and photoshoots used and left', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    const plan = await screen.findByRole('region', { name: 'Plan' });
    expect(plan).toHaveTextContent('Advanced');
    expect(plan).toHaveTextContent('Active');
    expect(plan).toHaveTextContent(/Billing period\s*Mar 1, 2025 – Apr 1, 2025/);
    expect(within(plan).getByRole('button', { name: 'Manage Billing' })).toBeEnabled();
    expect(within(plan).queryByRole('link', { name: 'See plans' })).not.toBeInTheDocument();

    const credits = section('Credits');
    expect(credits).toHaveTextContent('450left of 500');
    expect(credits).toHaveTextContent('50 credits this period');
    expect(credits).toHaveTextContent(`Renews${formatDateTime(paidSummary.period.end)}`);
    expect(within(credits).getByRole('progressbar', { name: 'Credits used' })).toHaveAttribute('aria-valuenow', '10');
    const photoshoots = section('Photoshoots');
    expect(photoshoots).toHaveTextContent('4left of 5');
    expect(photoshoots).toHaveTextContent('1 photoshoot this period');
  });

  it('shows Expired for a paid plan without a subscription, and the current period when billing reported none', async () => {
    routes['GET /api/account/summary'] = () => Response.json({ ...paidSummary, stripeSubscriptionId: null, billingPeriod: null });
    renderPage({ user: { ...paidUser, stripeSubscriptionId: null } });
    const plan = await screen.findByRole('region', { name: 'Plan' });
    expect(plan).toHaveTextContent('Expired');
    expect(plan).toHaveTextContent(/Current period\s*Mar 1, 2025 – Apr 1, 2025/);
    expect(within(plan).getByRole('button', { name: 'Manage Billing' })).toBeInTheDocument();
  });

  it('shows a free plan with See plans (to /pricing) instead of Manage Billing, and photoshoots as not included', async () => {
    routes['GET /api/account/summary'] = () => Response.json(freeSummary);
    renderPage({ user: freeUser });
    const plan = await screen.findByRole('region', { name: 'Plan' });
    expect(plan).toHaveTextContent('Free');
    expect(plan).not.toHaveTextContent(/Active|Expired/);
    expect(plan).toHaveTextContent(`Renew every day at 00:00 UTC (next ${formatDateTime(freeSummary.period.end)})`);
    expect(within(plan).getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/pricing');
    expect(screen.queryByRole('button', { name: 'Manage Billing' })).not.toBeInTheDocument();
    expect(section('Credits')).toHaveTextContent('22left of 25');
    expect(section('Photoshoots')).toHaveTextContent('Photoshoots come with the Basic, Advanced and Pro plans.');
    expect(within(section('Photoshoots')).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows a limit of 999 or more as unlimited', async () => {
    expect(UNLIMITED_LIMIT).toBe(UNLIMITED_THRESHOLD);
    routes['GET /api/account/summary'] = () => Response.json({ ...paidSummary, plan: 'pro', limits: { credits: { used: 1200, limit: 1100 }, avatar: { used: 2, limit: 10 } } });
    renderPage({ user: { ...paidUser, plan: 'pro' } });
    const credits = await screen.findByRole('region', { name: 'Credits' });
    expect(credits).toHaveTextContent('Unlimited');
    expect(credits).not.toHaveTextContent('left of');
    expect(credits).toHaveTextContent('1200 credits this period');
    expect(within(credits).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(section('Photoshoots')).toHaveTextContent('8left of 10');
  });

  it('shows a spinner while loading and an error with Retry when the summary fails', async () => {
    let fail = true;
    let answer: (response: Response) => void = () => {};
    routes['GET /api/account/summary'] = () =>
      fail ? Response.json({ error: 'Service unavailable: account' }, { status: 503 }) : new Promise<Response>((resolve) => (answer = resolve));
    renderPage();
    const alert = await screen.findByText('Could not load your plan and credits.');
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    expect(screen.queryByText(/Service unavailable/)).not.toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('status', { name: 'Loading your account' })).toBeInTheDocument();
    answer(Response.json(paidSummary));
    expect(await screen.findByRole('region', { name: 'Plan' })).toHaveTextContent('Advanced');
  });
});

describe('account page: Manage Billing', () => {
  it('opens the billing portal: POST with an empty body, then the browser goes to its url', async () => {
    const { redirect, toast } = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Manage Billing' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('https://billing.stripe.test/session/abc'));
    const [, init] = fetchMock.mock.calls.find(([input]) => String(input) === '/api/create-billing-portal-session')!;
    expect(init).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(init?.body).toBeUndefined();
    expect(toast).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Manage Billing' })).toHaveAttribute('aria-disabled', 'true'); // leaving the page
  });

  it.each([
    ['a refusal with its message (403)', () => Response.json({ error: 'There is no subscription to manage.' }, { status: 403 }), 'There is no subscription to manage.'],
    ['a server failure (503), never its raw text', () => Response.json({ error: 'Service unavailable: billing' }, { status: 503 }), SPEC_PORTAL_ERROR.fallback],
    ['a 401', () => Response.json({ error: 'Unauthorized' }, { status: 401 }), SPEC_PORTAL_ERROR.fallback],
    ['an answer without a url', () => Response.json({}), SPEC_PORTAL_ERROR.fallback],
    ['a network error', () => Promise.reject(new TypeError('Failed to fetch')), SPEC_PORTAL_ERROR.fallback],
  ])('toasts SPEC §8 "Error" for %s', async (_name, answer, description) => {
    expect(BILLING_PORTAL_ERROR).toEqual(SPEC_PORTAL_ERROR);
    routes['POST /api/create-billing-portal-session'] = answer;
    const { redirect, toast } = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Manage Billing' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'Error', description, variant: 'destructive' }));
    expect(redirect).not.toHaveBeenCalled();
    const button = screen.getByRole('button', { name: 'Manage Billing' });
    expect(button).toHaveAttribute('aria-disabled', 'false'); // can try again
    expect(button).toHaveFocus(); // focus stayed on it while it was busy
  });
});

describe('account page: credit history', () => {
  it('lists each movement newest first with its date, what it paid for, feature and signed amount', async () => {
    renderPage();
    await screen.findByRole('table', { name: 'Credit movements, newest first' });
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Date', 'What', 'Feature', 'Amount']);
    expect(rowTexts()).toEqual([
      [formatDateTime(movement(0).at), 'Refund: Video generation #gen-0000slow push in on the red dress', 'Credits', '+20 credits'],
      [formatDateTime(movement(1).at), 'Video generation #gen-0001slow push in on the red dress', 'Credits', '−20 credits'],
      [formatDateTime(movement(2).at), 'Photoshoot #gen-0002Amara', 'Photoshoots', '−1 photoshoot'],
      [formatDateTime(movement(3).at), 'Generation #gen-0003', 'Credits', '−1 credit'],
    ]);
    // The full id of the work is at hand.
    expect(screen.getByTitle(movement(1).key)).toHaveTextContent('#gen-0001');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(ledgerCalls()[0]!.searchParams.get('limit')).toBe('20');
    expect(ledgerCalls()[0]!.searchParams.has('cursor')).toBe(false);
  });

  it('on a phone (390 px) shows the movements as a list of cards', async () => {
    renderPage({ width: 390 });
    const list = await screen.findByRole('list', { name: 'Credit movements, newest first' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(4);
    expect(cards[0]).toHaveTextContent('Refund: Video generation+20 credits');
    expect(cards[0]).toHaveTextContent(formatDateTime(movement(0).at));
    expect(cards[2]).toHaveTextContent('Photoshoot−1 photoshootAmara');
    // The work's line in its own direction, whole in its title when the card cuts it.
    expect(within(cards[1]!).getByTitle('slow push in on the red dress')).toHaveAttribute('dir', 'auto');
    expect(cards[2]).toHaveTextContent('Photoshoots');
  });

  it('loads more with the cursor until there is no next page', async () => {
    const first = Array.from({ length: 20 }, (_, i) => movement(i));
    const second = Array.from({ length: 5 }, (_, i) => movement(20 + i, { source: 'canvas' }));
    let answerSecond: (response: Response) => void = () => {};
    routes['GET /api/credits/ledger'] = (url) =>
      url.searchParams.get('cursor') === 'cursor-1' ? new Promise<Response>((resolve) => (answerSecond = resolve)) : page(first, 'cursor-1');
    renderPage();
    await screen.findByRole('table');
    expect(rowTexts()).toHaveLength(20);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    const loading = await screen.findByRole('button', { name: 'Loading…' });
    expect(loading).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(loading); // a second click while loading asks for nothing more
    answerSecond(page(second));
    await waitFor(() => expect(rowTexts()).toHaveLength(25));
    expect(rowTexts()[20]![1]).toBe('Canvas edit #gen-0020');
    expect(ledgerCalls().map((url) => url.searchParams.get('cursor'))).toEqual([null, 'cursor-1']);
    expect(screen.queryByRole('button', { name: /Load more|Loading/ })).not.toBeInTheDocument();
    expect(screen.getByText('Showing 25 movements')).toBeInTheDocument();
  });

  it('keeps what it has when loading more fails, says so, and lets you try again', async () => {
    let fail = true;
    routes['GET /api/credits/ledger'] = (url) => {
      if (!url.searchParams.has('cursor')) return page([movement(0), movement(1)], 'cursor-1');
      return fail ? Response.json({ error: 'boom' }, { status: 500 }) : page([movement(2)]);
    };
    renderPage();
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load more movements. Please try again.');
    expect(rowTexts()).toHaveLength(2);
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rowTexts()).toHaveLength(3));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a spinner while the history loads, then the empty state', async () => {
    let answer: (response: Response) => void = () => {};
    routes['GET /api/credits/ledger'] = () => new Promise<Response>((resolve) => (answer = resolve));
    renderPage();
    expect(await screen.findByRole('status', { name: 'Loading credit history' })).toBeInTheDocument();
    answer(page([]));
    expect(await screen.findByText('No credit movements yet. Each generation you start appears here, with any refund.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows an error with Retry when the history cannot be loaded', async () => {
    let fail = true;
    routes['GET /api/credits/ledger'] = () => (fail ? Response.json({ error: 'Service unavailable: account' }, { status: 503 }) : page([movement(0)]));
    renderPage();
    const history = screen.getByRole('region', { name: 'Credit history' });
    expect(await within(history).findByRole('alert')).toHaveTextContent('Could not load your credit history.');
    expect(history).not.toHaveTextContent('Service unavailable');
    fail = false;
    await userEvent.click(within(history).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(rowTexts()).toHaveLength(1));
  });

  it('is usable by keyboard: Tab reaches Manage Billing and Load more, Enter activates them', async () => {
    routes['GET /api/credits/ledger'] = (url) => (url.searchParams.has('cursor') ? page([movement(1)]) : page([movement(0)], 'cursor-1'));
    const { redirect } = renderPage();
    await screen.findByRole('table');
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Manage Billing' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Load more' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(rowTexts()).toHaveLength(2));
    // The last page is in: the button goes away and focus moves to the end of the list, not to the top of the page.
    expect(screen.getByText('End of your credit history')).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Manage Billing' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(redirect).toHaveBeenCalled());
  });
});

describe('account page: downloading your data', () => {
  /** The file the browser is handed, read back. */
  function captureDownload() {
    const saved: { name: string; text: string; type: string }[] = [];
    // jsdom's Blob cannot be read back: a stand-in keeps what it was made of.
    class TextBlob {
      constructor(readonly parts: string[], readonly options: { type: string }) {}
    }
    vi.stubGlobal('Blob', TextBlob);
    const createObjectURL = (blob: TextBlob) => (saved.push({ name: '', text: blob.parts.join(''), type: blob.options.type }), 'blob:export');
    vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL, revokeObjectURL: () => {} }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.at(-1)!.name = this.download;
    });
    onTestFinished(() => click.mockRestore());
    return saved;
  }
  const generation = (id: string, imageUrl: string) => ({ id, type: 'image', status: 'completed', prompt: `look ${id}`, imageUrl });

  it('saves one JSON file of the account, plan, every movement and creation (every page) and own characters, with links', async () => {
    const saved = captureDownload();
    routes['GET /api/auth/user'] = () => Response.json(paidUser);
    routes['GET /api/generations'] = (url) =>
      url.searchParams.get('cursor') === 'p2'
        ? Response.json({ items: [generation('g3', '/media/generations/c.png')], nextCursor: null })
        : Response.json({ items: [generation('g1', '/media/generations/a.png'), generation('g2', '/media/generations/b.png')], nextCursor: 'p2' });
    routes['GET /api/avatar/characters'] = () =>
      Response.json([
        { id: 'h1', characterId: 'house-amara', name: 'Amara', previewImageUrl: '/media/house/amara.jpg', house: true },
        { id: 'c1', characterId: 'own-1', name: 'Lena', previewImageUrl: '/media/photoshoot/lena.jpg', house: false },
      ]);
    renderPage();
    const region = await screen.findByRole('region', { name: 'Your data' });
    await userEvent.click(within(region).getByRole('button', { name: 'Download your data' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toMatch(/^atelier-data-\d{4}-\d{2}-\d{2}\.json$/);
    expect(saved[0]!.type).toBe('application/json');
    const data = JSON.parse(saved[0]!.text) as Record<string, unknown> & { creations: { id: string; imageUrl: string }[]; characters: { name: string; previewImageUrl: string }[]; creditHistory: unknown[] };
    expect(data).toMatchObject({ account: { email: 'ada@example.com' }, plan: { plan: 'advanced' } });
    expect(data.creditHistory).toHaveLength(4);
    expect(data.creations.map((c) => c.id)).toEqual(['g1', 'g2', 'g3']);
    expect(data.creations[0]!.imageUrl).toBe(`${window.location.origin}/media/generations/a.png`);
    expect(data.characters).toEqual([expect.objectContaining({ name: 'Lena', previewImageUrl: `${window.location.origin}/media/photoshoot/lena.jpg` })]);
    expect(within(region).getByRole('button', { name: 'Download your data' })).toBeEnabled();
  });

  it('says so when a part cannot be read, and the button works again', async () => {
    const saved = captureDownload();
    routes['GET /api/auth/user'] = () => Response.json(paidUser);
    routes['GET /api/generations'] = () => Response.json({ error: 'Service unavailable: create' }, { status: 502 });
    routes['GET /api/avatar/characters'] = () => Response.json([]);
    renderPage();
    const region = await screen.findByRole('region', { name: 'Your data' });
    await userEvent.click(within(region).getByRole('button', { name: 'Download your data' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent('Your data could not be prepared. Service unavailable: create');
    expect(saved).toHaveLength(0);
    expect(within(region).getByRole('button', { name: 'Download your data' })).toBeEnabled();
  });
});

describe('account page: deleting the account', () => {
  const deleteCalls = () => fetchMock.mock.calls.filter(([input, init]) => init?.method === 'DELETE' && String(input).endsWith('/api/account'));

  it('says what goes, asks for DELETE typed, then deletes and sends the browser to the login page that says so', async () => {
    routes['DELETE /api/account'] = () => new Response(null, { status: 204 });
    const { redirect } = renderPage();
    const region = await screen.findByRole('region', { name: 'Delete account' });
    expect(region).toHaveTextContent('erases your images, videos, photoshoots, characters and edits');
    expect(region).toHaveTextContent('Your subscription ends at once, with no refund for the rest of the period.');
    await userEvent.click(within(region).getByRole('button', { name: 'Delete account' }));

    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete account' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'delete');
    expect(confirm).toBeDisabled(); // the word, as shown
    expect(within(dialog).getByRole('status')).toHaveTextContent('In capital letters: DELETE');
    await userEvent.clear(within(dialog).getByLabelText('Type DELETE to confirm'));
    await userEvent.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE{Enter}');
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/login?account=deleted'));
    expect(deleteCalls()).toHaveLength(1);
  });

  it('on a free plan says nothing of a subscription; Cancel closes without deleting', async () => {
    routes['GET /api/account/summary'] = () => Response.json(freeSummary);
    renderPage({ user: freeUser });
    const region = await screen.findByRole('region', { name: 'Delete account' });
    expect(region).not.toHaveTextContent('subscription');
    await userEvent.click(within(region).getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deleteCalls()).toHaveLength(0);
  });

  it('keeps the dialog open and says so when the deletion fails (the service message, or a fallback for a proxy page)', async () => {
    let answer = () => Response.json({ error: 'Service unavailable: account' }, { status: 503 });
    routes['DELETE /api/account'] = () => answer();
    const { redirect } = renderPage();
    await userEvent.click(within(await screen.findByRole('region', { name: 'Delete account' })).getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await userEvent.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your account was not deleted. Service unavailable: account');
    answer = () => new Response('<html>bad gateway</html>', { status: 502 });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Your account was not deleted. Please try again.'));
    expect(redirect).not.toHaveBeenCalled();
    // Signed out meanwhile (deleted in another window, or the session ended): to the login page, no false claim.
    answer = () => Response.json({ error: 'Unauthorized' }, { status: 401 });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/login'));
    expect(screen.queryByText(/Your account was not deleted. Unauthorized/)).not.toBeInTheDocument();
  });
});
