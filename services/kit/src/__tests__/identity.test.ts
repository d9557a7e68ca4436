import request from 'supertest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBaseApp, finishApp } from '../app.js';
import { identity, readCookie, requireService, requireUser } from '../identity.js';
import { IDENTITY_HEADER, SERVICE_HEADER, serviceHeaders, signUserToken } from '../tokens.js';
import { silentLogger } from './helpers.js';

const secret = 's'.repeat(32);
const otherSecret = 'o'.repeat(32);

function buildApp() {
  const app = createBaseApp({ name: 'test', logger: silentLogger });
  app.use(identity(secret, { audience: 'account' }));
  app.get('/whoami', (req, res) => res.json({ identity: req.identity }));
  app.get('/me', requireUser(), (req, res) => res.json({ userId: req.identity?.userId }));
  app.get('/internal/ping', requireService(secret, { audience: 'account', allow: ['gateway'] }), (req, res) => res.json({ caller: req.callerService }));
  return finishApp(app, silentLogger);
}

const userToken = (key: string, userId = 'u1', audience = 'account') => signUserToken(key, { userId, sessionId: 'sess1' }, { audience });

describe('identity', () => {
  afterEach(() => vi.useRealTimers());

  it('parses a signed identity into req.identity', async () => {
    const res = await request(buildApp()).get('/whoami').set(IDENTITY_HEADER, await userToken(secret)).expect(200);
    expect(res.body.identity).toEqual({ userId: 'u1', sessionId: 'sess1' });
  });

  it('treats a missing, forged, expired, misaddressed or wrong-kind token as no identity', async () => {
    const app = buildApp();
    const expired = await signUserToken(secret, { userId: 'u1', sessionId: 's' }, { audience: 'account', now: Date.now() - 600_000 });
    const service = (await serviceHeaders(secret, 'gateway', 'account'))[SERVICE_HEADER]!;
    for (const header of [undefined, await userToken(otherSecret), await userToken(secret, 'u1', 'create'), expired, service, 'garbage']) {
      const req = request(app).get('/whoami');
      if (header) req.set(IDENTITY_HEADER, header);
      expect((await req.expect(200)).body.identity).toBeNull();
    }
  });

  it('remembers a verified token only until it expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const app = buildApp();
    // Two seconds of life left.
    const token = await signUserToken(secret, { userId: 'u1', sessionId: 's' }, { audience: 'account', now: Date.now() - 58_000 });
    expect((await request(app).get('/whoami').set(IDENTITY_HEADER, token)).body.identity).toEqual({ userId: 'u1', sessionId: 's' });
    expect((await request(app).get('/whoami').set(IDENTITY_HEADER, token)).body.identity).toEqual({ userId: 'u1', sessionId: 's' });
    vi.setSystemTime(Date.now() + 8_000); // past exp and the 5 s tolerance
    expect((await request(app).get('/whoami').set(IDENTITY_HEADER, token)).body.identity).toBeNull();
  });

  it('requireUser answers 401 JSON without a valid identity', async () => {
    const app = buildApp();
    expect((await request(app).get('/me').expect(401)).body).toEqual({ error: 'Unauthorized' });
    await request(app).get('/me').set(IDENTITY_HEADER, await userToken(otherSecret)).expect(401);
    expect((await request(app).get('/me').set(IDENTITY_HEADER, await userToken(secret, 'u9')).expect(200)).body).toEqual({ userId: 'u9' });
  });

  it('requireService answers 401 without a token, 403 with a bad one or a caller not allowed, and passes an allowed one', async () => {
    const app = buildApp();
    expect((await request(app).get('/internal/ping').expect(401)).body).toEqual({ error: 'Unauthorized' });
    const forged = await request(app).get('/internal/ping').set(await serviceHeaders(otherSecret, 'gateway', 'account')).expect(403);
    expect(forged.body).toEqual({ error: 'Forbidden' });
    await request(app).get('/internal/ping').set(SERVICE_HEADER, await userToken(secret)).expect(403);
    await request(app).get('/internal/ping').set(await serviceHeaders(secret, 'create', 'account')).expect(403);
    await request(app).get('/internal/ping').set(await serviceHeaders(secret, 'gateway', 'create')).expect(403);
    const ok = await request(app).get('/internal/ping').set(await serviceHeaders(secret, 'gateway', 'account')).expect(200);
    expect(ok.body).toEqual({ caller: 'gateway' });
  });
});

describe('readCookie', () => {
  it('reads one cookie with the cookie package, first of duplicates, null otherwise', () => {
    expect(readCookie('a=1; atelier_sid=abc; b=2', 'atelier_sid')).toBe('abc');
    expect(readCookie('atelier_sid="quoted"', 'atelier_sid')).toBe('"quoted"');
    expect(readCookie('atelier_sid=first; atelier_sid=second', 'atelier_sid')).toBe('first');
    expect(readCookie('x=%E0%A4%A', 'x')).toBe('%E0%A4%A');
    expect(readCookie(undefined, 'atelier_sid')).toBeNull();
    expect(readCookie('other=1', 'atelier_sid')).toBeNull();
  });
});
