import { CHECKOUT_ERRORS } from '@atelier/contracts';

export const SERVICE_NAME = 'billing';

/**
 * The Stripe API version this service is written against, pinned so an account's default version or an SDK
 * upgrade never changes the shapes it reads (e.g. the billing period, which this version keeps on the
 * subscription items). It is the version stripe@23 was built for; a test checks they agree.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive' as const;

export const PATHS = {
  plans: '/api/billing/plans',
  webhook: '/api/billing/webhook',
  checkout: '/api/create-checkout-session',
  portal: '/api/create-billing-portal-session',
  waitlist: '/api/waitlist',
} as const;

/** Where Stripe sends the user back to (SPEC.md §4: checkout is an external page; the pricing page takes them back). */
export const RETURN_PATH = '/pricing';

/** A webhook body is one event (a few KB; a subscription with many items stays well under this). */
export const WEBHOOK_BODY_LIMIT = '512kb';
/** Stripe's default: a signature older than this (seconds) is refused as a replay. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
/** A delivery that claimed an event and has not finished within this is taken to have died. */
export const WEBHOOK_LEASE_MS = 60_000;

/** Checkouts of one user for the same price within this window reuse one Checkout Session (a double click). */
export const CHECKOUT_IDEMPOTENCY_WINDOW_MS = 5 * 60_000;

/**
 * Subscription statuses that keep the paid plan. `past_due` keeps it while Stripe retries the payment
 * (invoice.payment_failed); `unpaid`, `canceled`, `incomplete_expired` and `paused` end it; `incomplete`
 * (the first payment not made yet) has not started it.
 */
export const ENTITLED_STATUSES = ['active', 'trialing', 'past_due'] as const;

/** The texts the service answers with; the client's catalogue (SPEC.md §8) shows `details`, else `error`. */
export const BILLING_ERRORS = {
  notConfigured: CHECKOUT_ERRORS.configuration.description,
  priceNotOfPlan: 'Invalid price',
  priceNotOfPlanDetails: (planName: string) =>
    `This price is not one of the ${planName} plan's prices. Please reload the page and try again.`,
  alreadySubscribed: 'Already subscribed',
  alreadySubscribedDetails:
    'You already have a subscription. Use Manage Billing to change or cancel your plan.',
  invalidPaymentRequest: CHECKOUT_ERRORS.invalidConfiguration,
  paymentRefused: 'Payment refused',
  paymentSystem: CHECKOUT_ERRORS.serverError,
  noCheckoutUrl: CHECKOUT_ERRORS.noUrl,
  tooManyCheckouts: 'Too many checkout attempts. Please wait a minute and try again.',
  portalOnlyForSubscribers: 'Billing management is available to subscribers of a paid plan only.',
  portalFailed: 'Failed to open billing portal. Please try again.',
  accountDown: 'Your account could not be checked right now. Please try again.',
  alreadyOnWaitlist: 'This email is already registered for early access.',
  tooManyWaitlist: 'Too many requests. Please try again later.',
  webhookNotConfigured: 'Stripe webhooks are not configured',
  webhookNoSignature: 'Missing Stripe-Signature header',
  webhookBadSignature: 'Invalid Stripe signature',
  webhookNoBody: 'Missing event body',
  webhookBadEvent: 'Invalid event: it needs a string id and type and a creation time',
  webhookInProgress: 'This event is being handled; try again shortly',
  webhookFailed: 'The event could not be handled; Stripe will retry it',
} as const;
