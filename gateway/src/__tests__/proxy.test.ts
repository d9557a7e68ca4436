import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import express from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IDENTITY_HEADER, SERVICE_KEEP_ALIVE_TIMEOUT_MS, verifyUserToken } from '@atelier/kit';
import { decodeJwt } from 'jose';
import { createApp } from '../app.js';
import { GATEWAY_IDLE_SOCKET_MS } from '../constants.js';
import type { GatewayApp } from '../app.js';
import { createGatewayServer } from '../http-server.js';
import { bodyDeadlineMs, createServiceProxy, JSON_GZIP_MIN_BYTES, REQUEST_BODY_TIMEOUT_MESSAGE } from '../proxy/service-proxy.js';
import {
  SECRET,
  closeAll,
  cookieValue,
  deadUrl,
  silentLogger,
  startEchoService,
  startFakeAccount,
  startServer,
  testConfig,
} from './support/servers.js';

type Account = Awaited<ReturnType<typeof startFakeAccount>>;
type Echo = Awaited<ReturnType<typeof startEchoService>>;

const VALID = cookieValue('v');
const UNKNOWN = cookieValue('u');
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

let account: Account;
let create: Echo;
let canvas: Echo;
let app: GatewayApp;

/** Routes used by these tests on top of the default table. */
const ROUTES = JSON.stringify({ '/api/echo': 'create', '/api/echo/deep': 'canvas', '/api/nowhere': 'billing' });

beforeEach(async () => {
  account = await startFakeAccount(new Map([[VALID, { userId: 'user-1', expiresAt: inAnHour() }]]));
  create = await startEchoService('create');
  canvas = await startEchoService('canvas');
  app = createApp({
    config: testConfig({
      ACCOUNT_URL: account.url,
      CREATE_URL: create.url,
      CANVAS_URL: canvas.url,
      GATEWAY_ROUTES: ROUTES,
    }),
    logger: silentLogger,
  });
});

afterEach(async () => {
  app.closeUpstreams();
  await closeAll();
});

