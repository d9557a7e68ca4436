import { useCurrentUser, useHost } from '@atelier/host';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { SHELL_CONFIG } from '../../../config/shell-config';
import { ROUTES } from '../../../constants';
import { loadAnalyticsTag, sendTagPageView } from '../utils/analytics-tag';
import { PAGE_VIEW_EVENT, pageViewMetadata } from '../utils/page-view';

/**
 * Reports a page view on every route change (path, not query) once auth has settled: to the analytics tag
 * for everyone, and to /api/track-event for a signed-in user (events carry the user's id and plan, SPEC §7).
 * A path the auth guards are about to redirect away from is not a view.
 */
export function PageViewTracker() {
  const { pathname } = useLocation();
  const { user, isLoading } = useCurrentUser();
  const host = useHost();
  const lastPath = useRef<string | null>(null);

  useEffect(() => {
    loadAnalyticsTag(SHELL_CONFIG.analyticsMeasurementId);
  }, []);

  useEffect(() => {
    if (isLoading || lastPath.current === pathname) return;
    if (isGuardRedirect(pathname, user !== null)) return;
    lastPath.current = pathname;
    sendTagPageView(pathname);
    if (user) host.track(PAGE_VIEW_EVENT, pageViewMetadata(pathname)); // the host adds user_plan
  }, [host, isLoading, pathname, user]);

  return null;
}

/** The guards' rules (SPEC §4): signed out on /app… goes to /login; signed in on / goes to /app. */
function isGuardRedirect(pathname: string, signedIn: boolean): boolean {
  if (pathname === ROUTES.landing) return signedIn;
  return !signedIn && (pathname === ROUTES.app || pathname.startsWith(`${ROUTES.app}/`));
}
