// `npm run test:scale` (issue 14, "Prove it"): two gateways and two replicas of every service on one
// PostgreSQL and one media store, started by the supervisor `npm start` uses (REPLICAS=2). What one
// process alone used to know must now hold across them: sessions, sign-outs, credits, jobs, webhooks
// and the sign-in rate limit. Needs a build (`npm run build`).
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { serviceHeaders } from '@atelier/kit';
import { startFakeStripe } from '@atelier/billing/testing';
import { freePortRange, startProduct } from '../../scripts/lib/processes.mjs';

const SIGN_IN_LIMIT = 12;
const WEBHOOK_SECRET = 'whsec_scale_test';
const GENERATIONS = 100;
const RESERVES = 100;

let product;
let stripe;
let db;
let dataDir;
let gatewayA;
let gatewayB;
const signIns = { succeeded: 0 };

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Every price id billing reads, distinct per tier, currency and frequency. */
function priceEnv() {
  const env = {};
  for (const tier of ['BASIC', 'ADVANCED', 'PRO'])
    for (const [cur, freq] of [['USD', 'MONTHLY'], ['USD', 'YEARLY'], ['IDR', 'MONTHLY']])
      env[`STRIPE_PRICE_${tier}_${cur}_${freq}`] = `price_scale_${tier}_${cur}_${freq}`.toLowerCase();
  return env;
}

/** Development sign-in through a gateway: the session cookie (`atelier_sid=…`), or null when refused. */
async function signIn(gateway) {
  const res = await fetch(`${gateway}/api/dev-login`, { redirect: 'manual' });
  await res.body?.cancel();
  if (res.status === 429) return null;
  assert.equal(res.status, 302, `dev-login answered ${res.status}`);
  signIns.succeeded += 1;
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('atelier_sid='));
  assert.ok(cookie, 'no session cookie');
  return cookie.split(';')[0];
}

async function api(gateway, path, { cookie, method = 'GET', body } = {}) {
  const res = await fetch(`${gateway}${path}`, {
    method,
    headers: { ...(cookie ? { cookie } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** Every file below `dir`, as paths relative to it. */
function filesUnder(dir, prefix = '') {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name), `${prefix}${entry.name}/`) : entry.isFile() ? [`${prefix}${entry.name}`] : [],
  );
}

const urlsOf = (name) => product.env[`${name.toUpperCase()}_URL`].split(',');

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'atelier-scale-'));
  stripe = await startFakeStripe();
  const port = await freePortRange(2); // the gateways listen on PORT and PORT+1
  product = await startProduct({
    quiet: !process.env.SCALE_VERBOSE,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      REPLICAS: '2',
      SIGNIN_RATE_LIMIT: String(SIGN_IN_LIMIT),
      ENGINE: 'local',
      STRIPE_API_BASE: stripe.url,
      STRIPE_SECRET_KEY: 'sk_test_scale',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_scale',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      ...priceEnv(),
    },
  });
  [gatewayA, gatewayB] = product.urls;
  db = new pg.Client({ connectionString: product.env.DATABASE_URL });
  await db.connect();
});

