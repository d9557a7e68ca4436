import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import PricingPageRemote from '../../../expose/pricing-page';
import { BILLING_PORTAL_URL, installFakeApi, json } from '../../../testing/fake-api';
import { renderWithHost, testUser } from '../../../testing/render-with-host';

const card = (name: string) => screen.getByRole('article', { name });

describe('PricingPage', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the three plans in USD per month, monthly by default', () => {
    const { container } = renderWithHost(<PricingPageRemote variant="all" />, { user: null });
    expect(container.querySelector('[data-remote="mf_pricing"]')).toBeInTheDocument();
    expect(within(card('Basic')).getByText('$8')).toBeInTheDocument();
    expect(within(card('Advanced')).getByText('$20')).toBeInTheDocument();
    expect(within(card('Pro')).getByText('$34')).toBeInTheDocument();
    expect(within(card('Pro')).getByText('1100 credits per month (about 1100 images or 55 videos)')).toBeInTheDocument();
    expect(within(card('Advanced')).getByText('VEO 3.1 and SORA 2 video models')).toBeInTheDocument();
    expect(within(card('Basic')).queryByText('VEO 3.1 and SORA 2 video models')).not.toBeInTheDocument();
    expect(screen.queryByText('Save 35%')).not.toBeInTheDocument();
  });

  it('switches to yearly prices with the Save 35% badge', async () => {
    const { user } = renderWithHost(<PricingPageRemote variant="all" />, { user: null });
    await user.click(screen.getByRole('button', { name: 'Yearly' }));
    expect(screen.getByText('Save 35%')).toBeInTheDocument();
    expect(within(card('Basic')).getByText('$8')).toBeInTheDocument();
    expect(within(card('Advanced')).getByText('$15')).toBeInTheDocument();
    expect(within(card('Pro')).getByText('$25')).toBeInTheDocument();
  });

  it('shows IDR monthly prices only for variant in', () => {
    renderWithHost(<PricingPageRemote variant="in" />, { user: null });
    expect(screen.queryByRole('button', { name: 'Yearly' })).not.toBeInTheDocument();
    expect(within(card('Basic')).getByText(/Rp\s?130\.000/)).toBeInTheDocument();
    expect(within(card('Advanced')).getByText(/Rp\s?330\.000/)).toBeInTheDocument();
    expect(within(card('Pro')).getByText(/Rp\s?560\.000/)).toBeInTheDocument();
  });

  it('sends a signed-out visitor who picks a plan to /login', async () => {
    const { user, host } = renderWithHost(<PricingPageRemote variant="all" />, { user: null });
    await user.click(screen.getByRole('button', { name: 'Get Advanced' }));
    expect(host.navigate).toHaveBeenCalledWith('/login');
  });

  it('opens the region picker for a signed-in user on /pricing and follows the choice', async () => {
    const { user, host } = renderWithHost(<PricingPageRemote variant="select" />);
    const picker = await screen.findByRole('dialog', { name: 'Choose your region' });
    await user.keyboard('{Escape}');
    expect(picker).toBeInTheDocument(); // cannot be dismissed
    await user.click(within(picker).getByRole('button', { name: 'Indonesia (IDR)' }));
    expect(localStorage.getItem('pricing-region')).toBe('indonesia');
    expect(host.navigate).toHaveBeenCalledWith('/pricing/in');
  });

  it('does not open the region picker for a visitor', () => {
    renderWithHost(<PricingPageRemote variant="select" />, { user: null });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the waitlist for a signed-in user while plans have no price, and puts the email on it', async () => {
    const api = installFakeApi();
    const { user } = renderWithHost(<PricingPageRemote variant="all" />);
    await user.click(screen.getByRole('button', { name: 'Get Pro' }));
    const dialog = await screen.findByRole('dialog', { name: "We're in Alpha" });
    expect(within(dialog).getByText('70% off')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), ' ada@example.com ');
    await user.click(within(dialog).getByRole('button', { name: 'Join the waitlist' }));
    expect(await screen.findByRole('dialog', { name: "You're on the list" })).toBeInTheDocument();
    expect(api.waitlist).toEqual([{ email: 'ada@example.com', source: 'pricing_page' }]);
  });

  it('tells an email already on the waitlist so', async () => {
    const api = installFakeApi();
    api.waitlist.push({ email: 'ada@example.com', source: 'pricing_page' });
    const { user, host } = renderWithHost(<PricingPageRemote variant="all" />);
    await user.click(screen.getByRole('button', { name: 'Get Pro' }));
    const dialog = await screen.findByRole('dialog', { name: "We're in Alpha" });
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Join the waitlist' }));
    await waitFor(() =>
      expect(host.toast).toHaveBeenCalledWith({
        title: 'Already on waitlist',
        description: 'This email is already registered for early access.',
        variant: 'destructive',
      }),
    );
    expect(api.calls('POST /api/waitlist')[0]!.body).toEqual({ email: 'ada@example.com', source: 'pricing_page' });
    expect(api.waitlist).toHaveLength(1);
  });

  it('shows the current plan card with Manage Billing to paying users only', () => {
    renderWithHost(<PricingPageRemote variant="all" />, { user: { ...testUser, plan: 'advanced', stripeSubscriptionId: 'sub_1' } });
    const current = screen.getByRole('region', { name: 'Current plan' });
    expect(within(current).getByText('Active')).toBeInTheDocument();
    expect(within(current).getByRole('button', { name: 'Manage Billing' })).toBeInTheDocument();
  });

  it('opens the billing portal from Manage Billing', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { user, api } = renderWithHost(<PricingPageRemote variant="all" />, { user: { ...testUser, plan: 'pro', stripeSubscriptionId: 'sub_1' } });
    await user.click(screen.getByRole('button', { name: 'Manage Billing' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(BILLING_PORTAL_URL));
    expect(api.calls('POST /api/create-billing-portal-session')).toHaveLength(1);
  });

  it('tells the user when the billing portal cannot be opened', async () => {
    installFakeApi({ 'POST /api/create-billing-portal-session': () => json({ error: 'No subscription' }, 400) });
    const { user, host } = renderWithHost(<PricingPageRemote variant="all" />, { user: { ...testUser, plan: 'basic' } });
    await user.click(screen.getByRole('button', { name: 'Manage Billing' }));
    await waitFor(() =>
      expect(host.toast).toHaveBeenCalledWith({ title: 'Error', description: '400: {"error":"No subscription"}', variant: 'destructive' }),
    );
  });
});
