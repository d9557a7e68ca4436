import { billingPlansResponseSchema, CHECKOUT_ERRORS } from '@atelier/contracts';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_ERRORS, PATHS } from '../constants.js';
import { webhookEvents } from '../db/schema.js';
import type { FakeStripe } from '../testing/fake-stripe.js';
import {
  PRICES,
  PUBLIC_URL,
  startAccount,
  startBilling,
  startFakeStripe,
  stripeEnv,
  userHeaders,
  WEBHOOK_SECRET,
  type TestAccount,
  type TestBilling,
} from './helpers.js';

let account: TestAccount;
let fake: FakeStripe;

beforeAll(async () => {
  [account, fake] = await Promise.all([startAccount(), startFakeStripe()]);
});
afterAll(async () => {
  await Promise.all([account?.close(), fake?.close()]);
});

/** Sends `event` as Stripe would (its exact bytes, signed), or with the given header. */
function post(
  billing: TestBilling,
  event: Stripe.Event,
  options: { header?: string; timestamp?: number } = {},
) {
  const { payload, header } = fake.sign(event, WEBHOOK_SECRET, options);
  return request(billing.app)
    .post(PATHS.webhook)
    .set('content-type', 'application/json; charset=utf-8')
    .set('stripe-signature', options.header ?? header)
    .send(payload);
}

const retrievals = (subscriptionId: string) =>
  fake.requests.filter((r) => r.method === 'GET' && r.path === `/v1/subscriptions/${subscriptionId}`).length;

describe('without Stripe configuration (the offline default)', () => {
  let billing: TestBilling;
  beforeAll(async () => {
    billing = await startBilling(account);
  });
  afterAll(() => billing.close());

  it('serves the tiers of SPEC §9 without price ids, payments off', async () => {
    const res = await request(billing.app).get(PATHS.plans).expect(200);
    const plans = billingPlansResponseSchema.parse(res.body);
    expect(plans.paymentsConfigured).toBe(false);
    expect(plans.publishableKey).toBeNull();
    expect(
      plans.tiers.map((t) => [
        t.id,
        t.priceMonthlyUsd,
        t.priceYearlyUsd,
        t.priceMonthlyIdr,
        t.credits,
        t.photoshoots,
        t.popular,
      ]),
    ).toEqual([
      ['basic', 8, 8, 130_000, 150, 2, false],
      ['advanced', 20, 15, 330_000, 500, 5, true],
      ['pro', 34, 25, 560_000, 1100, 10, false],
    ]);
    for (const tier of plans.tiers)
      expect(tier.prices).toEqual({ usd: { monthly: null, yearly: null }, idr: { monthly: null } });
  });

  it('answers checkout with 503 and the configuration message, webhooks with 503, and the portal of a free user 403 (first)', async () => {
    const user = await account.createUser();
    const checkout = await request(billing.app)
      .post(PATHS.checkout)
      .set(userHeaders(user.id))
      .send({ priceId: 'price_anything', plan: 'basic' })
      .expect(503);
    expect(checkout.body).toEqual({ error: CHECKOUT_ERRORS.configuration.description });
    const portal = await request(billing.app).post(PATHS.portal).set(userHeaders(user.id)).expect(403);
    expect(portal.body.error).toBe(BILLING_ERRORS.portalOnlyForSubscribers);
    await request(billing.app).post(PATHS.webhook).set('stripe-signature', 't=1,v1=x').send('{}').expect(503);
  });

  it('still signs people up to the waitlist', async () => {
    await request(billing.app)
      .post(PATHS.waitlist)
      .send({ email: 'offline@example.test', source: 'pricing_page' })
      .expect(201, { ok: true });
  });
});

