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

const formatters: Record<Currency, Intl.NumberFormat> = {
  usd: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }),
  idr: new Intl.NumberFormat('id-ID', { style: 'currency', currency: 'IDR', maximumFractionDigits: 0 }),
};

export const formatPrice = (amount: number, currency: Currency) => formatters[currency].format(amount);
