import { AUTH_USER_KEY, USER_LIMITS_KEY } from '@atelier/host';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import PricingPageRemote from '../../../expose/pricing-page';
import { installFakeApi } from '../../../testing/fake-api';
import { renderWithHost, testUser } from '../../../testing/render-with-host';

vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: vi.fn() }));

const paid = { ...testUser, plan: 'basic' as const, stripeSubscriptionId: 'sub_1' };

beforeEach(() => localStorage.setItem('pricing-region', 'world'));

describe('back from a paid checkout (/pricing?checkout=success&session_id=…)', () => {
  it('reports purchase_completed once, thanks the user, clears the address bar and refreshes the user and limits', async () => {
    const { host, queryClient, api } = renderWithHost(<PricingPageRemote variant="select" />, {
      route: '/pricing?checkout=success&session_id=cs_test_123',
      serverUser: paid, // the webhook has set the plan
    });
    await waitFor(() => expect(host.track).toHaveBeenCalledWith('purchase_completed', { session_id: 'cs_test_123' }));
    expect(host.track.mock.calls.filter(([event]) => event === 'purchase_completed')).toHaveLength(1);
    expect(host.toast).toHaveBeenCalledWith({ title: 'Payment complete', description: 'Thank you! Your plan and its credits will be ready in a moment.' });
    expect(host.navigate).toHaveBeenCalledWith('/pricing', { replace: true });
    // The user is asked for again: the current plan card appears, Active.
    const current = await screen.findByRole('region', { name: 'Current plan' });
    expect(within(current).getByText('Active')).toBeInTheDocument();
    expect(api.calls(`GET ${AUTH_USER_KEY}`).length).toBeGreaterThanOrEqual(1);
    await waitFor(() => expect(queryClient.getQueryState([USER_LIMITS_KEY])?.isInvalidated).toBe(true));
    // The user already chose a region before paying: no picker on the way back.
    expect(screen.queryByRole('dialog', { name: 'Choose your region' })).not.toBeInTheDocument();
  });

  it('asks again until the webhook has set the plan', async () => {
    const { api } = renderWithHost(<PricingPageRemote variant="select" />, { route: '/pricing?checkout=success&session_id=cs_test_456' });
    let calls = 0;
    api.on(`GET ${AUTH_USER_KEY}`, () => (++calls >= 2 ? paid : testUser)); // the first answer is still free
    const current = await screen.findByRole('region', { name: 'Current plan' }, { timeout: 8_000 });
    expect(within(current).getByText('Active')).toBeInTheDocument();
    expect(calls).toBeGreaterThanOrEqual(2);
  });

  it('keeps other query parameters', async () => {
    installFakeApi();
    const { host } = renderWithHost(<PricingPageRemote variant="select" />, { route: '/pricing?ref=mail&checkout=success&session_id=cs_test_1' });
    await waitFor(() => expect(host.navigate).toHaveBeenCalledWith('/pricing?ref=mail', { replace: true }));
  });

  it('after a canceled checkout only clears the address bar', async () => {
    installFakeApi();
    const { host } = renderWithHost(<PricingPageRemote variant="select" />, { route: '/pricing?checkout=canceled' });
    await waitFor(() => expect(host.navigate).toHaveBeenCalledWith('/pricing', { replace: true }));
    await screen.findByRole('article', { name: 'Basic' });
    expect(host.track).not.toHaveBeenCalledWith('purchase_completed', expect.anything());
    expect(host.toast).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog', { name: 'Choose your region' })).not.toBeInTheDocument();
  });

  it('reports nothing for a success without a checkout session id', async () => {
    installFakeApi();
    const { host } = renderWithHost(<PricingPageRemote variant="select" />, { route: '/pricing?checkout=success' });
    await waitFor(() => expect(host.navigate).toHaveBeenCalledWith('/pricing', { replace: true }));
    expect(host.track).not.toHaveBeenCalledWith('purchase_completed', expect.anything());
    expect(host.toast).not.toHaveBeenCalled();
  });
});
