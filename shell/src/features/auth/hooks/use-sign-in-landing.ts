import type { User } from '@atelier/contracts';
import { useHost } from '@atelier/host';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** Added by the account service to /app on a user's first sign-in ever (SPEC §2). */
export const NEW_LOGIN_PARAM = 'new_login';
/** SPEC §7's registration-completed event. */
export const SIGNUP_EVENT = 'user_signup';
export const SESSION_STARTED_EVENT = 'session_started';
export const DAILY_ACTIVE_EVENT = 'daily_active';
const DAILY_ACTIVE_KEY = 'atelier.dailyActive.';

/** Today's UTC calendar day, e.g. 2026-11-23 (the day the free allowance resets on). */
const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/** daily_active is posted at most once per user and UTC day from this browser (the server enforces it too). */
function shouldPostDailyActive(userId: string, now: Date): boolean {
  const key = DAILY_ACTIVE_KEY + userId;
  try {
    if (window.localStorage.getItem(key) === utcDay(now)) return false;
    window.localStorage.setItem(key, utcDay(now));
  } catch {
    // Storage blocked: post anyway; the server keeps one per day.
  }
  return true;
}

/**
 * What happens when a signed-in user lands in the studio:
 * - `?new_login=1` (first sign-in ever) posts the registration-completed event once and is removed from
 *   the address bar (history replace), keeping any other parameter;
 * - session_started once per page load, and daily_active once per UTC day.
 */
export function useSignInLanding(user: User | null) {
  const host = useHost();
  const location = useLocation();
  const navigate = useNavigate();
  const signupTracked = useRef(false);
  const sessionTracked = useRef<string | null>(null);

  useEffect(() => {
    if (!user || sessionTracked.current === user.id) return;
    sessionTracked.current = user.id;
    host.track(SESSION_STARTED_EVENT, { user_plan: user.plan });
    if (shouldPostDailyActive(user.id, new Date())) host.track(DAILY_ACTIVE_EVENT, { user_plan: user.plan });
  }, [user, host]);

  useEffect(() => {
    if (!user) return;
    const params = new URLSearchParams(location.search);
    if (!params.has(NEW_LOGIN_PARAM)) return;
    if (params.get(NEW_LOGIN_PARAM) === '1' && !signupTracked.current) {
      signupTracked.current = true;
      host.track(SIGNUP_EVENT, { user_plan: user.plan });
    }
    params.delete(NEW_LOGIN_PARAM);
    const search = params.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true });
  }, [user, location, navigate, host]);
}
