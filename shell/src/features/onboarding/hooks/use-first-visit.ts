import { useEffect, useState } from 'react';

export const ONBOARDING_SHOWN_KEY = 'onboardingShown';

function readFlag(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return 'blocked'; // storage blocked: behave as if already shown, never nag
  }
}

/** True on the first visit in this browser; the local-storage flag is set once it has been seen. */
export function useFirstVisit(key = ONBOARDING_SHOWN_KEY): boolean {
  const [first] = useState(() => readFlag(key) === null);
  useEffect(() => {
    if (!first) return;
    try {
      window.localStorage.setItem(key, 'true');
    } catch {
      /* storage blocked */
    }
  }, [first, key]);
  return first;
}
