import { QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCurrentUser } from '../auth.js';
import { DevHost } from '../dev/dev-host.js';
import { useHost } from '../host-context.js';
import { DEFAULT_LIMITS } from '@atelier/contracts';
import { DEFAULT_USER_LIMITS, useUserLimits, userLimitsQueryOptions } from '../limits.js';
import { createQueryClient } from '../query-client.js';

const fetchMock = vi.fn<typeof fetch>();
const user = { id: 'u1', plan: 'free', firstName: 'Ada', email: 'ada@example.com' };
const limits = { credits: { used: 3, limit: 25 }, avatar: { used: 0, limit: 2 } };

function respondWith(routes: Record<string, () => Response>) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    const route = routes[url];
    return route ? route() : new Response('{"error":"Not found"}', { status: 404 });
  });
}

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('useCurrentUser', () => {
  it('is loading, then gives the signed-in user', async () => {
    respondWith({ '/api/auth/user': () => Response.json(user) });
    const { result } = renderHook(() => useCurrentUser(), { wrapper });
    expect(result.current).toEqual({ user: null, isLoading: true });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.user).toEqual(user);
  });

  it('treats 401 as signed out and does not retry', async () => {
    respondWith({ '/api/auth/user': () => Response.json({ error: 'Unauthorized' }, { status: 401 }) });
    const { result } = renderHook(() => useCurrentUser(), { wrapper });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.user).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('useUserLimits', () => {
  it('gives the defaults (credits 0/25, avatar 0/0) and never asks while signed out', async () => {
    respondWith({ '/api/auth/user': () => Response.json({ error: 'Unauthorized' }, { status: 401 }) });
    const { result } = renderHook(() => ({ limits: useUserLimits(), auth: useCurrentUser() }), { wrapper });
    expect(result.current.limits).toEqual({ credits: { used: 0, limit: 25 }, avatar: { used: 0, limit: 0 } });
    // The render that learns "signed out" is the one that would enable the limits query.
    await waitFor(() => expect(result.current.auth).toEqual({ user: null, isLoading: false }));
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/auth/user']);
    expect(result.current.limits.credits).toEqual({ used: 0, limit: 25 });
  });

  it('loads the limits once signed in', async () => {
    respondWith({ '/api/auth/user': () => Response.json(user), '/api/user-limits': () => Response.json(limits) });
    const { result } = renderHook(() => useUserLimits(), { wrapper });
    await waitFor(() => expect(result.current).toEqual(limits));
  });

  it('uses the same defaults as the contracts', () => {
    expect(DEFAULT_USER_LIMITS).toEqual(DEFAULT_LIMITS);
  });

  it('polls every 10 s, is stale after 5 s, refetches on focus and mount', () => {
    expect(userLimitsQueryOptions(true)).toMatchObject({
      queryKey: ['/api/user-limits'],
      enabled: true,
      refetchInterval: 10_000,
      staleTime: 5_000,
      refetchOnWindowFocus: true,
      refetchOnMount: true,
    });
    expect(userLimitsQueryOptions(false).enabled).toBe(false);
  });
});

describe('useHost and DevHost', () => {
  it('explains itself when used outside a provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useHost())).toThrow(/outside <HostProvider>/);
  });

  it('DevHost offers toasts, the limit dialog and tracking that never throws', async () => {
    respondWith({ '/api/track-event': () => new Response('down', { status: 502 }) });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    function Remote() {
      const host = useHost();
      return (
        <>
          <button onClick={() => host.toast({ title: 'Photo edited successfully!' })}>toast</button>
          <button onClick={() => host.openLimitDialog({ type: 'canvas', used: 5, limit: 5 })}>limit</button>
          <button onClick={() => host.track('tab_changed', { tab: 'image' })}>track</button>
        </>
      );
    }
    render(
      <DevHost>
        <Remote />
      </DevHost>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'toast' }));
    expect(await screen.findByText('Photo edited successfully!')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'limit' }));
    expect(await screen.findByRole('dialog', { name: 'Not enough credits' })).toBeInTheDocument();
    expect(screen.getByText("You've hit today's daily free limit. Unlock Unlimited Access.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Limits' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'track' }));
    await waitFor(() => expect(warn).toHaveBeenCalledWith('[track] tab_changed failed:', expect.any(Error)));
  });
});
