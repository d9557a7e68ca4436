import { accountSummarySchema, creditLedgerPageSchema, LEDGER_NOTE_MAX, type CreditMovement } from '@atelier/contracts';
import { encodePageCursor } from '@atelier/kit';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { startAccount, testClock, type TestAccount } from './helpers.js';
import { newUser, refundCall, reserveCall, service, setPlanCall } from './ledger-helpers.js';

const MINUTE = 60_000;

describe('account page: GET /api/credits/ledger and GET /api/account/summary', () => {
  let account: TestAccount;
  let clock = testClock();
  const open = async (start?: Date) => {
    clock = testClock(start);
    account = await startAccount({ clock: clock.now });
  };
  afterEach(async () => {
    await account?.close();
  });

  const ledger = async (headers: Record<string, string>, query = '') => {
    const response = await request(account.app).get(`/api/credits/ledger${query}`).set(headers).expect(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return creditLedgerPageSchema.parse(response.body);
  };
  /** Reserves as `caller` would; the clock moves a minute after each so every movement has its own time. */
  const reserveAs = async (caller: string, body: Record<string, unknown>, status = 200) => {
    await request(account.app).post('/internal/credits/reserve').set(service(caller)).send(body).expect(status);
    clock.advance(MINUTE);
  };
  const summarize = (item: CreditMovement) => [item.kind, item.feature, item.amount, item.key, item.source];

  it('lists every charge and refund newest first, with what each paid for; refused reserves are not movements', async () => {
    await open();
    const { user, headers } = await newUser(account);
    await setPlanCall(account, { userId: user.id, plan: 'basic' }).expect(200); // 150 credits, 2 photoshoots
    const start = clock.now();
    await reserveAs('create', { userId: user.id, feature: 'credits', amount: 1, key: 'gen-image', source: 'image' });
    await reserveAs('create', { userId: user.id, feature: 'credits', amount: 20, key: 'gen-video', source: 'video' });
    await reserveAs('create', { userId: user.id, feature: 'credits', amount: 1, key: 'gen-older-caller' }); // says nothing
    await reserveAs('canvas', { userId: user.id, feature: 'credits', amount: 1, key: 'edit-1' });
    await reserveAs('photoshoot', { userId: user.id, feature: 'avatar', amount: 1, key: 'shoot-1' });
    await refundCall(account, 'gen-video').expect(200);
    clock.advance(MINUTE);
    await reserveAs('create', { userId: user.id, feature: 'credits', amount: 500, key: 'gen-too-big', source: 'video' }, 402);

    const page = await ledger(headers);
    expect(page.nextCursor).toBeNull();
    expect(page.items.map(summarize)).toEqual([
      ['refund', 'credits', 20, 'gen-video', 'video'],
      ['charge', 'avatar', -1, 'shoot-1', 'photoshoot'],
      ['charge', 'credits', -1, 'edit-1', 'canvas'],
      ['charge', 'credits', -1, 'gen-older-caller', null],
      ['charge', 'credits', -20, 'gen-video', 'video'],
      ['charge', 'credits', -1, 'gen-image', 'image'],
    ]);
    expect(page.items.at(-1)!.at).toBe(start.toISOString());
    expect(page.items[0]!.at).toBe(new Date(start.getTime() + 5 * MINUTE).toISOString());
    expect(new Set(page.items.map((item) => item.id)).size).toBe(6);
  });

  it('a repeated reserve is listed once, and keeps what the first one said it paid for', async () => {
    await open();
    const { user, headers } = await newUser(account);
    await reserveCall(account, { userId: user.id, feature: 'credits', amount: 1, key: 'gen-1', source: 'upscale' }).expect(200);
    await reserveCall(account, { userId: user.id, feature: 'credits', amount: 1, key: 'gen-1' }).expect(200);
    expect((await ledger(headers)).items.map(summarize)).toEqual([['charge', 'credits', -1, 'gen-1', 'upscale']]);
  });

  it('names the work in a line: the note a reserve gave, cut to one line of 80, and the refund names it too', async () => {
    await open();
    const { user, headers } = await newUser(account);
    await setPlanCall(account, { userId: user.id, plan: 'basic' }).expect(200);
    const long = `woman in a red silk slip dress\n\n  on a beach at sunset, ${'golden light '.repeat(10)}`;
    await reserveAs('create', { userId: user.id, feature: 'credits', amount: 20, key: 'gen-video', source: 'video', note: long });
    await reserveAs('photoshoot', { userId: user.id, feature: 'avatar', amount: 1, key: 'shoot-1', note: 'Amara' });
    await reserveAs('create', { userId: user.id, feature: 'credits', amount: 1, key: 'gen-blank', source: 'dressup', note: '  ' });
    await refundCall(account, 'gen-video').expect(200);
    const notes = (await ledger(headers)).items.map((item) => [item.kind, item.key, item.note]);
    const cut = notes[0]![2] as string;
    expect(Array.from(cut).length).toBeLessThanOrEqual(LEDGER_NOTE_MAX);
    expect(Array.from(cut).length).toBeGreaterThan(LEDGER_NOTE_MAX - 3); // cut where it reached the limit (a space at the cut goes)
    expect(cut).toMatch(/^woman in a red silk slip dress on a beach at sunset, golden light golden .*…$/);
    expect(notes).toEqual([
      ['refund', 'gen-video', cut],
      ['charge', 'gen-blank', null],
      ['charge', 'shoot-1', 'Amara'],
      ['charge', 'gen-video', cut],
    ]);
    // A note longer than the contract allows is a 400, like any other bad field.
    await reserveAs('create', { userId: user.id, feature: 'credits', amount: 1, key: 'gen-x', note: 'x'.repeat(2001) }, 400);
  });

  it('pages with limit and cursor without skipping or repeating, ties included', async () => {
    await open();
    const { user, headers } = await newUser(account);
    for (let i = 0; i < 5; i++) await reserveAs('create', { userId: user.id, feature: 'credits', amount: 1, key: `gen-${i}`, source: 'image' });
    // Three more at one instant: ties are ordered by id.
    for (let i = 5; i < 8; i++) await reserveCall(account, { userId: user.id, feature: 'credits', amount: 1, key: `gen-${i}`, source: 'dressup' }).expect(200);

    const whole = await ledger(headers);
    expect(whole.items).toHaveLength(8);
    expect(whole.items.slice(3).map((item) => item.key)).toEqual(['gen-4', 'gen-3', 'gen-2', 'gen-1', 'gen-0']);

    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const page = await ledger(headers, `?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      sizes.push(page.items.length);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(sizes).toEqual([3, 3, 2]);
    expect(seen).toEqual(whole.items.map((item) => item.id));

    // Exactly one page's worth: no next page.
    expect((await ledger(headers, '?limit=8')).nextCursor).toBeNull();
    // The default page is 20.
    for (let i = 8; i < 25; i++) await reserveCall(account, { userId: user.id, feature: 'credits', amount: 1, key: `gen-${i}` }).expect(200);
    const first = await ledger(headers);
    expect(first.items).toHaveLength(20);
    expect(first.nextCursor).not.toBeNull();
  });

  it("never shows another user's movements", async () => {
    await open();
    const ada = await newUser(account);
    const bob = await newUser(account);
    await reserveAs('create', { userId: ada.user.id, feature: 'credits', amount: 1, key: 'ada-1', source: 'image' });
    await reserveAs('create', { userId: bob.user.id, feature: 'credits', amount: 1, key: 'bob-1', source: 'image' });
    await refundCall(account, 'bob-1').expect(200);
    expect((await ledger(ada.headers)).items.map((item) => item.key)).toEqual(['ada-1']);
    expect((await ledger(bob.headers)).items.map((item) => [item.kind, item.key])).toEqual([
      ['refund', 'bob-1'],
      ['charge', 'bob-1'],
    ]);
    // A cursor is only a position: Bob's, sent by Ada, pages through Ada's own movements.
    const bobsCursor = (await ledger(bob.headers, '?limit=1')).nextCursor;
    expect(bobsCursor).not.toBeNull();
    expect((await ledger(ada.headers, `?cursor=${bobsCursor}`)).items.map((item) => item.key)).toEqual(['ada-1']);
    const farFuture = encodePageCursor({ createdAt: new Date('2999-01-01T00:00:00Z'), id: '00000000-0000-4000-8000-000000000000' });
    expect((await ledger(bob.headers, `?cursor=${farFuture}`)).items).toHaveLength(2);
  });

  it('answers 400 for a bad cursor or limit', async () => {
    await open();
    const { headers } = await newUser(account);
    const bad = [
      '?cursor=not-a-cursor!',
      `?cursor=${Buffer.from('yesterday|someone').toString('base64url')}`,
      `?cursor=${Buffer.from('2025-03-10T12:00:00.000Z|not-a-uuid').toString('base64url')}`,
      `?cursor=${'a'.repeat(201)}`,
      '?limit=0',
      '?limit=101',
      '?limit=ten',
    ];
    for (const query of bad) {
      const response = await request(account.app).get(`/api/credits/ledger${query}`).set(headers).expect(400);
      expect(response.body.error).toMatch(/cursor|limit/i);
    }
    expect((await request(account.app).get('/api/credits/ledger?cursor=nope').set(headers).expect(400)).body).toEqual({ error: 'Invalid cursor' });
  });

  it('answers 401 to a signed-out caller, and to a service', async () => {
    await open();
    for (const path of ['/api/credits/ledger', '/api/account/summary']) {
      expect((await request(account.app).get(path).expect(401)).body).toEqual({ error: 'Unauthorized' });
      await request(account.app).get(path).set(service('create')).expect(401);
    }
  });

  it('summarizes a free user: the UTC day is the period, no billing cycle', async () => {
    await open(new Date('2025-03-10T12:00:00Z'));
    const { user, headers } = await newUser(account);
    await reserveCall(account, { userId: user.id, feature: 'credits', amount: 3, key: 'gen-1', source: 'image' }).expect(200);
    const response = await request(account.app).get('/api/account/summary').set(headers).expect(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(accountSummarySchema.parse(response.body)).toEqual({
      plan: 'free',
      stripeSubscriptionId: null,
      billingPeriod: null,
      period: { start: '2025-03-10T00:00:00.000Z', end: '2025-03-11T00:00:00.000Z' },
      limits: { credits: { used: 3, limit: 25 }, avatar: { used: 0, limit: 0 } },
    });
  });

  it('summarizes a paid user: plan, subscription, the billing cycle, and the period since the plan began', async () => {
    await open(new Date('2025-03-10T12:00:00Z'));
    const { user, headers } = await newUser(account);
    const cycle = { periodStart: '2025-03-01T00:00:00.000Z', periodEnd: '2025-04-01T00:00:00.000Z' };
    await setPlanCall(account, { userId: user.id, plan: 'advanced', ...cycle, stripeSubscriptionId: 'sub_123' }).expect(200);
    await reserveCall(account, { userId: user.id, feature: 'avatar', amount: 1, key: 'shoot-1' }).expect(200);
    const summary = accountSummarySchema.parse((await request(account.app).get('/api/account/summary').set(headers).expect(200)).body);
    expect(summary).toEqual({
      plan: 'advanced',
      stripeSubscriptionId: 'sub_123',
      billingPeriod: { start: cycle.periodStart, end: cycle.periodEnd },
      // The plan began mid-cycle, so its first period starts then (an upgrade is not pro-rated).
      period: { start: '2025-03-10T12:00:00.000Z', end: cycle.periodEnd },
      limits: { credits: { used: 0, limit: 500 }, avatar: { used: 1, limit: 5 } },
    });

    // A renewal reported by billing: the next period is the whole new cycle.
    clock.advance(25 * 24 * 60 * MINUTE); // 2025-04-04
    const next = { periodStart: '2025-04-01T00:00:00.000Z', periodEnd: '2025-05-01T00:00:00.000Z' };
    await setPlanCall(account, { userId: user.id, plan: 'advanced', ...next }).expect(200);
    const renewed = accountSummarySchema.parse((await request(account.app).get('/api/account/summary').set(headers).expect(200)).body);
    expect(renewed.period).toEqual({ start: next.periodStart, end: next.periodEnd });
    expect(renewed.billingPeriod).toEqual({ start: next.periodStart, end: next.periodEnd });
    expect(renewed.stripeSubscriptionId).toBe('sub_123');
    expect(renewed.limits.avatar).toEqual({ used: 0, limit: 5 });
  });
});
