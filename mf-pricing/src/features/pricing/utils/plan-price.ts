import type { BillingFrequency, Currency, PlanTier } from '../../../constants';

/** IDR is monthly only (SPEC.md §2); USD has both frequencies. */
export const frequencyFor = (currency: Currency, frequency: BillingFrequency): BillingFrequency => (currency === 'idr' ? 'monthly' : frequency);

/** The price per month shown on a card. */
export function pricePerMonth(tier: PlanTier, currency: Currency, frequency: BillingFrequency): number {
  if (currency === 'idr') return tier.priceMonthlyIdr;
  return frequency === 'yearly' ? tier.priceYearlyUsd : tier.priceMonthlyUsd;
}

/** The Stripe price id to check out with, or null when none is configured (the waitlist opens instead). */
export function priceIdFor(tier: PlanTier, currency: Currency, frequency: BillingFrequency): string | null {
  return currency === 'idr' ? tier.prices.idr.monthly : tier.prices.usd[frequency];
}

/**
 * A price in whole units as Intl.NumberFormat writes it (`en-US` USD: `$1,234`; `id-ID` IDR: `Rp 130.000`, with
 * a no-break space), by hand: the first Intl formatter a page creates loads ICU's data (11 ms here, ~45 ms on a
 * mid-range phone) in whatever task asks for it, for two fixed formats. The unit tests hold it to Intl's output.
 */
const FORMATS: Record<Currency, { symbol: string; thousands: string }> = {
  usd: { symbol: '$', thousands: ',' },
  idr: { symbol: 'Rp\u00a0', thousands: '.' },
};

export function formatPrice(amount: number, currency: Currency): string {
  const { symbol, thousands } = FORMATS[currency];
  const digits = String(Math.round(Math.abs(amount))).replace(/\B(?=(\d{3})+(?!\d))/g, thousands);
  return `${amount < 0 ? '-' : ''}${symbol}${digits}`;
}
