import type { BillingPlansResponse, PlanPrices, PlanTier } from '@atelier/contracts';
import { useHost, type Host } from '@atelier/host';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const BILLING_PLANS_KEY = '/api/billing/plans';

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

function readPrices(value: unknown): PlanPrices {
  const prices = (value ?? {}) as { usd?: { monthly?: unknown; yearly?: unknown }; idr?: { monthly?: unknown } };
  return {
    usd: { monthly: text(prices.usd?.monthly), yearly: text(prices.usd?.yearly) },
    idr: { monthly: text(prices.idr?.monthly) },
  };
}

function readTier(value: unknown): PlanTier | null {
  const tier = (value ?? {}) as Record<string, unknown>;
  if (tier.id !== 'basic' && tier.id !== 'advanced' && tier.id !== 'pro') return null;
  return {
    id: tier.id,
    name: text(tier.name) ?? tier.id,
    priceMonthlyUsd: num(tier.priceMonthlyUsd),
    priceYearlyUsd: num(tier.priceYearlyUsd),
    priceMonthlyIdr: num(tier.priceMonthlyIdr),
    credits: num(tier.credits),
    photoshoots: num(tier.photoshoots),
    features: Array.isArray(tier.features) ? tier.features.filter((f): f is string => typeof f === 'string') : [],
    popular: tier.popular === true,
    prices: readPrices(tier.prices),
  };
}

/**
 * GET /api/billing/plans (public): the tiers with their Stripe price ids, whether payments are configured and
 * Stripe.js's publishable key. Read defensively, without zod (no zod in a remote's bundle): a missing price id is
 * null, so that tier opens the waitlist.
 */
export async function getBillingPlans(apiRequest: Host['apiRequest']): Promise<BillingPlansResponse> {
  const response = await apiRequest('GET', BILLING_PLANS_KEY);
  const body = ((await response.json()) ?? {}) as Record<string, unknown>;
  const tiers = Array.isArray(body.tiers) ? body.tiers.map(readTier).filter((tier): tier is PlanTier => tier !== null) : [];
  return { paymentsConfigured: body.paymentsConfigured === true, publishableKey: text(body.publishableKey), tiers };
}

export const billingPlansQueryOptions = (apiRequest: Host['apiRequest']) =>
  queryOptions({ queryKey: [BILLING_PLANS_KEY], queryFn: () => getBillingPlans(apiRequest) });

export function useBillingPlans() {
  const host = useHost();
  return useQuery(billingPlansQueryOptions(host.apiRequest));
}