describe('waitlist', () => {
  let billing: TestBilling;
  beforeAll(async () => {
    billing = await startBilling(account, { env: { BILLING_WAITLIST_PER_MINUTE: '4' } });
  });
  afterAll(() => billing.close());

  it('takes an email once: 201, then 409 for the same address trimmed and in another case, 400 for invalid ones', async () => {
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    await request(billing.app)
      .post(PATHS.waitlist)
      .set(from('203.0.113.1'))
      .send({ email: 'Ada@Example.test', source: 'pricing_page' })
      .expect(201, { ok: true });
    const again = await request(billing.app)
      .post(PATHS.waitlist)
      .set(from('203.0.113.1'))
      .send({ email: '  ada@EXAMPLE.test ', source: 'pricing_page' })
      .expect(409);
    expect(again.body).toEqual({ error: 'This email is already registered for early access.' });
    const invalid = await request(billing.app)
      .post(PATHS.waitlist)
      .set(from('203.0.113.2'))
      .send({ email: 'not an email', source: 'pricing_page' })
      .expect(400);
    expect(invalid.body.error).toMatch(/email/i);
    await request(billing.app)
      .post(PATHS.waitlist)
      .set(from('203.0.113.2'))
      .send({ email: '   ', source: 'pricing_page' })
      .expect(400);
    await request(billing.app).post(PATHS.waitlist).set(from('203.0.113.2')).send({}).expect(400);
  });

  it('stores who joined, trimmed, with the source; a signed-in user is remembered', async () => {
    const user = await account.createUser();
    await request(billing.app)
      .post(PATHS.waitlist)
      .set({ ...userHeaders(user.id), 'x-forwarded-for': '203.0.113.3' })
      .send({ email: ' grace@example.test ', source: 'pricing_page' })
      .expect(201);
    const { rows } = await billing.database.pool.query(
      `select email, email_key, source, user_id from "${billing.database.schema}".waitlist_entries where email_key = $1`,
      ['grace@example.test'],
    );
    expect(rows).toEqual([
      {
        email: 'grace@example.test',
        email_key: 'grace@example.test',
        source: 'pricing_page',
        user_id: user.id,
      },
    ]);
  });

  it('limits sign-ups per client address (429 with Retry-After), not across addresses', async () => {
    const ip = { 'x-forwarded-for': '198.51.100.7' };
    for (let i = 0; i < 4; i += 1)
      await request(billing.app)
        .post(PATHS.waitlist)
        .set(ip)
        .send({ email: `burst${i}@example.test`, source: 'pricing_page' })
        .expect(201);
    const limited = await request(billing.app)
      .post(PATHS.waitlist)
      .set(ip)
      .send({ email: 'burst-over@example.test', source: 'pricing_page' })
      .expect(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.body.error).toBe(BILLING_ERRORS.tooManyWaitlist);
    await request(billing.app)
      .post(PATHS.waitlist)
      .set({ 'x-forwarded-for': '198.51.100.8' })
      .send({ email: 'burst-other@example.test', source: 'pricing_page' })
      .expect(201);
  });
});

