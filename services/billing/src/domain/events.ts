import type { SubscriptionRef } from '../sync.js';

/** The events that move a plan (anything else is acknowledged and ignored). */
export const HANDLED_EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

type Loose = Record<string, unknown> | null | undefined;
const idOf = (value: unknown): string | null =>
  typeof value === 'string'
    ? value
    : value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string'
      ? (value as { id: string }).id
      : null;
const text = (value: unknown): string | null =>
  typeof value === 'string' && value.length > 0 ? value : null;
const field = (value: unknown, key: string): unknown =>
  value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;

/**
 * Which subscription an event is about, read only from facts that never change (ids, the customer, who
 * checked out); its state is always read from Stripe afterwards. Null for events that move no plan.
 */
export function subscriptionRefOf(event: {
  type: string;
  data: { object: unknown };
}): SubscriptionRef | null {
  const object = event.data.object as Loose;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const subscriptionId = idOf(field(object, 'subscription'));
      if (field(object, 'mode') !== 'subscription' || !subscriptionId) return null;
      return {
        subscriptionId,
        customerId: idOf(field(object, 'customer')),
        userHint:
          text(field(object, 'client_reference_id')) ?? text(field(field(object, 'metadata'), 'userId')),
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed': {
      const subscriptionId = idOf(field(object, 'id'));
      if (!subscriptionId) return null;
      return {
        subscriptionId,
        customerId: idOf(field(object, 'customer')),
        userHint: text(field(field(object, 'metadata'), 'userId')),
      };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      // Since API version 2025-03-31 an invoice names its subscription under parent.subscription_details.
      const details = field(field(object, 'parent'), 'subscription_details');
      const subscriptionId = idOf(field(details, 'subscription')) ?? idOf(field(object, 'subscription'));
      if (!subscriptionId) return null;
      return {
        subscriptionId,
        customerId: idOf(field(object, 'customer')),
        userHint: text(field(field(details, 'metadata'), 'userId')),
      };
    }
    default:
      return null;
  }
}
