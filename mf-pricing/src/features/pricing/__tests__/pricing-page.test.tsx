import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import PricingPageRemote from '../../../expose/pricing-page';
import { installFakeApi, json } from '../../../testing/fake-api';
import { renderWithHost, testUser } from '../../../testing/render-with-host';

vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: vi.fn() }));

const card = (name: string) => screen.getByRole('article', { name });
const findCard = (name: string, options: { hidden?: boolean } = {}) => screen.findByRole('article', { name, ...options });

describe('PricingPage', () => {
  beforeEach(() => localStorage.clear());

  it('shows the three plans from the billing service in USD per month, monthly by default', async () => {
    const { container, api } = renderWithHost(<PricingPageRemote variant="all" />, { user: null });
    expect(container.querySelector('[data-remote="mf_pricing"]')).toBeInTheDocument();
    expect(within(await findCard('Basic')).getByText('$8')).toBeInTheDocument();
    expect(within(card('Advanced')).getByText('$20')).toBeInTheDocument();
    expect(within(card('Pro')).getByText('$34')).toBeInTheDocument();
    expect(within(card('Pro')).getByText('1100 credits per month (about 1100 images or 55 videos)')).toBeInTheDocument();
    expect(within(card('Advanced')).getByText('VEO 3.1 and SORA 2 video models')).toBeInTheDocument();
    expect(within(card('Basic')).queryByText('VEO 3.1 and SORA 2 video models')).not.toBeInTheDocument();
    expect(within(card('Advanced')).getByText('Most popular')).toBeInTheDocument();
    expect(screen.queryByText('Save 35%')).not.toBeInTheDocument();
    expect(api.calls('GET /api/billing/plans')).toHaveLength(1);
  });

  it('switches to yearly prices with the Save 35% badge, and back', async () => {
    const { user } = renderWithHost(<PricingPageRemote variant="all" />, { user: null });
    await findCard('Basic');
    await user.click(screen.getByRole('button', { name: 'Yearly' }));
    expect(screen.getByRole('button', { name: 'Yearly' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Save 35%')).toBeInTheDocument();
    expect(within(card('Basic')).getByText('$8')).toBeInTheDocument();
    expect(within(card('Advanced')).getByText('$15')).toBeInTheDocument();
    expect(within(card('Pro')).getByText('$25')).toBeInTheDocument();
    expect(within(card('Pro')).getByText('billed yearly')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Monthly' }));
    expect(screen.queryByText('Save 35%')).not.toBeInTheDocument();
    expect(within(card('Pro')).getByText('$34')).toBeInTheDocument();
  });

  it('shows IDR monthly prices only on /pricing/in', async () => {
    renderWithHost(<PricingPageRemote variant="in" />, { user: null });
    expect(within(await findCard('Basic')).getByText(/Rp\s?130\.000/)).toBeInTheDocument();
    expect(within(card('Advanced')).getByText(/Rp\s?330\.000/)).toBeInTheDocument();
    expect(within(card('Pro')).getByText(/Rp\s?560\.000/)).toBeInTheDocument();
    expect(screen.getByText('Prices in IDR, billed monthly')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Yearly' })).not.toBeInTheDocument();
    expect(screen.queryByText('Save 35%')).not.toBeInTheDocument();
    expect(screen.queryByText('billed yearly')).not.toBeInTheDocument();
  });

  it('shows a loading state until the plans arrive', async () => {
    let answer: (value: unknown) => void = () => {};
    const api = installFakeApi();
    api.on('GET /api/billing/plans', () => new Promise((resolve) => (answer = resolve)));
    renderWithHost(<PricingPageRemote variant="all" />, { user: null });
    expect(await screen.findByRole('status', { name: 'Loading plans…' })).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    answer(api.plans);
    expect(await findCard('Pro')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading plans…' })).not.toBeInTheDocument();
  });

  it('says the plans could not be loaded, without the status text, and tries again', async () => {
    const api = installFakeApi();
    api.on('GET /api/billing/plans', () => json({ error: 'Service unavailable: billing' }, 502));
    const { user } = renderWithHost(<PricingPageRemote variant="all" />, { user: null });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The plans could not be loaded.');
    expect(document.body).not.toHaveTextContent('502');
    expect(document.body).not.toHaveTextContent('Service unavailable');
    api.on('GET /api/billing/plans', () => api.plans);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await findCard('Basic')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor who picks a plan to /login', async () => {
    const { user, host, api } = renderWithHost(<PricingPageRemote variant="all" />, { user: null });
    await user.click(await screen.findByRole('button', { name: 'Get Advanced' }));
    expect(host.navigate).toHaveBeenCalledWith('/login');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls('POST /api/create-checkout-session')).toHaveLength(0);
  });

  it('sends a signed-out visitor to /login even when payments are configured', async () => {
    installFakeApi({}, { payments: true });
    const { user, host, api } = renderWithHost(<PricingPageRemote variant="all" />, { user: null });
    await user.click(await screen.findByRole('button', { name: 'Get Pro' }));
    expect(host.navigate).toHaveBeenCalledWith('/login');
    expect(api.calls('POST /api/create-checkout-session')).toHaveLength(0);
  });

  it('has terms and privacy links in the footer and an FAQ', async () => {
    const { user, host } = renderWithHost(<PricingPageRemote variant="all" />, { user: null });
    await findCard('Basic');
    expect(screen.getByRole('heading', { name: 'Frequently asked questions' })).toBeInTheDocument();
    await user.click(screen.getByText('Is there a free plan?'));
    expect(screen.getByText('Yes. Free accounts get up to 20 free generations per month.')).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Terms of Service' }));
    expect(host.navigate).toHaveBeenCalledWith('/terms');
    await user.click(screen.getByRole('link', { name: 'Privacy Policy' }));
    expect(host.navigate).toHaveBeenCalledWith('/privacy');
  });

  it('reports pricing_viewed once with the variant and currency', async () => {
    const { host } = renderWithHost(<PricingPageRemote variant="in" />, { user: null });
    await findCard('Basic');
    expect(host.track).toHaveBeenCalledWith('pricing_viewed', { variant: 'in', currency: 'idr' });
    expect(host.track.mock.calls.filter(([event]) => event === 'pricing_viewed')).toHaveLength(1);
  });
});

describe('region picker', () => {
  beforeEach(() => localStorage.clear());

  it('opens for a signed-in user on /pricing, cannot be dismissed, and follows and remembers the choice', async () => {
    const { user, host } = renderWithHost(<PricingPageRemote variant="select" />);
    const picker = await screen.findByRole('dialog', { name: 'Choose your region' });
    await user.keyboard('{Escape}');
    expect(picker).toBeInTheDocument();
    // A press outside the dialog (the modal makes the page behind it inert to the pointer, so it is dispatched).
    fireEvent.pointerDown(document.body);
    fireEvent.mouseDown(document.body);
    fireEvent.click(document.body);
    expect(screen.getByRole('dialog', { name: 'Choose your region' })).toBeInTheDocument();
    expect(within(picker).queryByRole('button', { name: /close/i })).not.toBeInTheDocument();
    await user.click(within(picker).getByRole('button', { name: 'Indonesia (IDR)' }));
    expect(localStorage.getItem('pricing-region')).toBe('indonesia');
    expect(host.navigate).toHaveBeenCalledWith('/pricing/in');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('can be used with the keyboard alone', async () => {
    const { user, host } = renderWithHost(<PricingPageRemote variant="select" />);
    const picker = await screen.findByRole('dialog', { name: 'Choose your region' });
    await waitFor(() => expect(picker).toContainElement(document.activeElement as HTMLElement));
    await user.tab();
    await user.tab(); // focus stays inside the dialog
    expect(picker).toContainElement(document.activeElement as HTMLElement);
    const world = within(picker).getByRole('button', { name: 'Rest of the World (USD)' });
    world.focus();
    await user.keyboard('{Enter}');
    expect(host.navigate).toHaveBeenCalledWith('/pricing/all');
    expect(localStorage.getItem('pricing-region')).toBe('world');
    // Focus goes to the page's heading, not the body (the picker opened by itself: nothing to return to).
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
  });

  it('marks and focuses the region chosen last time, and /pricing shows its prices behind the picker', async () => {
    localStorage.setItem('pricing-region', 'indonesia');
    renderWithHost(<PricingPageRemote variant="select" />);
    const picker = await screen.findByRole('dialog', { name: 'Choose your region' });
    const indonesia = within(picker).getByRole('button', { name: 'Indonesia (IDR)' });
    expect(indonesia).toHaveAccessibleDescription('Last chosen');
    await waitFor(() => expect(indonesia).toHaveFocus());
    expect(within(await findCard('Basic', { hidden: true })).getByText(/Rp\s?130\.000/)).toBeInTheDocument();
  });

  it('stays closed for a visitor, who sees USD on /pricing', async () => {
    renderWithHost(<PricingPageRemote variant="select" />, { user: null });
    expect(within(await findCard('Basic')).getByText('$8')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not open on /pricing/all or /pricing/in', async () => {
    renderWithHost(<PricingPageRemote variant="all" />);
    await findCard('Basic');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('current plan', () => {
  it('is not shown to a free user, whose plans are all buttons', async () => {
    renderWithHost(<PricingPageRemote variant="all" />);
    await findCard('Basic');
    expect(screen.queryByRole('region', { name: 'Current plan' })).not.toBeInTheDocument();
    for (const name of ['Basic', 'Advanced', 'Pro']) expect(screen.getByRole('button', { name: `Get ${name}` })).toBeEnabled();
  });

  it('shows a subscriber their plan as Active with Manage Billing', async () => {
    renderWithHost(<PricingPageRemote variant="all" />, { user: { ...testUser, plan: 'advanced', stripeSubscriptionId: 'sub_1' } });
    const current = screen.getByRole('region', { name: 'Current plan' });
    expect(await within(current).findByText('Advanced')).toBeInTheDocument();
    expect(within(current).getByText('Active')).toBeInTheDocument();
    expect(within(current).queryByText('Expired')).not.toBeInTheDocument();
    expect(within(current).getByRole('button', { name: 'Manage Billing' })).toBeEnabled();
  });

  it('shows a paid plan without a subscription id as Expired', async () => {
    renderWithHost(<PricingPageRemote variant="all" />, { user: { ...testUser, plan: 'basic', stripeSubscriptionId: null } });
    const current = screen.getByRole('region', { name: 'Current plan' });
    expect(within(current).getByText('Basic')).toBeInTheDocument();
    expect(within(current).getByText('Expired')).toBeInTheDocument();
    expect(within(current).getByRole('button', { name: 'Manage Billing' })).toBeInTheDocument();
  });

  it("shows the user's own plan as the current one, not as a button to buy it", async () => {
    installFakeApi({}, { payments: true });
    renderWithHost(<PricingPageRemote variant="all" />, { user: { ...testUser, plan: 'pro', stripeSubscriptionId: 'sub_1' } });
    const pro = await findCard('Pro');
    expect(within(pro).queryByRole('button')).not.toBeInTheDocument();
    expect(within(pro).getByText('Your current plan')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Get Pro' })).not.toBeInTheDocument();
    expect(within(card('Basic')).getByRole('button', { name: 'Get Basic' })).toBeInTheDocument();
  });
});
