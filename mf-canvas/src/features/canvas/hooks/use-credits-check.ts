import { isUnlimited } from '@atelier/contracts';
import { useCurrentUser, useHost, userLimitsQueryOptions, useUserLimits, type LimitDialogType } from '@atelier/host';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';

/**
 * SPEC.md §5: the credits are checked before spending; when the limit is reached the limit dialog opens
 * (with the used and limit it shows) and the work does not start. A limit of 999 or more is unlimited.
 */
export function useCreditsCheck() {
  const host = useHost();
  const limits = useUserLimits();
  const { used, limit } = limits.credits;
  const unlimited = isUnlimited(limit);

  const check = useCallback(
    (cost: number, type: LimitDialogType): boolean => {
      if (unlimited || used + cost <= limit) return true;
      host.openLimitDialog({ type, used, limit });
      return false;
    },
    [host, unlimited, used, limit],
  );

  // SPEC §3's defaults stand in while the limits load; once the read has failed they would be a wrong count.
  const { user } = useCurrentUser();
  const read = useQuery(userLimitsQueryOptions(user !== null));
  const unknown = user !== null && read.data === undefined && read.isError;

  return { check, unlimited, creditsLeft: Math.max(0, limit - used), unknown };
}
