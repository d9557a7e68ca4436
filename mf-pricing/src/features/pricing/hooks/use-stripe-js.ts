import type { BillingPlansResponse } from '@atelier/contracts';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { PaymentsNotConfiguredError } from '../utils/checkout-error';

// SPEC.md §7's payment script. The `pure` entry adds Stripe.js to the page only when loadStripe is called (the
// package's main entry injects it on import), so nothing of Stripe loads unless payments are configured.

type PaymentsConfig = Pick<BillingPlansResponse, 'paymentsConfigured' | 'publishableKey'>;

const publishableKeyOf = (plans: PaymentsConfig | undefined) => (plans?.paymentsConfigured && plans.publishableKey) || null;

/** Stripe.js with this key, loaded once per page; a failed load (null or a script error) is tried again on the next fetch. */
export const stripeJsQueryOptions = (publishableKey: string) =>
  queryOptions<Stripe>({
    queryKey: ['stripe-js', publishableKey],
    queryFn: async () => {
      let stripe: Stripe | null;
      try {
        stripe = await loadStripe(publishableKey);
      } catch (error) {
        throw new PaymentsNotConfiguredError(error);
      }
      if (!stripe) throw new PaymentsNotConfiguredError();
      return stripe;
    },
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    structuralSharing: false, // a live Stripe instance, kept as it is
  });

/** Loads Stripe.js as soon as the plans say payments are configured (Stripe's fraud signals want it early). */
export function useStripeJs(plans: PaymentsConfig | undefined) {
  const key = publishableKeyOf(plans);
  return useQuery({ ...stripeJsQueryOptions(key ?? ''), enabled: key !== null });
}

/** Before a checkout: Stripe.js must be there, else PaymentsNotConfiguredError (SPEC.md §8's Configuration Error). */
export async function ensureStripeJs(queryClient: QueryClient, plans: PaymentsConfig | undefined): Promise<Stripe> {
  const key = publishableKeyOf(plans);
  if (!key) throw new PaymentsNotConfiguredError();
  return queryClient.fetchQuery(stripeJsQueryOptions(key));
}