describe('with Stripe (the fake Stripe API)', () => {
  let billing: TestBilling;
  beforeAll(async () => {
    billing = await startBilling(account, { env: stripeEnv(fake) });
  });
  afterAll(() => billing.close());

  describe('plans', () => {
    it('carries each tier price ids per currency and frequency, and the publishable key', async () => {
      const plans = billingPlansResponseSchema.parse(
        (await request(billing.app).get(PATHS.plans).expect(200)).body,
      );
      expect(plans.paymentsConfigured).toBe(true);
      expect(plans.publishableKey).toBe('pk_test_billingtests');
      expect(plans.tiers.find((t) => t.id === 'advanced')!.prices).toEqual({
        usd: { monthly: PRICES.advanced.usdMonthly, yearly: PRICES.advanced.usdYearly },
        idr: { monthly: PRICES.advanced.idrMonthly },
      });
    });
  });

  describe('checkout', () => {
    it('signed out → 401', async () => {
      await request(billing.app)
        .post(PATHS.checkout)
        .send({ priceId: PRICES.basic.usdMonthly, plan: 'basic' })
        .expect(401);
    });

    it('a price of another plan, or not ours → 400 with details the client shows', async () => {
      const user = await account.createUser();
      const wrong = await request(billing.app)
        .post(PATHS.checkout)
        .set(userHeaders(user.id))
        .send({ priceId: PRICES.pro.usdMonthly, plan: 'basic' })
        .expect(400);
      expect(wrong.body).toEqual({
        error: 'Invalid price',
        details: BILLING_ERRORS.priceNotOfPlanDetails('Basic'),
      });
      await request(billing.app)
        .post(PATHS.checkout)
        .set(userHeaders(user.id))
        .send({ priceId: 'price_someone_elses', plan: 'pro' })
        .expect(400);
      await request(billing.app)
        .post(PATHS.checkout)
        .set(userHeaders(user.id))
        .send({ priceId: PRICES.pro.usdMonthly, plan: 'free' })
        .expect(400);
      expect(fake.requests.filter((r) => r.body.client_reference_id === user.id)).toEqual([]);
    });

    it('makes a subscription Checkout Session for the user and reuses their Stripe customer', async () => {
      const user = await account.createUser();
      const first = await request(billing.app)
        .post(PATHS.checkout)
        .set(userHeaders(user.id))
        .send({ priceId: PRICES.basic.usdMonthly, plan: 'basic' })
        .expect(200);
      expect(first.body.url).toMatch(new RegExp(`^${fake.url}/checkout/cs_test_`));
      const session = [...fake.sessions.values()].find((s) => s.url === first.body.url)!;
      expect(session).toMatchObject({
        mode: 'subscription',
        client_reference_id: user.id,
        metadata: { userId: user.id, plan: 'basic' },
        subscription_metadata: { userId: user.id, plan: 'basic' },
        line_items_price: PRICES.basic.usdMonthly,
        success_url: `${PUBLIC_URL}/pricing?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${PUBLIC_URL}/pricing?checkout=canceled`,
      });
      const customer = fake.customers.get(session.customer!)!;
      // The account service gives billing the user's email for the customer (and no other caller).
      expect(customer).toMatchObject({ email: user.email, metadata: { userId: user.id } });

      const second = await request(billing.app)
        .post(PATHS.checkout)
        .set(userHeaders(user.id))
        .send({ priceId: PRICES.pro.usdYearly, plan: 'pro' })
        .expect(200);
      const secondSession = [...fake.sessions.values()].find((s) => s.url === second.body.url)!;
      expect(secondSession.customer).toBe(session.customer);
      const made = fake.requests.filter(
        (r) =>
          r.path === '/v1/customers' &&
          r.body.metadata &&
          (r.body.metadata as Record<string, string>).userId === user.id,
      );
      expect(made).toHaveLength(1);

      const creates = fake.requests.filter(
        (r) => r.path === '/v1/checkout/sessions' && r.body.client_reference_id === user.id,
      );
      expect(creates.every((r) => r.idempotencyKey?.startsWith('atelier-checkout-'))).toBe(true);
      expect(creates.every((r) => r.apiVersion === Stripe.API_VERSION)).toBe(true);
    });

    it('a double click gets the same Checkout Session (idempotency key)', async () => {
      const user = await account.createUser();
      const send = () =>
        request(billing.app)
          .post(PATHS.checkout)
          .set(userHeaders(user.id))
          .send({ priceId: PRICES.advanced.idrMonthly, plan: 'advanced' })
          .expect(200);
      const [a, b] = await Promise.all([send(), send()]);
      expect(a.body.url).toBe(b.body.url);
      const customersMade = [...fake.customers.values()].filter((c) => c.metadata.userId === user.id);
      expect(customersMade).toHaveLength(1);
    });

    it('Stripe failures: 500 → 500 with the catalogue text; declined card → 400 with Stripe text; refused request → 400', async () => {
      const user = await account.createUser();
      const body = { priceId: PRICES.basic.usdYearly, plan: 'basic' };
      fake.failNext({
        path: '/v1/customers',
        status: 500,
        type: 'api_error',
        message: 'An unknown error occurred',
      });
      const down = await request(billing.app)
        .post(PATHS.checkout)
        .set(userHeaders(user.id))
        .send(body)
        .expect(500);
      expect(down.body).toEqual({ error: CHECKOUT_ERRORS.serverError });

      fake.failNext({
        path: '/v1/checkout/sessions',
        status: 402,
        type: 'card_error',
        message: 'Your card was declined.',
        code: 'card_declined',
      });
      const declined = await request(billing.app)
        .post(PATHS.checkout)
        .set(userHeaders(user.id))
        .send(body)
        .expect(400);
      expect(declined.body).toEqual({ error: 'Payment refused', details: 'Your card was declined.' });

      fake.failNext({
        path: '/v1/checkout/sessions',
        status: 400,
        type: 'invalid_request_error',
        message: "No such price: 'price_basic_usd_y'",
        code: 'resource_missing',
      });
      const refused = await request(billing.app)
        .post(PATHS.checkout)
        .set(userHeaders(user.id))
        .send(body)
        .expect(400);
      expect(refused.body).toEqual({ error: CHECKOUT_ERRORS.invalidConfiguration });

      await request(billing.app).post(PATHS.checkout).set(userHeaders(user.id)).send(body).expect(200);
    });
  });

  describe('webhooks', () => {
    /** A user who went through checkout for `priceId`; the fake holds the paid subscription. */
    async function subscribed(priceId: string, plan: 'basic' | 'advanced' | 'pro') {
      const user = await account.createUser();
      const res = await request(billing.app)
        .post(PATHS.checkout)
        .set(userHeaders(user.id))
        .send({ priceId, plan })
        .expect(200);
      const session = [...fake.sessions.values()].find((s) => s.url === res.body.url)!;
      const completedSession = structuredClone(session);
      const { subscription } = fake.completeCheckout(session.id);
      Object.assign(completedSession, { status: 'complete', subscription: subscription.id });
      return { user, session: completedSession, subscription };
    }

    it('refuses a forged signature, a stale one and none with 400, and handles nothing', async () => {
      const { user, session } = await subscribed(PRICES.basic.usdMonthly, 'basic');
      const event = fake.event('checkout.session.completed', session);
      const forged = fake.sign(event, 'whsec_notoursecret').header;
      expect((await post(billing, event, { header: forged }).expect(400)).body).toEqual({
        error: BILLING_ERRORS.webhookBadSignature,
      });
      await post(billing, event, { timestamp: Math.floor(Date.now() / 1000) - 301 }).expect(400);
      await request(billing.app)
        .post(PATHS.webhook)
        .set('content-type', 'application/json')
        .send(JSON.stringify(event))
        .expect(400);
      // A body changed after signing (e.g. parsed and re-serialized) no longer verifies.
      const { payload, header } = fake.sign(event, WEBHOOK_SECRET);
      await request(billing.app)
        .post(PATHS.webhook)
        .set('content-type', 'application/json')
        .set('stripe-signature', header)
        .send(JSON.stringify(JSON.parse(payload)))
        .expect(400);
      expect((await account.user(user.id)).plan).toBe('free');
      expect(
        await billing.database.db.select().from(webhookEvents).where(eq(webhookEvents.id, event.id)),
      ).toEqual([]);
    });

    it('answers a signed but malformed event with 400, not a 500 Stripe would retry', async () => {
      const { session } = await subscribed(PRICES.basic.usdMonthly, 'basic');
      const base = fake.event('checkout.session.completed', session);
      for (const broken of [{ created: 1e20 }, { created: -1e15 }, { created: 'yesterday' }, { created: 1.5 }, { id: 'evt_\u0000' }, { id: 7 }, { type: null }, { id: 'x'.repeat(300) }]) {
        const event = { ...base, id: `${base.id}_${Math.random().toString(36).slice(2)}`, ...broken } as unknown as typeof base;
        const answer = await post(billing, event);
        expect([answer.status, answer.body], JSON.stringify(broken)).toEqual([400, { error: BILLING_ERRORS.webhookBadEvent }]);
      }
    });

    it('checkout.session.completed sets the plan, the period and the subscription; /api/user-limits shows Basic 150 credits and 2 photoshoots', async () => {
      const { user, session, subscription } = await subscribed(PRICES.basic.usdMonthly, 'basic');
      expect(await account.limits(user.id)).toMatchObject({ credits: { limit: 25 }, avatar: { limit: 0 } });
      await post(billing, fake.event('checkout.session.completed', session)).expect(200, { received: true });
      expect(await account.user(user.id)).toMatchObject({
        plan: 'basic',
        stripeSubscriptionId: subscription.id,
      });
      expect(await account.limits(user.id)).toEqual({
        credits: { used: 0, limit: 150 },
        avatar: { used: 0, limit: 2 },
      });
      const { rows } = await billing.database.pool.query(
        `select status, plan, period_start, period_end from "${billing.database.schema}".subscriptions where id = $1`,
        [subscription.id],
      );
      expect(rows[0]).toMatchObject({ status: 'active', plan: 'basic' });
      expect(rows[0].period_start.getTime()).toBe(subscription.items.data[0]!.current_period_start * 1000);
      expect(rows[0].period_end.getTime()).toBe(subscription.items.data[0]!.current_period_end * 1000);
    });

    it('the same event twice is handled once', async () => {
      const { user, session, subscription } = await subscribed(PRICES.advanced.usdMonthly, 'advanced');
      const event = fake.event('checkout.session.completed', session);
      await post(billing, event).expect(200, { received: true });
      await post(billing, event).expect(200, { received: true, duplicate: true });
      expect(retrievals(subscription.id)).toBe(1);
      const [row] = await billing.database.db
        .select()
        .from(webhookEvents)
        .where(eq(webhookEvents.id, event.id));
      expect(row).toMatchObject({ attempts: 1, type: 'checkout.session.completed' });
      expect(row!.handledAt).toBeInstanceOf(Date);
      expect((await account.user(user.id)).plan).toBe('advanced');
    });

    it('subscription.updated before checkout.session.completed: the plan is the subscription state at Stripe', async () => {
      const { user, session, subscription } = await subscribed(PRICES.basic.usdMonthly, 'basic');
      const completed = fake.event('checkout.session.completed', session);
      // The user moves to Pro in the portal; the update is delivered before the older checkout event.
      fake.updateSubscription(subscription.id, { priceId: PRICES.pro.usdMonthly });
      await post(
        billing,
        fake.event('customer.subscription.updated', fake.subscriptions.get(subscription.id)),
      ).expect(200);
      expect((await account.user(user.id)).plan).toBe('pro');
      await post(billing, completed).expect(200);
      expect((await account.user(user.id)).plan).toBe('pro');
      expect((await account.limits(user.id)).avatar.limit).toBe(10);
    });

    it('deleted before updated: the late update (its copy says active) does not bring the plan back', async () => {
      const { user, session, subscription } = await subscribed(PRICES.advanced.usdYearly, 'advanced');
      await post(billing, fake.event('checkout.session.completed', session)).expect(200);
      const staleUpdate = fake.event(
        'customer.subscription.updated',
        fake.subscriptions.get(subscription.id),
      );
      fake.cancelSubscription(subscription.id);
      await post(
        billing,
        fake.event('customer.subscription.deleted', fake.subscriptions.get(subscription.id)),
      ).expect(200);
      expect(await account.user(user.id)).toMatchObject({ plan: 'free', stripeSubscriptionId: null });
      await post(billing, staleUpdate).expect(200);
      expect(await account.user(user.id)).toMatchObject({ plan: 'free', stripeSubscriptionId: null });
      expect(await account.limits(user.id)).toMatchObject({ credits: { limit: 25 }, avatar: { limit: 0 } });
    });

    it('invoice.payment_failed keeps the plan while past due; unpaid ends it; invoice.paid brings it back', async () => {
      const { user, session, subscription } = await subscribed(PRICES.basic.idrMonthly, 'basic');
      await post(billing, fake.event('checkout.session.completed', session)).expect(200);
      const invoice = (status: string) => ({
        id: `in_${status}_${subscription.id}`,
        object: 'invoice',
        customer: subscription.customer,
        status,
        parent: {
          type: 'subscription_details',
          subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
        },
      });
      fake.updateSubscription(subscription.id, { status: 'past_due' });
      await post(billing, fake.event('invoice.payment_failed', invoice('open'))).expect(200);
      expect((await account.user(user.id)).plan).toBe('basic');
      fake.updateSubscription(subscription.id, { status: 'unpaid' });
      await post(billing, fake.event('invoice.payment_failed', invoice('open'))).expect(200);
      expect((await account.user(user.id)).plan).toBe('free');
      fake.updateSubscription(subscription.id, { status: 'active' });
      await post(billing, fake.event('invoice.paid', invoice('paid'))).expect(200);
      expect(await account.user(user.id)).toMatchObject({
        plan: 'basic',
        stripeSubscriptionId: subscription.id,
      });
    });

    it('a failed handling answers 500 and is not marked handled; Stripe retry then handles it', async () => {
      const { user, session, subscription } = await subscribed(PRICES.pro.idrMonthly, 'pro');
      const event = fake.event('checkout.session.completed', session);
      fake.failNext({
        path: `/v1/subscriptions/${subscription.id}`,
        status: 500,
        type: 'api_error',
        message: 'Stripe is down',
      });
      await post(billing, event).expect(500);
      const [failed] = await billing.database.db
        .select()
        .from(webhookEvents)
        .where(eq(webhookEvents.id, event.id));
      expect(failed).toMatchObject({ handledAt: null, leaseUntil: null, attempts: 1 });
      expect(failed!.lastError).toMatch(/Stripe is down/);
      expect((await account.user(user.id)).plan).toBe('free');
      await post(billing, event).expect(200, { received: true });
      expect((await account.user(user.id)).plan).toBe('pro');
    });

    it('acknowledges events that move no plan and subscriptions of customers that are not ours', async () => {
      await post(billing, fake.event('customer.created', { id: 'cus_other', object: 'customer' })).expect(
        200,
        { received: true },
      );
      await post(
        billing,
        fake.event('customer.subscription.updated', {
          id: 'sub_elsewhere',
          object: 'subscription',
          customer: 'cus_elsewhere',
          status: 'active',
          metadata: {},
        }),
      ).expect(200, { received: true });
    });
  });

  describe('billing portal', () => {
    it('signed out → 401; a free user without a customer → 403; with a customer but still free → 403', async () => {
      await request(billing.app).post(PATHS.portal).expect(401);
      const user = await account.createUser();
      const res = await request(billing.app).post(PATHS.portal).set(userHeaders(user.id)).expect(403);
      expect(res.body).toEqual({ error: BILLING_ERRORS.portalOnlyForSubscribers });
      await request(billing.app)
        .post(PATHS.checkout)
        .set(userHeaders(user.id))
        .send({ priceId: PRICES.basic.usdMonthly, plan: 'basic' })
        .expect(200);
      await request(billing.app).post(PATHS.portal).set(userHeaders(user.id)).expect(403);
    });

    it('a paid subscriber gets a portal session returning to /pricing; a second checkout is refused with details', async () => {
      const user = await account.createUser();
      const res = await request(billing.app)
        .post(PATHS.checkout)
        .set(userHeaders(user.id))
        .send({ priceId: PRICES.advanced.usdMonthly, plan: 'advanced' })
        .expect(200);
      const session = [...fake.sessions.values()].find((s) => s.url === res.body.url)!;
      const { subscription } = fake.completeCheckout(session.id);
      await post(billing, fake.event('customer.subscription.created', subscription)).expect(200);

      const portal = await request(billing.app)
        .post(PATHS.portal)
        .set(userHeaders(user.id))
        .set('content-type', 'application/json')
        .send({})
        .expect(200);
      expect(portal.body.url).toMatch(new RegExp(`^${fake.url}/portal/bps_`));
      const made = [...fake.portalSessions.values()].find((p) => p.url === portal.body.url)!;
      expect(made).toMatchObject({ customer: session.customer, return_url: `${PUBLIC_URL}/pricing` });

      const again = await request(billing.app)
        .post(PATHS.checkout)
        .set(userHeaders(user.id))
        .send({ priceId: PRICES.pro.usdMonthly, plan: 'pro' })
        .expect(400);
      expect(again.body).toEqual({
        error: BILLING_ERRORS.alreadySubscribed,
        details: BILLING_ERRORS.alreadySubscribedDetails,
      });

      fake.failNext({ path: '/v1/billing_portal/sessions', status: 500, type: 'api_error', message: 'down' });
      expect(
        (await request(billing.app).post(PATHS.portal).set(userHeaders(user.id)).expect(500)).body,
      ).toEqual({ error: BILLING_ERRORS.portalFailed });
    });
  });
});

