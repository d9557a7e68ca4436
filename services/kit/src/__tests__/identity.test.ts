import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createBaseApp, finishApp } from '../app.js';
import { identity, requireService, requireUser } from '../identity.js';
import { IDENTITY_HEADER, SERVICE_HEADER, serviceHeaders, signToken } from '../tokens.js';
import { silentLogger } from './helpers.js';

const secret = 's'.repeat(32);
const otherSecret = 'o'.repeat(32);

function buildApp() {
  const app = createBaseApp({ name: 'test', logger: silentLogger });
  app.use(identity(secret));
  app.get('/whoami', (req, res) => res.json({ identity: req.identity }));
  app.get('/me', requireUser(), (req, res) => res.json({ userId: req.identity?.userId }));
  app.get('/internal/ping', requireService(secret), (req, res) => res.json({ caller: req.callerService }));
  return finishApp(app, silentLogger);
}

const userToken = (key: string, uid = 'u1') => signToken(key, { typ: 'user', uid, sid: 'sess1' });

describe('identity', () => {
  it('parses a signed identity into req.identity', async () => {
    const res = await request(buildApp()).get('/whoami').set(IDENTITY_HEADER, userToken(secret)).expect(200);
    expect(res.body.identity).toEqual({ userId: 'u1', sessionId: 'sess1' });
  });

  it('treats a missing, forged, expired or wrong-type token as no identity', async () => {
    const app = buildApp();
    const [v, , sig] = userToken(secret).split('.');
    const tampered = `${v}.${Buffer.from(JSON.stringify({ typ: 'user', uid: 'admin', sid: 'x', iat: 1, exp: 9e9 })).toString('base64url')}.${sig}`;
    const expired = signToken(secret, { typ: 'user', uid: 'u1', sid: 's' }, { now: Date.now() - 600_000 });
    const service = signToken(secret, { typ: 'service', svc: 'gateway' });
    for (const header of [undefined, userToken(otherSecret), tampered, expired, service, 'garbage']) {
      const req = request(app).get('/whoami');
      if (header) req.set(IDENTITY_HEADER, header);
      expect((await req.expect(200)).body.identity).toBeNull();
    }
  });

  it('requireUser answers 401 JSON without a valid identity', async () => {
    const app = buildApp();
    expect((await request(app).get('/me').expect(401)).body).toEqual({ error: 'Unauthorized' });
    await request(app).get('/me').set(IDENTITY_HEADER, userToken(otherSecret)).expect(401);
    expect((await request(app).get('/me').set(IDENTITY_HEADER, userToken(secret, 'u9')).expect(200)).body).toEqual({ userId: 'u9' });
  });

  it('requireService answers 401 without a token, 403 with a bad one and passes a good one', async () => {
    const app = buildApp();
    expect((await request(app).get('/internal/ping').expect(401)).body).toEqual({ error: 'Unauthorized' });
    const forged = await request(app).get('/internal/ping').set(serviceHeaders(otherSecret, 'gateway')).expect(403);
    expect(forged.body).toEqual({ error: 'Forbidden' });
    await request(app).get('/internal/ping').set(SERVICE_HEADER, userToken(secret)).expect(403);
    const ok = await request(app).get('/internal/ping').set(serviceHeaders(secret, 'gateway')).expect(200);
    expect(ok.body).toEqual({ caller: 'gateway' });
  });
});
