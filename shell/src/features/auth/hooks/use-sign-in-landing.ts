import type { User } from '@atelier/contracts';
import { useHost } from '@atelier/host';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** Added by the account service to /app on a user's first sign-in ever (SPEC §2). */
export const NEW_LOGIN_PARAM = 'new_login';
/** SPEC §7's registration-completed event. */
export const SIGNUP_EVENT = 'user_signup';
export const SESSION_STARTED_EVENT = 'session_started';
export const LOGIN_EVENT = 'user_login';
/** Set (readable, no secret, 5 min) by the account service on every sign-in: services/account/src/domain/cookies.ts. */
export const SIGNED_IN_MARKER = 'atelier_signed_in';
export const DAILY_ACTIVE_EVENT = 'daily_active';
const DAILY_ACTIVE_KEY = 'atelier.dailyActive.';
const SESSION_STARTED_KEY = 'atelier.sessionStarted.';

/** The user's own calendar day in their time zone, e.g. 2026-11-23 (SPEC §9: once per calendar day). */
export const localDay = (now: Date) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

/** True the first time `key` is set to `value` in `storage`; true as well when storage is blocked. */
function firstTime(storage: () => Storage, key: string, value: string): boolean {
  try {
    if (storage().getItem(key) === value) return false;
    storage().setItem(key, value);
  } catch {
    // Storage blocked: post anyway; the server keeps daily_active to one per day.
  }
  return true;
}

/** True once after a sign-in: the account service's marker cookie is there, and is deleted on reading. */
function takeSignedInMarker(): boolean {
  const present = document.cookie.split(';').some((part) => part.trim() === `${SIGNED_IN_MARKER}=1`);
  if (present) document.cookie = `${SIGNED_IN_MARKER}=; Max-Age=0; Path=/; SameSite=Lax`;
  return present;
}

/** daily_active at most once per user and local calendar day from this browser (local storage). */
const shouldPostDailyActive = (userId: string, now: Date) =>
  firstTime(() => window.localStorage, DAILY_ACTIVE_KEY + userId, localDay(now));

/** session_started once per user and tab session (session storage): a reload is not a new session, a new tab is. */
const shouldPostSessionStarted = (userId: string) =>
  firstTime(() => window.sessionStorage, SESSION_STARTED_KEY + userId, '1');

/**
 * What happens when a signed-in user lands in the studio:
 * - `?new_login=1` (first sign-in ever) posts the registration-completed event once and is removed from
 *   the address bar (history replace), keeping any other parameter;
 * - user_login after every sign-in (the account service's marker cookie, taken once);
 * - session_started once per browser session, and daily_active once per local calendar day.
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
    if (takeSignedInMarker()) host.track(LOGIN_EVENT, { user_plan: user.plan });
    if (shouldPostSessionStarted(user.id)) host.track(SESSION_STARTED_EVENT, { user_plan: user.plan });
    const now = new Date();
    // The server keeps one daily_active per user and local_day (services/account/src/db/events.ts).
    if (shouldPostDailyActive(user.id, now)) host.track(DAILY_ACTIVE_EVENT, { user_plan: user.plan, local_day: localDay(now) });
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