describe('the fake checkout page', () => {
  it('Pay completes the session, delivers signed events to the service, and returns to the success URL', async () => {
    const billing = await startBilling(account, { env: stripeEnv(fake) });
    const { listen } = await import('@atelier/kit');
    const server = await listen(billing.app, { port: 0, host: '127.0.0.1' });
    try {
      const address = server.address() as { port: number };
      fake.setWebhook({ url: `http://127.0.0.1:${address.port}${PATHS.webhook}`, secret: WEBHOOK_SECRET });
      const user = await account.createUser();
      const res = await request(billing.app)
        .post(PATHS.checkout)
        .set(userHeaders(user.id))
        .send({ priceId: PRICES.pro.usdYearly, plan: 'pro' })
        .expect(200);
      const page = await fetch(res.body.url);
      expect(await page.text()).toContain('<button type="submit">Pay</button>');
      const paid = await fetch(`${res.body.url}/pay`, { method: 'POST', redirect: 'manual' });
      expect(paid.status).toBe(303);
      expect(paid.headers.get('location')).toMatch(
        new RegExp(`^${PUBLIC_URL}/pricing\\?checkout=success&session_id=cs_test_`),
      );
      expect(await account.user(user.id)).toMatchObject({ plan: 'pro' });
      expect((await account.user(user.id)).stripeSubscriptionId).toMatch(/^sub_/);
    } finally {
      fake.setWebhook(null);
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await billing.close();
    }
  });
});
