import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import PricingPageRemote from '../../../expose/pricing-page';
import { installFakeApi, json, type PricingFakeApi } from '../../../testing/fake-api';
import { renderWithHost } from '../../../testing/render-with-host';

vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: vi.fn() }));

/** A signed-in user, payments not configured (the tiers carry no price id): a plan opens the waitlist. */
async function openWaitlist(api: PricingFakeApi) {
  const view = renderWithHost(<PricingPageRemote variant="all" />);
  await view.user.click(await screen.findByRole('button', { name: 'Get Pro' }));
  const dialog = await screen.findByRole('dialog', { name: "We're in Alpha" });
  return { ...view, api, dialog };
}

async function join(view: Awaited<ReturnType<typeof openWaitlist>>, email: string) {
  if (email) await view.user.type(within(view.dialog).getByRole('textbox', { name: 'Email' }), email);
  await view.user.click(within(view.dialog).getByRole('button', { name: 'Join the waitlist' }));
}

describe('waitlist', () => {
  it('opens with 70% off and an email field, and 201 shows You’re on the list', async () => {
    const view = await openWaitlist(installFakeApi());
    expect(within(view.dialog).getByText('70% off')).toBeInTheDocument();
    const email = within(view.dialog).getByRole('textbox', { name: 'Email' });
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    await join(view, ' ada@example.com ');
    expect(await screen.findByRole('dialog', { name: "You're on the list" })).toHaveTextContent('ada@example.com');
    expect(view.api.calls('POST /api/waitlist').map((call) => call.body)).toEqual([{ email: 'ada@example.com', source: 'pricing_page' }]);
    expect(view.api.waitlist).toEqual([{ email: 'ada@example.com', source: 'pricing_page' }]);
    expect(view.host.toast).not.toHaveBeenCalled();
  });

  it('a double-click joins once and shows the success (the second sign-up\'s 409 said "Already on waitlist")', async () => {
    const view = await openWaitlist(installFakeApi());
    await view.user.type(within(view.dialog).getByRole('textbox', { name: 'Email' }), 'new@example.com');
    const form = within(view.dialog).getByRole('button', { name: 'Join the waitlist' }).closest('form')!;
    act(() => {
      form.requestSubmit();
      form.requestSubmit();
    });
    expect(await screen.findByRole('dialog', { name: "You're on the list" })).toHaveTextContent('new@example.com');
    expect(view.api.calls('POST /api/waitlist')).toHaveLength(1);
    expect(view.host.toast).not.toHaveBeenCalled();
  });

  it('409: Already on waitlist', async () => {
    const api = installFakeApi();
    api.waitlist.push({ email: 'ada@example.com', source: 'pricing_page' });
    const view = await openWaitlist(api);
    await join(view, 'ADA@example.com');
    await waitFor(() =>
      expect(view.host.toast).toHaveBeenCalledWith({
        title: 'Already on waitlist',
        description: 'This email is already registered for early access.',
        variant: 'destructive',
      }),
    );
    expect(api.waitlist).toHaveLength(1);
    expect(screen.queryByRole('dialog', { name: "You're on the list" })).not.toBeInTheDocument();
  });

  it.each([
    ['400', () => json({ error: 'Please enter a valid email address' }, 400)],
    ['429', () => json({ error: 'Too many requests. Please try again later.' }, 429)],
    ['502', () => json({ error: 'Service unavailable: billing' }, 502)],
    [
      'a network error',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('%s: Something went wrong', async (_case, answer) => {
    const view = await openWaitlist(installFakeApi({ 'POST /api/waitlist': answer }));
    await join(view, 'ada@example.com');
    await waitFor(() =>
      expect(view.host.toast).toHaveBeenCalledWith({ title: 'Something went wrong', description: 'Please try again later', variant: 'destructive' }),
    );
    expect(within(view.dialog).getByRole('button', { name: 'Join the waitlist' })).toBeEnabled();
  });

  it('an email of spaces sent past the browser’s own check: Email required, nothing sent', async () => {
    const view = await openWaitlist(installFakeApi());
    // type=email and required already stop an empty field in the browser; the form checks the trimmed value too.
    await view.user.type(within(view.dialog).getByRole('textbox', { name: 'Email' }), '   ');
    fireEvent.submit(within(view.dialog).getByRole('button', { name: 'Join the waitlist' }).closest('form')!);
    expect(view.host.toast).toHaveBeenCalledWith({ title: 'Email required', description: 'Please enter your email address', variant: 'destructive' });
    expect(view.api.calls('POST /api/waitlist')).toHaveLength(0);
  });

  it('closes with Escape and opens empty-handed again after a success', async () => {
    const view = await openWaitlist(installFakeApi());
    await join(view, 'ada@example.com');
    await screen.findByRole('dialog', { name: "You're on the list" });
    await view.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await view.user.click(screen.getByRole('button', { name: 'Get Basic' }));
    expect(await screen.findByRole('dialog', { name: "We're in Alpha" })).toBeInTheDocument();
  });
});
