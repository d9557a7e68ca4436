// Renders a remote's screen the way the shell does: inside the host's providers, with a fake Host whose
// calls the test can inspect and the auth and limits caches already filled. Its apiRequest is the real
// one, answered by the remote's fake API (./fake-api.ts): the test's own (installFakeApi before
// rendering) or one with the default answers.
import type { User, UserLimits } from '@atelier/contracts';
import { DEFAULT_LIMITS } from '@atelier/contracts';
import {
  HostProvider,
  apiRequest,
  authUserQueryOptions,
  createQueryClient,
  userLimitsQueryOptions,
  type Host,
} from '@atelier/host';
import { answerHostQueries } from '@atelier/host/testing';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { currentFakeApi } from './fake-api';

export const testUser: User = { id: 'u1', plan: 'free', firstName: 'Ada', email: 'ada@example.com' };

interface Options {
  user?: User | null;
  /** The limits already read, or 'unreadable': not read yet, and GET /api/user-limits answers 502. */
  limits?: UserLimits | 'unreadable';
  route?: string;
}

export function renderWithHost(ui: ReactElement, options: Options = {}) {
  const { user = testUser, limits = DEFAULT_LIMITS, route = '/app/canvas' } = options;
  const api = currentFakeApi();
  const unreadable = limits === 'unreadable';
  answerHostQueries(api, user, unreadable ? DEFAULT_LIMITS : limits);
  if (unreadable) api.on('GET /api/user-limits', () => Response.json({ error: 'Service unavailable: account' }, { status: 502 }));
  const host = {
    apiRequest: vi.fn<Host['apiRequest']>(apiRequest),
    toast: vi.fn<Host['toast']>(),
    openLimitDialog: vi.fn<Host['openLimitDialog']>(),
    navigate: vi.fn<Host['navigate']>(),
    track: vi.fn<Host['track']>(),
  } satisfies Host;
  const queryClient = createQueryClient();
  queryClient.setQueryData(authUserQueryOptions().queryKey, user);
  if (user && !unreadable) queryClient.setQueryData(userLimitsQueryOptions(true).queryKey, limits);
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <HostProvider host={host}>{ui}</HostProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, api, host, queryClient, user: userEvent.setup() };
}
