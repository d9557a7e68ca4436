import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createBaseApp, finishApp, nestedDeeperThan } from '../app.js';
import { badRequest } from '../errors.js';
import { validate } from '../identity.js';
import { redactUrl } from '../logger.js';
import { pino } from 'pino';
import { silentLogger } from './helpers.js';
import { listen } from './media-fixtures.js';

function buildApp(readinessOk = true) {
  const app = createBaseApp({
    name: 'test',
    logger: silentLogger,
    jsonLimit: '1kb',
    readiness: [{ name: 'database', check: async () => (readinessOk ? undefined : Promise.reject(new Error('down'))) }],
  });
  app.post('/echo', validate({ body: z.object({ name: z.string().min(1) }) }), (req, res) => {
    res.json({ name: (req.body as { name: string }).name });
  });
  app.get('/items/:id', validate({ params: z.object({ id: z.coerce.number().int() }), query: z.object({ q: z.string().optional() }) }), (req, res) => {
    res.json({ id: req.params.id, query: req.query });
  });
  app.get('/boom', () => {
    throw new Error('secret internals');
  });
  app.get('/async-boom', async () => {
    await Promise.resolve();
    throw new Error('async secret');
  });
  app.get('/bad', () => {
    throw badRequest('Nope', { limitReached: true });
  });
  app.get('/zod', () => {
    z.object({ a: z.string() }).parse({});
  });
  const nested = express.Router();
  nested.post('/api/things/:id/archive', (_req, res) => void res.json({ archived: true }));
  nested.all('/api/anything', (_req, res) => void res.json({ any: true }));
  app.use(nested);
  const mounted = express.Router();
  mounted.delete('/:id', (_req, res) => void res.status(204).end());
  app.use('/mounted', mounted);
  return finishApp(app, silentLogger);
}

