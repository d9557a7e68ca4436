// Renders a remote's screen the way the shell does: inside the host's providers, with a fake Host whose
// calls the test can inspect and the auth and limits caches already filled. Its apiRequest is the real
// one, answered by the remote's fake API (./fake-api.ts): the test's own (installFakeApi before
// rendering) or one with the default answers.
import { toast as uiToast } from '@atelier/ui';
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
  limits?: UserLimits;
  route?: string;
}

export function renderWithHost(ui: ReactElement, options: Options = {}) {
  const { user = testUser, limits = DEFAULT_LIMITS, route = '/' } = options;
  const api = currentFakeApi();
  answerHostQueries(api, user, limits);
  // The shell's navigation guards: a test asks them as a Back or a link would (`navigationStopped`).
  const guards = new Set<Parameters<NonNullable<Host['guardNavigation']>>[0]>();
  const host = {
    guardNavigation: vi.fn<NonNullable<Host['guardNavigation']>>((guard) => {
      guards.add(guard);
      return () => void guards.delete(guard);
    }),
    apiRequest: vi.fn<Host['apiRequest']>(apiRequest),
    // Into @atelier/ui's store, as the shell's host does (the remote may dismiss what it no longer needs).
    toast: vi.fn<Host['toast']>((options) => void uiToast(options)),
    openLimitDialog: vi.fn<Host['openLimitDialog']>(),
    navigate: vi.fn<Host['navigate']>(),
    track: vi.fn<Host['track']>(),
  } satisfies Host;
  const queryClient = createQueryClient();
  queryClient.setQueryData(authUserQueryOptions().queryKey, user);
  if (user) queryClient.setQueryData(userLimitsQueryOptions(true).queryKey, limits);
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <HostProvider host={host}>{ui}</HostProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  // A test may switch to fake timers midway (to drive polling): user-event's own delays then advance them.
  const events = userEvent.setup({ advanceTimers: (ms) => void (vi.isFakeTimers() && vi.advanceTimersByTime(ms)) });
  const navigationStopped = (pathname: string) => [...guards].some((guard) => guard({ pathname, search: '' }));
  return { ...view, api, host, queryClient, user: events, navigationStopped };
}
