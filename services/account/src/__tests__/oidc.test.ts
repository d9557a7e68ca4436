import { currentSessionSchema, userSchema } from '@atelier/contracts';
import { SESSION_HEADER } from '@atelier/kit';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadAccountConfig } from '../config.js';
import { classifyCallbackError, profileFromClaims } from '../domain/oidc.js';
import { openTransaction, sealTransaction } from '../domain/oidc-transaction.js';
import { upsertOidcUser } from '../domain/oidc-users.js';
import { identityHeader, SECRET, sessionCookieFrom, startAccount, testClock, type TestAccount, serviceHeaders } from './helpers.js';
import { signInAtProvider, startTestProvider, type TestProvider } from '../testing/oidc-provider.js';

const PUBLIC_URL = 'http://127.0.0.1:8080';
const REDIRECT_URI = `${PUBLIC_URL}/api/auth/callback`;
const TX_COOKIE = 'atelier_oidc';

function cookieFrom(setCookie: string[] | string | undefined, name: string) {
  const header = [setCookie ?? []].flat().find((c) => c.startsWith(`${name}=`));
  return header ? { header, value: header.slice(name.length + 1).split(';')[0]! } : null;
}

/** GET /api/auth/google: the provider URL and the transaction cookie. */
async function start(account: TestAccount) {
  const res = await request(account.app).get('/api/auth/google').expect(302);
  const tx = cookieFrom(res.headers['set-cookie'], TX_COOKIE);
  if (!tx) throw new Error('no transaction cookie');
  return { location: String(res.headers.location), tx: tx.value, txHeader: tx.header };
}

/** GET the callback URL the provider sent the browser to, with the browser's transaction cookie. */
function callback(account: TestAccount, url: string, tx?: string) {
  const { pathname, search } = new URL(url);
  const req = request(account.app).get(pathname + search);
  if (tx) req.set('cookie', `${TX_COOKIE}=${tx}`);
  return req.expect(302);
}

function withParam(url: string, name: string, value: string) {
  const u = new URL(url);
  u.searchParams.set(name, value);
  return u.href;
}

async function whoIs(account: TestAccount, token: string) {
  const lookup = await request(account.app)
    .get('/internal/sessions/current')
    .set(serviceHeaders(SECRET, 'gateway'))
    .set(SESSION_HEADER, token)
    .expect(200);
  const session = currentSessionSchema.parse(lookup.body);
  const user = await request(account.app).get('/api/auth/user').set(identityHeader(session.userId, session.sessionId)).expect(200);
  return { session, user: userSchema.parse(user.body) };
}