describe('createBaseApp', () => {
  it('answers /healthz and /readyz', async () => {
    const app = buildApp();
    expect((await request(app).get('/healthz').expect(200)).body).toMatchObject({ status: 'ok' });
    expect((await request(app).get('/readyz').expect(200)).body).toMatchObject({ status: 'ok', checks: { database: 'ok' } });
  });

  it('answers /readyz with 503 when a check fails', async () => {
    const res = await request(buildApp(false)).get('/readyz').expect(503);
    expect(res.body).toMatchObject({ checks: { database: 'failed' } });
  });

  it('echoes a well-formed request id and replaces a bad one with a UUID', async () => {
    const app = buildApp();
    const kept = await request(app).get('/healthz').set('x-request-id', 'abc.DEF_12-3');
    expect(kept.headers['x-request-id']).toBe('abc.DEF_12-3');
    const replaced = await request(app).get('/healthz').set('x-request-id', 'bad id with spaces');
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const made = await request(app).get('/healthz');
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('validates bodies, params and query', async () => {
    const app = buildApp();
    expect((await request(app).post('/echo').send({ name: 'Ada' }).expect(200)).body).toEqual({ name: 'Ada' });
    const bad = await request(app).post('/echo').send({ name: '' }).expect(400);
    expect(bad.body.error).toMatch(/^Invalid body: name:/);
    expect((await request(app).get('/items/7?q=x').expect(200)).body).toEqual({ id: 7, query: { q: 'x' } });
    expect((await request(app).get('/items/abc').expect(400)).body.error).toMatch(/^Invalid params: id:/);
    // A parameter given twice is named, not read as NaN.
    expect((await request(app).get('/items/7?q=x&q=y').expect(400)).body).toEqual({ error: 'Invalid query: q is given more than once' });
    expect((await request(app).get('/items/%E0%A4%A').expect(400)).body).toEqual({ error: 'Invalid request: the address has a malformed %-escape' });
  });

  it('answers malformed JSON with 400, a too large body with 413 and a wrong content type with 415', async () => {
    const app = buildApp();
    const malformed = await request(app).post('/echo').set('content-type', 'application/json').send('{"name":');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ error: 'Malformed JSON body' });
    const large = await request(app).post('/echo').send({ name: 'x'.repeat(5_000) });
    expect(large.status).toBe(413);
    expect(large.body).toEqual({ error: 'Request body too large' });
    const text = await request(app).post('/echo').set('content-type', 'text/plain').send('name=Ada');
    expect(text.status).toBe(415);
    expect(text.body).toEqual({ error: 'Content-Type must be application/json' });
    const empty = await request(app).post('/echo').expect(400);
    expect(empty.body.error).toMatch(/^Invalid body/);
  });

  it('says what is wrong with a body that is JSON but not an object, not UTF-8, or does not decompress', async () => {
    const app = buildApp();
    for (const json of ['null', '1e308', '"x"', '7']) {
      const res = await request(app).post('/echo').set('content-type', 'application/json').send(json);
      expect(res.status, json).toBe(400);
      expect(res.body).toEqual({ error: 'Invalid JSON body: send a JSON object' });
    }
    // "\xff\xfe\xc3(" inside a string: body-parser would hand on U+FFFD in their place.
    const latin = Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xff, 0xfe, 0xc3, 0x28]), Buffer.from('"}')]);
    const server = await listen(app);
    try {
      const notUtf8 = await fetch(`${server.url}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: latin });
      expect(notUtf8.status).toBe(400);
      expect(await notUtf8.json()).toEqual({ error: 'Invalid request: the body is not valid UTF-8' });
    } finally {
      await server.close();
    }
    for (const encoding of ['gzip', 'deflate', 'br']) {
      const res = await request(app).post('/echo').set('content-type', 'application/json').set('content-encoding', encoding).send('{"name":"not compressed"}');
      expect(res.status, encoding).toBe(400);
      expect(res.body).toEqual({ error: `The body could not be decompressed (Content-Encoding: ${encoding})` });
    }
  });

  it('refuses a body nested deeper than 64 levels with 400, before any handler walks it', async () => {
    const app = buildApp();
    const nested = (depth: number) => `{"name":"x","a":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;
    const deep = await request(app).post('/echo').set('content-type', 'application/json').send(nested(400));
    expect(deep.status).toBe(400);
    expect(deep.body).toEqual({ error: 'Invalid request: the body is nested too deeply (at most 64 levels)' });
    // 64 levels (the object and 63 arrays) pass.
    expect((await request(app).post('/echo').set('content-type', 'application/json').send(nested(64))).status).toBe(200);
    expect((await request(app).post('/echo').set('content-type', 'application/json').send(nested(65))).status).toBe(400);
    expect(nestedDeeperThan({ a: [{ b: [] }] }, 4)).toBe(false);
    expect(nestedDeeperThan({ a: [{ b: [] }] }, 3)).toBe(true);
    expect(nestedDeeperThan('text', 0)).toBe(false);
  });

  it('still takes a gzip body and UTF-8 beyond ASCII', async () => {
    const { gzipSync } = await import('node:zlib');
    const server = await listen(buildApp());
    try {
      const zipped = await fetch(`${server.url}/echo`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, body: gzipSync('{"name":"Zoë 👗"}') });
      expect(await zipped.json()).toEqual({ name: 'Zoë 👗' });
    } finally {
      await server.close();
    }
  });

  it('answers 405 with Allow for a path that exists under another method, nested and mounted routers included', async () => {
    const app = buildApp();
    const put = await request(app).put('/echo').send({ name: 'x' }).expect(405);
    expect(put.body).toEqual({ error: 'Method not allowed' });
    expect(put.headers.allow).toBe('POST');
    expect((await request(app).delete('/items/7').expect(405)).headers.allow).toBe('GET, HEAD');
    expect((await request(app).get('/api/things/42/archive').expect(405)).headers.allow).toBe('POST');
    expect((await request(app).post('/mounted/9').expect(405)).headers.allow).toBe('DELETE');
    await request(app).delete('/mounted/9').expect(204);
    await request(app).patch('/api/anything').expect(200);
    await request(app).post('/api/things/42/archive').expect(200);
    // No route has the path: still 404.
    await request(app).put('/nowhere').expect(404);
  });

  it('answers unknown routes with a JSON 404', async () => {
    const res = await request(buildApp()).get('/nowhere').expect(404);
    expect(res.body).toEqual({ error: 'Not found' });
  });

  it('turns errors into { error } with the right status and never leaks internals', async () => {
    const app = buildApp();
    for (const path of ['/boom', '/async-boom']) {
      const res = await request(app).get(path).expect(500);
      expect(res.body).toEqual({ error: 'Internal server error' });
      expect(res.text).not.toMatch(/secret|at \//);
    }
    expect((await request(app).get('/bad').expect(400)).body).toEqual({ error: 'Nope', limitReached: true });
    expect((await request(app).get('/zod').expect(400)).body.error).toMatch(/^Invalid request: a:/);
  });

  it('leaves apps without a body schema to take other content types', async () => {
    const app = express();
    app.use(express.json());
    app.post('/raw', (_req, res) => res.json({ ok: true }));
    await request(app).post('/raw').set('content-type', 'text/plain').send('x').expect(200);
  });

  it('keeps the exact bytes of a JSON body on the paths that ask for them, and only there', async () => {
    const app = createBaseApp({ name: 'test', logger: silentLogger, rawBodyPaths: ['/hook'] });
    const seen = (req: express.Request, res: express.Response) => res.json({ raw: req.rawBody?.toString('utf8') ?? null, body: req.body as unknown });
    app.post('/hook', seen);
    app.post('/other', seen);
    const bytes = '{ "b" : 1,  "a":"é" }';
    const hook = await request(finishApp(app, silentLogger)).post('/hook').set('content-type', 'application/json').send(bytes).expect(200);
    expect(hook.body).toEqual({ raw: bytes, body: { b: 1, a: 'é' } });
    const other = await request(app).post('/other').set('content-type', 'application/json').send(bytes).expect(200);
    expect(other.body).toEqual({ raw: null, body: { b: 1, a: 'é' } });
    const query = await request(app).post('/hook?x=1').set('content-type', 'application/json').send(bytes).expect(200);
    expect(query.body.raw).toBe(bytes);
  });
});

