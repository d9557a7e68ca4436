import { createHash } from 'node:crypto';
import { currentSessionSchema, DEFAULT_LIMITS, userSchema } from '@atelier/contracts';
import { IDENTITY_HEADER, SESSION_HEADER } from '@atelier/kit';
import { testUserToken } from '@atelier/kit/testing';
import request from 'supertest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DAY_MS } from '../constants.js';
import { identityHeader, SECRET, sessionCookieFrom, startAccount, testClock, type TestAccount, serviceHeaders } from './helpers.js';

const gateway = () => serviceHeaders(SECRET, 'gateway');

async function devLogin(account: TestAccount, cookie?: string) {
  const req = request(account.app).get('/api/dev-login');
  if (cookie) req.set('cookie', `atelier_sid=${cookie}`);
  const res = await req.expect(302);
  const sid = sessionCookieFrom(res.headers['set-cookie']);
  if (!sid) throw new Error('no session cookie');
  return { res, token: sid.value, header: sid.header };
}

function lookup(account: TestAccount, token: string) {
  return request(account.app).get('/internal/sessions/current').set(gateway()).set(SESSION_HEADER, token);
}

/** Signs in and returns the identity header the gateway would forward. */
async function signedIn(account: TestAccount) {
  const { token } = await devLogin(account);
  const session = currentSessionSchema.parse((await lookup(account, token).then((r) => r.body)) as unknown);
  return { token, session, headers: identityHeader(session.userId, session.sessionId) };
}