describe('routing', () => {
  it('sends each prefix to its service with the full path and query, longest prefix first', async () => {
    const shallow = await request(app).get('/api/echo/items?page=2').expect(200);
    expect(shallow.body).toMatchObject({ service: 'create', url: '/api/echo/items?page=2', method: 'GET' });

    const deep = await request(app).get('/api/echo/deep/x').expect(200);
    expect(deep.body).toMatchObject({ service: 'canvas', url: '/api/echo/deep/x' });

    const exact = await request(app).post('/api/echo').set('content-type', 'application/json').send('"hel"').expect(200);
    expect(exact.body).toMatchObject({ service: 'create', method: 'POST', bytes: 5 });

    const defaultTable = await request(app).get('/api/auth/user').expect(200);
    expect(defaultTable.body).toMatchObject({ service: 'account', url: '/api/auth/user' });
  });

  it('matches prefixes only at a path-segment boundary', async () => {
    const res = await request(app).get('/api/echoes').expect(404);
    expect(res.body).toEqual({ error: 'Not found' });
  });

  it('answers an unknown /api path with 404 JSON, and never exposes /internal', async () => {
    expect((await request(app).get('/api/unknown').expect(404)).body).toEqual({ error: 'Not found' });
    expect((await request(app).get('/api').expect(404)).body).toEqual({ error: 'Not found' });
    expect((await request(app).get('/internal/sessions/current').expect(404)).body).toEqual({ error: 'Not found' });
    expect(account.state.hops).toBe(0);
  });

  it('refuses dot segments that could climb out of /api upstream', async () => {
    const res = await request(app).get('/api/echo/../../internal/sessions/current').expect(400);
    expect(res.body.error).toMatch(/invalid path/);
    await request(app).get('/api/echo/%2e%2e/x').expect(400);
    expect(create.received).toHaveLength(0);
  });

  it('answers 502 for a prefix whose service is not configured', async () => {
    const res = await request(app).get('/api/nowhere').expect(502);
    expect(res.body).toEqual({ error: 'Service unavailable: billing' });
  });

  it('answers 503 JSON with Retry-After when the upstream is not running, and other routes keep working', async () => {
    const local = createApp({
      config: testConfig({ ACCOUNT_URL: account.url, CREATE_URL: await deadUrl(), GATEWAY_ROUTES: ROUTES }),
      logger: silentLogger,
    });
    const res = await request(local).get('/api/echo').expect(503);
    expect(res.body).toEqual({ error: 'Service unavailable: create' });
    expect(res.headers['retry-after']).toBe('5');
    await request(local).get('/api/auth/user').expect(200);
    await request(local).get('/healthz').expect(200);
    local.closeUpstreams();
  });

  it('sends a bodiless request again, once, when the service closed the pooled connection it went out on', async () => {
    // The service drops every second request arriving on a kept-alive connection without answering (what a
    // keep-alive timeout firing as the request arrives looks like from the gateway), and answers the rest.
    const seen: string[] = [];
    const flaky = await startServer((req, res) => {
      const socket = req.socket as typeof req.socket & { served?: number };
      socket.served = (socket.served ?? 0) + 1;
      seen.push(`${req.method} ${socket.served}`);
      if (socket.served === 2) {
        req.resume();
        socket.destroy();
        return;
      }
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true })));
    });
    const local = createApp({
      config: testConfig({ ACCOUNT_URL: account.url, CREATE_URL: flaky.url, GATEWAY_ROUTES: ROUTES }),
      logger: silentLogger,
    });
    await request(local).get('/api/echo').expect(200);
    // Same pooled connection: dropped, then sent again on a fresh one and answered.
    expect((await request(local).get('/api/echo').expect(200)).body).toEqual({ ok: true });
    expect(seen).toEqual(['GET 1', 'GET 2', 'GET 1']);
    // A request with a body is never sent twice: the client hears that the service failed. (The resent GET's
    // connection is pooled again, so the POST is the second request on it.)
    seen.length = 0;
    const dropped = await request(local).post('/api/echo').set('content-type', 'application/json').send({ a: 1 });
    expect(dropped.status).toBe(503);
    expect(seen).toEqual(['POST 2']);
    await request(local).post('/api/echo').set('content-type', 'application/json').send({ a: 2 }).expect(200);
    local.closeUpstreams();
  });

  it('follows the supervisor: a service reported down answers 503 at once, and a restarted one on a new port is reached', async () => {
    const res1 = await request(app).get('/api/echo/a').expect(200);
    expect(res1.body).toMatchObject({ service: 'create' });
    app.services.update('create', { up: false });
    const down = await request(app).get('/api/echo/a').expect(503);
    expect(down.body).toEqual({ error: 'Service unavailable: create' });
    expect(down.headers['retry-after']).toBe('5');
    expect(create.received).toHaveLength(1);
    // The restarted service listens elsewhere; the route follows it.
    const moved = await startEchoService('create-moved');
    app.services.update('create', { url: moved.url, up: true });
    const back = await request(app).get('/api/echo/b').expect(200);
    expect(back.body).toMatchObject({ service: 'create-moved', url: '/api/echo/b' });
    await request(app).get('/api/echo/deep/x').expect(200);
  });

  it('logs the failed upstream call without secret query values (an OIDC callback while account is down)', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const local = createApp({ config: testConfig({ ACCOUNT_URL: await deadUrl() }), logger });
    await request(local).get('/api/auth/callback?code=sekrit-code&state=st4te').expect(503);
    const logged = lines.join('\n');
    expect(logged).toContain('upstream failed');
    expect(logged).not.toContain('sekrit-code');
    expect(logged).not.toContain('st4te');
    local.closeUpstreams();
  });

  it('keeps no per-request listeners on a keep-alive client connection (50 requests on one socket)', async () => {
    const server = createGatewayServer(app);
    const sockets: import('node:net').Socket[] = [];
    server.on('connection', (socket) => sockets.push(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const { port } = server.address() as AddressInfo;
      for (let i = 0; i < 50; i += 1) {
        await new Promise<void>((resolve, reject) => {
          http.get({ host: '127.0.0.1', port, path: '/api/echo/x', agent }, (res) => res.resume().on('end', resolve)).on('error', reject);
        });
      }
      expect(sockets).toHaveLength(1);
      expect(sockets[0]!.listenerCount('timeout')).toBeLessThanOrEqual(2);
    } finally {
      agent.destroy();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });

  it('answers 504 JSON within the configured timeout when the upstream is slow', async () => {
    const slow = await startServer((_req, res) => setTimeout(() => res.end('late'), 3_000).unref());
    const local = createApp({
      config: testConfig({ ACCOUNT_URL: account.url, CREATE_URL: slow.url, GATEWAY_ROUTES: ROUTES, UPSTREAM_TIMEOUT_MS: '200' }),
      logger: silentLogger,
    });
    const started = Date.now();
    const res = await request(local).get('/api/echo').expect(504);
    expect(res.body).toEqual({ error: 'Upstream timeout: create' });
    expect(Date.now() - started).toBeLessThan(1_500);
    local.closeUpstreams();
  });

  it('answers 408, not the service\'s 504, when the client\'s body stops arriving', async () => {
    const local = createApp({
      config: testConfig({ ACCOUNT_URL: account.url, CREATE_URL: create.url, GATEWAY_ROUTES: ROUTES, UPSTREAM_TIMEOUT_MS: '200' }),
      logger: silentLogger,
    });
    const server = createGatewayServer(local);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          // 100 bytes announced, 10 sent, then nothing.
          socket.write(`POST /api/echo HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${testConfig({}).publicUrl.origin}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"prompt":`);
        });
        let text = '';
        socket.on('data', (chunk) => (text += chunk.toString()));
        socket.on('close', () => resolve(text));
        socket.on('error', reject);
        setTimeout(() => socket.destroy(), 5_000).unref();
      });
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(answer).toContain(JSON.stringify({ error: REQUEST_BODY_TIMEOUT_MESSAGE }));
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      local.closeUpstreams();
    }
  });

  it('cuts off a body that stops or drips on a route whose own timeout is long, at the body\'s deadline', async () => {
    // The upstream waits as long as it takes for the body (a route given minutes to answer).
    const proxy = createServiceProxy({ name: 'photoshoot', target: create.url, timeoutMs: 60_000, logger: silentLogger, bodyDeadline: () => 300 });
    const mounted = express();
    mounted.use((req, res) => proxy(req, res));
    const server = createGatewayServer(mounted);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const send = (drip: boolean) =>
      new Promise<{ text: string; ms: number }>((resolve, reject) => {
        const started = Date.now();
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.write('POST /api/echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{');
          // A byte every 50 ms: never idle for long, never done.
          if (drip) dripping = setInterval(() => socket.writable && socket.write(' '), 50);
        });
        let dripping: NodeJS.Timeout | undefined;
        let text = '';
        socket.on('data', (chunk) => (text += chunk.toString()));
        socket.on('close', () => {
          clearInterval(dripping);
          resolve({ text, ms: Date.now() - started });
        });
        socket.on('error', reject);
        setTimeout(() => socket.destroy(), 5_000).unref();
      });
    try {
      for (const drip of [false, true]) {
        const { text, ms } = await send(drip);
        expect(text, drip ? 'dripping' : 'stopped').toMatch(/^HTTP\/1\.1 408 /);
        expect(text).toContain(REQUEST_BODY_TIMEOUT_MESSAGE);
        expect(ms).toBeLessThan(3_000);
      }
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      proxy.close();
    }
    // The deadline by declared length: 30 s for small bodies, 64 KB/s for large ones, 180 s at most (or unknown).
    expect(bodyDeadlineMs('100')).toBe(30_000);
    expect(bodyDeadlineMs(String(8 * 1024 * 1024))).toBe(128_000);
    expect(bodyDeadlineMs(String(100 * 1024 * 1024))).toBe(180_000);
    expect(bodyDeadlineMs(undefined)).toBe(180_000);
  });

  it('passes a malformed JSON body through untouched and returns the service’s 400', async () => {
    const res = await request(app)
      .post('/api/echo')
      .set('content-type', 'application/json')
      .send('{"prompt": "unterminated')
      .expect(400);
    expect(res.body).toEqual({ error: 'Malformed JSON body' });
  });

  it('passes the upstream’s own errors through unchanged', async () => {
    const teapot = await startServer((_req, res) => {
      res.writeHead(418, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'I am a teapot', limitReached: true }));
    });
    const local = createApp({
      config: testConfig({ ACCOUNT_URL: account.url, CREATE_URL: teapot.url, GATEWAY_ROUTES: ROUTES }),
      logger: silentLogger,
    });
    const res = await request(local).get('/api/echo').expect(418);
    expect(res.body).toEqual({ error: 'I am a teapot', limitReached: true });
    local.closeUpstreams();
  });
});

