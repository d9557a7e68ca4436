import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import PricingPageRemote from '../../../expose/pricing-page';
import type { PricingVariant } from '../../../constants';
import { checkoutUrlFor, installFakeApi, json, PUBLISHABLE_KEY, type PricingFakeApi } from '../../../testing/fake-api';
import { renderWithHost } from '../../../testing/render-with-host';

vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: vi.fn() }));
const loadStripeMock = vi.mocked(loadStripe);
const fakeStripe = { elements: vi.fn() } as unknown as Stripe;

let assign: ReturnType<typeof vi.fn>;

beforeEach(() => {
  localStorage.clear();
  loadStripeMock.mockReset();
  loadStripeMock.mockResolvedValue(fakeStripe);
  assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
});
afterEach(() => vi.unstubAllGlobals());

/** A free, signed-in user on a pricing page with Stripe configured, choosing a plan. */
async function choosePlan(api: PricingFakeApi, planButton = 'Get Basic', variant: PricingVariant = 'all') {
  const view = renderWithHost(<PricingPageRemote variant={variant} />);
  await view.user.click(await screen.findByRole('button', { name: planButton }));
  return { ...view, api };
}

/** The one destructive toast the failure showed. */
async function expectToast(host: { toast: ReturnType<typeof vi.fn> }, title: string, description: string) {
  await waitFor(() => expect(host.toast).toHaveBeenCalledWith({ title, description, variant: 'destructive' }));
  expect(host.toast).toHaveBeenCalledTimes(1);
}

