import { useHost } from '@atelier/host';
import { useMutation } from '@tanstack/react-query';
import { WAITLIST } from '../../../constants';

/** POST /api/waitlist; a 409 means the email is already registered (SPEC.md §7). */
export async function joinWaitlist(apiRequest: ReturnType<typeof useHost>['apiRequest'], email: string) {
  await apiRequest('POST', '/api/waitlist', { email, source: WAITLIST.source });
}

export function useJoinWaitlist() {
  const host = useHost();
  return useMutation({ mutationFn: (email: string) => joinWaitlist(host.apiRequest, email) });
}
