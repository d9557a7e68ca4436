import { randomUUID } from 'node:crypto';
import { eraseDeletedUsers } from '@atelier/kit';
import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATHS } from '../constants.js';
import { customers, subscriptions, webhookEvents } from '../db/schema.js';
import { createErase, startBillingErasures } from '../erase.js';
import { createStripe } from '../stripe.js';
import type { FakeStripe } from '../testing/fake-stripe.js';
import {
  PRICES,
  silent,
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
let billing: TestBilling;

beforeAll(async () => {
  [account, fake] = await Promise.all([startAccount(), startFakeStripe()]);
  billing = await startBilling(account, { env: stripeEnv(fake) });
});
afterAll(async () => {
  await billing?.close();
  await Promise.all([account?.close(), fake?.close()]);
});

/** Sends `event` as Stripe would (its exact bytes, signed). */
function post(event: Stripe.Event) {
  const { payload, header } = fake.sign(event, WEBHOOK_SECRET);
  return request(billing.app)
    .post(PATHS.webhook)
    .set('content-type', 'application/json; charset=utf-8')
    .set('stripe-signature', header)
    .send(payload);
}

/** A user who checked out `priceId` and whose checkout's webhook was handled: a customer and an active subscription. */
async function subscriber(priceId: string, plan: 'basic' | 'advanced' | 'pro') {
  const user = await account.createUser();
  const res = await request(billing.app)
    .post(PATHS.checkout)
    .set(userHeaders(user.id))
    .send({ priceId, plan })
    .expect(200);
  const session = [...fake.sessions.values()].find((s) => s.url === res.body.url)!;
  const { subscription } = fake.completeCheckout(session.id);
  await post(fake.event('checkout.session.completed', { ...session, status: 'complete' })).expect(200);
  expect((await account.user(user.id)).plan).toBe(plan);
  return { userId: user.id, customerId: session.customer!, subscriptionId: subscription.id };
}

/** The user's rows here: customers, subscriptions and rate-limit counters. */
async function rowsOf(userId: string) {
  const { db } = billing.database;
  const limits = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from rate_limits where key = ${userId}`,
  );
  return {
    customers: (await db.select().from(customers).where(eq(customers.userId, userId))).length,
    subscriptions: (await db.select().from(subscriptions).where(eq(subscriptions.userId, userId))).length,
    rateLimits: limits.rows[0]!.n,
  };
}

const stripeOf = () => createStripe(billing.config.stripe!);
const round = (erase: (userId: string) => Promise<'erased' | 'later'>) =>
  eraseDeletedUsers({
    caller: 'billing',
    accountUrl: billing.config.accountUrl,
    identityKeys: billing.config.identityKeys,
    logger: silent,
    intervalMs: 60_000,
    erase,
  });
const stripeCalls = (method: string, path: string) =>
  fake.requests.filter((r) => r.method === method && r.path === path).length;

describe('erasing a deleted account', () => {
  it("cancels their subscription and deletes their customer at Stripe, then their rows; another user's stay", async () => {
    const ana = await subscriber(PRICES.basic.usdMonthly, 'basic');
    const ben = await subscriber(PRICES.pro.usdYearly, 'pro');
    expect(await rowsOf(ana.userId)).toEqual({ customers: 1, subscriptions: 1, rateLimits: 1 });
    const benBefore = await rowsOf(ben.userId);

    await account.deleteAccount(ana.userId);
    expect(await account.erasuresFor('billing')).toContain(ana.userId);
    // An event for her subscription between the deletion and the erase: acknowledged, nothing written for her — and
    // the subscription, still running for nobody, is cancelled at once.
    const update = fake.event('customer.subscription.updated', fake.subscriptions.get(ana.subscriptionId)!);
    await post(update).expect(200, { received: true });
    expect(fake.subscriptions.get(ana.subscriptionId)!.status).toBe('canceled');

    expect(
      await round(createErase({ database: billing.database, stripe: stripeOf(), logger: silent })),
    ).toEqual({
      erased: 1,
      later: 0,
      failed: 0,
    });
    // Asked again by the erase (Stripe answers "No such subscription" for one cancelled already: fine).
    expect(stripeCalls('DELETE', `/v1/subscriptions/${ana.subscriptionId}`)).toBe(2);
    expect(fake.subscriptions.get(ana.subscriptionId)!.status).toBe('canceled');
    expect(stripeCalls('DELETE', `/v1/customers/${ana.customerId}`)).toBe(1);
    expect(fake.customers.has(ana.customerId)).toBe(false);
    expect(await rowsOf(ana.userId)).toEqual({ customers: 0, subscriptions: 0, rateLimits: 0 });
    expect(await account.erasuresFor('billing')).not.toContain(ana.userId);
    expect(await account.erasuresFor('create')).toContain(ana.userId); // the others still have her to erase

    // Ben: untouched, here and at Stripe.
    expect(await rowsOf(ben.userId)).toEqual(benBefore);
    expect(fake.subscriptions.get(ben.subscriptionId)!.status).toBe('active');
    expect(fake.customers.has(ben.customerId)).toBe(true);
    expect((await account.user(ben.userId)).plan).toBe('pro');

    // Stripe's word of the cancel arrives afterwards (its metadata still names her): 200, and nothing comes back.
    const deleted = fake.event('customer.subscription.deleted', fake.subscriptions.get(ana.subscriptionId)!);
    await post(deleted).expect(200, { received: true });
    await post(deleted).expect(200, { received: true, duplicate: true });
    expect(await rowsOf(ana.userId)).toEqual({ customers: 0, subscriptions: 0, rateLimits: 0 });
    const [event] = await billing.database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.id, deleted.id));
    expect(event).toMatchObject({ lastError: null });
    expect(event!.handledAt).not.toBeNull();

    // Again (a crash before the acknowledgement): the customer is gone at Stripe already, which is fine.
    expect(
      await createErase({ database: billing.database, stripe: stripeOf(), logger: silent })(ana.userId),
    ).toBe('erased');
    expect(await rowsOf(ben.userId)).toEqual(benBefore);
  });

  it('a Stripe failure acknowledges nothing and keeps the rows; the watcher erases them on a later round', async () => {
    const cleo = await subscriber(PRICES.advanced.idrMonthly, 'advanced');
    await account.deleteAccount(cleo.userId);
    fake.failNext({
      path: `/v1/subscriptions/${cleo.subscriptionId}`,
      status: 500,
      type: 'api_error',
      message: 'Stripe is down',
    });
    expect(await round(createErase({ database: billing.database, stripe: stripeOf(), logger: silent }))).toMatchObject({
      erased: 0,
      failed: 1,
    });
    expect(await account.erasuresFor('billing')).toContain(cleo.userId);
    expect(await rowsOf(cleo.userId)).toEqual({ customers: 1, subscriptions: 1, rateLimits: 1 });
    expect(fake.subscriptions.get(cleo.subscriptionId)!.status).toBe('active');
    expect(fake.customers.has(cleo.customerId)).toBe(true);

    // The service's own watcher (as the server starts it), every 200 ms.
    const erasures = startBillingErasures({
      config: { ...billing.config, erasureIntervalMs: 200 },
      database: billing.database,
      logger: silent,
    });
    try {
      const deadline = Date.now() + 10_000;
      while ((await account.erasuresFor('billing')).includes(cleo.userId) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await account.erasuresFor('billing')).not.toContain(cleo.userId);
    } finally {
      await erasures.stop();
    }
    expect(fake.subscriptions.get(cleo.subscriptionId)!.status).toBe('canceled');
    expect(fake.customers.has(cleo.customerId)).toBe(false);
    expect(await rowsOf(cleo.userId)).toEqual({ customers: 0, subscriptions: 0, rateLimits: 0 });
  });

  it('with payments off, only the rows go (Stripe is not asked)', async () => {
    const offline = await startBilling(account);
    try {
      const dana = await account.createUser();
      const customerId = `cus_${randomUUID().replace(/-/g, '')}`;
      const now = new Date();
      await offline.database.db
        .insert(customers)
        .values({ userId: dana.id, stripeCustomerId: customerId, createdAt: now });
      await offline.database.db.insert(subscriptions).values({
        id: `sub_${randomUUID().replace(/-/g, '')}`,
        userId: dana.id,
        stripeCustomerId: customerId,
        status: 'active',
        plan: 'basic',
        stripeCreatedAt: now,
        syncedAt: now,
      });
      await account.deleteAccount(dana.id);
      const asked = fake.requests.length;
      const erase = createErase({ database: offline.database, stripe: null, logger: silent });
      // A running subscription is the one record needed to stop its charges: kept for a replica with Stripe keys.
      expect(await erase(dana.id)).toBe('later');
      expect(await offline.database.db.select().from(subscriptions).where(eq(subscriptions.userId, dana.id))).toHaveLength(1);
      await offline.database.db.update(subscriptions).set({ status: 'canceled' }).where(eq(subscriptions.userId, dana.id));
      expect(await erase(dana.id)).toBe('erased');
      expect(fake.requests.length).toBe(asked);
      const { db } = offline.database;
      expect(await db.select().from(customers).where(eq(customers.userId, dana.id))).toEqual([]);
      expect(await db.select().from(subscriptions).where(eq(subscriptions.userId, dana.id))).toEqual([]);
    } finally {
      await offline.close();
    }
  });

  it('cancels at Stripe a subscription that started for an account deleted meanwhile (a checkout in flight), and erases a waitlist sign-up made signed in', async () => {
    const eve = await account.createUser();
    const res = await request(billing.app)
      .post(PATHS.checkout)
      .set(userHeaders(eve.id))
      .send({ priceId: PRICES.basic.usdMonthly, plan: 'basic' })
      .expect(200);
    await request(billing.app)
      .post(PATHS.waitlist)
      .set(userHeaders(eve.id))
      .send({ email: `eve-${randomUUID()}@example.com`, source: 'pricing' })
      .expect(201);
    await account.deleteAccount(eve.id);
    expect(
      await round(createErase({ database: billing.database, stripe: stripeOf(), logger: silent })),
    ).toMatchObject({ failed: 0 });
    const waitlisted = await billing.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from waitlist_entries where user_id = ${eve.id}`,
    );
    expect(waitlisted.rows[0]!.n).toBe(0);

    // She had paid on Stripe's page before the erase: Stripe reports the subscription afterwards.
    const session = [...fake.sessions.values()].find((s) => s.url === res.body.url)!;
    const { subscription } = fake.completeCheckout(session.id);
    expect(fake.subscriptions.get(subscription.id)!.status).toBe('active');
    await post(fake.event('checkout.session.completed', { ...session, status: 'complete' })).expect(200);
    expect(fake.subscriptions.get(subscription.id)!.status).toBe('canceled');
    expect(await rowsOf(eve.id)).toMatchObject({ customers: 0, subscriptions: 0 });
  });
});

