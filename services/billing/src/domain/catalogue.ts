import {
  PLAN_TIERS,
  type BillingPlansResponse,
  type PaidPlan,
  type PlanPrices,
  type PlanTier,
} from '@atelier/contracts';

/** The tiers of SPEC.md §9 with each one's configured Stripe price ids, and the reverse lookup price → plan. */
export interface Catalogue {
  tiers: PlanTier[];
  /** True when a checkout can be made: Stripe is configured and at least one price is set. */
  paymentsConfigured: boolean;
  /** The plan a price belongs to, or null for a price that is not one of ours. */
  planOfPrice(priceId: string): PaidPlan | null;
  plans(publishableKey: string | null): BillingPlansResponse;
}

const priceIdsOf = (prices: PlanPrices) =>
  [prices.usd.monthly, prices.usd.yearly, prices.idr.monthly].filter((id): id is string => id !== null);

export function createCatalogue(
  prices: Record<PaidPlan, PlanPrices>,
  { stripeConfigured }: { stripeConfigured: boolean },
): Catalogue {
  const tiers: PlanTier[] = PLAN_TIERS.map((tier) => ({
    ...tier,
    features: [...tier.features],
    prices: prices[tier.id],
  }));
  const byPrice = new Map<string, PaidPlan>(
    tiers.flatMap((tier) => priceIdsOf(tier.prices).map((id) => [id, tier.id] as const)),
  );
  const paymentsConfigured = stripeConfigured && byPrice.size > 0;
  return {
    tiers,
    paymentsConfigured,
    planOfPrice: (priceId) => byPrice.get(priceId) ?? null,
    plans: (publishableKey) => ({
      paymentsConfigured,
      publishableKey: paymentsConfigured ? publishableKey : null,
      tiers,
    }),
  };
}
