import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import PricingPageRemote from '../../../expose/pricing-page';
import { BILLING_PORTAL_URL, installFakeApi, json } from '../../../testing/fake-api';
import { renderWithHost, testUser } from '../../../testing/render-with-host';

vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: vi.fn() }));

const subscriber = { ...testUser, plan: 'pro' as const, stripeSubscriptionId: 'sub_1' };
let assign: ReturnType<typeof vi.fn>;

beforeEach(() => {
  assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
});
afterEach(() => vi.unstubAllGlobals());

async function manageBilling() {
  const view = renderWithHost(<PricingPageRemote variant="all" />, { user: subscriber });
  await view.user.click(screen.getByRole('button', { name: 'Manage Billing' }));
  return view;
}

describe('Manage Billing', () => {
  it('opens the billing portal', async () => {
    const api = installFakeApi();
    const { host } = await manageBilling();
    await waitFor(() => expect(assign).toHaveBeenCalledWith(BILLING_PORTAL_URL));
    expect(api.calls('POST /api/create-billing-portal-session')).toHaveLength(1);
    expect(api.calls('POST /api/create-billing-portal-session')[0]!.body).toBeUndefined(); // empty body
    expect(host.toast).not.toHaveBeenCalled();
  });

  it('stays focused and busy while the portal opens, and opens it once for a second click', async () => {
    let answer: (response: Response) => void = () => {};
    const api = installFakeApi({ 'POST /api/create-billing-portal-session': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { user } = await manageBilling();
    const button = screen.getByRole('button', { name: 'Manage Billing' });
    await waitFor(() => expect(button).toHaveAttribute('aria-disabled', 'true'));
    expect(button).toHaveFocus();
    await user.click(button);
    answer(json({ url: BILLING_PORTAL_URL }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(BILLING_PORTAL_URL));
    expect(api.calls('POST /api/create-billing-portal-session')).toHaveLength(1);
  });

  it("shows the service's message when it refuses (403)", async () => {
    installFakeApi({
      'POST /api/create-billing-portal-session': () => json({ error: 'Billing management is available to subscribers of a paid plan only.' }, 403),
    });
    const { host } = await manageBilling();
    await waitFor(() =>
      expect(host.toast).toHaveBeenCalledWith({
        title: 'Error',
        description: 'Billing management is available to subscribers of a paid plan only.',
        variant: 'destructive',
      }),
    );
    expect(assign).not.toHaveBeenCalled();
  });

  it.each([
    ['the gateway cannot reach billing (502)', () => json({ error: 'Service unavailable: billing' }, 502)],
    ['the billing service fails (500)', () => json({ error: 'Failed to open billing portal. Please try again.' }, 500)],
    ['a 401', () => json({ error: 'Unauthorized' }, 401)],
    ['an answer without a message', () => new Response('', { status: 400, statusText: 'Bad Request' })],
    ['an answer without a URL', () => ({})],
    [
      'no answer at all',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('says Failed to open billing portal when %s, never the raw status', async (_case, answer) => {
    installFakeApi({ 'POST /api/create-billing-portal-session': answer });
    const { host } = await manageBilling();
    await waitFor(() =>
      expect(host.toast).toHaveBeenCalledWith({
        title: 'Error',
        description: 'Failed to open billing portal. Please try again.',
        variant: 'destructive',
      }),
    );
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Manage Billing' })).toBeEnabled();
  });
});