function suite(name: string) {
  describe(name, () => {
    let account: TestAccount;
    const clock = testClock();
    const open = async (env?: Record<string, string>) => {
      account = await startAccount({ env, clock: clock.now });
      return account;
    };
    afterEach(async () => {
      await account?.close();
    });

    it('dev-login signs in the development user with a proper cookie and redirects to /app', async () => {
      await open();
      const { res, token, header } = await devLogin(account);
      expect(res.headers.location).toBe('/app');
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(header).toMatch(/; HttpOnly/);
      expect(header).toMatch(/; SameSite=Lax/);
      expect(header).toMatch(/; Path=\//);
      expect(header).not.toMatch(/Secure/);
      expect(sessionCookieFrom(res.headers['set-cookie'], 'atelier_signed_in')?.value).toBe('1');
      const session = await lookup(account, token).expect(200);
      expect(session.body.sessionId).toBe(createHash('sha256').update(token).digest('hex'));
      const user = await request(account.app).get('/api/auth/user').set(identityHeader(session.body.userId, session.body.sessionId)).expect(200);
      expect(userSchema.parse(user.body)).toEqual({ id: session.body.userId, plan: 'free', firstName: 'Dev', email: 'dev@atelier.local', stripeSubscriptionId: null });
    });

    it('uses a Secure __Host- cookie when the site is https', async () => {
      await open({ PUBLIC_URL: 'https://atelier.example' });
      const res = await request(account.app).get('/api/dev-login').expect(302);
      const sid = sessionCookieFrom(res.headers['set-cookie'], '__Host-atelier_sid');
      expect(sid?.header).toMatch(/; Secure/);
      expect(sid?.header).toMatch(/; Path=\//);
      expect(sid?.header).not.toMatch(/Domain=/);
    });

    it('gives a new session id at every sign-in and ends the one presented', async () => {
      await open();
      const first = await devLogin(account);
      const second = await devLogin(account, first.token);
      expect(second.token).not.toBe(first.token);
      await lookup(account, first.token).expect(404);
      const a = await lookup(account, second.token).expect(200);
      const third = await devLogin(account);
      const b = await lookup(account, third.token).expect(200);
      expect(b.body.userId).toBe(a.body.userId); // the same development user
      expect(b.body.sessionId).not.toBe(a.body.sessionId);
    });

    it('dev-login answers 404 JSON when development sign-in is disabled', async () => {
      await open({ DEV_LOGIN: '0' });
      const res = await request(account.app).get('/api/dev-login').expect(404);
      expect(res.body).toEqual({ error: 'Development sign-in is disabled' });
      expect((await request(account.app).get('/api/config').expect(200)).body).toEqual({ devLogin: false, avatarEnabled: true });
    });

    it('auth/user is 401 without identity and with a forged one', async () => {
      await open();
      const { session } = await signedIn(account);
      expect((await request(account.app).get('/api/auth/user').expect(401)).body).toEqual({ error: 'Unauthorized' });
      const forged = identityHeader(session.userId, session.sessionId, 'f'.repeat(40));
      expect((await request(account.app).get('/api/auth/user').set(forged).expect(401)).body).toEqual({ error: 'Unauthorized' });
      // A well-signed token for someone else, with the payload swapped for this user's: the signature fails.
      const [header, payload, sig] = testUserToken(SECRET, { userId: 'someone', sessionId: 's', audience: 'account' }).split('.');
      const swapped = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: session.userId })).toString('base64url');
      await request(account.app).get('/api/auth/user').set(IDENTITY_HEADER, `${header}.${swapped}.${sig}`).expect(401);
      // A genuine token addressed to another service is not for account.
      const forCreate = testUserToken(SECRET, { userId: session.userId, sessionId: session.sessionId, audience: 'create' });
      await request(account.app).get('/api/auth/user').set(IDENTITY_HEADER, forCreate).expect(401);
      // A well-signed identity of a user that does not exist is not a user either.
      await request(account.app).get('/api/auth/user').set(identityHeader('00000000-0000-0000-0000-000000000000', 'x')).expect(401);
    });

    it('logout ends the session on the server, clears the cookie and redirects to /', async () => {
      await open();
      const { token } = await devLogin(account);
      const res = await request(account.app).get('/api/logout').set('cookie', `atelier_sid=${token}`).expect(302);
      expect(res.headers.location).toBe('/');
      const cleared = sessionCookieFrom(res.headers['set-cookie']);
      expect(cleared?.value).toBe('');
      expect(cleared?.header).toMatch(/Expires=Thu, 01 Jan 1970/);
      // The sign-in marker (for the shell's user_login event) is cleared with it.
      expect([res.headers['set-cookie'] ?? []].flat().some((c) => /^atelier_signed_in=;.*Expires=Thu, 01 Jan 1970/.test(c))).toBe(true);
      await lookup(account, token).expect(404);
    });

    it('logout also ends the session named by the identity header', async () => {
      await open();
      const { token, headers } = await signedIn(account);
      await request(account.app).get('/api/logout').set(headers).expect(302);
      await lookup(account, token).expect(404);
      // Signed out without any session: still a redirect.
      await request(account.app).get('/api/logout').expect(302);
    });

    it('logout ends the session only for a navigation from our own pages (or typed), not from another site', async () => {
      await open();
      const { token } = await devLogin(account);
      const cookie = `atelier_sid=${token}`;
      for (const headers of [
        { 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-site': 'same-site' }, // a sibling subdomain is another site for us
        { origin: 'https://evil.example' },
        { referer: 'https://evil.example/page' },
        { referer: 'not a url' },
      ]) {
        const res = await request(account.app).get('/api/logout').set({ cookie, ...headers }).expect(302);
        expect(res.headers.location).toBe('/');
        expect(res.headers['set-cookie'], JSON.stringify(headers)).toBeUndefined();
        await lookup(account, token).expect(200);
      }
      for (const headers of [{ 'sec-fetch-site': 'same-origin' }, { 'sec-fetch-site': 'none' }, { referer: 'http://127.0.0.1:8080/app' }]) {
        const { token: fresh } = await devLogin(account);
        await request(account.app).get('/api/logout').set({ cookie: `atelier_sid=${fresh}`, ...headers }).expect(302);
        await lookup(account, fresh).expect(404);
      }
    });

    it('ends a session after the idle timeout, and activity keeps it alive', async () => {
      await open({ SESSION_IDLE_TIMEOUT_MS: String(DAY_MS), SESSION_ABSOLUTE_TIMEOUT_MS: String(30 * DAY_MS) });
      const { token } = await devLogin(account);
      const first = await lookup(account, token).expect(200);
      expect(Date.parse(first.body.expiresAt)).toBe(clock.now().getTime() + DAY_MS);
      clock.advance(DAY_MS - 60_000);
      const touched = await lookup(account, token).expect(200); // activity moves the idle end
      expect(Date.parse(touched.body.expiresAt)).toBe(clock.now().getTime() + DAY_MS);
      clock.advance(DAY_MS - 1);
      await lookup(account, token).expect(200);
      clock.advance(DAY_MS);
      await lookup(account, token).expect(404);
    });

    it('writes last_seen_at at most once a minute', async () => {
      await open({ SESSION_IDLE_TIMEOUT_MS: String(DAY_MS) });
      const { token } = await devLogin(account);
      const start = clock.now().getTime();
      clock.advance(30_000);
      const early = await lookup(account, token).expect(200);
      expect(Date.parse(early.body.expiresAt)).toBe(start + DAY_MS); // not touched yet
      clock.advance(30_000);
      const later = await lookup(account, token).expect(200);
      expect(Date.parse(later.body.expiresAt)).toBe(start + 60_000 + DAY_MS);
    });

    it('ends a session at the absolute timeout however active it is', async () => {
      await open({ SESSION_IDLE_TIMEOUT_MS: String(DAY_MS), SESSION_ABSOLUTE_TIMEOUT_MS: String(3 * DAY_MS) });
      const { token } = await devLogin(account);
      const end = clock.now().getTime() + 3 * DAY_MS;
      for (let i = 0; i < 5; i++) {
        clock.advance(DAY_MS / 2);
        const res = await lookup(account, token);
        if (clock.now().getTime() < end) {
          expect(res.status).toBe(200);
          expect(Date.parse(res.body.expiresAt)).toBeLessThanOrEqual(end);
        }
      }
      clock.advance(DAY_MS / 2 + 1);
      await lookup(account, token).expect(404);
    });

    it('user-limits for a new free user are exactly 0 of 25 credits and 0 of 0 avatar', async () => {
      await open();
      const { headers } = await signedIn(account);
      const res = await request(account.app).get('/api/user-limits').set(headers).expect(200);
      expect(res.text).toBe('{"credits":{"used":0,"limit":25},"avatar":{"used":0,"limit":0}}');
      expect(res.body).toEqual(DEFAULT_LIMITS);
      await request(account.app).get('/api/user-limits').set(headers).expect(200); // same period row, no duplicate
      expect((await request(account.app).get('/api/user-limits').expect(401)).body).toEqual({ error: 'Unauthorized' });
    });

    it('config is public', async () => {
      await open();
      expect((await request(account.app).get('/api/config').expect(200)).body).toEqual({ devLogin: true, avatarEnabled: true });
    });

    it('the internal session route refuses callers without a valid service token', async () => {
      await open();
      const { token } = await devLogin(account);
      expect((await request(account.app).get('/internal/sessions/current').set(SESSION_HEADER, token).expect(401)).body).toEqual({ error: 'Unauthorized' });
      await request(account.app).get('/internal/sessions/current').set(serviceHeaders('z'.repeat(40), 'gateway')).set(SESSION_HEADER, token).expect(403);
      // Only the gateway resolves sessions.
      await request(account.app).get('/internal/sessions/current').set(serviceHeaders(SECRET, 'create')).set(SESSION_HEADER, token).expect(403);
      // A user identity is not a service token.
      const { headers } = await signedIn(account);
      await request(account.app).get('/internal/sessions/current').set({ 'x-atelier-service': headers[IDENTITY_HEADER] }).set(SESSION_HEADER, token).expect(403);
      await request(account.app).get('/internal/sessions/current').set(gateway()).expect(404);
      await request(account.app).get('/internal/sessions/current').set(gateway()).set(SESSION_HEADER, 'not-a-token').expect(404);
      await request(account.app).get('/internal/sessions/current').set(gateway()).set(SESSION_HEADER, 'A'.repeat(43)).expect(404);
    });

    it('answers bad input with 4xx JSON: malformed JSON, wrong content type, too large, unknown route', async () => {
      await open();
      const malformed = await request(account.app).post('/api/track-event').set('content-type', 'application/json').send('{"a":');
      expect(malformed.status).toBe(400);
      expect(malformed.body).toEqual({ error: 'Malformed JSON body' });
      const large = await request(account.app).post('/api/anything').set('content-type', 'application/json').send(JSON.stringify({ x: 'y'.repeat(200_000) }));
      expect(large.status).toBe(413);
      expect(large.body).toEqual({ error: 'Request body too large' });
      const unknown = await request(account.app).get('/api/nowhere').expect(404);
      expect(unknown.body).toEqual({ error: 'Not found' });
      // A path that exists under another method: 405 with what it takes.
      const wrongMethod = await request(account.app).post('/api/dev-login').expect(405);
      expect(wrongMethod.body).toEqual({ error: 'Method not allowed' });
      expect(wrongMethod.headers.allow).toBe('GET, HEAD');
      expect((await request(account.app).get('/healthz').expect(200)).body).toMatchObject({ status: 'ok' });
      expect((await request(account.app).get('/readyz').expect(200)).body).toMatchObject({ checks: { database: 'ok' } });
    });

    it('answers 503 on /readyz when the database does not answer', async () => {
      await open();
      const ping = vi.spyOn(account.database, 'ping').mockRejectedValue(new Error('connection refused'));
      const res = await request(account.app).get('/readyz').expect(503);
      expect(res.body).toMatchObject({ checks: { database: 'failed' } });
      ping.mockRestore();
    });
  });
}

suite('account on PostgreSQL');
