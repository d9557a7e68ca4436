import { ConfigError } from '@atelier/kit';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { loadBillingConfig } from '../config.js';
import { STRIPE_API_VERSION } from '../constants.js';
import { createCatalogue } from '../domain/catalogue.js';
import { decidePlan, readSubscription, type SubscriptionState } from '../domain/subscription-state.js';
import { subscriptionRefOf } from '../domain/events.js';

const base = {
  IDENTITY_SECRET: 'x'.repeat(32),
  ACCOUNT_URL: 'http://127.0.0.1:1',
  DATABASE_URL: 'postgres://u@127.0.0.1/db',
};
const keys = {
  STRIPE_SECRET_KEY: 'sk_test_abc',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc',
};

const configError = (env: Record<string, string>) => {
  try {
    loadBillingConfig({ ...base, ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  return null;
};

describe('configuration', () => {
  it('pins the API version the installed SDK was built for', () => {
    expect(STRIPE_API_VERSION).toBe(Stripe.API_VERSION);
  });

  it('has no Stripe and no prices by default', () => {
    const config = loadBillingConfig(base);
    expect(config.stripe).toBeNull();
    expect(config.prices.basic).toEqual({ usd: { monthly: null, yearly: null }, idr: { monthly: null } });
    expect(config.publicUrl).toBe('http://127.0.0.1:8080');
  });

  it('reads the keys, the prices and a local API base', () => {
    const config = loadBillingConfig({
      ...base,
      ...keys,
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
      STRIPE_PRICE_PRO_IDR_MONTHLY: 'price_pro_idr',
    });
    expect(config.stripe).toMatchObject({
      secretKey: 'sk_test_abc',
      publishableKey: 'pk_test_abc',
      webhookSecret: 'whsec_abc',
      api: { host: '127.0.0.1', port: 12111, protocol: 'http' },
    });
    expect(config.prices.pro.idr.monthly).toBe('price_pro_idr');
  });

  it('stops on a half-made or unsafe Stripe configuration, naming the variable', () => {
    expect(configError({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toMatch(
      /^Invalid configuration: STRIPE_PUBLISHABLE_KEY/,
    );
    expect(configError({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' })).toMatch(
      /^Invalid configuration: STRIPE_WEBHOOK_SECRET/,
    );
    expect(configError({ ...keys, STRIPE_PUBLISHABLE_KEY: 'pk_live_abc' })).toMatch(
      /STRIPE_PUBLISHABLE_KEY is a live key but STRIPE_SECRET_KEY is a test key/,
    );
    expect(configError({ STRIPE_PRICE_BASIC_USD_MONTHLY: 'price_x' })).toMatch(
      /^Invalid configuration: STRIPE_SECRET_KEY is required when Stripe prices are set/,
    );
    expect(configError({ ...keys, STRIPE_PRICE_BASIC_USD_MONTHLY: 'prod_x' })).toMatch(
      /STRIPE_PRICE_BASIC_USD_MONTHLY must be a Stripe price id/,
    );
    expect(
      configError({
        ...keys,
        STRIPE_PRICE_BASIC_USD_MONTHLY: 'price_x',
        STRIPE_PRICE_PRO_USD_MONTHLY: 'price_x',
      }),
    ).toMatch(/STRIPE_PRICE_PRO_USD_MONTHLY repeats/);
    expect(configError({ ...keys, STRIPE_API_BASE: 'http://stripe.example.com' })).toMatch(
      /STRIPE_API_BASE may use plain http only/,
    );
    expect(configError({ STRIPE_SECRET_KEY: 'pk_test_abc' })).toMatch(
      /STRIPE_SECRET_KEY must be a Stripe secret key/,
    );
  });

  it('asks for deleted accounts to erase every 30 s by default, at most every 200 ms', () => {
    expect(loadBillingConfig(base).erasureIntervalMs).toBe(30_000);
    expect(loadBillingConfig({ ...base, BILLING_ERASURE_INTERVAL_MS: '200' }).erasureIntervalMs).toBe(200);
    expect(configError({ BILLING_ERASURE_INTERVAL_MS: '199' })).toMatch(
      /^Invalid configuration: BILLING_ERASURE_INTERVAL_MS/,
    );
  });

  it('turns payments on only with a key and at least one price', () => {
    const prices = loadBillingConfig({ ...base, ...keys, STRIPE_PRICE_BASIC_USD_MONTHLY: 'price_b' }).prices;
    expect(createCatalogue(prices, { stripeConfigured: true }).paymentsConfigured).toBe(true);
    expect(
      createCatalogue(loadBillingConfig({ ...base, ...keys }).prices, { stripeConfigured: true })
        .paymentsConfigured,
    ).toBe(false);
    expect(createCatalogue(prices, { stripeConfigured: false }).plans('pk_test_abc')).toMatchObject({
      paymentsConfigured: false,
      publishableKey: null,
    });
  });
});

describe('subscription state', () => {
  const planOfPrice = (id: string) => (id === 'price_basic' ? 'basic' : id === 'price_pro' ? 'pro' : null);
  const item = (price: string, start: number, end: number) => ({
    price: { id: price },
    current_period_start: start,
    current_period_end: end,
  });

  it('reads the period from the item in current API versions and from the subscription in older ones', () => {
    const current = readSubscription(
      {
        id: 'sub_1',
        status: 'active',
        created: 10,
        customer: 'cus_1',
        items: { data: [item('price_basic', 100, 200)] },
      },
      planOfPrice,
    );
    expect(current).toMatchObject({
      plan: 'basic',
      periodStart: new Date(100_000),
      periodEnd: new Date(200_000),
      customerId: 'cus_1',
    });
    const older = readSubscription(
      {
        id: 'sub_2',
        status: 'active',
        created: 10,
        customer: { id: 'cus_2' },
        current_period_start: 300,
        current_period_end: 400,
        items: { data: [{ price: { id: 'price_pro' } }] },
      },
      planOfPrice,
    );
    expect(older).toMatchObject({
      plan: 'pro',
      periodStart: new Date(300_000),
      periodEnd: new Date(400_000),
      customerId: 'cus_2',
    });
    const unknownPrice = readSubscription(
      {
        id: 'sub_3',
        status: 'active',
        created: 1,
        customer: 'c',
        metadata: { plan: 'advanced' },
        items: { data: [item('price_x', 1, 2)] },
      },
      planOfPrice,
    );
    expect(unknownPrice.plan).toBe('advanced');
  });

  it('decides the plan from the newest entitled subscription; none is free', () => {
    const sub = (
      id: string,
      status: string,
      plan: SubscriptionState['plan'],
      created: number,
    ): SubscriptionState => ({
      id,
      customerId: 'cus',
      status,
      plan,
      priceId: null,
      periodStart: new Date(1000),
      periodEnd: new Date(2000),
      createdAt: new Date(created),
    });
    expect(decidePlan([])).toEqual({ plan: 'free', stripeSubscriptionId: null });
    expect(decidePlan([sub('a', 'canceled', 'pro', 5), sub('b', 'active', 'basic', 1)])).toMatchObject({
      plan: 'basic',
      stripeSubscriptionId: 'b',
    });
    expect(decidePlan([sub('a', 'active', 'pro', 5), sub('b', 'past_due', 'basic', 9)])).toMatchObject({
      plan: 'basic',
      stripeSubscriptionId: 'b',
    });
    expect(decidePlan([sub('a', 'unpaid', 'pro', 5), sub('b', 'incomplete', 'basic', 9)])).toEqual({
      plan: 'free',
      stripeSubscriptionId: null,
    });
    expect(decidePlan([sub('a', 'trialing', 'pro', 5)])).toEqual({
      plan: 'pro',
      periodStart: new Date(1000).toISOString(),
      periodEnd: new Date(2000).toISOString(),
      stripeSubscriptionId: 'a',
    });
  });

  it('finds the subscription of each handled event, from ids only', () => {
    const event = (type: string, object: unknown) => ({ type, data: { object } });
    expect(
      subscriptionRefOf(
        event('checkout.session.completed', {
          mode: 'subscription',
          subscription: 'sub_1',
          customer: 'cus_1',
          client_reference_id: 'u1',
        }),
      ),
    ).toEqual({
      subscriptionId: 'sub_1',
      customerId: 'cus_1',
      userHint: 'u1',
    });
    expect(
      subscriptionRefOf(event('checkout.session.completed', { mode: 'payment', subscription: null })),
    ).toBeNull();
    expect(
      subscriptionRefOf(
        event('customer.subscription.deleted', {
          id: 'sub_2',
          customer: { id: 'cus_2' },
          metadata: { userId: 'u2' },
        }),
      ),
    ).toEqual({
      subscriptionId: 'sub_2',
      customerId: 'cus_2',
      userHint: 'u2',
    });
    expect(
      subscriptionRefOf(
        event('invoice.paid', {
          customer: 'cus_3',
          parent: { subscription_details: { subscription: 'sub_3', metadata: {} } },
        }),
      ),
    ).toMatchObject({
      subscriptionId: 'sub_3',
    });
    expect(
      subscriptionRefOf(event('invoice.payment_failed', { customer: 'cus_4', subscription: 'sub_4' })),
    ).toMatchObject({ subscriptionId: 'sub_4' });
    expect(subscriptionRefOf(event('invoice.paid', { customer: 'cus_5', parent: null }))).toBeNull();
    expect(subscriptionRefOf(event('customer.created', { id: 'cus_6' }))).toBeNull();
  });
});
