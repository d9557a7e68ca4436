import { HttpError } from '@atelier/kit';
import Stripe from 'stripe';
import type { StripeConfig } from './config.js';
import { BILLING_ERRORS, STRIPE_API_VERSION } from './constants.js';

export { Stripe };

/** The Stripe client of this service: the pinned API version, api.stripe.com unless STRIPE_API_BASE says otherwise. */
export function createStripe(config: StripeConfig): Stripe {
  return new Stripe(config.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: config.maxNetworkRetries,
    timeout: config.timeoutMs,
    telemetry: false,
    appInfo: { name: 'Atelier billing' },
    ...(config.api ?? {}),
  });
}

export const isStripeError = (error: unknown): error is Stripe.errors.StripeError =>
  error instanceof Stripe.errors.StripeError;

/** Stripe says the object does not exist (a 404 `resource_missing`). */
export const isMissing = (error: unknown) =>
  isStripeError(error) && (error.code === 'resource_missing' || error.statusCode === 404);

/**
 * A Stripe failure as the client's catalogue (SPEC.md §8) can show it: a declined card → 400 with Stripe's own
 * user-facing text as `details`; a request Stripe refuses (our configuration: an archived price, a wrong key
 * for the price's mode) → 400 "Invalid payment configuration. Please contact support."; anything else (Stripe
 * down, rate limited, bad key, network) → 500 "Our payment system is experiencing issues…". The raw Stripe
 * message is only logged.
 */
export function stripeFailure(error: Stripe.errors.StripeError): HttpError {
  if (error instanceof Stripe.errors.StripeCardError) {
    return new HttpError(400, BILLING_ERRORS.paymentRefused, { details: error.userMessage ?? error.message });
  }
  if (
    error instanceof Stripe.errors.StripeInvalidRequestError ||
    error instanceof Stripe.errors.StripeIdempotencyError
  ) {
    return new HttpError(400, BILLING_ERRORS.invalidPaymentRequest);
  }
  return new HttpError(500, BILLING_ERRORS.paymentSystem);
}
