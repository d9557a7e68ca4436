import { useHost, type Host } from '@atelier/host';
import { useMutation } from '@tanstack/react-query';
import { webUrl } from '../utils/web-url';

export const BILLING_PORTAL_PATH = '/api/create-billing-portal-session';

/** POST /api/create-billing-portal-session with an empty body → { url } of Stripe's billing portal (SPEC.md §7). */
export async function createBillingPortalSession(apiRequest: Host['apiRequest']): Promise<string | null> {
  const response = await apiRequest('POST', BILLING_PORTAL_PATH);
  const body = (await response.json().catch(() => null)) as { url?: unknown } | null;
  return webUrl(body?.url);
}

export function useCreateBillingPortalSession() {
  const host = useHost();
  return useMutation({ mutationFn: () => createBillingPortalSession(host.apiRequest) });
}
