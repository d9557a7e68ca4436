import { apiRequest, createQueryClient, HostProvider, type Host } from '@atelier/host';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryAnswered } from '../../../testing/query-answered';
import { currentUserTypeQueryOptions } from '../api/get-current-user-type';
import { DevToolsPanel } from '../components/dev-tools-panel';

type Handler = (init?: RequestInit) => Response | Promise<Response>;
let routes: Record<string, Handler>;
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  routes = {
    'GET /api/dev/current-user-type': () => Response.json({ userType: 'free' }),
    'POST /api/dev/switch-user': () => Response.json({ user: { id: 'u1', plan: 'pro', firstName: 'Ada', email: 'a@x.test' } }),
    'POST /api/dev/generate-test-content': () => Response.json({ count: 6 }),
    'POST /api/dev/reset-limits': () => Response.json({ credits: { used: 25, limit: 25 }, avatar: { used: 0, limit: 0 } }),
  };
  fetchMock.mockImplementation(async (input, init) => {
    const handler = routes[`${init?.method ?? 'GET'} ${String(input)}`];
    return handler ? handler(init) : Response.json({ error: 'Not found' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderPanel(reload = vi.fn()) {
  const toast = vi.fn<Host['toast']>();
  const host: Host = { apiRequest, toast, openLimitDialog: vi.fn(), navigate: vi.fn(), track: vi.fn() };
  const queryClient = createQueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const userTypeAnswered = vi.fn();
  const { container } = render(
    <QueryClientProvider client={queryClient}>
      <HostProvider host={host}>
        <DevToolsPanel reload={reload} />
        <QueryAnswered query={currentUserTypeQueryOptions()} onAnswer={userTypeAnswered} />
      </HostProvider>
    </QueryClientProvider>,
  );
  return { toast, reload, invalidate, container, userTypeAnswered };
}

const invalidatedKeys = (spy: { mock: { calls: unknown[][] } }) =>
  spy.mock.calls.map((call) => ((call[0] as { queryKey?: string[] }).queryKey ?? [])[0]);

describe('developer tools page', () => {
  it('renders nothing visible when the server has no developer tools', async () => {
    routes['GET /api/dev/current-user-type'] = () => Response.json({ error: 'Not found' }, { status: 404 });
    const { container, userTypeAnswered } = renderPanel();
    await waitFor(() => expect(userTypeAnswered).toHaveBeenCalled()); // the panel has rendered the 404
    expect(screen.queryByRole('heading', { name: 'Developer tools' })).not.toBeInTheDocument();
    expect(container).toBeEmptyDOMElement();
  });

  it('switches the user type: toast, caches refreshed, reload after 1 s', async () => {
    const { toast, reload, invalidate } = renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'pro' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'User switched successfully', description: 'Now testing as pro user' }));
    const body = JSON.parse(String(fetchMock.mock.calls.find((c) => String(c[0]) === '/api/dev/switch-user')![1]!.body));
    expect(body).toEqual({ userType: 'pro' });
    await waitFor(() => expect(invalidatedKeys(invalidate)).toEqual(expect.arrayContaining(['/api/auth/user', '/api/user-limits', '/api/generations'])));
    expect(reload).not.toHaveBeenCalled();
    await waitFor(() => expect(reload).toHaveBeenCalledOnce(), { timeout: 3000 });
  });

  it('schedules the reload 1000 ms after a switch', async () => {
    const timeouts = vi.spyOn(window, 'setTimeout');
    const { reload } = renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'basic' }));
    await waitFor(() => expect(timeouts).toHaveBeenCalledWith(reload, 1000));
    timeouts.mockRestore();
  });

  it('generates test content and resets limits with their toasts', async () => {
    const { toast, invalidate } = renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Generate test content' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'Test content generated', description: 'Created 6 test images' }));
    await userEvent.click(screen.getByRole('button', { name: 'Reset limits' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'Limits reset successfully' }));
    expect(invalidatedKeys(invalidate)).toEqual(expect.arrayContaining(['/api/generations', '/api/user-limits']));
  });

  it('shows the failure toasts with the error message', async () => {
    routes['POST /api/dev/switch-user'] = () => new Response('nope', { status: 400 });
    routes['POST /api/dev/generate-test-content'] = () => new Response('', { status: 503, statusText: 'Service Unavailable' });
    routes['POST /api/dev/reset-limits'] = () => Promise.reject(new Error(''));
    const timeouts = vi.spyOn(window, 'setTimeout');
    const { toast, reload } = renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'advanced' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'Failed to switch user', description: '400: nope', variant: 'destructive' }));
    await userEvent.click(screen.getByRole('button', { name: 'Generate test content' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({ title: 'Failed to generate test content', description: '503: Service Unavailable', variant: 'destructive' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Reset limits' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'Failed to reset limits', description: 'Something went wrong', variant: 'destructive' }));
    // A reload would be scheduled (1 s ahead) where the failure toast is raised: none was.
    expect(timeouts.mock.calls.filter(([callback]) => callback === reload)).toEqual([]);
    timeouts.mockRestore();
  });
});
