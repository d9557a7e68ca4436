import type { BillingPortalResponse } from '@atelier/contracts';
import { apiRequest } from '@atelier/host';
import { useMutation } from '@tanstack/react-query';

/** POST /api/create-billing-portal-session with an empty body → { url } (SPEC §7). */
export async function createBillingPortalSession(): Promise<Partial<BillingPortalResponse>> {
  const res = await apiRequest('POST', '/api/create-billing-portal-session');
  return (await res.json()) as Partial<BillingPortalResponse>;
}

export function useCreateBillingPortalSession() {
  return useMutation({ mutationFn: createBillingPortalSession });
}
