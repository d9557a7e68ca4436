import { useEffect, useState } from 'react';
import { SHELL_CONFIG } from '../config/shell-config';
import { ROUTES } from '../constants';
import { loadAnalyticsTag, sendTagPageView } from '../features/analytics/utils/analytics-tag';
import { LoginScreen } from '../features/auth/components/login-screen';

/** Waits before the second and third tries of GET /api/config when it fails for a passing reason. */
export const CONFIG_RETRY_DELAYS_MS = [500, 1500];

/**
 * GET /api/config's devLogin without React Query or zod. A network error, a 429 or a 5xx is passing (a
 * busy or restarting gateway), so it is tried again after each of {@link CONFIG_RETRY_DELAYS_MS}; any
 * other answer, or the last failure, means no Dev Entry.
 */
async function fetchDevLogin(isCancelled: () => boolean): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    let passing: unknown;
    try {
      const res = await fetch('/api/config', { credentials: 'include' });
      if (res.ok) {
        const body = (await res.json()) as { devLogin?: unknown };
        return body.devLogin === true;
      }
      if (res.status !== 429 && res.status < 500) return false;
      passing = `HTTP ${res.status}`;
    } catch (error) {
      passing = error;
    }
    const delay = CONFIG_RETRY_DELAYS_MS[attempt];
    if (delay === undefined || isCancelled()) {
      console.warn('[login] config check failed:', passing);
      return false;
    }
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

export interface LoginAppProps {
  /** Starts the full app at `to` (the terms, the privacy policy, the landing page). */
  enterApp: (to: string) => void;
  /** Warms the full app's code when the visitor is about to leave the login page. */
  prefetchApp?: () => void;
}

/**
 * A first load of `/login` renders this light page instead of the full app (like app/landing-app for `/`):
 * only React and the login screen's own code. Signing in leaves the page anyway (a browser navigation to
 * /api/auth/google or /api/dev-login), so the router, React Query and the shared UI load only if the
 * visitor follows a link.
 */
export function LoginApp({ enterApp, prefetchApp }: LoginAppProps) {
  const [devLogin, setDevLogin] = useState(false);
  useEffect(() => {
    let cancelled = false;
    void fetchDevLogin(() => cancelled).then((allowed) => {
      if (!cancelled) setDevLogin(allowed);
    });
    loadAnalyticsTag(SHELL_CONFIG.analyticsMeasurementId);
    sendTagPageView(ROUTES.login);
    return () => {
      cancelled = true;
    };
  }, []);
  // Prerendered pages are for the bare /login (the gateway sends the plain page when there is a query).
  const params = typeof window === 'undefined' ? null : new URLSearchParams(window.location.search);
  const errorCode = params?.get('error') ?? null;
  return (
    <div onPointerOver={prefetchApp} onFocus={prefetchApp}>
      <LoginScreen devLogin={devLogin} errorCode={errorCode} accountNotice={params?.get('account') ?? null} onNavigate={enterApp} />
    </div>
  );
}
