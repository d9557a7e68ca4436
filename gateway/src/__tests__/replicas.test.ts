import { createHash } from 'node:crypto';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { createServiceDirectory, REFUSED_COOLDOWN_MS, TIMED_OUT_COOLDOWN_MS } from '../proxy/service-directory.js';
import { createSessionResolver } from '../session/session-resolver.js';
import { SESSION_UNHEARD_TTL_MS } from '../constants.js';
import { SECRET, closeAll, cookieValue, deadUrl, silentLogger, startEchoService, startFakeAccount, startServer, testConfig } from './support/servers.js';

afterEach(closeAll);

describe('service replicas', () => {
  it('reads a comma-separated list of upstreams per service', () => {
    const config = testConfig({ CREATE_URL: 'http://127.0.0.1:9001, http://127.0.0.1:9002/' });
    expect(config.services.create).toEqual(['http://127.0.0.1:9001', 'http://127.0.0.1:9002']);
    expect(() => testConfig({ CREATE_URL: 'http://127.0.0.1:9001,nope' })).toThrow(/CREATE_URL/);
  });

  it('balances requests round-robin across the replicas of a service', async () => {
    const [a, b] = [await startEchoService('create-a'), await startEchoService('create-b')];
    const app = createApp({ config: testConfig({ CREATE_URL: `${a.url},${b.url}`, GATEWAY_ROUTES: JSON.stringify({ '/api/echo': 'create' }) }), logger: silentLogger });
    const served: string[] = [];
    for (let i = 0; i < 6; i++) served.push((await request(app).get('/api/echo').expect(200)).body.service);
    expect(served).toEqual(['create-a', 'create-b', 'create-a', 'create-b', 'create-a', 'create-b']);
    app.closeUpstreams();
  });

  it('passes over a replica that refuses connections, sending a GET on to another at once', async () => {
    const live = await startEchoService('create-live');
    const dead = await deadUrl();
    const app = createApp({ config: testConfig({ CREATE_URL: `${dead},${live.url}`, GATEWAY_ROUTES: JSON.stringify({ '/api/echo': 'create' }) }), logger: silentLogger });
    // The first request meets the dead replica and is retried on the live one; the dead one is then passed over.
    for (let i = 0; i < 4; i++) expect((await request(app).get(`/api/echo/${i}`).expect(200)).body.service).toBe('create-live');
    expect(live.received).toHaveLength(4);
    app.closeUpstreams();
  });

  it('passes over a replica that lets a request time out (hung), asking another for a read at once', async () => {
    const live = await startEchoService('create-live');
    const asked: string[] = [];
    const hung = await startServer((req) => void asked.push(`${req.method} ${req.url}`)); // accepts, never answers
    const config = (url: string) => testConfig({ UPSTREAM_TIMEOUT_MS: '300', CREATE_URL: `${url},${live.url}`, GATEWAY_ROUTES: JSON.stringify({ '/api/echo': 'create', '/api/auth': 'create' }) });
    const app = createApp({ config: config(hung.url), logger: silentLogger });
    // The first read waits for the timeout and is then answered by the live replica; the hung one is passed over,
    // so it is asked nothing more (round-robin sent it every other request, each to a 504 after the timeout).
    expect((await request(app).get('/api/echo/0').expect(200)).body.service).toBe('create-live');
    for (let i = 1; i < 5; i++) expect((await request(app).get(`/api/echo/${i}`).expect(200)).body.service).toBe('create-live');
    expect(asked).toEqual(['GET /api/echo/0']);
    expect(live.received).toHaveLength(5);
    // Not sent again: a request without a body that is not a read (it may have been done), and a GET that signs in
    // (an OAuth code is spent once).
    for (const [method, path] of [['delete', '/api/echo/1'], ['get', '/api/auth/callback?code=once']] as const) {
      const slow = await startServer(() => undefined);
      const other = createApp({ config: config(slow.url), logger: silentLogger });
      await request(other)[method](path).expect(504);
      other.closeUpstreams();
    }
    expect(live.received).toHaveLength(5);
    app.closeUpstreams();
  });

  it('answers 503 when every replica refuses', async () => {
    const app = createApp({ config: testConfig({ CREATE_URL: `${await deadUrl()},${await deadUrl()}`, GATEWAY_ROUTES: JSON.stringify({ '/api/echo': 'create' }) }), logger: silentLogger });
    const res = await request(app).post('/api/echo').set('content-type', 'application/json').send('{}').expect(503);
    expect(res.body).toEqual({ error: 'Service unavailable: create' });
    app.closeUpstreams();
  });

  it('skips replicas reported down or refused, and reports the service down only when all are', () => {
    let now = 1_000;
    const directory = createServiceDirectory({ create: ['http://a', 'http://b', 'http://c'] }, () => now);
    directory.update('create', { up: false, replica: 1 });
    expect([directory.url('create'), directory.url('create'), directory.url('create')]).toEqual(['http://a', 'http://c', 'http://a']);
    directory.refused('create', 'http://c');
    expect([directory.url('create'), directory.url('create')]).toEqual(['http://a', 'http://a']);
    now += REFUSED_COOLDOWN_MS;
    expect(new Set([directory.url('create'), directory.url('create')])).toEqual(new Set(['http://a', 'http://c']));
    directory.timedOut('create', 'http://a');
    expect([directory.url('create'), directory.url('create')]).toEqual(['http://c', 'http://c']);
    now += TIMED_OUT_COOLDOWN_MS;
    expect(new Set([directory.url('create'), directory.url('create')])).toEqual(new Set(['http://a', 'http://c']));
    expect(directory.isDown('create')).toBe(false);
    directory.update('create', { up: false, replica: 0 });
    directory.update('create', { up: false, replica: 2 });
    expect(directory.isDown('create')).toBe(true);
    directory.update('create', { url: 'http://b2/', up: true, replica: 1 });
    expect(directory.isDown('create')).toBe(false);
    expect(directory.url('create')).toBe('http://b2');
    expect(directory.entries()).toEqual([['create', ['http://a', 'http://b2', 'http://c']]]);
  });
});

