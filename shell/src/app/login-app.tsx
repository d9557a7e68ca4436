import { useEffect, useState } from 'react';
import { SHELL_CONFIG } from '../config/shell-config';
import { ROUTES } from '../constants';
import { loadAnalyticsTag, sendTagPageView } from '../features/analytics/utils/analytics-tag';
import { LoginScreen } from '../features/auth/components/login-screen';

/** GET /api/config's devLogin without React Query or zod; any failure means no Dev Entry. */
async function fetchDevLogin(): Promise<boolean> {
  try {
    const res = await fetch('/api/config', { credentials: 'include' });
    if (!res.ok) return false;
    const body = (await res.json()) as { devLogin?: unknown };
    return body.devLogin === true;
  } catch (error) {
    console.warn('[login] config check failed:', error);
    return false;
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
    void fetchDevLogin().then((allowed) => {
      if (!cancelled) setDevLogin(allowed);
    });
    loadAnalyticsTag(SHELL_CONFIG.analyticsMeasurementId);
    sendTagPageView(ROUTES.login);
    return () => {
      cancelled = true;
    };
  }, []);
  const errorCode = new URLSearchParams(window.location.search).get('error');
  return (
    <div onPointerOver={prefetchApp} onFocus={prefetchApp}>
      <LoginScreen devLogin={devLogin} errorCode={errorCode} onNavigate={enterApp} />
    </div>
  );
}
