import type { User } from '@atelier/contracts';
import { AUTH_USER_KEY, createQueryClient, HostProvider, useCurrentUser, type LimitDialogOptions } from '@atelier/host';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Component, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { FullPageSpinner } from '../components/full-page-spinner';
import { LazyToaster } from '../components/lazy-toaster';
import { LimitDialog, LIMIT_DIALOG_TARGET, type LimitDialogProps } from '../features/limit-dialog/components/limit-dialog';
import { RemoteRegistryContext } from '../features/remotes/components/remote-screen';
import type { RemoteRegistry } from '../features/remotes/utils/remote-registry';
import type { NavigationGuard } from '../lib/guarded-history';
import { createShellHost } from '../lib/shell-host';
import { sentAsVisitor } from '../lib/visitor';

class AppErrorBoundary extends Component<{ children?: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('[shell] unexpected error:', error);
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main
        role="alert"
        className="flex min-h-svh flex-col items-center justify-center gap-3 px-6 text-center"
      >
        <h1 className="text-3xl">Something went wrong</h1>
        <button className="underline" onClick={() => window.location.reload()}>
          Reload
        </button>
      </main>
    );
  }
}

/** The limit dialog for the signed-in user's plan (the user query is the header's, already cached). */
function UsersLimitDialog(props: Omit<LimitDialogProps, 'plan'>) {
  const { user } = useCurrentUser();
  return <LimitDialog {...props} plan={user?.plan} />;
}

export interface AppProviderProps {
  /** The router's navigate, used by remotes through the host. */
  navigate: (to: string, options?: { replace?: boolean }) => void;
  remoteRegistry: RemoteRegistry;
  /** Adds a navigation guard (the app's guarded history), for remotes' `host.guardNavigation`. */
  guard?: (guard: NavigationGuard) => () => void;
  children?: ReactNode;
}

/**
 * A call was refused 401: the session ended elsewhere (signed out in another tab, deleted, expired). The user is asked
 * for again, and the app's routes send a visitor to /login (the studio stayed, its calls failing).
 */
function sessionEnded(queryClient: QueryClient): void {
  if (queryClient.getQueryData([AUTH_USER_KEY])) void queryClient.invalidateQueries({ queryKey: [AUTH_USER_KEY] });
}

/** Suspense → error boundary → the page's one QueryClient → the host every remote uses. */
export function AppProvider({ navigate, remoteRegistry, guard, children }: AppProviderProps) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    // Signed out for sure (no session cookie reached the gateway): no GET /api/auth/user and its logged 401.
    if (sentAsVisitor()) client.setQueryData([AUTH_USER_KEY], null);
    return client;
  });
  // A 401 from any query or mutation (the limits' poll, the account page's reads) ends the session too, as one from
  // a call through the host does.
  useEffect(() => {
    const ended = (event: { type: string; action?: { type: string; error?: unknown } }) => {
      const error = event.type === 'updated' && event.action?.type === 'error' ? event.action.error : null;
      if (error instanceof Error && error.message.startsWith('401:')) sessionEnded(queryClient);
    };
    const fromQueries = queryClient.getQueryCache().subscribe(ended);
    const fromMutations = queryClient.getMutationCache().subscribe(ended);
    return () => {
      fromQueries();
      fromMutations();
    };
  }, [queryClient]);
  const [limit, setLimit] = useState<LimitDialogOptions | null>(null);
  const host = useMemo(() => {
    const created = createShellHost({
      navigate,
      openLimitDialog: (options) => {
        setLimit(options);
        created.track('limit_modal_shown', { type: options.type, used: options.used, limit: options.limit });
      },
      userPlan: () => queryClient.getQueryData<User | null>([AUTH_USER_KEY])?.plan,
      onUnauthorized: () => sessionEnded(queryClient),
      ...(guard ? { guard } : {}),
    });
    return created;
  }, [navigate, queryClient, guard]);

  return (
    <Suspense fallback={<FullPageSpinner />}>
      <AppErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <HostProvider host={host}>
            <RemoteRegistryContext.Provider value={remoteRegistry}>
              {children}
              <UsersLimitDialog
                limit={limit}
                onClose={() => setLimit(null)}
                onRemoveLimits={() => {
                  setLimit(null);
                  host.track('unlock_clicked', { source: limit?.type });
                  navigate(LIMIT_DIALOG_TARGET);
                }}
              />
              <LazyToaster />
            </RemoteRegistryContext.Provider>
          </HostProvider>
        </QueryClientProvider>
      </AppErrorBoundary>
    </Suspense>
  );
}
