import { useCurrentUser } from '@atelier/host';
import { Navigate, Outlet } from 'react-router-dom';
import { FullPageSpinner } from '../../../components/full-page-spinner';
import { ROUTES } from '../../../constants';
import { useSignInLanding } from '../hooks/use-sign-in-landing';

/** /app/*: a spinner while auth loads; a signed-out visitor goes to /login; a sign-in landing is tracked. */
export function RequireAuth() {
  const { user, isLoading } = useCurrentUser();
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