describe('identity', () => {
  it('strips identity and forwarding headers the client sent', async () => {
    const forged = 'v1.eyJ0eXAiOiJ1c2VyIiwidWlkIjoiYWRtaW4ifQ.forged';
    const res = await request(app)
      .get('/api/echo')
      .set('x-atelier-identity', forged)
      .set('x-atelier-service', forged)
      .set('x-atelier-session', VALID)
      .set('x-user-id', 'admin')
      .set('x-user', 'admin')
      .set('x-forwarded-user', 'admin')
      .set('x-remote-user', 'admin')
      .set('x-forwarded-host', 'evil.example')
      .set('x-forwarded-proto', 'gopher')
      .expect(200);
    const headers = res.body.headers as Record<string, string>;
    for (const name of ['x-atelier-identity', 'x-atelier-service', 'x-atelier-session', 'x-user-id', 'x-user', 'x-forwarded-user', 'x-remote-user']) {
      expect(headers[name], name).toBeUndefined();
    }
    expect(headers['x-forwarded-proto']).toBe('http');
    expect(headers['x-forwarded-host']).not.toBe('evil.example');
    expect(account.state.hops).toBe(0);
  });

  it('forwards a verifiable signed identity for a valid session', async () => {
    const res = await request(app).get('/api/echo').set('cookie', `other=1; atelier_sid=${VALID}`).expect(200);
    const token = res.body.headers[IDENTITY_HEADER];
    // Addressed to the service the route goes to (create), and to no other.
    expect(await verifyUserToken(SECRET, token, { audience: 'create' })).toEqual({ userId: 'user-1', sessionId: 'sid-of-user-1' });
    expect(await verifyUserToken(SECRET, token, { audience: 'account' })).toBeNull();
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ iss: 'gateway', aud: 'create', sub: 'user-1' });
    expect(claims.exp! - claims.iat!).toBe(60);
    expect(account.state.rejectedServiceTokens).toBe(0);
  });

  it('forwards no identity for an unknown session, and replaces a forged one', async () => {
    const res = await request(app)
      .get('/api/echo')
      .set('cookie', `atelier_sid=${UNKNOWN}`)
      .set(IDENTITY_HEADER, 'v1.forged.forged')
      .expect(200);
    expect(res.body.headers[IDENTITY_HEADER]).toBeUndefined();
    expect(account.state.hops).toBe(1);
  });

  it('treats a malformed cookie as signed out without asking account', async () => {
    for (const bad of ['short', `${VALID}x`, 'a'.repeat(42) + '!', '%00'.repeat(20)]) {
      const res = await request(app).get('/api/echo').set('cookie', `atelier_sid=${bad}`).expect(200);
      expect(res.body.headers[IDENTITY_HEADER]).toBeUndefined();
    }
    expect(account.state.hops).toBe(0);
  });

  it('reuses a session\'s token for a service for 30 s, then signs a fresh one', async () => {
    let now = Date.now();
    const local = createApp({
      config: testConfig({ ACCOUNT_URL: account.url, CREATE_URL: create.url, GATEWAY_ROUTES: ROUTES, SESSION_CACHE_TTL_MS: '600000' }),
      logger: silentLogger,
      clock: () => now,
    });
    const tokenOf = async () => (await request(local).get('/api/echo').set('cookie', `atelier_sid=${VALID}`).expect(200)).body.headers[IDENTITY_HEADER] as string;
    const first = await tokenOf();
    now += 29_000;
    expect(await tokenOf()).toBe(first);
    now += 2_000;
    const fresh = await tokenOf();
    expect(fresh).not.toBe(first);
    expect(decodeJwt(fresh).iat).toBe(Math.floor(now / 1000));
    local.closeUpstreams();
  });

  it('resolves a session once: the second request makes no hop', async () => {
    await request(app).get('/api/echo').set('cookie', `atelier_sid=${VALID}`).expect(200);
    const second = await request(app).get('/api/echo').set('cookie', `atelier_sid=${VALID}`).expect(200);
    expect((await verifyUserToken(SECRET, second.body.headers[IDENTITY_HEADER], { audience: 'create' }))?.userId).toBe('user-1');
    expect(account.state.hops).toBe(1);
  });

  it('evicts the session on /api/logout, so the next request asks account again', async () => {
    await request(app).get('/api/echo').set('cookie', `atelier_sid=${VALID}`).expect(200);
    expect(account.state.hops).toBe(1);
    account.sessions.delete(VALID); // what account does when it ends the session
    const logout = await request(app).get('/api/logout').set('cookie', `atelier_sid=${VALID}`).expect(200);
    expect(logout.body).toMatchObject({ service: 'account', url: '/api/logout' });
    const after = await request(app).get('/api/echo').set('cookie', `atelier_sid=${VALID}`).expect(200);
    expect(after.body.headers[IDENTITY_HEADER]).toBeUndefined();
  });

  it('evicts the old session when the browser signs in again, so the old cookie stops working at once', async () => {
    for (const [path, old] of [
      ['/api/dev-login', cookieValue('d')],
      ['/api/auth/callback?code=c&state=s', cookieValue('c')],
    ] as const) {
      account.sessions.set(old, { userId: 'user-1', expiresAt: inAnHour() });
      const before = await request(app).get('/api/echo').set('cookie', `atelier_sid=${old}`).expect(200);
      expect(before.body.headers[IDENTITY_HEADER]).toBeDefined();
      account.sessions.delete(old); // account ends the presented session when it starts the new one
      await request(app).get(path).set('cookie', `atelier_sid=${old}`).expect(200);
      const after = await request(app).get('/api/echo').set('cookie', `atelier_sid=${old}`).expect(200);
      expect(after.body.headers[IDENTITY_HEADER], path).toBeUndefined();
    }
  });

  it('goes on as signed out when account is down', async () => {
    const down = await deadUrl();
    const local = createApp({
      config: testConfig({ ACCOUNT_URL: down, CREATE_URL: create.url, GATEWAY_ROUTES: ROUTES }),
      logger: silentLogger,
    });
    const res = await request(local).get('/api/echo').set('cookie', `atelier_sid=${VALID}`).expect(200);
    expect(res.body.headers[IDENTITY_HEADER]).toBeUndefined();
    local.closeUpstreams();
  });
});

