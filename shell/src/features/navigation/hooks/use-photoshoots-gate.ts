import type { UserLimits } from '@atelier/contracts';
import { useCurrentUser, useHost, userLimitsQueryOptions } from '@atelier/host';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ROUTES, UNLIMITED_LIMIT } from '../../../constants';

export const PHOTOSHOOTS_RETURN_PATH_KEY = 'photoshootsReturnPath';
/** SPEC §4/§6: the avatar allowance (photoshoots) is used up; a free user's 0 of 0 is (an unlimited one never). */
export function avatarAllowanceUsedUp({ avatar }: UserLimits): boolean {
  return avatar.limit < UNLIMITED_LIMIT && avatar.used >= avatar.limit;
}

/** /app/photoshoots, with or without a trailing slash. */
export const isPhotoshootsPath = (pathname: string) => pathname.replace(/\/+$/, '') === ROUTES.photoshoots;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage blocked: nothing to remember or clear
  }
}

export const rememberPhotoshootsReturnPath = (path: string) => storage()?.setItem(PHOTOSHOOTS_RETURN_PATH_KEY, path);

/**
 * SPEC §4: opening Photoshoots when the avatar allowance is used up opens the limit dialog (type dressup,
 * with used and limit), blocks the navigation and clears the return path. The allowance is judged only
 * once the limits have loaded (`loaded`); `block()` does the dialog and the clearing.
 */
export function usePhotoshootsGate() {
  const host = useHost();
  const { user } = useCurrentUser();
  const limits = useQuery(userLimitsQueryOptions(user !== null));
  const { data } = limits;
  const block = useCallback(() => {
    if (!data) return;
    storage()?.removeItem(PHOTOSHOOTS_RETURN_PATH_KEY);
    host.openLimitDialog({ type: 'dressup', feature: 'avatar', used: data.avatar.used, limit: data.avatar.limit });
  }, [data, host]);
  return {
    /** The limits have answered (or failed: then the service is left to refuse). */
    settled: !limits.isPending || limits.fetchStatus === 'idle',
    blocked: data ? avatarAllowanceUsedUp(data) : false,
    block,
  };
}
