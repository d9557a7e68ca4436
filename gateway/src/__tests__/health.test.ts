import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { closeAll, deadUrl, silentLogger, startEchoService, startFakeAccount, testConfig } from './support/servers.js';

afterEach(closeAll);

describe('health', () => {
  it('/healthz answers ok', async () => {
    const app = createApp({ config: testConfig(), logger: silentLogger });
    const res = await request(app).get('/healthz').expect(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('/readyz reports every configured service up', async () => {
    const account = await startFakeAccount();
    const create = await startEchoService('create');
    const app = createApp({ config: testConfig({ ACCOUNT_URL: account.url, CREATE_URL: create.url }), logger: silentLogger });
    const res = await request(app).get('/readyz').expect(200);
    expect(res.body).toEqual({ status: 'ok', services: { account: 'up', create: 'up' } });
  });

  it('/readyz answers 503 and marks the services that are down', async () => {
    const account = await startFakeAccount();
    const app = createApp({
      config: testConfig({ ACCOUNT_URL: account.url, CANVAS_URL: await deadUrl() }),
      logger: silentLogger,
    });
    const res = await request(app).get('/readyz').expect(503);
    expect(res.body).toEqual({ status: 'unavailable', services: { account: 'up', canvas: 'down' } });
  });

  it('/readyz tells the public only its status in production', async () => {
    const account = await startFakeAccount();
    const app = createApp({
      config: testConfig({ ACCOUNT_URL: account.url, CANVAS_URL: await deadUrl(), NODE_ENV: 'production' }),
      logger: silentLogger,
    });
    expect((await request(app).get('/readyz').expect(503)).body).toEqual({ status: 'unavailable' });
  });
});
