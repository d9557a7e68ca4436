import { useCurrentUser } from '@atelier/host';
import { useDeferredValue } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { FullPageSpinner } from '../../../components/full-page-spinner';
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
  useSignInLanding(user);
  if (isLoading) return <FullPageSpinner label="Checking your session" />;
  if (!user) return <Navigate to={ROUTES.login} replace />;
  return <Outlet />;
}

/** /: a spinner while auth loads; a signed-in user goes to /app. */
export function GuestOnly() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <FullPageSpinner label="Checking your session" />;
  if (user) return <Navigate to={ROUTES.app} replace />;
  return <Outlet />;
}
