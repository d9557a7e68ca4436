import { z } from 'zod';

/**
 * Pricing and billing (`/api/billing/*`, `/api/create-checkout-session`, `/api/create-billing-portal-session`,
 * `/api/waitlist`; the billing service), SPEC.md §2, §3, §7, §8 and §9. Prices are the spec's; the Stripe
 * price ids come from the billing service's configuration, never from the front end.
 */

export const paidPlanSchema = z.enum(['basic', 'advanced', 'pro']);
export type PaidPlan = z.infer<typeof paidPlanSchema>;

export const billingFrequencySchema = z.enum(['monthly', 'yearly']);
export type BillingFrequency = z.infer<typeof billingFrequencySchema>;

export const billingCurrencySchema = z.enum(['usd', 'idr']);
export type BillingCurrency = z.infer<typeof billingCurrencySchema>;

/** The Stripe price ids of a tier: USD monthly and yearly, IDR monthly only (SPEC.md §2). null: not configured. */
export const planPricesSchema = z.object({
  usd: z.object({ monthly: z.string().nullable(), yearly: z.string().nullable() }),
  idr: z.object({ monthly: z.string().nullable() }),
});
export type PlanPrices = z.infer<typeof planPricesSchema>;

export const NO_PRICES: PlanPrices = { usd: { monthly: null, yearly: null }, idr: { monthly: null } };

export const planTierSchema = z.object({
  id: paidPlanSchema,
  name: z.string(),
  /** USD per month, billed monthly. */
  priceMonthlyUsd: z.number(),
  /** USD per month, billed yearly. */
  priceYearlyUsd: z.number(),
  /** IDR per month, billed monthly (the only IDR frequency). */
  priceMonthlyIdr: z.number(),
  /** Credits per billing period. */
  credits: z.number().int(),
  /** Photoshoots (the `avatar` allowance) per billing period. */
  photoshoots: z.number().int(),
  features: z.array(z.string()),
  popular: z.boolean(),
  prices: planPricesSchema,
});
export type PlanTier = z.infer<typeof planTierSchema>;

/** Features every paid plan includes (SPEC.md §9). */
export const SHARED_PLAN_FEATURES = ['Upscaling', 'Canvas', 'Dress Up'] as const;

/** The tiers in SPEC.md §9's numbers and words, without price ids (the billing service adds them). */
export const PLAN_TIERS: readonly Omit<PlanTier, 'prices'>[] = [
  {
    id: 'basic',
    name: 'Basic',
    priceMonthlyUsd: 8,
    priceYearlyUsd: 8,
    priceMonthlyIdr: 130_000,
    credits: 150,
    photoshoots: 2,
    features: ['150 credits per month (about 150 images or 7 videos)', '720p video with limited access', '2 photoshoots', ...SHARED_PLAN_FEATURES],
    popular: false,
  },
  {
    id: 'advanced',
    name: 'Advanced',
    priceMonthlyUsd: 20,
    priceYearlyUsd: 15,
    priceMonthlyIdr: 330_000,
    credits: 500,
    photoshoots: 5,
    features: ['500 credits per month (about 500 images or 25 videos)', '1080p video', '5 photoshoots', 'VEO 3.1 and SORA 2 video models', ...SHARED_PLAN_FEATURES],
    popular: true,
  },
  {
    id: 'pro',
    name: 'Pro',
    priceMonthlyUsd: 34,
    priceYearlyUsd: 25,
    priceMonthlyIdr: 560_000,
    credits: 1100,
    photoshoots: 10,
    features: ['1100 credits per month (about 1100 images or 55 videos)', '1080p video', '10 photoshoots', 'VEO 3.1 and SORA 2 video models', ...SHARED_PLAN_FEATURES],
    popular: false,
  },
];

/** SPEC.md §2: the yearly view's badge. */
export const YEARLY_SAVING_BADGE = 'Save 35%';
/** SPEC.md §9: the waitlist's launch discount. */
export const WAITLIST_DISCOUNT_PERCENT = 70;

/** GET /api/billing/plans (public) → 200. `paymentsConfigured` false: no Stripe, every tier opens the waitlist. */
export const billingPlansResponseSchema = z.object({
  paymentsConfigured: z.boolean(),
  /** Stripe.js's publishable key (`pk_…`), null without Stripe. */
  publishableKey: z.string().nullable(),
  tiers: z.array(planTierSchema),
});
export type BillingPlansResponse = z.infer<typeof billingPlansResponseSchema>;

