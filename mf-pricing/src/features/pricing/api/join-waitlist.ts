import type { WaitlistRequest } from '@atelier/contracts';
import { useHost, type Host } from '@atelier/host';
import { useMutation } from '@tanstack/react-query';
import { WAITLIST } from '../../../constants';

/** POST /api/waitlist { email, source: 'pricing_page' } → 201; 409 means the email is already registered (SPEC.md §7). */
export async function joinWaitlist(apiRequest: Host['apiRequest'], email: string): Promise<void> {
  const request: WaitlistRequest = { email, source: WAITLIST.source };
  await apiRequest('POST', '/api/waitlist', request);
}

export function useJoinWaitlist() {
  const host = useHost();
  return useMutation({ mutationFn: (email: string) => joinWaitlist(host.apiRequest, email) });
}
