// Pricing constants, in SPEC.md's words and numbers (sections 2, 3, 8 and 9).

export type PlanId = 'basic' | 'advanced' | 'pro';
export type BillingFrequency = 'monthly' | 'yearly';
export type PricingRegion = 'indonesia' | 'world';
export type PricingVariant = 'select' | 'all' | 'in';

export interface PlanTier {
  id: PlanId;
  name: string;
  /** Price per month in USD, billed monthly / billed yearly. */
  usd: Record<BillingFrequency, number>;
  /** Price per month in IDR, monthly only. */
  idrMonthly: number;
  features: string[];
  popular: boolean;
  /** Stripe price ids arrive with the billing service; a tier without one opens the waitlist. */
  stripePriceId: Partial<Record<BillingFrequency, string>>;
}

const SHARED_FEATURES = ['Upscaling', 'Canvas', 'Dress Up'];

export const PLAN_TIERS: PlanTier[] = [
  {
    id: 'basic',
    name: 'Basic',
    usd: { monthly: 8, yearly: 8 },
    idrMonthly: 130_000,
    features: ['150 credits per month (about 150 images or 7 videos)', '720p video with limited access', '2 photoshoots', ...SHARED_FEATURES],
    popular: false,
    stripePriceId: {},
  },
  {
    id: 'advanced',
    name: 'Advanced',
    usd: { monthly: 20, yearly: 15 },
    idrMonthly: 330_000,
    features: ['500 credits per month (about 500 images or 25 videos)', '1080p video', '5 photoshoots', 'VEO 3.1 and SORA 2 video models', ...SHARED_FEATURES],
    popular: true,
    stripePriceId: {},
  },
  {
    id: 'pro',
    name: 'Pro',
    usd: { monthly: 34, yearly: 25 },
    idrMonthly: 560_000,
    features: ['1100 credits per month (about 1100 images or 55 videos)', '1080p video', '10 photoshoots', 'VEO 3.1 and SORA 2 video models', ...SHARED_FEATURES],
    popular: false,
    stripePriceId: {},
  },
];

export const YEARLY_SAVING_BADGE = 'Save 35%';

export const REGIONS: { id: PricingRegion; label: string; path: string }[] = [
  { id: 'indonesia', label: 'Indonesia (IDR)', path: '/pricing/in' },
  { id: 'world', label: 'Rest of the World (USD)', path: '/pricing/all' },
];
export const PRICING_REGION_STORAGE_KEY = 'pricing-region';

export const FAQ = [
  { question: 'Is there a free plan?', answer: 'Yes. Free accounts get up to 20 free generations per month.' },
  { question: 'When do my limits reset?', answer: 'Limits reset on your signup date or at the start of each billing cycle.' },
  { question: 'Do unused credits carry over?', answer: 'Subscription credits expire each cycle; top-up credits do not expire.' },
  { question: 'Can I get a refund?', answer: 'No refunds are given.' },
];

export const WAITLIST = {
  title: "We're in Alpha",
  offer: '70% off',
  description: 'Join the waitlist and get 70% off at launch.',
  source: 'pricing_page',
  successTitle: "You're on the list",
  emailRequired: { title: 'Email required', description: 'Please enter your email address' },
  alreadyListed: { title: 'Already on waitlist', description: 'This email is already registered for early access.' },
  failed: { title: 'Something went wrong', description: 'Please try again later' },
} as const;

export const BILLING_PORTAL_FAILED = 'Failed to open billing portal. Please try again.';
