// Pricing constants, in SPEC.md's words and numbers (sections 2, 3, 7, 8 and 9). The plans themselves (prices,
// credits, features, Stripe price ids) come from GET /api/billing/plans. The texts are copies of
// @atelier/contracts' billing constants, written here so the remote's bundle carries no zod; a test keeps them
// equal. Texts SPEC.md does not give are ours (docs/decisions.md, "mf-pricing").
import type { BillingFrequency, PaidPlan, PlanTier } from '@atelier/contracts';

export type { BillingFrequency, PaidPlan, PlanTier };
export type PricingRegion = 'indonesia' | 'world';
export type PricingVariant = 'select' | 'all' | 'in';
export type Currency = 'usd' | 'idr';

export const REGIONS: { id: PricingRegion; label: string; path: string; currency: Currency }[] = [
  { id: 'indonesia', label: 'Indonesia (IDR)', path: '/pricing/in', currency: 'idr' },
  { id: 'world', label: 'Rest of the World (USD)', path: '/pricing/all', currency: 'usd' },
];
export const PRICING_REGION_STORAGE_KEY = 'pricing-region';

export const ROUTES = { login: '/login', terms: '/terms', privacy: '/privacy' } as const;

/** SPEC.md §2: the yearly view's badge (USD only; IDR is monthly only). */
export const YEARLY_SAVING_BADGE = 'Save 35%';

export const PAGE_TEXTS = {
  title: 'Pricing',
  intro: 'Monthly credits for images, videos, Dress Up and Photoshoots. Paid plans remove the free limits.',
  idrNote: 'Prices in IDR, billed monthly',
  perMonth: '/ month',
  billedYearly: 'billed yearly',
  popular: 'Most popular',
  /** The user's own plan, shown instead of a button to buy it. */
  yourPlan: 'Your current plan',
  plansLoading: 'Loading plans…',
  plansFailed: 'The plans could not be loaded.',
  plansFailedHint: 'Check your connection and try again.',
  retry: 'Try again',
  regionTitle: 'Choose your region',
  regionDescription: "Prices are shown in your region's currency.",
  regionLastChosen: 'Last chosen',
  faqTitle: 'Frequently asked questions',
  terms: 'Terms of Service',
  privacy: 'Privacy Policy',
} as const;

/** "Get Basic": the visible text is the accessible name (docs/decisions.md). */
export const planButtonLabel = (planName: string) => `Get ${planName}`;

export const CURRENT_PLAN_TEXTS = {
  heading: 'Current plan',
  /** SPEC.md §3: a subscription id shows Active, none shows Expired. */
  active: 'Active',
  expired: 'Expired',
  manageBilling: 'Manage Billing',
} as const;

export const FAQ = [
  { question: 'Is there a free plan?', answer: 'Yes. Free accounts get up to 20 free generations per month.' },
  { question: 'When do my limits reset?', answer: 'Limits reset on your signup date or at the start of each billing cycle.' },
  { question: 'Do unused credits carry over?', answer: 'Subscription credits expire each cycle; top-up credits do not expire.' },
  { question: 'Can I get a refund?', answer: 'No refunds are given.' },
];

/** SPEC.md §8, word for word: the checkout catalogue (= contracts' CHECKOUT_ERRORS). */
export const CHECKOUT_ERRORS = {
  titles: { payment: 'Payment Error', generic: 'Error' },
  configuration: { title: 'Configuration Error', description: 'Payment system is not configured. Please contact support.' },
  invalidConfiguration: 'Invalid payment configuration. Please contact support.',
  signInRequired: 'You need to log in to subscribe to a plan',
  serverError: 'Our payment system is experiencing issues. Please try again in a few minutes.',
  otherStatus: 'Something went wrong. Please try again.',
  noUrl: 'Could not create checkout session. Please contact support.',
  network: 'Network error. Please check your connection and try again.',
  unknown: 'Failed to start checkout process. Please try again.',
} as const;

/** SPEC.md §8: the billing portal's failure toast (= contracts' BILLING_PORTAL_ERROR). */
export const BILLING_PORTAL_ERROR = { title: 'Error', fallback: 'Failed to open billing portal. Please try again.' } as const;

/** SPEC.md §2, §7, §8 and §9: the waitlist dialog and its toasts (= contracts' WAITLIST_TEXTS and WAITLIST_SOURCE). */
export const WAITLIST = {
  title: "We're in Alpha",
  offer: '70% off',
  description: 'Join the waitlist and get 70% off at launch.',
  emailLabel: 'Email',
  submit: 'Join the waitlist',
  source: 'pricing_page',
  successTitle: "You're on the list",
  successDescription: (email: string) => `We will write to ${email} when Atelier launches.`,
  emailRequired: { title: 'Email required', description: 'Please enter your email address' },
  alreadyListed: { title: 'Already on waitlist', description: 'This email is already registered for early access.' },
  failed: { title: 'Something went wrong', description: 'Please try again later' },
} as const;

/** Where Stripe Checkout sends the user back: /pricing?checkout=success&session_id=cs_… (= contracts' CHECKOUT_RETURN_QUERY). */
export const CHECKOUT_RETURN_QUERY = { key: 'checkout', success: 'success', canceled: 'canceled', sessionId: 'session_id' } as const;

/** Ours (SPEC.md has no text for it): the toast after a paid checkout. */
export const CHECKOUT_SUCCESS_TOAST = {
  title: 'Payment complete',
  description: 'Thank you! Your plan and its credits will be ready in a moment.',
} as const;

/**
 * After a paid checkout the plan is set by Stripe's webhook, which may arrive after the user is back: the
 * signed-in user is asked for again every 2 s until the plan shows, for at most a minute.
 */
export const CHECKOUT_RETURN_REFRESH = { intervalMs: 2_000, maxMs: 60_000 } as const;

/** SPEC.md §7's analytics events sent by the pricing pages. */
export const ANALYTICS_EVENTS = {
  pricingViewed: 'pricing_viewed',
  checkoutInitiated: 'checkout_initiated',
  purchaseCompleted: 'purchase_completed',
} as const;
