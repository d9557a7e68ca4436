import type { CheckoutRequest } from '@atelier/contracts';
import { useHost, type Host } from '@atelier/host';
import { useMutation } from '@tanstack/react-query';
import { webUrl } from '../utils/web-url';

export const CHECKOUT_SESSION_PATH = '/api/create-checkout-session';

/** POST /api/create-checkout-session { priceId, plan } → { url } of Stripe Checkout (null when the answer has none). */
export async function createCheckoutSession(apiRequest: Host['apiRequest'], request: CheckoutRequest): Promise<string | null> {
  const response = await apiRequest('POST', CHECKOUT_SESSION_PATH, request);
  const body = (await response.json().catch(() => null)) as { url?: unknown } | null;
  return webUrl(body?.url);
}

export function useCreateCheckoutSession() {
  const host = useHost();
  return useMutation({ mutationFn: (request: CheckoutRequest) => createCheckoutSession(host.apiRequest, request) });
}
