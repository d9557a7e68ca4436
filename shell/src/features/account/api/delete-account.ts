import { apiRequest } from '@atelier/host';
import { useMutation } from '@tanstack/react-query';

/** DELETE /api/account → 204: the account is gone and every session of it ended (docs/decisions.md, "Deleting an account"). */
export async function deleteAccount(): Promise<void> {
  await apiRequest('DELETE', '/api/account');
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
