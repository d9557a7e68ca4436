import { useState } from 'react';
import { PRICING_REGION_STORAGE_KEY, type PricingRegion } from '../../../constants';

const isRegion = (value: unknown): value is PricingRegion => value === 'indonesia' || value === 'world';

/** localStorage can throw (storage disabled, a full quota); the region is then only remembered for this page. */
function readStoredRegion(): PricingRegion | null {
  try {
    const value = localStorage.getItem(PRICING_REGION_STORAGE_KEY);
    return isRegion(value) ? value : null;
  } catch {
    return null;
  }
}

/** The region last chosen in the region picker, kept in localStorage `pricing-region` (SPEC.md §3). */
export function usePricingRegion() {
  const [region, setRegion] = useState<PricingRegion | null>(readStoredRegion);
  const remember = (next: PricingRegion) => {
    setRegion(next);
    try {
      localStorage.setItem(PRICING_REGION_STORAGE_KEY, next);
    } catch {
      // not kept; the choice still applies now
    }
  };
  return { region, remember };
}
