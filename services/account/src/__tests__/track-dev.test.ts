import { devSwitchUserResponseSchema, devUserTypeResponseSchema, userLimitsSchema } from '@atelier/contracts';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '../constants.js';
import { events } from '../db/schema.js';
import { startAccount, testClock, type TestAccount } from './helpers.js';
import { limitsOf, newUser, reserveCall } from './ledger-helpers.js';

function suite(name: string) {
  describe(name, () => {
    let account: TestAccount;
    let clock = testClock();
    const open = async (env?: Record<string, string>, start?: Date) => {
      clock = testClock(start);
      account = await startAccount({ env, clock: clock.now });
      return account;
    };
    afterEach(async () => {
      await account?.close();
    });

    const track = (body: unknown, headers: Record<string, string> = {}) =>
      request(account.app).post('/api/track-event').set(headers).send(body as object);
    const allEvents = () => account.database.db.select().from(events);

    describe('track-event', () => {
      it('caps the body at 8 KB (413) and refuses NUL or half surrogates in any value or key (400), signed out', async () => {
        await open();
        const big = await track({ eventType: 'feature_opened', metadata: { note: 'x'.repeat(8 * 1024) } });
        expect(big.status).toBe(413);
        expect(big.body).toEqual({ error: 'Request body too large: at most 8 KB' });
        for (const json of ['{"eventType":"feature_opened","metadata":{"\\u0000":"x"}}', '{"eventType":"feature_opened","metadata":{"page":"\\ud800"}}']) {
          const res = await request(account.app).post('/api/track-event').set('content-type', 'application/json').send(json);
          expect(res.status, json).toBe(400);
          expect(res.body.error).toMatch(/NUL characters or unpaired surrogates/);
        }
        expect(await allEvents()).toHaveLength(0);
      });

      it('limits signed-out visitors to 60 events a minute per address (429), not signed-in users', async () => {
        await open();
        const { headers } = await newUser(account);
        for (let i = 0; i < 60; i += 1) await track({ eventType: 'feature_opened', metadata: { i } }).expect(202);
        const refused = await track({ eventType: 'feature_opened', metadata: { i: 61 } }).expect(429);
        expect(refused.body).toEqual({ error: 'Too many events. Please slow down.' });
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        await track({ eventType: 'feature_opened' }, { 'x-forwarded-for': '203.0.113.9' }).expect(202);
        for (let i = 0; i < 70; i += 1) await track({ eventType: 'feature_opened', metadata: { i } }, headers).expect(202);
      });

      it('stores a signed-in event with the user and their plan from the server, answering 202', async () => {
        await open();
        const { user, headers } = await newUser(account);
        const res = await track({ eventType: 'session_started', metadata: { user_plan: 'pro', source: 'web' } }, headers).expect(202);
        expect(res.body).toEqual({ recorded: true });
        const [row] = await allEvents();
        expect(row).toMatchObject({
          userId: user.id,
          plan: 'free', // the stored plan is the server's, not what the client claims
          eventType: 'session_started',
          metadata: { user_plan: 'pro', source: 'web' },
          day: '2025-03-10',
        });
        expect(row!.createdAt.toISOString()).toBe('2025-03-10T12:00:00.000Z');
      });

      it('accepts signed-out events with no user, and defaults metadata', async () => {
        await open();
        await track({ eventType: 'pricing_viewed' }).expect(202);
        const [row] = await allEvents();
        expect(row).toMatchObject({ userId: null, plan: null, eventType: 'pricing_viewed', metadata: {} });
      });

      it('refuses unknown events and bad metadata with 400 and a message', async () => {
        await open();
        const { headers } = await newUser(account);
        const cases: [unknown, RegExp][] = [
          [{ eventType: 'page_hacked' }, /^Invalid body: eventType/],
          [{}, /^Invalid body: eventType/],
          [{ eventType: 'generation_started', metadata: { credits_cost: -1 } }, /^Invalid body: metadata\.credits_cost/],
          [{ eventType: 'generation_started', metadata: { model: 'm'.repeat(101) } }, /^Invalid body: metadata\.model/],
          [{ eventType: 'generation_started', metadata: { nested: { a: 1 } } }, /^Invalid body: metadata\.nested/],
          [{ eventType: 'generation_started', metadata: 'x' }, /^Invalid body: metadata/],
        ];
        for (const [body, message] of cases) {
          const res = await track(body, headers).expect(400);
          expect(res.body.error).toMatch(message);
        }
        expect(await allEvents()).toHaveLength(0);
        const ok = await track({ eventType: 'generation_started', metadata: { user_plan: 'free', generation_type: 'image', model: 'flux', credits_cost: 1 } }, headers);
        expect(ok.status).toBe(202);
      });

      it('keeps daily_active at most once per user and UTC day', async () => {
        await open({}, new Date('2025-03-10T23:59:59.000Z'));
        const a = await newUser(account);
        const b = await newUser(account);
        expect((await track({ eventType: 'daily_active' }, a.headers).expect(202)).body).toEqual({ recorded: true });
        expect((await track({ eventType: 'daily_active' }, a.headers).expect(202)).body).toEqual({ recorded: false });
        const burst = await Promise.all(Array.from({ length: 5 }, () => track({ eventType: 'daily_active' }, b.headers)));
        expect(burst.map((r) => r.body.recorded as boolean).filter(Boolean)).toHaveLength(1);
        // Other events of the day are all kept.
        await track({ eventType: 'session_started' }, a.headers).expect(202);
        await track({ eventType: 'session_started' }, a.headers).expect(202);
        clock.advance(1000); // 00:00:00 UTC: a new day
        expect((await track({ eventType: 'daily_active' }, a.headers).expect(202)).body).toEqual({ recorded: true });
        const rows = await account.database.db.select().from(events).where(eq(events.userId, a.user.id));
        expect(rows.filter((r) => r.eventType === 'daily_active').map((r) => r.day).sort()).toEqual(['2025-03-10', '2025-03-11']);
        expect(rows.filter((r) => r.eventType === 'session_started')).toHaveLength(2);
      });

      it("keys daily_active on the user's local day when the shell sends it (SPEC §9: calendar day)", async () => {
        // 07:30 UTC on Mar 11 is still Mar 10 in Los Angeles and already Mar 11 in Berlin.
        await open({}, new Date('2025-03-11T07:30:00.000Z'));
        const { user, headers } = await newUser(account);
        const daily = (local_day: string) => track({ eventType: 'daily_active', metadata: { local_day } }, headers).expect(202);
        expect((await daily('2025-03-10')).body).toEqual({ recorded: true });
        expect((await daily('2025-03-10')).body).toEqual({ recorded: false });
        // Two hours later, past local midnight: a new local day within the same UTC day counts again.
        clock.advance(2 * 3_600_000);
        expect((await daily('2025-03-11')).body).toEqual({ recorded: true });
        // A date that cannot be the user's today (or is not a date) counts for the UTC day.
        expect((await daily('2025-03-14')).body).toEqual({ recorded: false });
        expect((await daily('2025-02-30')).body).toEqual({ recorded: false });
        const rows = await account.database.db.select().from(events).where(eq(events.userId, user.id));
        expect(rows.map((r) => r.day).sort()).toEqual(['2025-03-10', '2025-03-11']);
      });
    });

    describe('developer tools', () => {
      it('switch-user gives the signed-in user the plan with a fresh period; current-user-type reads it', async () => {
        await open();
        const { user, headers } = await newUser(account);
        expect((await request(account.app).get('/api/dev/current-user-type').set(headers).expect(200)).body).toEqual({ userType: 'free' });
        await reserveCall(account, { userId: user.id, feature: 'credits', amount: 4, key: 'before' }).expect(200);

        const basic = await request(account.app).post('/api/dev/switch-user').set(headers).send({ userType: 'basic' }).expect(200);
        expect(devSwitchUserResponseSchema.parse(basic.body)).toEqual({
          user: { id: user.id, plan: 'basic', firstName: 'Test', email: user.email, stripeSubscriptionId: null },
        });
        expect(devUserTypeResponseSchema.parse((await request(account.app).get('/api/dev/current-user-type').set(headers).expect(200)).body)).toEqual({
          userType: 'basic',
        });
        expect(await limitsOf(account, headers)).toEqual({ credits: { used: 0, limit: 150 }, avatar: { used: 0, limit: 2 } });
        await reserveCall(account, { userId: user.id, feature: 'credits', amount: 5, key: 'basic-use' }).expect(200);

        // Switching again within the same millisecond to the same plan still starts fresh.
        await request(account.app).post('/api/dev/switch-user').set(headers).send({ userType: 'basic' }).expect(200);
        expect((await limitsOf(account, headers)).credits).toEqual({ used: 0, limit: 150 });
        await request(account.app).post('/api/dev/switch-user').set(headers).send({ userType: 'advanced' }).expect(200);
        expect(await limitsOf(account, headers)).toEqual({ credits: { used: 0, limit: 500 }, avatar: { used: 0, limit: 5 } });
        clock.advance(60_000);
        await request(account.app).post('/api/dev/switch-user').set(headers).send({ userType: 'free' }).expect(200);
        expect(await limitsOf(account, headers)).toEqual({ credits: { used: 0, limit: 25 }, avatar: { used: 0, limit: 0 } });
        // The next UTC day is an ordinary free day.
        clock.advance(DAY_MS);
        expect((await limitsOf(account, headers)).credits).toEqual({ used: 0, limit: 25 });
      });

      it('reset-limits exhausts the current period like a freemium user at the limit', async () => {
        await open();
        const { user, headers } = await newUser(account);
        const res = await request(account.app).post('/api/dev/reset-limits').set(headers).expect(200);
        expect(userLimitsSchema.parse(res.body)).toEqual({ credits: { used: 25, limit: 25 }, avatar: { used: 0, limit: 0 } });
        expect(await limitsOf(account, headers)).toEqual(res.body);
        const refused = await reserveCall(account, { userId: user.id, feature: 'credits', amount: 1, key: 'after-reset' }).expect(402);
        expect(refused.body).toMatchObject({ limitReached: true, used: 25, limit: 25 });
        // On a paid plan both counters are used up.
        await request(account.app).post('/api/dev/switch-user').set(headers).send({ userType: 'basic' }).expect(200);
        expect((await request(account.app).post('/api/dev/reset-limits').set(headers).expect(200)).body).toEqual({
          credits: { used: 150, limit: 150 },
          avatar: { used: 2, limit: 2 },
        });
      });

      it('refuses signed-out callers with 401 and bad bodies with 400', async () => {
        await open();
        await request(account.app).post('/api/dev/switch-user').send({ userType: 'pro' }).expect(401);
        await request(account.app).post('/api/dev/reset-limits').expect(401);
        expect((await request(account.app).get('/api/dev/current-user-type').expect(401)).body).toEqual({ error: 'Unauthorized' });
        const { headers } = await newUser(account);
        const bad = await request(account.app).post('/api/dev/switch-user').set(headers).send({ userType: 'admin' }).expect(400);
        expect(bad.body.error).toMatch(/^Invalid body: userType/);
        expect((await request(account.app).post('/api/dev/switch-user').set(headers).send({}).expect(400)).body.error).toMatch(/userType/);
      });

      it('answers 404 JSON when turned off, and follows DEV_TOOLS', async () => {
        await open({ NODE_ENV: 'production' });
        const { headers } = await newUser(account);
        for (const signed of [{}, headers]) {
          expect((await request(account.app).post('/api/dev/switch-user').set(signed).send({ userType: 'pro' }).expect(404)).body).toEqual({ error: 'Not found' });
          await request(account.app).post('/api/dev/reset-limits').set(signed).expect(404);
          await request(account.app).get('/api/dev/current-user-type').set(signed).expect(404);
        }
        await account.close();

        await open({ NODE_ENV: 'production', DEV_TOOLS: '1' });
        const prod = await newUser(account);
        await request(account.app).get('/api/dev/current-user-type').set(prod.headers).expect(200);
        await request(account.app).get('/api/dev/current-user-type').expect(401);
        await account.close();

        await open({ DEV_TOOLS: '0' });
        const dev = await newUser(account);
        await request(account.app).get('/api/dev/current-user-type').set(dev.headers).expect(404);
      });
    });
  });
}

suite('track-event and developer tools on PostgreSQL');