describe('sessions ended on another gateway', () => {
  const COOKIE = cookieValue('r');
  const sessionIdOf = (cookie: string) => createHash('sha256').update(cookie).digest('hex');

  async function setup() {
    const clock = { now: Date.now() };
    const account = await startFakeAccount(new Map([[COOKIE, { userId: 'u1', expiresAt: new Date(clock.now + 3_600_000).toISOString() }]]));
    const resolver = createSessionResolver({ accountUrl: () => account.url, identityKeys: SECRET, ttlMs: 30_000, clock: () => clock.now, logger: silentLogger });
    return { clock, account, resolver };
  }

  it('forgets a session by its id (the SHA-256 of the cookie, as account stores it) when told it ended', async () => {
    const { account, resolver } = await setup();
    await resolver.resolve(COOKIE);
    await resolver.resolve(COOKIE);
    expect(account.state.hops).toBe(1);
    resolver.evictSession(sessionIdOf(COOKIE));
    account.sessions.delete(COOKIE); // signed out
    expect(await resolver.resolve(COOKIE)).toBeNull();
    expect(account.state.hops).toBe(2);
  });

  it('while not hearing of ended sessions, trusts a session for half a second only, and forgets all on each change', async () => {
    const { clock, account, resolver } = await setup();
    await resolver.resolve(COOKIE);
    resolver.setHearing(false); // the LISTEN connection dropped: what was cached may be stale
    await resolver.resolve(COOKIE);
    expect(account.state.hops).toBe(2);
    clock.now += SESSION_UNHEARD_TTL_MS - 1;
    await resolver.resolve(COOKIE);
    expect(account.state.hops).toBe(2);
    clock.now += 1;
    await resolver.resolve(COOKIE);
    expect(account.state.hops).toBe(3);
    resolver.setHearing(true); // back: notifications may have been missed in between
    await resolver.resolve(COOKIE);
    expect(account.state.hops).toBe(4);
    clock.now += 10_000;
    await resolver.resolve(COOKIE);
    expect(account.state.hops).toBe(4);
  });
});