describe('JSON answers compressed for the browser', () => {
  /** Raw bytes and headers of GET `path` through the gateway (no client-side inflation). */
  async function rawGet(target: GatewayApp, path: string, acceptEncoding?: string) {
    const server = createGatewayServer(target);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { port } = server.address() as AddressInfo;
    try {
      return await new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      });
    } finally {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    }
  }

  it('gzips a JSON answer of 1 KB or more for a client that takes gzip, and leaves the rest as they are', async () => {
    const big = await rawGet(app, `/api/echo?pad=${'x'.repeat(1200)}`, 'gzip, deflate, br');
    expect(big.status).toBe(200);
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(big.headers['content-length']).toBeUndefined();
    expect(big.headers['vary']).toMatch(/accept-encoding/i);
    expect(big.headers['x-request-id']).toBeDefined(); // the gateway's own headers still there
    const answer = JSON.parse(gunzipSync(big.body).toString()) as { url: string };
    expect(answer.url).toContain('pad=xxxx');

    const refused = await rawGet(app, `/api/echo?pad=${'x'.repeat(1200)}`, 'gzip;q=0, identity');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(refused.body.toString()).url).toContain('pad=xxxx');
    const none = await rawGet(app, `/api/echo?pad=${'x'.repeat(1200)}`);
    expect(none.headers['content-encoding']).toBeUndefined();
    const small = await rawGet(app, '/api/echo', 'gzip');
    expect(Number(small.headers['content-length'])).toBeLessThan(JSON_GZIP_MIN_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe('client address', () => {
  const seenBy = async (trusted: string | undefined, forwardedFor: string | undefined) => {
    const gateway = createApp({
      config: testConfig({ ACCOUNT_URL: account.url, CREATE_URL: create.url, GATEWAY_ROUTES: ROUTES, ...(trusted ? { TRUSTED_PROXIES: trusted } : {}) }),
      logger: silentLogger,
    });
    const req = request(gateway).get('/api/echo');
    const res = await (forwardedFor ? req.set('x-forwarded-for', forwardedFor) : req).expect(200);
    gateway.closeUpstreams();
    return (res.body.headers as Record<string, string>)['x-forwarded-for'];
  };

  it('is the TCP peer, whatever X-Forwarded-For the client sent, when no proxy is trusted', async () => {
    expect(await seenBy(undefined, undefined)).toBe('127.0.0.1');
    expect(await seenBy(undefined, '203.0.113.7')).toBe('127.0.0.1');
  });

  it('is the address a trusted load balancer forwarded, walking back through trusted hops only', async () => {
    // The peer (127.0.0.1) is the trusted balancer; it appended the client it saw last.
    expect(await seenBy('loopback', '198.51.100.1, 203.0.113.7')).toBe('203.0.113.7');
    // A second trusted hop (203.0.113.0/24, a CDN) passes the walk one step further back.
    expect(await seenBy('loopback,203.0.113.0/24', '198.51.100.1, 203.0.113.7')).toBe('198.51.100.1');
    // Something that is not an address ends the walk at the last trusted hop.
    expect(await seenBy('loopback', 'nonsense')).toBe('127.0.0.1');
    expect(await seenBy('loopback', undefined)).toBe('127.0.0.1');
  });

  it('refuses a TRUSTED_PROXIES entry that is not an address or a range', () => {
    expect(() => testConfig({ TRUSTED_PROXIES: 'loopback,10.0.0.0/33' })).toThrow(/TRUSTED_PROXIES/);
    expect(() => testConfig({ TRUSTED_PROXIES: 'lb.internal' })).toThrow(/TRUSTED_PROXIES/);
  });
});

describe('request id', () => {
  it('keeps a sane client id, forwards it and returns it', async () => {
    const res = await request(app).get('/api/echo').set('x-request-id', 'abc.DEF_123-x').expect(200);
    expect(res.headers['x-request-id']).toBe('abc.DEF_123-x');
    expect(res.body.headers['x-request-id']).toBe('abc.DEF_123-x');
  });

  it('replaces a missing or unsafe id with a UUID', async () => {
    const uuid = /^[0-9a-f-]{36}$/;
    const none = await request(app).get('/api/echo').expect(200);
    expect(none.headers['x-request-id']).toMatch(uuid);
    expect(none.body.headers['x-request-id']).toBe(none.headers['x-request-id']);
    const unsafe = await request(app).get('/api/echo').set('x-request-id', 'a b<script>').expect(200);
    expect(unsafe.headers['x-request-id']).toMatch(uuid);
    const long = await request(app).get('/healthz').set('x-request-id', 'x'.repeat(129)).expect(200);
    expect(long.headers['x-request-id']).toMatch(uuid);
  });
});

describe('over a real socket', () => {
  async function listen(target: GatewayApp) {
    const server = createGatewayServer(target);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { port } = server.address() as AddressInfo;
    return {
      port,
      close: () =>
        new Promise<void>((done) => {
          server.close(() => done());
          server.closeAllConnections();
        }),
    };
  }

  it('streams a 20 MB multipart upload through without buffering it', async () => {
    const gateway = await listen(app);
    const boundary = 'atelier-boundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const chunk = Buffer.alloc(1024 * 1024, 7);
    const chunks = 20;
    const total = head.length + chunks * chunk.length + tail.length;

    const upstreamStarted = new Promise<void>((done) => create.events.once('first-byte', () => done()));
    const response = new Promise<{ status: number; body: string }>((done, fail) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: gateway.port,
          path: '/api/echo/upload',
          method: 'POST',
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': total },
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (text: string) => (body += text));
          res.on('end', () => done({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', fail);
      void (async () => {
        req.write(head);
        req.write(chunk);
        // The service must see bytes while the client still holds back 19 MB: nothing is buffered.
        await upstreamStarted;
        for (let i = 1; i < chunks; i++) {
          if (!req.write(chunk)) await new Promise((r) => req.once('drain', r));
        }
        req.end(tail);
      })().catch(fail);
    });

    const { status, body } = await response;
    expect(status).toBe(200);
    expect(JSON.parse(body)).toMatchObject({ service: 'create', bytes: total });
    await gateway.close();
  });

  it('survives a client that aborts mid-upload and keeps serving', async () => {
    const gateway = await listen(app);
    await new Promise<void>((done) => {
      const req = http.request({
        host: '127.0.0.1',
        port: gateway.port,
        path: '/api/echo/upload',
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': 10_000_000 },
      });
      req.on('error', () => done());
      req.write(Buffer.alloc(100_000));
      create.events.once('first-byte', () => {
        req.destroy();
        done();
      });
    });
    await new Promise((r) => setTimeout(r, 100));
    const res = await fetch(`http://127.0.0.1:${gateway.port}/healthz`);
    expect(res.status).toBe(200);
    await gateway.close();
  });

  it('answers oversize headers with 431 JSON', async () => {
    const gateway = await listen(app);
    const one = await fetch(`http://127.0.0.1:${gateway.port}/api/echo`, { headers: { 'x-big': 'a'.repeat(9_000) } });
    expect(one.status).toBe(431);
    expect(await one.json()).toEqual({ error: 'Request header too large: x-big' });
    // Beyond Node's 16 KB limit the parser refuses the request; the answer is still JSON.
    const all = await new Promise<{ status: number; body: string }>((done, fail) => {
      const req = http.get(
        { host: '127.0.0.1', port: gateway.port, path: '/api/echo', headers: { 'x-a': 'a'.repeat(8_000), 'x-b': 'b'.repeat(8_000), 'x-c': 'c'.repeat(8_000) } },
        (res) => {
          let body = '';
          res.on('data', (text: Buffer) => (body += text.toString()));
          res.on('end', () => done({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', fail);
    });
    expect(all.status).toBe(431);
    expect(JSON.parse(all.body)).toEqual({ error: 'Request headers too large' });
    expect(create.received).toHaveLength(0);
    await gateway.close();
  });
});

describe('the pool of connections to services', () => {
  it('lets an idle connection go well before a service would close it', () => {
    expect(GATEWAY_IDLE_SOCKET_MS * 2).toBeLessThanOrEqual(SERVICE_KEEP_ALIVE_TIMEOUT_MS);
  });
});