function suite(name: string) {
  describe(name, () => {
    let provider: TestProvider;
    let account: TestAccount | undefined;
    const clock = testClock(new Date());

    const open = async (env: Record<string, string> = {}) => {
      account = await startAccount({
        clock: clock.now,
        env: {
          PUBLIC_URL,
          OIDC_ISSUER: provider.issuer,
          OIDC_CLIENT_ID: provider.clientId,
          OIDC_CLIENT_SECRET: provider.clientSecret,
          ...env,
        },
      });
      return account;
    };
    /** A whole sign-in as `subject`: start, the provider's login form, the callback. */
    const signIn = async (acc: TestAccount, subject: string) => {
      const { location, tx } = await start(acc);
      const back = await signInAtProvider(location, { subject, redirectUri: REDIRECT_URI });
      const res = await callback(acc, back, tx);
      return { res, session: sessionCookieFrom(res.headers['set-cookie']) };
    };

    beforeEach(async () => {
      provider = await startTestProvider({ redirectUri: REDIRECT_URI });
      provider.people.set('ada-1', { given_name: 'Ada', name: 'Ada Lovelace', email: 'ada@example.com' });
    });
    afterEach(async () => {
      await account?.close();
      account = undefined;
      await provider.close();
    });

    it('starts at the provider with PKCE S256, state, nonce and an encrypted short-lived cookie', async () => {
      const acc = await open();
      const { location, tx, txHeader } = await start(acc);
      const url = new URL(location);
      expect(url.origin).toBe(provider.issuer);
      const q = url.searchParams;
      expect(q.get('client_id')).toBe(provider.clientId);
      expect(q.get('redirect_uri')).toBe(REDIRECT_URI);
      expect(q.get('response_type')).toBe('code');
      expect(q.get('scope')).toBe('openid email profile');
      expect(q.get('code_challenge_method')).toBe('S256');
      expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(q.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(q.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(txHeader).toMatch(/; HttpOnly/);
      expect(txHeader).toMatch(/; SameSite=Lax/);
      expect(txHeader).toMatch(/; Path=\//);
      expect(txHeader).toMatch(/; Max-Age=600/);
      // Neither the state nor the nonce can be read from the cookie; the server can.
      expect(tx).not.toContain(q.get('state'));
      const opened = openTransaction(SECRET, decodeURIComponent(tx), clock.now().getTime());
      expect(opened).toMatchObject({ state: q.get('state'), nonce: q.get('nonce') });
      // A second start gets fresh values.
      const again = new URL((await start(acc)).location).searchParams;
      expect(again.get('state')).not.toBe(q.get('state'));
      expect(again.get('nonce')).not.toBe(q.get('nonce'));
    });

    it('signs a person in, creating the user on the first sign-in (?new_login=1) and reusing it after', async () => {
      const acc = await open();
      const first = await signIn(acc, 'ada-1');
      expect(first.res.headers.location).toBe('/app?new_login=1');
      expect(first.res.headers['cache-control']).toBe('no-store');
      // The transaction cookie is used up.
      expect(cookieFrom(first.res.headers['set-cookie'], TX_COOKIE)?.header).toMatch(/Expires=Thu, 01 Jan 1970/);
      expect(first.session?.header).toMatch(/; HttpOnly/);
      // The page may read that a sign-in just happened (user_login); the marker holds nothing secret.
      const marker = cookieFrom(first.res.headers['set-cookie'], 'atelier_signed_in');
      expect(marker?.value).toBe('1');
      expect(marker?.header).not.toMatch(/HttpOnly/);
      expect(marker?.header).toMatch(/Max-Age=300; Path=\/;.*SameSite=Lax/);
      const a = await whoIs(acc, first.session!.value);
      expect(a.user).toMatchObject({ plan: 'free', firstName: 'Ada', email: 'ada@example.com' });

      // The provider now reports another email and first name: the same user, refreshed.
      provider.people.set('ada-1', { given_name: 'Augusta', email: 'augusta@example.com' });
      const second = await signIn(acc, 'ada-1');
      expect(second.res.headers.location).toBe('/app');
      expect(second.session!.value).not.toBe(first.session!.value);
      const b = await whoIs(acc, second.session!.value);
      expect(b.user.id).toBe(a.user.id);
      expect(b.session.sessionId).not.toBe(a.session.sessionId);
      expect(b.user).toMatchObject({ firstName: 'Augusta', email: 'augusta@example.com' });

      // Another person is another user.
      provider.people.set('grace-2', { name: 'Grace Brewster Hopper', email: 'grace@example.com' });
      const third = await signIn(acc, 'grace-2');
      expect(third.res.headers.location).toBe('/app?new_login=1');
      const c = await whoIs(acc, third.session!.value);
      expect(c.user.id).not.toBe(a.user.id);
      expect(c.user.firstName).toBe('Grace'); // no given_name: the first word of name
    });

    it('creates one user when first sign-ins of the same person race', async () => {
      const acc = await open();
      const profile = { issuer: provider.issuer, subject: 'racer', firstName: 'Race', email: 'race@example.com' };
      const results = await Promise.all(Array.from({ length: 8 }, () => upsertOidcUser(acc.database.db, profile)));
      expect(results.filter((r) => r.created)).toHaveLength(1);
      expect(new Set(results.map((r) => r.id)).size).toBe(1);
      // The same subject at another issuer is someone else.
      const elsewhere = await upsertOidcUser(acc.database.db, { ...profile, issuer: 'https://other.example' });
      expect(elsewhere.created).toBe(true);
      expect(elsewhere.id).not.toBe(results[0]!.id);
    });

    it('ends the session the browser came with when it signs in again', async () => {
      const acc = await open();
      const first = await signIn(acc, 'ada-1');
      const { location, tx } = await start(acc);
      const back = await signInAtProvider(location, { subject: 'ada-1', redirectUri: REDIRECT_URI });
      const { pathname, search } = new URL(back);
      await request(acc.app)
        .get(pathname + search)
        .set('cookie', `${TX_COOKIE}=${tx}; atelier_sid=${first.session!.value}`)
        .expect(302);
      await request(acc.app)
        .get('/internal/sessions/current')
        .set(serviceHeaders(SECRET, 'gateway'))
        .set(SESSION_HEADER, first.session!.value)
        .expect(404);
    });

    it('discovers the provider once, on the first sign-in', async () => {
      const acc = await open();
      expect(provider.discoveryRequests()).toBe(0);
      await signIn(acc, 'ada-1');
      await start(acc);
      expect(provider.discoveryRequests()).toBe(1);
    });

    it('refuses a callback without the transaction cookie, or with an altered or expired one', async () => {
      const acc = await open();
      const { location, tx } = await start(acc);
      const back = await signInAtProvider(location, { subject: 'ada-1', redirectUri: REDIRECT_URI });
      const missing = await callback(acc, back);
      expect(missing.headers.location).toBe('/login?error=expired');
      expect(sessionCookieFrom(missing.headers['set-cookie'])).toBeNull();

      const raw = decodeURIComponent(tx);
      const flipped = raw.slice(0, -2) + (raw.at(-2) === 'A' ? 'B' : 'A') + raw.at(-1)!;
      expect((await callback(acc, back, encodeURIComponent(flipped))).headers.location).toBe('/login?error=expired');

      clock.advance(11 * 60 * 1000);
      const late = await callback(acc, back, tx);
      expect(late.headers.location).toBe('/login?error=expired');
      expect(sessionCookieFrom(late.headers['set-cookie'])).toBeNull();
    });

    it('refuses a forged state', async () => {
      const acc = await open();
      const { location, tx } = await start(acc);
      const back = await signInAtProvider(location, { subject: 'ada-1', redirectUri: REDIRECT_URI });
      for (const forged of [withParam(back, 'state', 'forged-state'), (() => { const u = new URL(back); u.searchParams.delete('state'); return u.href; })()]) {
        const res = await callback(acc, forged, tx);
        expect(res.headers.location).toBe('/login?error=invalid_state');
        expect(sessionCookieFrom(res.headers['set-cookie'])).toBeNull();
      }
    });

    it('refuses an ID token whose nonce is not the one this browser was given', async () => {
      const acc = await open();
      const { location, tx } = await start(acc);
      // The authorization request reaches the provider with another nonce (e.g. injected by an attacker).
      const back = await signInAtProvider(withParam(location, 'nonce', 'attacker-nonce'), {
        subject: 'ada-1',
        redirectUri: REDIRECT_URI,
      });
      const res = await callback(acc, back, tx);
      expect(res.headers.location).toBe('/login?error=invalid_nonce');
      expect(sessionCookieFrom(res.headers['set-cookie'])).toBeNull();
    });

    it('refuses a code obtained by another browser (PKCE), and a replayed callback', async () => {
      const acc = await open();
      const victim = await start(acc);
      const attacker = await start(acc);
      const back = await signInAtProvider(attacker.location, { subject: 'ada-1', redirectUri: REDIRECT_URI });
      // The attacker's code and state in the victim's browser: state is rewritten to pass, PKCE still fails.
      const victimState = new URL(victim.location).searchParams.get('state')!;
      const planted = await callback(acc, withParam(back, 'state', victimState), victim.tx);
      expect(planted.headers.location).toBe('/login?error=failed');

      const honest = await start(acc);
      const honestBack = await signInAtProvider(honest.location, { subject: 'ada-1', redirectUri: REDIRECT_URI });
      expect((await callback(acc, honestBack, honest.tx)).headers.location).toBe('/app?new_login=1');
      const replay = await callback(acc, honestBack, honest.tx);
      expect(replay.headers.location).toBe('/login?error=failed');
    });

    it('checks the issuer exactly: in discovery and in the callback', async () => {
      // The provider calls itself 127.0.0.1; the product is told localhost on the same port.
      const acc = await open({ OIDC_ISSUER: provider.issuer.replace('127.0.0.1', 'localhost') });
      const res = await request(acc.app).get('/api/auth/google').expect(302);
      expect(res.headers.location).toBe('/login?error=unavailable');
      expect(cookieFrom(res.headers['set-cookie'], TX_COOKIE)?.header ?? '').not.toMatch(/Max-Age=600/);
      await acc.close();

      const ok = await open();
      const { location, tx } = await start(ok);
      const back = await signInAtProvider(location, { subject: 'ada-1', redirectUri: REDIRECT_URI });
      const forgedIss = await callback(ok, withParam(back, 'iss', 'http://127.0.0.1:1'), tx);
      expect(forgedIss.headers.location).toBe('/login?error=failed');
      expect(sessionCookieFrom(forgedIss.headers['set-cookie'])).toBeNull();
    });

    it('lands on /login with access_denied when the person cancels at the provider', async () => {
      const acc = await open();
      const { location, tx } = await start(acc);
      const back = await signInAtProvider(location, { subject: 'ada-1', redirectUri: REDIRECT_URI, cancel: true });
      expect(new URL(back).searchParams.get('error')).toBe('access_denied');
      const res = await callback(acc, back, tx);
      expect(res.headers.location).toBe('/login?error=access_denied');

      // Another error the provider reports, with a valid state.
      const other = await start(acc);
      const state = new URL(other.location).searchParams.get('state')!;
      const url = `${REDIRECT_URI}?error=server_error&state=${state}&iss=${encodeURIComponent(provider.issuer)}`;
      expect((await callback(acc, url, other.tx)).headers.location).toBe('/login?error=provider_error');
    });

    it('lands on /login?error=unavailable when the provider cannot be reached, and retries discovery later', async () => {
      const acc = await open();
      provider.discoveryDown = true;
      const res = await request(acc.app).get('/api/auth/google').expect(302);
      expect(res.headers.location).toBe('/login?error=unavailable');
      const cb = await request(acc.app).get('/api/auth/callback?code=x&state=y').expect(302);
      expect(cb.headers.location).toBe('/login?error=expired');
      provider.discoveryDown = false;
      const { location } = await start(acc);
      expect(new URL(location).origin).toBe(provider.issuer);
      expect(provider.discoveryRequests()).toBe(2);

      const dead = await open({ OIDC_ISSUER: 'http://127.0.0.1:9' });
      expect((await request(dead.app).get('/api/auth/google').expect(302)).headers.location).toBe('/login?error=unavailable');
      await acc.close();
    });

    it('answers without a provider configured: sign-in unavailable, dev-login on', async () => {
      account = await startAccount({ env: { PUBLIC_URL } });
      expect((await request(account.app).get('/api/auth/google').expect(302)).headers.location).toBe('/login?error=unavailable');
      expect((await request(account.app).get('/api/auth/callback?code=x&state=y').expect(302)).headers.location).toBe(
        '/login?error=unavailable',
      );
      expect((await request(account.app).get('/api/config').expect(200)).body.devLogin).toBe(true);
      await request(account.app).get('/api/dev-login').expect(302);
    });

    it('turns dev-login off once a provider is configured', async () => {
      const acc = await open();
      expect((await request(acc.app).get('/api/config').expect(200)).body.devLogin).toBe(false);
      expect((await request(acc.app).get('/api/dev-login').expect(404)).body).toEqual({ error: 'Development sign-in is disabled' });
    });

    it('rate-limits the sign-in routes per client with a 429 JSON error', async () => {
      const acc = await open({ SIGNIN_RATE_LIMIT: '3', DEV_LOGIN: '1' });
      await request(acc.app).get('/api/auth/google').expect(302);
      await request(acc.app).get('/api/auth/callback').expect(302);
      await request(acc.app).get('/api/dev-login').expect(302);
      for (const path of ['/api/dev-login', '/api/auth/google', '/api/auth/callback']) {
        const res = await request(acc.app).get(path).expect(429);
        expect(res.body).toEqual({ error: 'Too many sign-in attempts. Please wait a minute and try again.' });
      }
      // Another client (the gateway forwards the client address from loopback) has its own budget.
      await request(acc.app).get('/api/dev-login').set('x-forwarded-for', '203.0.113.7').expect(302);
      // Other routes are not limited.
      await request(acc.app).get('/api/config').expect(200);
    });
  });
}

suite('OpenID Connect sign-in on PostgreSQL');

describe('OpenID Connect configuration', () => {
  const base = { IDENTITY_SECRET: SECRET, DATABASE_URL: 'postgres://atelier@127.0.0.1:5432/atelier' };
  it('defaults to Google and requires a secret with a client id', () => {
    expect(loadAccountConfig(base).oidc).toBeNull();
    const google = loadAccountConfig({ ...base, OIDC_CLIENT_ID: 'id', OIDC_CLIENT_SECRET: 's' }).oidc;
    expect(google?.issuer.href).toBe('https://accounts.google.com/');
    expect(() => loadAccountConfig({ ...base, OIDC_CLIENT_ID: 'id' })).toThrow(/OIDC_CLIENT_SECRET/);
    expect(loadAccountConfig(base).signInRateLimit).toBe(20);
  });

  it('enables dev-login only without a provider, and in production only with DEV_LOGIN=1', () => {
    expect(loadAccountConfig(base).devLogin).toBe(true);
    expect(loadAccountConfig({ ...base, OIDC_CLIENT_ID: 'id', OIDC_CLIENT_SECRET: 's' }).devLogin).toBe(false);
    expect(loadAccountConfig({ ...base, NODE_ENV: 'production' }).devLogin).toBe(false);
    expect(loadAccountConfig({ ...base, NODE_ENV: 'production', DEV_LOGIN: '1' }).devLogin).toBe(true);
  });
});

describe('OpenID Connect rules', () => {
  it('keeps issuer, subject, first name (given_name, else first word of name) and email', () => {
    expect(profileFromClaims({ iss: 'https://i', sub: 's', given_name: 'Ada', name: 'Ada L', email: 'a@x' })).toEqual({
      issuer: 'https://i',
      subject: 's',
      firstName: 'Ada',
      email: 'a@x',
    });
    expect(profileFromClaims({ iss: 'https://i', sub: 's', name: '  Grace Hopper ' })?.firstName).toBe('Grace');
    expect(profileFromClaims({ iss: 'https://i', sub: 's' })).toMatchObject({ firstName: null, email: null });
    expect(profileFromClaims({ iss: 'https://i' })).toBeNull();
  });

  it('maps failures to short codes', () => {
    expect(classifyCallbackError({ code: 'OAUTH_AUTHORIZATION_RESPONSE_ERROR', error: 'access_denied' })).toBe('access_denied');
    expect(classifyCallbackError({ code: 'OAUTH_AUTHORIZATION_RESPONSE_ERROR', error: 'login_required' })).toBe('provider_error');
    expect(classifyCallbackError({ code: 'OAUTH_JWT_CLAIM_COMPARISON_FAILED', cause: { cause: { claim: 'nonce' } } })).toBe('invalid_nonce');
    expect(classifyCallbackError({ code: 'OAUTH_JWT_CLAIM_COMPARISON_FAILED', cause: { claim: 'aud' } })).toBe('failed');
    expect(classifyCallbackError(new Error('boom'))).toBe('failed');
  });

  it('seals transactions so that only this secret opens them, until they expire', () => {
    const tx = { state: 's', nonce: 'n', codeVerifier: 'v', expiresAt: 2_000 };
    const sealed = sealTransaction(SECRET, tx);
    expect(openTransaction(SECRET, sealed, 1_000)).toEqual(tx);
    expect(openTransaction(SECRET, sealed, 2_000)).toBeNull();
    expect(openTransaction('another-secret'.padEnd(40, 'y'), sealed, 1_000)).toBeNull();
    expect(openTransaction(SECRET, 'v1.AAAA', 1_000)).toBeNull();
    expect(openTransaction(SECRET, undefined, 1_000)).toBeNull();
  });
});
