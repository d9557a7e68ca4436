import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import type { GatewayApp } from '../app.js';
import { closeAll, silentLogger, startEchoService, startFakeAccount, testConfig } from './support/servers.js';

const ROUTES = JSON.stringify({ '/api/echo': 'create' });
let app: GatewayApp | null = null;

async function gatewayAt(publicUrl: string): Promise<GatewayApp> {
  const account = await startFakeAccount();
  const create = await startEchoService('create');
  app = createApp({
    config: testConfig({ PUBLIC_URL: publicUrl, ACCOUNT_URL: account.url, CREATE_URL: create.url, GATEWAY_ROUTES: ROUTES }),
    logger: silentLogger,
  });
  return app;
}

afterEach(async () => {
  app?.closeUpstreams();
  app = null;
  await closeAll();
});

describe('a product on this machine opened at another of its loopback names', () => {
  it('sends http://localhost:8080/… to PUBLIC_URL http://127.0.0.1:8080/… (path and query kept, not cached)', async () => {
    const gateway = await gatewayAt('http://127.0.0.1:8080');
    const res = await request(gateway).get('/app/image?tab=video').set('host', 'localhost:8080').expect(307);
    expect(res.headers.location).toBe('http://127.0.0.1:8080/app/image?tab=video');
    expect(res.headers['cache-control']).toBe('no-store'); // PUBLIC_URL may change: a browser must not keep it
    await request(gateway).head('/api/auth/user').set('host', '[::1]:8080').expect(307);
    // A path that would name another origin stays on this one.
    expect((await request(gateway).get('//evil.example/x').set('host', 'localhost:8080')).headers.location ?? '').not.toMatch(/evil\.example/);
  });

  it('and the other way round; the canonical name itself, another port and health checks are served', async () => {
    const gateway = await gatewayAt('http://localhost:8080');
    expect((await request(gateway).get('/login').set('host', '127.0.0.1:8080').expect(307)).headers.location).toBe(
      'http://localhost:8080/login',
    );
    expect((await request(gateway).get('/healthz').set('host', '127.0.0.1:8080')).status).not.toBe(307);
    expect((await request(gateway).get('/login').set('host', 'localhost:8080')).status).not.toBe(307);
    expect((await request(gateway).get('/login').set('host', '127.0.0.1:9999')).status).not.toBe(307);
  });

  it('leaves a POST to the cross-site guard and a deployment (PUBLIC_URL not on loopback) alone', async () => {
    let gateway = await gatewayAt('http://127.0.0.1:8080');
    await request(gateway).post('/api/echo').set('host', 'localhost:8080').set('origin', 'http://localhost:8080').send({}).expect(403);
    app?.closeUpstreams();
    await closeAll();
    gateway = await gatewayAt('https://atelier.example');
    expect((await request(gateway).get('/login').set('host', 'localhost:8080')).status).not.toBe(307);
  });
});
