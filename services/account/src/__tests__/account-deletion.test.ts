import { createHash } from 'node:crypto';
import { listenForNotifications, SESSION_REVOKED_CHANNEL } from '@atelier/kit';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { identityHeader, serviceHeaders, SECRET, sessionCookieFrom, startAccount, testClock, testDatabaseUrl, type TestAccount } from './helpers.js';

let account: TestAccount | undefined;
afterEach(async () => {
  await account?.close();
  account = undefined;
});

const idOf = (token: string) => createHash('sha256').update(token).digest('hex');

async function devLogin(app: TestAccount['app']): Promise<{ token: string; userId: string }> {
  const res = await request(app).get('/api/dev-login').expect(302);
  const token = sessionCookieFrom(res.headers['set-cookie'])!.value;
  const rows = await account!.database.db.execute<{ user_id: string }>(sql`select user_id from sessions where id = ${idOf(token)}`);
  return { token, userId: rows.rows[0]!.user_id };
}

const asUser = (userId: string, token: string) => identityHeader(userId, idOf(token));

describe('DELETE /api/account', () => {
  it('makes the user nobody at once, ends every session (announced to the gateways) and clears the cookies', async () => {
    account = await startAccount();
    const heard: string[] = [];
    const listener = listenForNotifications({ databaseUrl: testDatabaseUrl(), channel: SESSION_REVOKED_CHANNEL, onNotification: (id) => heard.push(id) });
    try {
      const { token, userId } = await devLogin(account.app);
      // A second session of the same user (another browser) ends too.
      const other = await account.database.db.execute<{ id: string }>(
        sql`insert into sessions (id, user_id, created_at, last_seen_at, expires_at) values (${'b'.repeat(64)}, ${userId}, now(), now(), now() + interval '1 day') returning id`,
      );
      await request(account.app).post('/api/track-event').set(asUser(userId, token)).send({ eventType: 'page_view', metadata: {} });
      await request(account.app)
        .post('/internal/credits/reserve')
        .set(serviceHeaders(SECRET, 'create'))
        .send({ userId, feature: 'credits', amount: 1, key: 'before-delete', note: 'red silk slip dress' })
        .expect(200);

      const res = await request(account.app).delete('/api/account').set(asUser(userId, token)).expect(204);
      const cleared = [res.headers['set-cookie'] ?? []].flat();
      expect(cleared.some((c) => c.startsWith('atelier_sid=;'))).toBe(true);

      await request(account.app).get('/api/auth/user').set(asUser(userId, token)).expect(401);
      await request(account.app).get('/api/user-limits').set(asUser(userId, token)).expect(401);
      await request(account.app).get(`/internal/users/${userId}`).set(serviceHeaders(SECRET, 'create')).expect(404);
      const reserve = await request(account.app)
        .post('/internal/credits/reserve')
        .set(serviceHeaders(SECRET, 'create'))
        .send({ userId, feature: 'credits', amount: 1, key: 'after-delete' });
      expect(reserve.status).toBe(404);
      await request(account.app).delete('/api/account').set(asUser(userId, token)).expect(401);

      const [row] = (await account.database.db.execute<Record<string, unknown>>(sql`select * from users where id = ${userId}`)).rows;
      expect(row).toMatchObject({ email: null, first_name: null, issuer: null, subject: null });
      expect(row!.deleted_at).not.toBeNull();
      const live = await account.database.db.execute(sql`select id from sessions where user_id = ${userId} and revoked_at is null`);
      expect(live.rows).toEqual([]);
      const events = await account.database.db.execute(sql`select id from events where user_id = ${userId}`);
      expect(events.rows).toEqual([]);
      // The ledger's line naming the work (a prompt) goes at once; the movement stays until the erase is done.
      const notes = await account.database.db.execute(sql`select note from credit_movements where user_id = ${userId}`);
      expect(notes.rows).toEqual([{ note: null }]);
      const deadline = Date.now() + 5_000;
      while (!(heard.includes(idOf(token)) && heard.includes(other.rows[0]!.id)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(heard).toEqual(expect.arrayContaining([idOf(token), other.rows[0]!.id]));

      // Signing in again with the same identity makes a new, empty account.
      const again = await devLogin(account.app);
      expect(again.userId).not.toBe(userId);
    } finally {
      await listener.close();
    }
  });

  it('needs a signed-in user', async () => {
    account = await startAccount();
    await request(account.app).delete('/api/account').expect(401);
  });
});

describe('/internal/erasures', () => {
  it('lists a deleted user to each service until it is done, and removes the row when the last one is', async () => {
    account = await startAccount({ env: { ERASURE_SERVICES: 'create,billing', ERASURE_GRACE_MS: '0' } });
    const { token, userId } = await devLogin(account.app);
    const list = async (caller: string) =>
      (await request(account!.app).get('/internal/erasures').set(serviceHeaders(SECRET, caller)).expect(200)).body.userIds as string[];
    expect(await list('create')).not.toContain(userId);

    await request(account.app).delete('/api/account').set(asUser(userId, token)).expect(204);
    expect(await list('create')).toContain(userId);
    expect(await list('billing')).toContain(userId);

    await request(account.app).post(`/internal/erasures/${userId}/done`).set(serviceHeaders(SECRET, 'create')).expect(204);
    await request(account.app).post(`/internal/erasures/${userId}/done`).set(serviceHeaders(SECRET, 'create')).expect(204); // a repeat
    expect(await list('create')).not.toContain(userId);
    expect(await list('billing')).toContain(userId);
    const before = await account.database.db.execute(sql`select erased_by from users where id = ${userId}`);
    expect(before.rows[0]).toEqual({ erased_by: ['create'] });

    await request(account.app).post(`/internal/erasures/${userId}/done`).set(serviceHeaders(SECRET, 'billing')).expect(204);
    const after = await account.database.db.execute(sql`select id from users where id = ${userId}`);
    expect(after.rows).toEqual([]);
    const sessions = await account.database.db.execute(sql`select id from sessions where user_id = ${userId}`);
    expect(sessions.rows).toEqual([]);
  });

  it('lists a deleted user only after the grace (requests in flight at the deletion finish first)', async () => {
    const clock = testClock(new Date());
    account = await startAccount({ clock: clock.now });
    const { token, userId } = await devLogin(account.app);
    await request(account.app).delete('/api/account').set(asUser(userId, token)).expect(204);
    const listed = async () => ((await request(account!.app).get('/internal/erasures').set(serviceHeaders(SECRET, 'canvas')).expect(200)).body.userIds as string[]).includes(userId);
    expect(await listed()).toBe(false);
    clock.advance(4 * 60_000);
    expect(await listed()).toBe(false);
    clock.advance(60_000);
    expect(await listed()).toBe(true);
  });

  it('opens no session for a deleted account (a sign-in that raced the deletion), and records its late events without it', async () => {
    account = await startAccount();
    const { token, userId } = await devLogin(account.app);
    const racedToken = 'd'.repeat(43);
    const raced = idOf(racedToken);
    await request(account.app).delete('/api/account').set(asUser(userId, token)).expect(204);
    // A session the sign-in made after the deletion committed: refused like an ended one.
    await account.database.db.execute(
      sql`insert into sessions (id, user_id, created_at, last_seen_at, expires_at) values (${raced}, ${userId}, now(), now(), now() + interval '1 day')`,
    );
    const gatewayAsks = await request(account.app).get('/internal/sessions/current').set(serviceHeaders(SECRET, 'gateway')).set('x-atelier-session', racedToken);
    expect(gatewayAsks.status).toBe(404);
    const [row] = (await account.database.db.execute<{ n: number }>(sql`select count(*)::int as n from sessions where id = ${raced}`)).rows;
    expect(row!.n).toBe(1);
    const late = await request(account.app).post('/api/track-event').set(asUser(userId, idOf('x'))).send({ eventType: 'feature_opened', metadata: { at: 'late' } });
    expect(late.status).toBeLessThan(300);
    const events = await account.database.db.execute<{ user_id: string | null }>(sql`select user_id from events where metadata->>'at' = 'late'`);
    expect(events.rows).toEqual([{ user_id: null }]);
  });

  it('does not touch a user who is not deleted, and answers only the services that erase', async () => {
    account = await startAccount();
    const { userId } = await devLogin(account.app);
    await request(account.app).post(`/internal/erasures/${userId}/done`).set(serviceHeaders(SECRET, 'create')).expect(204);
    const row = await account.database.db.execute(sql`select erased_by, deleted_at from users where id = ${userId}`);
    expect(row.rows[0]).toEqual({ erased_by: [], deleted_at: null });
    await request(account.app).post('/internal/erasures/not-a-uuid/done').set(serviceHeaders(SECRET, 'create')).expect(404);
    await request(account.app).get('/internal/erasures').set(serviceHeaders(SECRET, 'gateway')).expect(403);
    await request(account.app).get('/internal/erasures').expect(401);
  });
});
