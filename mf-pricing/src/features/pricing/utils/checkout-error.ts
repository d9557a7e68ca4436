import type { ToastOptions } from '@atelier/host';
import { BILLING_PORTAL_ERROR, CHECKOUT_ERRORS } from '../../../constants';
import { isNetworkError, parseApiError, textField } from './api-error';

/** The payment script (Stripe.js) is not there: payments are not configured, or the script failed to load. */
export class PaymentsNotConfiguredError extends Error {
  constructor(cause?: unknown) {
    super('Stripe.js is not available', { cause });
    this.name = 'PaymentsNotConfiguredError';
  }
}

/** The checkout answer had no URL to send the user to. */
export class NoCheckoutUrlError extends Error {
  constructor() {
    super('The checkout session has no URL');
    this.name = 'NoCheckoutUrlError';
  }
}

export interface CheckoutFailure {
  toast: ToastOptions;
  /** 401 or 403: the user is sent to /login after the toast. */
  signIn: boolean;
}

const destructive = (title: string, description: string): ToastOptions => ({ title, description, variant: 'destructive' });
const payment = (description: string) => destructive(CHECKOUT_ERRORS.titles.payment, description);

/**
 * SPEC.md §8's checkout catalogue. Every branch shows a fixed text or the server's own `details` / `error`
 * (a 400 only); never the status line or raw body. The billing service answers 503 with the configuration
 * text when it has no Stripe keys: that is the Configuration Error too.
 */
export function checkoutFailure(error: unknown): CheckoutFailure {
  const fail = (toast: ToastOptions, signIn = false): CheckoutFailure => ({ toast, signIn });
  const { configuration } = CHECKOUT_ERRORS;
  if (error instanceof PaymentsNotConfiguredError) return fail(destructive(configuration.title, configuration.description));
  if (error instanceof NoCheckoutUrlError) return fail(payment(CHECKOUT_ERRORS.noUrl));
  if (isNetworkError(error)) return fail(payment(CHECKOUT_ERRORS.network));
  const { status, body } = parseApiError(error);
  if (status === null) return fail(destructive(CHECKOUT_ERRORS.titles.generic, CHECKOUT_ERRORS.unknown));
  if (status === 400) return fail(payment(textField(body, 'details') ?? textField(body, 'error') ?? CHECKOUT_ERRORS.invalidConfiguration));
  if (status === 401 || status === 403) return fail(payment(CHECKOUT_ERRORS.signInRequired), true);
  if (status === 500) return fail(payment(CHECKOUT_ERRORS.serverError));
  if (status === 503 && textField(body, 'error') === configuration.description) {
    return fail(destructive(configuration.title, configuration.description));
  }
  return fail(payment(CHECKOUT_ERRORS.otherStatus));
}

/**
 * SPEC.md §8's portal failure: title Error with the message, or the fallback. The message is the billing
 * service's own `error` of a 4xx meant for the user (403 for a user without a subscription, 429) or of its
 * 503 "not configured"; a 401 ("Unauthorized"), a 404, a gateway's 5xx, a network failure or a body without
 * one gets the fallback.
 */
export function billingPortalFailure(error: unknown): ToastOptions {
  const { status, body } = parseApiError(error);
  const message = textField(body, 'error');
  const userFacing = status !== null && status >= 400 && status < 500 && status !== 401 && status !== 404;
  const own = userFacing || (status === 503 && message === CHECKOUT_ERRORS.configuration.description);
  return destructive(BILLING_PORTAL_ERROR.title, (own && message) || BILLING_PORTAL_ERROR.fallback);
}