describe('request logs', () => {
  it('never print secret query values, such as an OIDC callback code and state', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const app = createBaseApp({ name: 'test', logger });
    app.get('/api/auth/callback', (_req, res) => res.redirect(302, '/app'));
    finishApp(app, logger);
    await request(app).get('/api/auth/callback?code=sekrit-code-123&state=st4te&iss=https%3A%2F%2Fissuer&page=2').expect(302);
    const logged = lines.join('\n');
    expect(logged).not.toContain('sekrit-code-123');
    expect(logged).not.toContain('st4te');
    expect(logged).toContain('/api/auth/callback?code=[redacted]&state=[redacted]&iss=https%3A%2F%2Fissuer&page=2');
  });

  it("leave out health checks and the services' poll for deleted accounts, and keep the rest", async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const app = createBaseApp({ name: 'test', logger });
    app.get('/internal/erasures', (_req, res) => res.json({ userIds: [] }));
    app.post('/internal/erasures/:id/done', (_req, res) => res.status(204).end());
    finishApp(app, logger);
    await request(app).get('/healthz').expect(200);
    await request(app).get('/internal/erasures').expect(200);
    await request(app).post('/internal/erasures/u-1/done').expect(204);
    const urls = lines.map((line) => (JSON.parse(line) as { url?: string }).url).filter(Boolean);
    expect(urls).toEqual(['/internal/erasures/u-1/done']);
  });

  it('redactUrl keeps names and harmless values', () => {
    expect(redactUrl('/a')).toBe('/a');
    expect(redactUrl('/a?')).toBe('/a?');
    expect(redactUrl('/x?url=%2Fmedia%2Fk.png&access_token=t&flag&API_KEY=k')).toBe('/x?url=%2Fmedia%2Fk.png&access_token=[redacted]&flag&API_KEY=[redacted]');
    expect(redactUrl('/x?%73tate=s')).toBe('/x?%73tate=[redacted]'); // an encoded name is still a secret
    // Presigned URLs and short names; words that merely contain them stay (design, author).
    expect(redactUrl('/m?X-Amz-Credential=c&X-Amz-Signature=s&sig=1&jwt=j&pwd=p&design=d&author=a')).toBe(
      '/m?X-Amz-Credential=[redacted]&X-Amz-Signature=[redacted]&sig=[redacted]&jwt=[redacted]&pwd=[redacted]&design=d&author=a',
    );
  });
});
