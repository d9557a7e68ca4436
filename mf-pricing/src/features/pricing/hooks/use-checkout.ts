import type { BillingPlansResponse, PaidPlan } from '@atelier/contracts';
import { useHost } from '@atelier/host';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ANALYTICS_EVENTS, ROUTES, type BillingFrequency, type Currency } from '../../../constants';
import { useCreateCheckoutSession } from '../api/create-checkout-session';
import { checkoutFailure, NoCheckoutUrlError } from '../utils/checkout-error';
import { ensureStripeJs } from './use-stripe-js';

export interface CheckoutChoice {
  plan: PaidPlan;
  priceId: string;
  currency: Currency;
  frequency: BillingFrequency;
}

/**
 * Checkout (SPEC.md §4, §7, §8): Stripe.js must be loaded, then POST /api/create-checkout-session and the browser
 * goes to the session's `url` (Stripe's redirectToCheckout is deprecated). Any failure is one toast from SPEC.md
 * §8's catalogue; 401/403 also go to /login.
 */
export function useCheckout(plans: BillingPlansResponse | undefined) {
  const host = useHost();
  const queryClient = useQueryClient();
  const checkout = useCreateCheckoutSession();
  const [pendingPlan, setPendingPlan] = useState<PaidPlan | null>(null);

  // Back from Stripe through the browser's back/forward cache: the page is shown as it was left, still pending.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => event.persisted && setPendingPlan(null);
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const start = async ({ plan, priceId, currency, frequency }: CheckoutChoice) => {
    setPendingPlan(plan);
    try {
      await ensureStripeJs(queryClient, plans);
      host.track(ANALYTICS_EVENTS.checkoutInitiated, { plan, currency, frequency });
      const url = await checkout.mutateAsync({ priceId, plan });
      if (!url) throw new NoCheckoutUrlError();
      window.location.assign(url); // stays pending: the page is leaving
    } catch (error) {
      setPendingPlan(null);
      const failure = checkoutFailure(error);
      host.toast(failure.toast);
      if (failure.signIn) host.navigate(ROUTES.login);
    }
  };

  return { start, pendingPlan };
}
