import { authUserQueryOptions, useCurrentUser } from '@atelier/host';
import { Button } from '@atelier/ui';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { FullPageSpinner } from '../../../components/full-page-spinner';
import { RevealApp } from '../../../components/reveal-app';
import { ROUTES } from '../../../constants';
import { useSignInLanding } from '../hooks/use-sign-in-landing';

/**
 * /app/*: a spinner while auth loads; a signed-out visitor goes to /login; a sign-in landing is tracked.
 *
 * The session's answer arrives through React Query's store, whose updates React renders at once, in one task; what
 * it lets through here is the whole studio screen (a remote's included). Deferred, that render is a transition:
 * React yields to the browser between components, and the spinner stays until it is done.
 */
export function RequireAuth() {
  const current = useCurrentUser();
  const user = useDeferredValue(current.user);
  const isLoading = useDeferredValue(current.isLoading);
  // Only a 401 means signed out (SPEC §4): a server error or a dropped connection is not a reason to send a signed-in
  // user to the sign-in page, losing where they were.
  const check = useQuery(authUserQueryOptions());
  useSignInLanding(user);
  if (isLoading) return <FullPageSpinner label="Checking your session" />;
  if (!user) {
    // A check under way (Try again puts the query back to pending) or a user just found: the deferred values follow
    // in a moment — not a reason to send anyone to /login.
    if (current.user || current.isLoading || check.isFetching) return <FullPageSpinner label="Checking your session" />;
    if (check.isError) return <SessionCheckFailed retrying={check.isFetching} onRetry={() => void check.refetch()} />;
    return <Navigate to={ROUTES.login} replace />;
  }
  return <Outlet />;
}

/** The session could not be checked (not a 401): say so, and offer to try again. */
function SessionCheckFailed({ retrying, onRetry }: { retrying: boolean; onRetry(): void }) {
  return (
    <div role="alert" className="flex min-h-[60vh] w-full flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="font-display text-3xl">We couldn't check your session</h1>
      <p className="max-w-md text-muted-foreground">The server did not answer as expected. Your work is safe; check your connection and try again.</p>
      <Button onClick={onRetry} disabled={retrying}>
        {retrying ? 'Trying again…' : 'Try again'}
      </Button>
      {/* A screen worth showing: it replaces a route's first paint (the studio drawn before the session was checked). */}
      <RevealApp />
    </div>
  );
}

/** /: a spinner while auth loads; a signed-in user goes to /app. */
export function GuestOnly() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <FullPageSpinner label="Checking your session" />;
  if (user) return <Navigate to={ROUTES.app} replace />;
  return <Outlet />;
}
