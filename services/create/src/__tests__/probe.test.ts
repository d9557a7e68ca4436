// What a security probe found, each refused with a clear 4xx instead of a 500 or a double charge.
import type { Generation } from '@atelier/contracts';
import { encodePageCursor } from '@atelier/kit';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccount, startCreate, userHeaders, waitFor, type TestAccount, type TestCreate } from './helpers.js';

describe('hostile input and retries', () => {
  let account: TestAccount;
  let create: TestCreate;
  let app: TestCreate['service']['app'];

  beforeAll(async () => {
    account = await startAccount();
    create = await startCreate(account);
    app = create.service.app;
  });
  afterAll(async () => {
    await create?.close();
    await account?.close();
  });

  const countGenerations = async (userId: string) =>
    ((await request(app).get('/api/generations?limit=100').set(userHeaders(userId))).body as { items: Generation[] }).items.length;

  it('20 concurrent retries with one Idempotency-Key make one generation and charge one credit', async () => {
    const user = await account.createUser('free');
    const key = 'retry-7f1c2e4a-0b9d';
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        request(app)
          .post('/api/generations/image')
          .set({ ...userHeaders(user), 'Idempotency-Key': key })
          .send({ prompt: 'one coat, asked for twenty times', aspectRatio: '1:1' }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(202));
    const ids = new Set(answers.map((a) => (a.body as { id: string }).id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    expect(await countGenerations(user)).toBe(1);
    expect(await account.creditsOf(user)).toMatchObject({ used: 1 });

    // Later, the same key and body replays the first answer; the same key with another body is refused.
    const again = await request(app)
      .post('/api/generations/image')
      .set({ ...userHeaders(user), 'Idempotency-Key': key })
      .send({ aspectRatio: '1:1', prompt: 'one coat, asked for twenty times' });
    expect(again.status).toBe(202);
    expect(again.body).toEqual(answers[0]!.body);
    const other = await request(app)
      .post('/api/generations/image')
      .set({ ...userHeaders(user), 'Idempotency-Key': key })
      .send({ prompt: 'another look', aspectRatio: '1:1' });
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ error: 'This Idempotency-Key was already used with a different request' });
    // Another user's identical key is theirs alone.
    const someoneElse = await account.createUser('free');
    const theirs = await request(app)
      .post('/api/generations/image')
      .set({ ...userHeaders(someoneElse), 'Idempotency-Key': key })
      .send({ prompt: 'one coat, asked for twenty times', aspectRatio: '1:1' });
    expect(theirs.status).toBe(202);
    expect(theirs.body.id).not.toBe(answers[0]!.body.id);
    expect(await account.creditsOf(user)).toMatchObject({ used: 1 });
    await waitFor(() => request(app).get(`/api/generations/${[...ids][0]}`).set(userHeaders(user)).then((r) => r.body as Generation), (g) => g.status === 'completed');
  });

  it('refuses a malformed Idempotency-Key with 400, and without a key each request is its own', async () => {
    const user = await account.createUser('free');
    const bad = await request(app)
      .post('/api/generations/image')
      .set({ ...userHeaders(user), 'Idempotency-Key': 'has space' })
      .send({ prompt: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/Idempotency-Key/);
    for (let i = 0; i < 2; i += 1) {
      expect((await request(app).post('/api/generations/image').set(userHeaders(user)).send({ prompt: 'no key' })).status).toBe(202);
    }
    expect(await countGenerations(user)).toBe(2);
  });

  it('answers 400 to NUL characters and unpaired surrogates in any field or key, and in the query', async () => {
    const user = await account.createUser('free');
    const raw = (json: string) =>
      request(app).post('/api/generations/image').set({ ...userHeaders(user), 'content-type': 'application/json' }).send(json);
    for (const json of [
      '{"prompt":"silk dress\\u0000"}',
      '{"prompt":"silk dress \\ud800 cut"}',
      '{"prompt":"trailing low \\udc00"}',
      '{"prompt":"ok","presetId":"\\u0000"}',
      '{"prompt":"ok","\\u0000":1}',
      '{"prompt":"ok","\\ud83d":1}',
      // Control characters XML cannot hold, and its noncharacters: every drawing of the picture failed on them.
      '{"prompt":"a\\u0001b"}',
      '{"prompt":"x\\u001fy"}',
      '{"prompt":"x\\uffffy"}',
    ]) {
      const response = await raw(json);
      expect(response.status, json).toBe(400);
      expect(response.body.error).toMatch(/NUL characters or unpaired surrogates/);
    }
    // A whole surrogate pair (an emoji) is ordinary text, and so are tabs and line breaks.
    expect((await raw('{"prompt":"red dress \\ud83d\\udc57"}')).status).toBe(202);
    expect((await raw('{"prompt":"red dress,\\tsilk\\nstudio\\r\\n"}')).status).toBe(202);
    const query = await request(app).get('/api/generations?cursor=%00').set(userHeaders(user));
    expect(query.status).toBe(400);
    const surrogateQuery = await request(app).get('/api/generations?cursor=%ED%A0%80').set(userHeaders(user));
    expect(surrogateQuery.status).toBe(400);
    expect(await countGenerations(user)).toBe(2);
  });

  it('answers 400 to a cursor whose date lies outside years 1–9999', async () => {
    const user = await account.createUser('free');
    const id = '3f2b8c1e-1111-4222-8333-444455556666';
    for (const at of ['+010000-01-01T00:00:00.000Z', '-000001-01-01T00:00:00.000Z', '0000-01-01T00:00:00.000Z']) {
      const cursor = Buffer.from(`${at}|${id}`).toString('base64url');
      const response = await request(app).get(`/api/generations?cursor=${cursor}`).set(userHeaders(user));
      expect(response.status, at).toBe(400);
      expect(response.body).toEqual({ error: 'Invalid cursor' });
    }
    const fine = encodePageCursor({ createdAt: new Date('9999-12-31T23:59:59.999Z'), id });
    expect((await request(app).get(`/api/generations?cursor=${fine}`).set(userHeaders(user))).status).toBe(200);
  });

  it('answers 415 to JSON in a charset other than UTF-8', async () => {
    const user = await account.createUser('free');
    const body = Buffer.from('{"prompt":"utf-16 coat"}', 'utf16le');
    const response = await request(app)
      .post('/api/generations/image')
      .set({ ...userHeaders(user), 'content-type': 'application/json; charset=utf-16le' })
      .send(body);
    expect(response.status).toBe(415);
    expect(response.body).toEqual({ error: 'Unsupported charset: send JSON in UTF-8' });
    const utf8 = await request(app)
      .post('/api/generations/image')
      .set({ ...userHeaders(user), 'content-type': 'application/json; charset=UTF-8' })
      .send('{"prompt":"utf-8 coat"}');
    expect(utf8.status).toBe(202);
  });
});
