import { useHost } from '@atelier/host';
import { useMutation } from '@tanstack/react-query';

/** POST /api/create-billing-portal-session with an empty body → { url } (SPEC.md §7). */
export async function createBillingPortalSession(apiRequest: ReturnType<typeof useHost>['apiRequest']) {
  const response = await apiRequest('POST', '/api/create-billing-portal-session');
  return (await response.json()) as { url?: string };
}

export function useCreateBillingPortalSession() {
  const host = useHost();
  return useMutation({ mutationFn: () => createBillingPortalSession(host.apiRequest) });
}
