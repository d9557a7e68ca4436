import express from 'express';
import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdempotencyStore } from '../idempotency.js';
import { dropSchemas, testDatabaseUrl, uniqueService } from './helpers.js';

const schema = uniqueService('idempotency');
let pool: pg.Pool;

beforeAll(async () => {
  pool = new pg.Pool({ connectionString: testDatabaseUrl(), max: 3 });
  await pool.query(`create schema "${schema}"`);
});
afterAll(async () => {
  await pool.end();
  await dropSchemas(testDatabaseUrl(), [schema]);
});

describe('the idempotency store', () => {
  it('keeps a 4xx answer for the key, but not a 429, a 5xx or a start dropped for its gone client (499): a retry after those runs again', async () => {
    const store = await createIdempotencyStore({ pool, schema });
    const answers = [429, 503, 499, 202, 400];
    let runs = 0;
    const app = express();
    app.use(express.json());
    app.use((req, _res, next) => {
      (req as unknown as { identity: { userId: string } }).identity = { userId: 'u1' };
      next();
    });
    app.post('/start', store.middleware(), (_req, res) => {
      const status = answers[runs++]!;
      res.status(status).json({ status });
    });
    const post = (key: string) => request(app).post('/start').set('Idempotency-Key', key).send({ prompt: 'x' });
    expect((await post('a')).status).toBe(429);
    expect((await post('a')).status).toBe(503);
    expect((await post('a')).status).toBe(499);
    const accepted = await post('a');
    expect(accepted.status).toBe(202);
    const replay = await post('a');
    expect([replay.status, replay.headers['idempotent-replayed']]).toEqual([202, 'true']);
    expect(runs).toBe(4);
    expect((await post('b')).status).toBe(400);
    expect((await post('b')).status).toBe(400);
    expect(runs).toBe(5);
  });
});
