import { createServer, type Server } from 'node:http';
import { limitReachedSchema, refundResponseSchema, reserveResponseSchema, setPlanResponseSchema } from '@atelier/contracts';
import { IDENTITY_HEADER } from '@atelier/kit';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '../constants.js';
import { creditMovements, usagePeriods } from '../db/schema.js';
import { SECRET, startAccount, testClock, type TestAccount, serviceHeaders } from './helpers.js';
import { limitsOf, newUser, refundCall, reserveCall, service, setPlanCall } from './ledger-helpers.js';

function suite(name: string) {
  describe(name, () => {
    let account: TestAccount;
    let server: Server | undefined;
    let clock = testClock();
    const open = async (start?: Date) => {
      clock = testClock(start);
      account = await startAccount({ clock: clock.now });
      return account;
    };
    /** One real listener on 127.0.0.1 for the concurrent tests. */
    const listen = async () => {
      server = createServer(account.app);
      await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
      return server;
    };
    afterEach(async () => {
      if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
      server = undefined;
      await account?.close();
    });

    const movements = (key: string) => account.database.db.select().from(creditMovements).where(eq(creditMovements.key, key));

    it('100 concurrent reserves of 1 against the free limit of 25 succeed exactly 25 times', async () => {
      await open();
      const { user, headers } = await newUser(account);
      const target = await listen();
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          request(target).post('/internal/credits/reserve').set(service()).send({ userId: user.id, feature: 'credits', amount: 1, key: `gen-${i}` }),
        ),
      );
      const ok = answers.filter((r) => r.status === 200);
      const refused = answers.filter((r) => r.status === 402);
      expect(ok).toHaveLength(25);
      expect(refused).toHaveLength(75);
      // Every success saw a different balance: 24 down to 0.
      expect(ok.map((r) => reserveResponseSchema.parse(r.body).remaining).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i));
      for (const r of refused) expect(limitReachedSchema.parse(r.body)).toEqual({ error: 'Not enough credits', limitReached: true, used: 25, limit: 25 });
      expect(await limitsOf(account, headers)).toEqual({ credits: { used: 25, limit: 25 }, avatar: { used: 0, limit: 0 } });
      const rows = await account.database.db.select().from(creditMovements).where(eq(creditMovements.userId, user.id));
      expect(rows).toHaveLength(100); // refused reserves are recorded too
      expect(rows.filter((r) => r.result?.status === 200)).toHaveLength(25);
    });

    it('the same key reserved 10 times at once charges once and answers the same', async () => {
      await open();
      const { user, headers } = await newUser(account);
      const target = await listen();
      const body = { userId: user.id, feature: 'credits', amount: 3, key: 'generation-42' };
      const answers = await Promise.all(Array.from({ length: 10 }, () => request(target).post('/internal/credits/reserve').set(service()).send(body)));
      for (const r of answers) {
        expect(r.status).toBe(200);
        expect(r.body).toEqual({ remaining: 22 });
      }
      expect((await limitsOf(account, headers)).credits).toEqual({ used: 3, limit: 25 });
      expect(await movements('generation-42')).toHaveLength(1);
      // Later repeats too.
      expect((await reserveCall(account, body).expect(200)).body).toEqual({ remaining: 22 });
      expect((await limitsOf(account, headers)).credits.used).toBe(3);
    });

    it('a repeated refused reserve answers the same refusal; a key reused for another reserve is a 409', async () => {
      await open();
      const { user } = await newUser(account);
      const first = await reserveCall(account, { userId: user.id, feature: 'credits', amount: 30, key: 'too-big' }).expect(402);
      expect(first.body).toEqual({ error: 'Not enough credits', limitReached: true, used: 0, limit: 25 });
      expect((await reserveCall(account, { userId: user.id, feature: 'credits', amount: 30, key: 'too-big' }).expect(402)).body).toEqual(first.body);
      await reserveCall(account, { userId: user.id, feature: 'credits', amount: 1, key: 'k' }).expect(200);
      const clash = await reserveCall(account, { userId: user.id, feature: 'credits', amount: 2, key: 'k' }).expect(409);
      expect(clash.body.error).toMatch(/key/);
    });

    it('refunds restore exactly, once per key, to the period the reserve charged', async () => {
      await open(new Date('2025-03-10T22:00:00Z'));
      const { user, headers } = await newUser(account);
      await reserveCall(account, { userId: user.id, feature: 'credits', amount: 5, key: 'a' }).expect(200);
      await reserveCall(account, { userId: user.id, feature: 'credits', amount: 3, key: 'b' }).expect(200);
      expect((await limitsOf(account, headers)).credits.used).toBe(8);
      expect(refundResponseSchema.parse((await refundCall(account, 'a').expect(200)).body)).toEqual({ refunded: 5 });
      expect((await limitsOf(account, headers)).credits.used).toBe(3);
      expect((await refundCall(account, 'a').expect(200)).body).toEqual({ refunded: 0 });
      expect((await refundCall(account, 'never-reserved').expect(200)).body).toEqual({ refunded: 0 });
      expect((await limitsOf(account, headers)).credits.used).toBe(3);
      const a = await movements('a');
      expect(a.map((m) => [m.kind, m.amount]).sort()).toEqual([
        ['refund', 5],
        ['reserve', 5],
      ]);

      // A refused reserve has nothing to give back.
      await reserveCall(account, { userId: user.id, feature: 'credits', amount: 100, key: 'refused' }).expect(402);
      expect((await refundCall(account, 'refused').expect(200)).body).toEqual({ refunded: 0 });

      // b was charged yesterday; refunding it today gives back to yesterday's period, not today's.
      clock.advance(3 * 60 * 60 * 1000); // 01:00 the next UTC day
      await reserveCall(account, { userId: user.id, feature: 'credits', amount: 2, key: 'c' }).expect(200);
      expect((await refundCall(account, 'b').expect(200)).body).toEqual({ refunded: 3 });
      expect((await limitsOf(account, headers)).credits).toEqual({ used: 2, limit: 25 });
      const periods = await account.database.db.select().from(usagePeriods).where(eq(usagePeriods.userId, user.id));
      expect(periods.map((p) => [p.startsAt.toISOString(), p.creditsUsed]).sort()).toEqual([
        ['2025-03-10T00:00:00.000Z', 0],
        ['2025-03-11T00:00:00.000Z', 2],
      ]);
    });

    it('concurrent refunds of one key refund once', async () => {
      await open();
      const { user, headers } = await newUser(account);
      await reserveCall(account, { userId: user.id, feature: 'credits', amount: 4, key: 'once' }).expect(200);
      const target = await listen();
      const answers = await Promise.all(Array.from({ length: 10 }, () => request(target).post('/internal/credits/refund').set(service()).send({ key: 'once' })));
      expect(answers.map((r) => r.body.refunded as number).sort((x, y) => y - x)).toEqual([4, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
      expect((await limitsOf(account, headers)).credits.used).toBe(0);
    });

    it('an unlimited plan (limit of 999 or more) is never refused', async () => {
      await open();
      const { user, headers } = await newUser(account);
      await setPlanCall(account, { userId: user.id, plan: 'pro' }).expect(200); // pro: 1100 credits, unlimited
      for (let i = 0; i < 4; i++) {
        const r = await reserveCall(account, { userId: user.id, feature: 'credits', amount: 500, key: `big-${i}` }).expect(200);
        expect(r.body).toEqual({ remaining: 1100 });
      }
      expect((await limitsOf(account, headers)).credits).toEqual({ used: 2000, limit: 1100 });
      // Pro photoshoots are limited: 10.
      expect((await reserveCall(account, { userId: user.id, feature: 'avatar', amount: 10, key: 'shoots' }).expect(200)).body).toEqual({ remaining: 0 });
      await reserveCall(account, { userId: user.id, feature: 'avatar', amount: 1, key: 'shoot-11' }).expect(402);
    });

    it('free credits reset at the UTC day boundary', async () => {
      await open(new Date('2025-03-10T23:59:00Z'));
      const { user, headers } = await newUser(account);
      await reserveCall(account, { userId: user.id, feature: 'credits', amount: 25, key: 'all' }).expect(200);
      clock.advance(59_999); // 23:59:59.999
      const refused = await reserveCall(account, { userId: user.id, feature: 'credits', amount: 1, key: 'late' }).expect(402);
      expect(refused.body).toMatchObject({ used: 25, limit: 25 });
      clock.advance(1); // 00:00:00.000 UTC
      expect(await limitsOf(account, headers)).toEqual({ credits: { used: 0, limit: 25 }, avatar: { used: 0, limit: 0 } });
      expect((await reserveCall(account, { userId: user.id, feature: 'credits', amount: 1, key: 'new-day' }).expect(200)).body).toEqual({ remaining: 24 });
      clock.advance(DAY_MS - 1); // 23:59:59.999 the same day: still that day's period
      expect((await limitsOf(account, headers)).credits.used).toBe(1);
      clock.advance(1);
      expect((await limitsOf(account, headers)).credits.used).toBe(0);
    });

    it('avatar reserve on the free plan (limit 0) is a 402 with used and limit', async () => {
      await open();
      const { user } = await newUser(account);
      const r = await reserveCall(account, { userId: user.id, feature: 'avatar', amount: 1, key: 'shoot' }).expect(402);
      expect(limitReachedSchema.parse(r.body)).toEqual({ error: 'Photoshoot limit reached', limitReached: true, used: 0, limit: 0 });
    });

    it('plans/set moves a user to the billing period with the plan allowance; renewals start fresh; free goes daily', async () => {
      await open(new Date('2025-03-10T12:00:00Z'));
      const { user, headers } = await newUser(account);
      await reserveCall(account, { userId: user.id, feature: 'credits', amount: 10, key: 'free-use' }).expect(200);
      const cycle = { periodStart: '2025-03-10T11:59:00Z', periodEnd: '2025-04-10T11:59:00Z' };
      const set = await setPlanCall(account, { userId: user.id, plan: 'basic', ...cycle, stripeSubscriptionId: 'sub_123' }).expect(200);
      expect(setPlanResponseSchema.parse(set.body).user).toEqual({ id: user.id, plan: 'basic', firstName: 'Test', email: user.email, stripeSubscriptionId: 'sub_123' });
      expect(set.body.limits).toEqual({ credits: { used: 0, limit: 150 }, avatar: { used: 0, limit: 2 } });
      // The signed-in user sees the subscription (the pricing page's current plan card shows it Active).
      const me = await request(account.app).get('/api/auth/user').set(headers).expect(200);
      expect(me.body).toMatchObject({ plan: 'basic', stripeSubscriptionId: 'sub_123' });
      await reserveCall(account, { userId: user.id, feature: 'avatar', amount: 2, key: 'two-shoots' }).expect(200);
      await reserveCall(account, { userId: user.id, feature: 'avatar', amount: 1, key: 'third-shoot' }).expect(402);
      await reserveCall(account, { userId: user.id, feature: 'credits', amount: 149, key: 'most' }).expect(200);

      // Billing repeating itself keeps what was used.
      await setPlanCall(account, { userId: user.id, plan: 'basic', ...cycle, stripeSubscriptionId: 'sub_123' }).expect(200);
      expect(await limitsOf(account, headers)).toEqual({ credits: { used: 149, limit: 150 }, avatar: { used: 2, limit: 2 } });

      // Past the cycle's end with no renewal reported: the next month from the cycle's start.
      clock.advance(31 * DAY_MS);
      expect(await limitsOf(account, headers)).toEqual({ credits: { used: 0, limit: 150 }, avatar: { used: 0, limit: 2 } });
      await reserveCall(account, { userId: user.id, feature: 'credits', amount: 7, key: 'april' }).expect(200);

      // The renewal arrives for that same cycle: the period is kept.
      await setPlanCall(account, { userId: user.id, plan: 'basic', periodStart: '2025-04-10T11:59:00Z', periodEnd: '2025-05-10T11:59:00Z' }).expect(200);
      expect((await limitsOf(account, headers)).credits).toEqual({ used: 7, limit: 150 });

      // Upgrade mid-cycle: the new plan's allowance, what was used in the cycle kept (the cycle resets the counts).
      const april = { periodStart: '2025-04-10T11:59:00Z', periodEnd: '2025-05-10T11:59:00Z' };
      const upgraded = await setPlanCall(account, { userId: user.id, plan: 'advanced', ...april }).expect(200);
      expect(upgraded.body.limits).toEqual({ credits: { used: 7, limit: 500 }, avatar: { used: 0, limit: 5 } });
      expect(upgraded.body.user.stripeSubscriptionId).toBe('sub_123'); // kept when not sent
      await reserveCall(account, { userId: user.id, feature: 'credits', amount: 200, key: 'advanced-use' }).expect(200);
      // Down again within the cycle: nothing starts over (back and forth was a way to refill the credits).
      const downgraded = await setPlanCall(account, { userId: user.id, plan: 'basic', ...april }).expect(200);
      expect(downgraded.body.limits).toEqual({ credits: { used: 207, limit: 150 }, avatar: { used: 0, limit: 2 } });
      await reserveCall(account, { userId: user.id, feature: 'credits', amount: 1, key: 'over' }).expect(402);
      expect((await setPlanCall(account, { userId: user.id, plan: 'advanced', ...april }).expect(200)).body.limits.credits).toEqual({ used: 207, limit: 500 });
      // A refund of what was charged before the change goes back to the same period.
      await refundCall(account, 'advanced-use').expect(200);
      expect((await limitsOf(account, headers)).credits).toEqual({ used: 7, limit: 500 });

      // Cancelled: back to free, daily, fresh; the subscription id is gone.
      const free = await setPlanCall(account, { userId: user.id, plan: 'free' }).expect(200);
      expect(free.body.user).toMatchObject({ plan: 'free', stripeSubscriptionId: null });
      expect(free.body.limits).toEqual({ credits: { used: 0, limit: 25 }, avatar: { used: 0, limit: 0 } });
    });

    it('internal/users gives the billing service the email, and no other caller', async () => {
      await open();
      const { user } = await newUser(account);
      const billing = await request(account.app).get(`/internal/users/${user.id}`).set(service('billing')).expect(200);
      expect(billing.body).toEqual({ id: user.id, plan: 'free', email: user.email });
      const create = await request(account.app).get(`/internal/users/${user.id}`).set(service('create')).expect(200);
      expect(create.body).toEqual({ id: user.id, plan: 'free' });
    });

    it('plans/set refuses bad bodies and unknown users', async () => {
      await open();
      const { user } = await newUser(account);
      const gold = await setPlanCall(account, { userId: user.id, plan: 'gold' }).expect(400);
      expect(gold.body.error).toMatch(/^Invalid body: plan/);
      const backwards = await setPlanCall(account, { userId: user.id, plan: 'basic', periodStart: '2025-04-10T00:00:00Z', periodEnd: '2025-03-10T00:00:00Z' }).expect(400);
      expect(backwards.body.error).toMatch(/periodEnd/);
      await setPlanCall(account, { userId: user.id, plan: 'basic', periodStart: 'yesterday' }).expect(400);
      expect((await setPlanCall(account, { userId: '00000000-0000-4000-8000-000000000000', plan: 'basic' }).expect(404)).body).toEqual({ error: 'Unknown user' });
      await setPlanCall(account, { userId: 'not-a-uuid', plan: 'basic' }).expect(404);
    });

    it('reserve and refund refuse bad bodies with a message, and unknown users', async () => {
      await open();
      const { user } = await newUser(account);
      const bodies = [
        {},
        { userId: user.id, feature: 'credits', amount: 0, key: 'k' },
        { userId: user.id, feature: 'credits', amount: 1.5, key: 'k' },
        { userId: user.id, feature: 'credits', amount: 2 ** 31, key: 'k' },
        { userId: user.id, feature: 'gold', amount: 1, key: 'k' },
        { userId: user.id, feature: 'credits', amount: 1 },
        { userId: user.id, feature: 'credits', amount: 1, key: '' },
      ];
      for (const body of bodies) {
        const r = await reserveCall(account, body).expect(400);
        expect(r.body.error).toMatch(/^Invalid body: /);
      }
      expect((await reserveCall(account, { userId: user.id, feature: 'credits', amount: 2 ** 31, key: 'k' })).body.error).toMatch(/^Invalid body: amount/);
      expect((await refundCall(account, '').expect(400)).body.error).toMatch(/^Invalid body: key/);
      const text = await request(account.app).post('/internal/credits/reserve').set(service()).set('content-type', 'text/plain').send('x');
      expect(text.status).toBe(415);
      expect((await reserveCall(account, { userId: 'nobody', feature: 'credits', amount: 1, key: 'k' }).expect(404)).body).toEqual({ error: 'Unknown user' });
    });

    it('internal routes refuse callers without a valid service token', async () => {
      await open();
      const { user, headers } = await newUser(account);
      const calls = [
        { path: '/internal/credits/reserve', body: { userId: user.id, feature: 'credits', amount: 1, key: 'k' } },
        { path: '/internal/credits/refund', body: { key: 'k' } },
        { path: '/internal/plans/set', body: { userId: user.id, plan: 'pro' } },
      ];
      for (const { path, body } of calls) {
        expect((await request(account.app).post(path).send(body).expect(401)).body).toEqual({ error: 'Unauthorized' });
        await request(account.app).post(path).set(serviceHeaders('w'.repeat(40), 'create')).send(body).expect(403);
        // A service that may not call this route (the gateway resolves sessions, it moves no credits).
        await request(account.app).post(path).set(serviceHeaders(SECRET, 'gateway')).send(body).expect(403);
        // A signed-in user's identity is not a service identity, in either header.
        await request(account.app).post(path).set(headers).send(body).expect(401);
        await request(account.app).post(path).set({ 'x-atelier-service': headers[IDENTITY_HEADER]! }).send(body).expect(403);
      }
      expect(await limitsOf(account, headers)).toEqual({ credits: { used: 0, limit: 25 }, avatar: { used: 0, limit: 0 } });
      // With a valid one they work.
      await request(account.app).post('/internal/credits/reserve').set(serviceHeaders(SECRET, 'create')).send(calls[0]!.body).expect(200);
    });
  });
}

suite('credit ledger on PostgreSQL');
