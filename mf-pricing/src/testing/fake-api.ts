// The API as the pricing page sees it, faked in memory for tests (the network only: the page runs through the
// real apiRequest). Shapes follow @atelier/contracts (billing.ts) and SPEC.md §7:
// GET /api/billing/plans → { paymentsConfigured, publishableKey, tiers } (by default the offline answer: no
// Stripe, no price ids; `payments: true` gives every tier its price ids and a publishable key);
// POST /api/create-checkout-session { priceId, plan } → { url } (400 for a price not of the plan);
// POST /api/create-billing-portal-session → { url }; POST /api/waitlist { email, source } → 201, 409 when the
// email (trimmed, case folded) is listed, 400 when it is not an email. Any other route fails the test.
import {
  NO_PRICES,
  PLAN_TIERS,
  type BillingPlansResponse,
  type CheckoutRequest,
  type PaidPlan,
  type PlanPrices,
  type PlanTier,
} from '@atelier/contracts';
import { installFakeApi as installHostFakeApi, installedFakeApi, json, type FakeApi, type FakeRoutes } from '@atelier/host/testing';

export { json };

export interface WaitlistEntry {
  email: string;
  source: string;
}

export interface PricingFakeApi extends FakeApi {
  /** The waitlist so far (a test may add to it). */
  waitlist: WaitlistEntry[];
  /** The plans answer (a test may change it before rendering). */
  plans: BillingPlansResponse;
}

export const PUBLISHABLE_KEY = 'pk_test_51AtelierFakeKey';
export const BILLING_PORTAL_URL = 'https://billing.stripe.com/p/session/test_YWNjdF8xUGF0ZWxpZXI';
export const checkoutUrlFor = (priceId: string) => `https://checkout.stripe.com/c/pay/cs_test_${priceId}`;

/** The price ids the fake billing service is configured with: price_<plan>_<currency>_<frequency>. */
export const pricesOf = (plan: PaidPlan): PlanPrices => ({
  usd: { monthly: `price_${plan}_usd_monthly`, yearly: `price_${plan}_usd_yearly` },
  idr: { monthly: `price_${plan}_idr_monthly` },
});

export function plansAnswer({ payments }: { payments: boolean }): BillingPlansResponse {
  const tiers: PlanTier[] = PLAN_TIERS.map((tier) => ({ ...tier, features: [...tier.features], prices: payments ? pricesOf(tier.id) : NO_PRICES }));
  return { paymentsConfigured: payments, publishableKey: payments ? PUBLISHABLE_KEY : null, tiers };
}

export function installFakeApi(routes: FakeRoutes = {}, { payments = false }: { payments?: boolean } = {}): PricingFakeApi {
  const api = Object.assign(installHostFakeApi(), { waitlist: [] as WaitlistEntry[], plans: plansAnswer({ payments }) });
  api.on('GET /api/billing/plans', () => api.plans);
  api.on('POST /api/create-checkout-session', ({ body }) => {
    const { priceId, plan } = (body ?? {}) as Partial<CheckoutRequest>;
    const tier = api.plans.tiers.find((t) => t.id === plan);
    const prices = tier ? [tier.prices.usd.monthly, tier.prices.usd.yearly, tier.prices.idr.monthly] : [];
    if (!priceId || !prices.includes(priceId)) return json({ error: 'Invalid price', details: 'This price is not one of the plan’s prices.' }, 400);
    return { url: checkoutUrlFor(priceId) };
  });
  api.on('POST /api/waitlist', ({ body }) => {
    const { email, source } = (body ?? {}) as { email?: unknown; source?: unknown };
    if (typeof email !== 'string' || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) return json({ error: 'Please enter a valid email address' }, 400);
    const key = email.trim().toLowerCase();
    if (api.waitlist.some((entry) => entry.email.toLowerCase() === key)) {
      return json({ error: 'This email is already registered for early access.' }, 409);
    }
    api.waitlist.push({ email: email.trim(), source: typeof source === 'string' ? source : 'unknown' });
    return json({ ok: true }, 201);
  });
  api.on('POST /api/create-billing-portal-session', () => ({ url: BILLING_PORTAL_URL }));
  for (const [route, handler] of Object.entries(routes)) api.on(route, handler);
  return api;
}

/** The fake installed in this test, or one with the default answers (no payments, an empty waitlist). */
export const currentFakeApi = (): PricingFakeApi => (installedFakeApi() as PricingFakeApi | null) ?? installFakeApi();