/** Every toast's text: the status line and raw bodies never reach one. */
function expectNoRawText(host: { toast: ReturnType<typeof vi.fn> }) {
  for (const [options] of host.toast.mock.calls) {
    expect(JSON.stringify(options)).not.toMatch(/\d{3}:|\{"error"|Internal Server Error|Bad Gateway/);
  }
}

describe('checkout', () => {
  it('starts a checkout for the plan and frequency chosen and sends the browser to the session URL', async () => {
    const api = installFakeApi({}, { payments: true });
    const { host } = await choosePlan(api, 'Get Advanced');
    await waitFor(() => expect(assign).toHaveBeenCalledWith(checkoutUrlFor('price_advanced_usd_monthly')));
    expect(api.calls('POST /api/create-checkout-session').map((call) => call.body)).toEqual([
      { priceId: 'price_advanced_usd_monthly', plan: 'advanced' },
    ]);
    expect(host.track).toHaveBeenCalledWith('checkout_initiated', { plan: 'advanced', currency: 'usd', frequency: 'monthly' });
    expect(host.toast).not.toHaveBeenCalled();
    // The page is leaving: the buttons stay disabled so a second click starts nothing.
    expect(screen.getByRole('button', { name: 'Get Advanced' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Get Pro' })).toBeDisabled();
  });

  it('checks out the yearly USD price from the yearly view', async () => {
    const api = installFakeApi({}, { payments: true });
    const { user, host } = renderWithHost(<PricingPageRemote variant="all" />);
    await screen.findByRole('button', { name: 'Get Pro' });
    await user.click(screen.getByRole('button', { name: 'Yearly' }));
    await user.click(screen.getByRole('button', { name: 'Get Pro' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(checkoutUrlFor('price_pro_usd_yearly')));
    expect(api.calls('POST /api/create-checkout-session')[0]!.body).toEqual({ priceId: 'price_pro_usd_yearly', plan: 'pro' });
    expect(host.track).toHaveBeenCalledWith('checkout_initiated', { plan: 'pro', currency: 'usd', frequency: 'yearly' });
  });

  it('checks out the monthly IDR price on /pricing/in', async () => {
    const api = installFakeApi({}, { payments: true });
    await choosePlan(api, 'Get Basic', 'in');
    await waitFor(() => expect(assign).toHaveBeenCalledWith(checkoutUrlFor('price_basic_idr_monthly')));
    expect(api.calls('POST /api/create-checkout-session')[0]!.body).toEqual({ priceId: 'price_basic_idr_monthly', plan: 'basic' });
  });

  it('opens the waitlist, not a checkout, for a tier without a price id', async () => {
    const api = installFakeApi({}, { payments: true });
    api.plans.tiers[2]!.prices = { usd: { monthly: null, yearly: null }, idr: { monthly: null } };
    const { host } = await choosePlan(api, 'Get Pro');
    expect(await screen.findByRole('dialog', { name: "We're in Alpha" })).toBeInTheDocument();
    expect(api.calls('POST /api/create-checkout-session')).toHaveLength(0);
    expect(host.track).not.toHaveBeenCalledWith('checkout_initiated', expect.anything());
  });
});

describe('checkout errors (SPEC.md §8, word for word)', () => {
  it('Configuration Error when the tiers have price ids but payments are not configured', async () => {
    const api = installFakeApi({}, { payments: true });
    api.plans = { ...api.plans, paymentsConfigured: false, publishableKey: null };
    const { host } = await choosePlan(api);
    await expectToast(host, 'Configuration Error', 'Payment system is not configured. Please contact support.');
    expect(api.calls('POST /api/create-checkout-session')).toHaveLength(0);
    expect(loadStripeMock).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Get Basic' })).toBeEnabled();
  });

  it('Configuration Error when there is no publishable key for Stripe.js', async () => {
    const api = installFakeApi({}, { payments: true });
    api.plans = { ...api.plans, publishableKey: null };
    const { host } = await choosePlan(api);
    await expectToast(host, 'Configuration Error', 'Payment system is not configured. Please contact support.');
    expect(api.calls('POST /api/create-checkout-session')).toHaveLength(0);
  });

  it('Configuration Error when Stripe.js fails to load', async () => {
    loadStripeMock.mockRejectedValue(new Error('Failed to load Stripe.js'));
    const api = installFakeApi({}, { payments: true });
    const { host } = await choosePlan(api);
    await expectToast(host, 'Configuration Error', 'Payment system is not configured. Please contact support.');
    expect(api.calls('POST /api/create-checkout-session')).toHaveLength(0);
    expect(host.track).not.toHaveBeenCalledWith('checkout_initiated', expect.anything());
    expect(assign).not.toHaveBeenCalled();
  });

  it('Configuration Error when Stripe.js loads as nothing', async () => {
    loadStripeMock.mockResolvedValue(null);
    const api = installFakeApi({}, { payments: true });
    const { host } = await choosePlan(api);
    await expectToast(host, 'Configuration Error', 'Payment system is not configured. Please contact support.');
  });

  it('Configuration Error when the billing service answers that payments are not configured (503)', async () => {
    const api = installFakeApi(
      { 'POST /api/create-checkout-session': () => json({ error: 'Payment system is not configured. Please contact support.' }, 503) },
      { payments: true },
    );
    const { host } = await choosePlan(api);
    await expectToast(host, 'Configuration Error', 'Payment system is not configured. Please contact support.');
    expectNoRawText(host);
  });

  it("400: the server's details", async () => {
    const api = installFakeApi(
      {
        'POST /api/create-checkout-session': () =>
          json({ error: 'Already subscribed', details: 'You already have a subscription. Use Manage Billing to change or cancel your plan.' }, 400),
      },
      { payments: true },
    );
    const { host } = await choosePlan(api);
    await expectToast(host, 'Payment Error', 'You already have a subscription. Use Manage Billing to change or cancel your plan.');
    expect(assign).not.toHaveBeenCalled();
  });

  it("400: the server's error text when there are no details", async () => {
    const api = installFakeApi({ 'POST /api/create-checkout-session': () => json({ error: 'Payment refused' }, 400) }, { payments: true });
    const { host } = await choosePlan(api);
    await expectToast(host, 'Payment Error', 'Payment refused');
  });

  it('400: Invalid payment configuration when the answer has neither', async () => {
    const api = installFakeApi(
      { 'POST /api/create-checkout-session': () => new Response('Bad Request', { status: 400, statusText: 'Bad Request' }) },
      { payments: true },
    );
    const { host } = await choosePlan(api);
    await expectToast(host, 'Payment Error', 'Invalid payment configuration. Please contact support.');
    expectNoRawText(host);
  });

  it.each([401, 403])('%i: log in to subscribe, then /login', async (status) => {
    const api = installFakeApi({ 'POST /api/create-checkout-session': () => json({ error: 'Unauthorized' }, status) }, { payments: true });
    const { host } = await choosePlan(api);
    await expectToast(host, 'Payment Error', 'You need to log in to subscribe to a plan');
    expect(host.navigate).toHaveBeenCalledWith('/login');
    expect(assign).not.toHaveBeenCalled();
  });

  it('500: the payment system is experiencing issues', async () => {
    const api = installFakeApi(
      { 'POST /api/create-checkout-session': () => json({ error: 'Our payment system is experiencing issues.' }, 500) },
      { payments: true },
    );
    const { host } = await choosePlan(api);
    await expectToast(host, 'Payment Error', 'Our payment system is experiencing issues. Please try again in a few minutes.');
    expect(host.navigate).not.toHaveBeenCalled();
  });

  it.each([
    [502, { error: 'Service unavailable: billing' }],
    [503, { error: 'Service unavailable: billing' }],
    [429, { error: 'Too many checkout attempts. Please wait a minute and try again.' }],
    [404, { error: 'Not found' }],
  ])('%i (any other status): Something went wrong', async (status, body) => {
    const api = installFakeApi({ 'POST /api/create-checkout-session': () => json(body, status) }, { payments: true });
    const { host } = await choosePlan(api);
    await expectToast(host, 'Payment Error', 'Something went wrong. Please try again.');
    expectNoRawText(host);
  });

  it.each([
    ['no url', {}],
    ['an empty url', { url: '' }],
    ['a url that is not a web address', { url: 'javascript:alert(1)' }],
  ])('no URL returned (%s): Could not create checkout session', async (_case, body) => {
    const api = installFakeApi({ 'POST /api/create-checkout-session': () => body }, { payments: true });
    const { host } = await choosePlan(api);
    await expectToast(host, 'Payment Error', 'Could not create checkout session. Please contact support.');
    expect(assign).not.toHaveBeenCalled();
  });

  it('network error: check your connection', async () => {
    const api = installFakeApi(
      {
        'POST /api/create-checkout-session': () => {
          throw new TypeError('Failed to fetch');
        },
      },
      { payments: true },
    );
    const { host } = await choosePlan(api);
    await expectToast(host, 'Payment Error', 'Network error. Please check your connection and try again.');
  });

  it('anything else: Failed to start checkout process', async () => {
    assign.mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    const api = installFakeApi({}, { payments: true });
    const { host } = await choosePlan(api);
    await expectToast(host, 'Error', 'Failed to start checkout process. Please try again.');
    expect(screen.getByRole('button', { name: 'Get Basic' })).toBeEnabled(); // can be tried again
  });
});

describe('Stripe.js (the payment script)', () => {
  it('is not loaded when payments are not configured', async () => {
    const api = installFakeApi();
    renderWithHost(<PricingPageRemote variant="all" />);
    await screen.findByRole('button', { name: 'Get Basic' });
    expect(api.calls('GET /api/billing/plans')).toHaveLength(1); // the answer that would have loaded it has arrived
    expect(loadStripeMock).not.toHaveBeenCalled();
  });

  it('is loaded with the publishable key as soon as the plans say payments are configured, once', async () => {
    installFakeApi({}, { payments: true });
    const { user } = renderWithHost(<PricingPageRemote variant="all" />, { user: null });
    await waitFor(() => expect(loadStripeMock).toHaveBeenCalledWith(PUBLISHABLE_KEY));
    await user.click(screen.getByRole('button', { name: 'Yearly' }));
    expect(loadStripeMock).toHaveBeenCalledTimes(1);
  });

  it('is loaded on /pricing/in and on /pricing too', async () => {
    installFakeApi({}, { payments: true });
    renderWithHost(<PricingPageRemote variant="in" />);
    await waitFor(() => expect(loadStripeMock).toHaveBeenCalledWith(PUBLISHABLE_KEY));
  });

  it('that failed to load is tried again at checkout, which then goes ahead', async () => {
    loadStripeMock.mockRejectedValueOnce(new Error('Failed to load Stripe.js'));
    const api = installFakeApi({}, { payments: true });
    const { host, user } = renderWithHost(<PricingPageRemote variant="all" />);
    await waitFor(() => expect(loadStripeMock).toHaveBeenCalledTimes(1));
    await user.click(await screen.findByRole('button', { name: 'Get Basic' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(checkoutUrlFor('price_basic_usd_monthly')));
    expect(loadStripeMock).toHaveBeenCalledTimes(2);
    expect(host.toast).not.toHaveBeenCalled();
    expect(api.calls('POST /api/create-checkout-session')).toHaveLength(1);
  });
});