after(async () => {
  await db?.end();
  await product?.stop();
  await stripe?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('replicas on one PostgreSQL and one media store', () => {
  // Development sign-in always signs in the one dev user: these are four sessions of that user, each for one test.
  let sessionUser; // signs in on A, is used on B, signs out on A
  let reserveUser; // the user is free: 25 credits a day
  let generationUser; // switches the user to pro: credits are no limit
  let payingUser; // checks out with Stripe

  it('runs two gateways (each on its own port) and two processes of every service', () => {
    assert.equal(product.urls.length, 2);
    assert.equal(new URL(gatewayB).port, String(Number(new URL(gatewayA).port) + 1));
    for (const name of ['account', 'create', 'photoshoot', 'canvas', 'billing']) {
      assert.equal(urlsOf(name).length, 2, name);
      assert.ok(product.processes.get(name) && product.processes.get(`${name}-2`), name);
    }
  });

  it('counts the sign-in rate limit across both gateways and both account replicas', async () => {
    // The sessions of the later tests are made first (all within the same minute), then a burst alternates gateways.
    sessionUser = await signIn(gatewayA);
    reserveUser = await signIn(gatewayB);
    generationUser = await signIn(gatewayA);
    payingUser = await signIn(gatewayB);
    let refused = 0;
    for (let i = 0; i < SIGN_IN_LIMIT; i++) {
      if ((await signIn(i % 2 ? gatewayB : gatewayA)) === null) refused += 1;
    }
    // Counted per process, each account replica would have let through up to SIGN_IN_LIMIT of its own.
    assert.equal(signIns.succeeded, SIGN_IN_LIMIT);
    assert.equal(refused, 4);
    const res = await fetch(`${gatewayB}/api/dev-login`, { redirect: 'manual' });
    assert.equal(res.status, 429);
    assert.ok(Number(res.headers.get('retry-after')) >= 1);
    assert.deepEqual(await res.json(), { error: 'Too many sign-in attempts. Please wait a minute and try again.' });
  });

  it('a session made through gateway A works on gateway B; signed out on A, B refuses it within 1 s', async () => {
    const onA = await api(gatewayA, '/api/auth/user', { cookie: sessionUser });
    assert.equal(onA.status, 200);
    const onB = await api(gatewayB, '/api/auth/user', { cookie: sessionUser });
    assert.equal(onB.status, 200);
    assert.equal(onB.body.id, onA.body.id);
    // B has the session cached now; several reads to be sure every account replica has been asked.
    for (let i = 0; i < 4; i++) assert.equal((await api(gatewayB, '/api/auth/user', { cookie: sessionUser })).status, 200);

    const logout = await fetch(`${gatewayA}/api/logout`, { headers: { cookie: sessionUser }, redirect: 'manual' });
    await logout.body?.cancel();
    const signedOutAt = Date.now();
    let refusedAfter = null;
    while (Date.now() - signedOutAt < 3_000) {
      if ((await api(gatewayB, '/api/auth/user', { cookie: sessionUser })).status === 401) {
        refusedAfter = Date.now() - signedOutAt;
        break;
      }
      await sleep(20);
    }
    assert.ok(refusedAfter !== null && refusedAfter <= 1_000, `gateway B refused the session after ${refusedAfter} ms`);
    assert.equal((await api(gatewayA, '/api/auth/user', { cookie: sessionUser })).status, 401);
    console.log(`  signed out on A → refused on B after ${refusedAfter} ms`);
  });

  it('100 concurrent credit reserves of 1 across both account replicas → exactly 25 (a free day)', async () => {
    const user = await api(gatewayA, '/api/auth/user', { cookie: reserveUser });
    const userId = user.body.id;
    const secret = product.env.IDENTITY_SECRET;
    const accounts = urlsOf('account');
    const answers = await Promise.all(
      Array.from({ length: RESERVES }, async (_, i) => {
        const res = await fetch(`${accounts[i % accounts.length]}/internal/credits/reserve`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(await serviceHeaders(secret, 'create', 'account')) },
          body: JSON.stringify({ userId, feature: 'credits', amount: 1, key: `scale-reserve-${i}`, source: 'image' }),
        });
        await res.body?.cancel();
        return res.status;
      }),
    );
    const granted = answers.filter((s) => s === 200).length;
    assert.equal(granted, 25, `statuses: ${JSON.stringify(answers.reduce((n, s) => ({ ...n, [s]: (n[s] ?? 0) + 1 }), {}))}`);
    assert.equal(answers.filter((s) => s === 402).length, RESERVES - 25);
    const limits = await api(gatewayB, '/api/user-limits', { cookie: reserveUser });
    assert.equal(limits.status, 200);
    assert.deepEqual(limits.body.credits, { used: 25, limit: 25 });
  });

  it(`${GENERATIONS} generations across two create replicas: each done exactly once`, async () => {
    assert.equal((await api(gatewayA, '/api/dev/switch-user', { cookie: generationUser, method: 'POST', body: { userType: 'pro' } })).status, 200);
    const userId = (await api(gatewayA, '/api/auth/user', { cookie: generationUser })).body.id;
    const started = await Promise.all(
      Array.from({ length: GENERATIONS }, async (_, i) => {
        const res = await api(i % 2 ? gatewayB : gatewayA, '/api/generations/image', {
          cookie: generationUser,
          method: 'POST',
          body: { prompt: `a linen coat, look ${i}`, aspectRatio: '1:1' },
        });
        assert.equal(res.status, 202, JSON.stringify(res.body));
        return res.body.id;
      }),
    );
    assert.equal(new Set(started).size, GENERATIONS);

    const deadline = Date.now() + 240_000;
    let rows = [];
    while (Date.now() < deadline) {
      ({ rows } = await db.query('select id, status, attempts, image_url from "create".generations where user_id = $1', [userId]));
      if (rows.length === GENERATIONS && rows.every((r) => r.status === 'completed' || r.status === 'failed')) break;
      await sleep(500);
    }
    assert.equal(rows.length, GENERATIONS);
    assert.deepEqual(rows.filter((r) => r.status !== 'completed'), [], 'every generation completed');
    // One attempt each: no replica ran a generation another had claimed.
    assert.deepEqual(rows.filter((r) => r.attempts !== 1).map((r) => [r.id, r.attempts]), []);
    assert.equal(new Set(rows.map((r) => r.image_url)).size, GENERATIONS);
    // One stored image each (a second run would have stored another).
    const imageDir = join(dataDir, 'media', 'generations', 'image');
    const stored = filesUnder(imageDir);
    assert.equal(stored.length, GENERATIONS, stored.join('\n'));
    // One job each, finished once.
    const jobs = await db.query(`select id::text, state from create_jobs.job where id::text = any($1)`, [started]);
    assert.equal(jobs.rows.length, GENERATIONS);
    // One credit reserve each (pro is unlimited, but every generation still reserves once, keyed by its id).
    const movements = await db.query(
      `select count(*)::int as n from account.credit_movements where user_id = $1 and kind = 'reserve' and key = any($2)`,
      [userId, started],
    );
    assert.equal(movements.rows[0].n, GENERATIONS);
  });

  it('a Stripe webhook delivered to both billing replicas is applied once', async () => {
    stripe.setWebhook({ url: `${gatewayA}/api/billing/webhook`, secret: WEBHOOK_SECRET });
    const checkout = await api(gatewayA, '/api/create-checkout-session', {
      cookie: payingUser,
      method: 'POST',
      body: { priceId: 'price_scale_basic_usd_monthly', plan: 'basic' },
    });
    assert.equal(checkout.status, 200, JSON.stringify(checkout.body));
    const session = [...stripe.sessions.values()].find((s) => s.url === checkout.body.url);
    const completed = structuredClone(session);
    const { subscription } = stripe.completeCheckout(session.id);
    Object.assign(completed, { status: 'complete', subscription: subscription.id });
    const event = stripe.event('checkout.session.completed', completed);
    const { payload, header } = stripe.sign(event, WEBHOOK_SECRET);
    const deliver = async (billingUrl) => {
      const res = await fetch(`${billingUrl}/api/billing/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': header },
        body: payload,
      });
      return { status: res.status, body: await res.json() };
    };
    const [one, two] = await Promise.all(urlsOf('billing').map(deliver));
    const answers = [one, two];
    // One handles it; the other finds it handled (200 duplicate) or being handled (409: Stripe retries).
    assert.equal(answers.filter((a) => a.status === 200 && !a.body.duplicate).length, 1, JSON.stringify(answers));
    const retry = answers.find((a) => a.status === 409);
    if (retry) assert.deepEqual((await deliver(urlsOf('billing')[1])).body, { received: true, duplicate: true });
    const { rows } = await db.query('select attempts, handled_at from billing.webhook_events where id = $1', [event.id]);
    assert.equal(rows.length, 1);
    assert.equal(rows[0].attempts, 1);
    assert.ok(rows[0].handled_at);
    const retrievals = stripe.requests.filter((r) => r.method === 'GET' && r.path === `/v1/subscriptions/${subscription.id}`).length;
    assert.equal(retrievals, 1);
    const user = await api(gatewayB, '/api/auth/user', { cookie: payingUser });
    assert.equal(user.body.plan, 'basic');
  });
});
