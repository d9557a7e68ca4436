import { createQueryClient } from '@atelier/host';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIGN_IN_ERROR_TITLE } from '../../features/auth/utils/sign-in-errors';
import { CONFIG_RETRY_DELAYS_MS, LoginApp } from '../login-app';
import { LoginRoute } from '../routes/login';

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(async () => Response.json({ devLogin: false, avatarEnabled: true })));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderLogin() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/login']}>
        <LoginRoute />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('login screen', () => {
  it('rotates the hero image every 4 s with a 250 ms fade', () => {
    vi.useFakeTimers();
    renderLogin();
    const hero = () => screen.getByTestId('login-hero');
    expect(hero()).toHaveAttribute('data-style', 'abstract');
    expect(hero()).toHaveClass('animate-fade-in');
    expect(hero()).toHaveStyle({ animationDuration: '250ms' });
    act(() => vi.advanceTimersByTime(3999));
    expect(hero()).toHaveAttribute('data-style', 'abstract');
    act(() => vi.advanceTimersByTime(1));
    expect(hero()).toHaveAttribute('data-style', 'y2k');
    act(() => vi.advanceTimersByTime(4000));
    expect(hero()).toHaveAttribute('data-style', 'everyday');
  });

  it('continues with Google by a browser navigation to /api/auth/google', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(assign).toHaveBeenCalledWith('/api/auth/google');
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  });
});

describe('the light login app on a first load of /login', () => {
  const renderLight = (config: unknown, search = '') => {
    window.history.replaceState(null, '', `/login${search}`);
    let bodyRead: Promise<unknown> | undefined;
    const fetchMock = vi.fn(async () => {
      const res = Response.json(config);
      const json = res.json.bind(res);
      res.json = () => (bodyRead = json());
      return res;
    });
    vi.stubGlobal('fetch', fetchMock);
    const enterApp = vi.fn();
    render(<LoginApp enterApp={enterApp} />);
    /** Resolves once the page has read /api/config's answer and every continuation of it has run. */
    const configRead = async () => {
      await waitFor(() => expect(bodyRead).toBeDefined());
      await act(async () => {
        await bodyRead;
        await new Promise((r) => setTimeout(r, 0)); // past every microtask queued after the body
      });
    };
    return { enterApp, configRead };
  };
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('shows Dev Entry only once the server reports development sign-in', async () => {
    renderLight({ devLogin: true, avatarEnabled: true });
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Dev Entry' })).toBeInTheDocument();
  });

  it('hides Dev Entry when the server says no, or does not answer sensibly', async () => {
    const { configRead } = renderLight({ devLogin: 'yes' });
    await configRead();
    expect(screen.queryByRole('button', { name: 'Dev Entry' })).not.toBeInTheDocument();
  });

  it('tries GET /api/config again when the gateway is busy or unreachable, then shows Dev Entry', async () => {
    window.history.replaceState(null, '', '/login');
    const answers = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.resolve(new Response('busy', { status: 503 })),
      () => Promise.resolve(Response.json({ devLogin: true })),
    ];
    const fetchMock = vi.fn(() => answers[fetchMock.mock.calls.length - 1]!());
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(<LoginApp enterApp={vi.fn()} />);
    expect(await screen.findByRole('button', { name: 'Dev Entry' }, { timeout: 4000 })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('does not try again when the server answers a plain refusal', async () => {
    window.history.replaceState(null, '', '/login');
    const fetchMock = vi.fn(async () => new Response('nope', { status: 404 }));
    vi.stubGlobal('fetch', fetchMock);
    render(<LoginApp enterApp={vi.fn()} />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await act(() => new Promise((r) => setTimeout(r, CONFIG_RETRY_DELAYS_MS[0]! + 200)));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Dev Entry' })).not.toBeInTheDocument();
  });

  it('explains a failed sign-in from ?error= and enters the full app on the terms link', async () => {
    const { enterApp } = renderLight({ devLogin: false }, '?error=access_denied');
    expect(screen.getByRole('alert')).toHaveTextContent(SIGN_IN_ERROR_TITLE);
    await userEvent.click(screen.getByRole('link', { name: 'Terms of Service' }));
    expect(enterApp).toHaveBeenCalledWith('/terms');
    await userEvent.click(screen.getByRole('link', { name: 'Privacy Policy' }));
    expect(enterApp).toHaveBeenCalledWith('/privacy');
  });

  it('says the account is deleted on /login?account=deleted (where deleting an account ends), and nothing otherwise', async () => {
    renderLight({ devLogin: false }, '?account=deleted');
    expect(screen.getByRole('status')).toHaveTextContent('Your account is deleted');
    expect(screen.getByRole('status')).toHaveTextContent('copies in our backups go within 90 days');
    expect(screen.getByRole('status')).toHaveFocus(); // read out when the page opens
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows no account notice for another value', () => {
    renderLight({ devLogin: false }, '?account=<b>x</b>');
    expect(screen.queryByText('Your account is deleted')).not.toBeInTheDocument();
  });
});
