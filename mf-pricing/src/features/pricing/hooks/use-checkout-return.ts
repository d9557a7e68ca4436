import { AUTH_USER_KEY, USER_LIMITS_KEY, useCurrentUser, useHost, useLocation } from '@atelier/host';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ANALYTICS_EVENTS, CHECKOUT_RETURN_QUERY, CHECKOUT_RETURN_REFRESH, CHECKOUT_SUCCESS_TOAST } from '../../../constants';

const { key, success, canceled, sessionId } = CHECKOUT_RETURN_QUERY;

/**
 * Back from Stripe Checkout: `/pricing?checkout=success&session_id=cs_…` (or `?checkout=canceled`). A paid
 * checkout is reported once (purchase_completed), thanked with a toast, and the user and limits are asked for
 * again — every 2 s until the webhook's plan shows, for at most a minute. The parameters then leave the address
 * bar. Returns whether the page was opened by such a return (the region picker then stays closed: the user
 * already chose a region before paying).
 */
export function useCheckoutReturn(): { returnedFromCheckout: boolean } {
  const host = useHost();
  const queryClient = useQueryClient();
  const location = useLocation();
  const { user } = useCurrentUser();
  const handled = useRef(false);
  const { search, pathname, hash } = location;
  const state = new URLSearchParams(search).get(key);
  const [returnedFromCheckout] = useState(state === success || state === canceled);
  const [waitingForPlan, setWaitingForPlan] = useState(false);

  useEffect(() => {
    const params = new URLSearchParams(search);
    const state = params.get(key);
    if (state !== success && state !== canceled) return;
    const session = params.get(sessionId);
    if (!handled.current) {
      handled.current = true;
      if (state === success && session?.startsWith('cs_')) {
        host.track(ANALYTICS_EVENTS.purchaseCompleted, { session_id: session });
        host.toast(CHECKOUT_SUCCESS_TOAST);
        void queryClient.invalidateQueries({ queryKey: [AUTH_USER_KEY] });
        void queryClient.invalidateQueries({ queryKey: [USER_LIMITS_KEY] });
        setWaitingForPlan(true);
      }
    }
    params.delete(key);
    params.delete(sessionId);
    const rest = params.toString();
    host.navigate(`${pathname}${rest ? `?${rest}` : ''}${hash}`, { replace: true });
  }, [search, pathname, hash, host, queryClient]);

  const planShows = Boolean(user && user.plan !== 'free' && user.stripeSubscriptionId);
  useEffect(() => {
    if (!waitingForPlan) return;
    if (planShows) {
      setWaitingForPlan(false);
      void queryClient.invalidateQueries({ queryKey: [USER_LIMITS_KEY] });
      return;
    }
    const poll = window.setInterval(() => void queryClient.invalidateQueries({ queryKey: [AUTH_USER_KEY] }), CHECKOUT_RETURN_REFRESH.intervalMs);
    const stop = window.setTimeout(() => setWaitingForPlan(false), CHECKOUT_RETURN_REFRESH.maxMs);
    return () => {
      window.clearInterval(poll);
      window.clearTimeout(stop);
    };
  }, [waitingForPlan, planShows, queryClient]);

  return { returnedFromCheckout };
}