/**
 * POST /api/create-checkout-session `{ priceId, plan }` → 200 {@link CheckoutSessionResponse} (redirect the
 * browser to `url`). 401 signed out; 400 `{ error, details }` when the price is not one of the plan's or
 * Stripe refuses the request; 500 `{ error }` when Stripe fails; 503 `{ error }` without Stripe configuration.
 */
export const checkoutRequestSchema = z.object({
  priceId: z.string().trim().min(1, 'A price is required').max(255),
  plan: paidPlanSchema,
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

export const checkoutSessionResponseSchema = z.object({ url: z.string() });
export type CheckoutSessionResponse = z.infer<typeof checkoutSessionResponseSchema>;

/** The query a completed checkout returns to: `/pricing?checkout=success&session_id=cs_…`; cancel: `?checkout=canceled`. */
export const CHECKOUT_RETURN_QUERY = { key: 'checkout', success: 'success', canceled: 'canceled', sessionId: 'session_id' } as const;

/**
 * POST /api/create-billing-portal-session (empty body) → 200 {@link BillingPortalResponse}. 401 signed out;
 * 403 `{ error }` for a user without a Stripe customer or a paid plan; 503 without Stripe configuration.
 */
export const billingPortalResponseSchema = z.object({ url: z.string() });
export type BillingPortalResponse = z.infer<typeof billingPortalResponseSchema>;

/** The pricing page's waitlist source (SPEC.md §7). */
export const WAITLIST_SOURCE = 'pricing_page';

/**
 * POST /api/waitlist `{ email, source }` → 201 {@link WaitlistJoined}; 409 `{ error }` when the email (trimmed,
 * case folded) is already listed; 400 `{ error, details? }` for an invalid email; 429 when a client posts too often.
 */
export const waitlistRequestSchema = z.object({
  email: z.string().trim().min(1, 'Please enter your email address').max(254).pipe(z.email('Please enter a valid email address')),
  source: z.string().trim().min(1).max(64).default(WAITLIST_SOURCE),
});
export type WaitlistRequest = z.infer<typeof waitlistRequestSchema>;
export type WaitlistRequestInput = z.input<typeof waitlistRequestSchema>;

export const waitlistJoinedSchema = z.object({ ok: z.literal(true) });
export type WaitlistJoined = z.infer<typeof waitlistJoinedSchema>;

/** Billing's error bodies: `{ error }`, with `details` on a 400 (the client shows details first, SPEC.md §8). */
export const billingErrorSchema = z.object({ error: z.string(), details: z.string().optional() });
export type BillingError = z.infer<typeof billingErrorSchema>;

/** SPEC.md §8, word for word: the checkout catalogue (toast title Payment Error or Error). */
export const CHECKOUT_ERRORS = {
  titles: { payment: 'Payment Error', generic: 'Error' },
  configuration: { title: 'Configuration Error', description: 'Payment system is not configured. Please contact support.' },
  /** 400 without details or error text. */
  invalidConfiguration: 'Invalid payment configuration. Please contact support.',
  /** 401 or 403 (then redirect to /login). */
  signInRequired: 'You need to log in to subscribe to a plan',
  serverError: 'Our payment system is experiencing issues. Please try again in a few minutes.',
  otherStatus: 'Something went wrong. Please try again.',
  noUrl: 'Could not create checkout session. Please contact support.',
  network: 'Network error. Please check your connection and try again.',
  unknown: 'Failed to start checkout process. Please try again.',
} as const;

/** SPEC.md §8: the billing portal's failure toast (title Error, the message or this fallback). */
export const BILLING_PORTAL_ERROR = { title: 'Error', fallback: 'Failed to open billing portal. Please try again.' } as const;

/** SPEC.md §2 and §8, word for word: the waitlist dialog and its toasts. */
export const WAITLIST_TEXTS = {
  title: "We're in Alpha",
  offer: '70% off',
  successTitle: "You're on the list",
  emailRequired: { title: 'Email required', description: 'Please enter your email address' },
  alreadyListed: { title: 'Already on waitlist', description: 'This email is already registered for early access.' },
  failed: { title: 'Something went wrong', description: 'Please try again later' },
} as const;
