import { useCurrentUser, useHost } from '@atelier/host';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { SHELL_CONFIG } from '../../../config/shell-config';
import { loadAnalyticsTag, sendTagPageView } from '../utils/analytics-tag';
import { PAGE_VIEW_EVENT, pageViewMetadata } from '../utils/page-view';

/** Reports a page view on every route change (path, not query), once auth has settled so the plan is known. */
export function PageViewTracker() {
  const { pathname } = useLocation();
  const { isLoading } = useCurrentUser();
  const host = useHost();
  const lastPath = useRef<string | null>(null);

  useEffect(() => {
    loadAnalyticsTag(SHELL_CONFIG.analyticsMeasurementId);
  }, []);

  useEffect(() => {
    if (isLoading || lastPath.current === pathname) return;
    lastPath.current = pathname;
    host.track(PAGE_VIEW_EVENT, pageViewMetadata(pathname)); // the host adds user_plan when signed in
    sendTagPageView(pathname);
  }, [host, isLoading, pathname]);

  return null;
}
