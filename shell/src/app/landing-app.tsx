import { useEffect, useState } from 'react';
import { SHELL_CONFIG } from '../config/shell-config';
import { ROUTES } from '../constants';
import { loadAnalyticsTag, sendTagPageView } from '../features/analytics/utils/analytics-tag';
import { forgetVisitorMark, sentAsVisitor } from '../lib/visitor';
import { LandingScreen } from './landing-screen';

type Visitor = 'loading' | 'visitor' | 'signed-in';

/** GET /api/auth/user without React Query: 200 is a signed-in user, 401 (or any failure) a visitor. */
async function fetchVisitor(): Promise<Visitor> {
  try {
    const res = await fetch('/api/auth/user', { credentials: 'include' });
    return res.ok ? 'signed-in' : 'visitor';
  } catch (error) {
    console.warn('[landing] auth check failed:', error);
    return 'visitor';
  }
}

export interface LandingAppProps {
  /** Starts the full app at `to` (the router, React Query and the remotes load then). */
  enterApp: (to: string, options?: { replace?: boolean }) => void;
  /** Warms the full app's code when the visitor is about to leave the landing page. */
  prefetchApp?: () => void;
  /**
   * The page was prerendered for a visitor (the gateway sends it only to a browser without a session cookie):
   * the landing shows at once while the session check still runs, instead of the spinner.
   */
  prerendered?: boolean;
}

/**
 * A first visit to `/` renders this light page instead of the full app, so the landing loads only React and
 * its own code. It keeps SPEC §2's rules: a spinner while auth loads, a signed-in user goes to /app.
 */
export function LandingApp({ enterApp, prefetchApp, prerendered = false }: LandingAppProps) {
  const [visitor, setVisitor] = useState<Visitor>(prerendered ? 'visitor' : 'loading');

  useEffect(() => {
    let cancelled = false;
    const check = () =>
      void fetchVisitor().then((result) => {
        if (cancelled) return;
        if (result === 'signed-in') return enterApp(ROUTES.app, { replace: true });
        setVisitor(result);
      });
    // A prerendered page (or one the gateway marked) was sent because the request had no session cookie: asking
    // would only log a 401 in the console. It asks when the page comes back from the back/forward cache (a sign-in may have happened since).
    const restored = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      forgetVisitorMark(); // the full app, if it starts from here, asks too
      check();
    };
    if (prerendered || sentAsVisitor()) {
      setVisitor('visitor');
      window.addEventListener('pageshow', restored);
    } else check();
    return () => {
      cancelled = true;
      window.removeEventListener('pageshow', restored);
    };
  }, [enterApp, prerendered]);

  // The visitor's page view goes to the analytics tag only (track-event carries signed-in users' events).
  useEffect(() => {
    if (visitor !== 'visitor') return;
    loadAnalyticsTag(SHELL_CONFIG.analyticsMeasurementId);
    sendTagPageView(ROUTES.landing);
  }, [visitor]);

  if (visitor !== 'visitor') {
    return (
      <div className="flex min-h-svh items-center justify-center bg-ink text-ivory/70">
        <span role="status" aria-label="Checking your session" className="h-6 w-6 animate-spin rounded-full border-2 border-current border-t-transparent" />
      </div>
    );
  }
  return (
    <div onPointerOver={prefetchApp} onFocus={prefetchApp}>
      <LandingScreen onNavigate={(to) => enterApp(to)} />
    </div>
  );
}
