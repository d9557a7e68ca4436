import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import type { GatewayApp } from '../app.js';
import { BODY_TYPE_MESSAGE, CROSS_SITE_MESSAGE } from '../security/csrf.js';
import { closeAll, silentLogger, startEchoService, startFakeAccount, testConfig } from './support/servers.js';

const SITE = 'https://atelier.example';
const ROUTES = JSON.stringify({ '/api/echo': 'create', '/api/billing': 'billing' });

let create: Awaited<ReturnType<typeof startEchoService>>;
let billing: Awaited<ReturnType<typeof startEchoService>>;
let account: Awaited<ReturnType<typeof startFakeAccount>>;
let app: GatewayApp;

beforeEach(async () => {
  account = await startFakeAccount();
  create = await startEchoService('create');
  billing = await startEchoService('billing');
  app = createApp({
    config: testConfig({
      PUBLIC_URL: SITE,
      ACCOUNT_URL: account.url,
      CREATE_URL: create.url,
      BILLING_URL: billing.url,
      GATEWAY_ROUTES: ROUTES,
    }),
    logger: silentLogger,
  });
});

afterEach(async () => {
  app.closeUpstreams();
  await closeAll();
});

describe('cross-site request forgery guard', () => {
  it('refuses a cross-site POST with 403 JSON and never reaches the service', async () => {
    for (const origin of ['https://evil.example', 'null', 'http://atelier.example', 'https://atelier.example:8443']) {
      const res = await request(app).post('/api/echo').set('origin', origin).send({ prompt: 'x' }).expect(403);
      expect(res.body).toEqual({ error: CROSS_SITE_MESSAGE });
    }
    // Without Origin, a foreign (or unreadable) Referer is refused too.
    await request(app).post('/api/echo').set('referer', 'https://evil.example/page').send({}).expect(403);
    await request(app).post('/api/echo').set('referer', 'not a url').send({}).expect(403);
    for (const method of ['put', 'patch', 'delete'] as const) {
      await request(app)[method]('/api/echo').set('origin', 'https://evil.example').send({}).expect(403);
    }
    expect(create.received).toHaveLength(0);
  });

  it('lets a same-origin JSON POST through to the service', async () => {
    const res = await request(app).post('/api/echo/items').set('origin', SITE).send({ prompt: 'x' }).expect(200);
    expect(res.body).toMatchObject({ service: 'create', method: 'POST', url: '/api/echo/items' });
    await request(app).post('/api/echo').set('referer', `${SITE}/app/image`).send({ a: 1 }).expect(200);
    await request(app)
      .post('/api/echo')
      .set('origin', SITE)
      .set('content-type', 'application/json; charset=utf-8')
      .send('{"a":1}')
      .expect(200);
    expect(create.received).toHaveLength(3);
  });

  it('lets a same-origin multipart upload through', async () => {
    const res = await request(app)
      .post('/api/echo/upload')
      .set('origin', SITE)
      .field('characterId', 'c1')
      .attach('clothingImage', Buffer.from('png'), 'shirt.png')
      .expect(200);
    expect(res.body.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('refuses bodies a cross-site form could send without a preflight, even from the site itself', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'text/plain;charset=UTF-8', 'application/xml']) {
      const res = await request(app).post('/api/echo').set('origin', SITE).set('content-type', type).send('{"a":1}').expect(403);
      expect(res.body).toEqual({ error: BODY_TYPE_MESSAGE });
    }
    // A body without any content type is refused as well.
    await request(app).post('/api/echo').set('origin', SITE).set('content-length', '3').send(Buffer.from('abc')).unset('content-type').expect(403);
    expect(create.received).toHaveLength(0);
  });

  it('allows an empty POST without a content type (SPEC §7 empty-body calls)', async () => {
    const res = await request(app).post('/api/echo').set('origin', SITE).expect(200);
    expect(res.body).toMatchObject({ method: 'POST', bytes: 0 });
  });

  it('lets a server-to-server JSON POST without Origin or Referer through (curl-like clients)', async () => {
    await request(app).post('/api/echo').send({ a: 1 }).expect(200);
    expect(create.received).toHaveLength(1);
  });

  it('exempts the provider webhooks, whatever their origin and body type', async () => {
    const res = await request(app)
      .post('/api/billing/webhook')
      .set('origin', 'https://payments.example')
      .set('content-type', 'text/plain')
      .send('t=1,v1=signature')
      .expect(200);
    expect(res.body).toMatchObject({ service: 'billing', url: '/api/billing/webhook' });
    // Only that exact path: its neighbours are guarded.
    await request(app).post('/api/billing/other').set('origin', 'https://payments.example').send({}).expect(403);
  });

  it('leaves GET requests alone, whatever their origin', async () => {
    await request(app).get('/api/echo').set('origin', 'https://evil.example').expect(200);
    await request(app).get('/api/echo').set('referer', 'https://evil.example/').set('content-type', 'text/plain').expect(200);
    await request(app).head('/api/echo').set('origin', 'https://evil.example').expect(200);
  });
});
