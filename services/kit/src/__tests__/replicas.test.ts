import pg from 'pg';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../errors.js';
import { drizzle } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import type { Db } from '../database.js';
import { advisoryLocks, inLockedTransaction } from '../exclusive.js';
import { rateLimitBy } from '../limits.js';
import { listenForNotifications, notify } from '../notifications.js';
import { createPostgresRateLimits } from '../shared-limits.js';
import { dropSchemas, testDatabaseUrl, uniqueService } from './helpers.js';

// Two pools on one schema stand for two replicas of a service.
const schema = uniqueService('replicas');
let replicaA: pg.Pool;
let replicaB: pg.Pool;

beforeAll(async () => {
  const url = testDatabaseUrl();
  replicaA = new pg.Pool({ connectionString: url, max: 5 });
  replicaB = new pg.Pool({ connectionString: url, max: 5 });
  await replicaA.query(`create schema "${schema}"`);
});

afterAll(async () => {
  await replicaA.end();
  await replicaB.end();
  await dropSchemas(testDatabaseUrl(), [schema]);
});

const until = async (check: () => boolean, timeoutMs = 5_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('rate limits in PostgreSQL', () => {
  it('counts one window across replicas, exactly, under concurrency', async () => {
    let now = 1_000_000;
    const clock = () => now;
    const a = createPostgresRateLimits({ pool: replicaA, schema, clock }).limiter({ name: 'burst', limit: 25, windowMs: 60_000 });
    const b = createPostgresRateLimits({ pool: replicaB, schema, clock }).limiter({ name: 'burst', limit: 25, windowMs: 60_000 });
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => (i % 2 ? a : b).take('user-1')));
    expect(results.filter((r) => r.ok)).toHaveLength(25);
    expect(results.find((r) => !r.ok)).toEqual({ ok: false, retryAfterSeconds: 60 });
    // Another key and another limit of the same key have their own budgets.
    expect(await a.take('user-2')).toEqual({ ok: true });
    expect(await createPostgresRateLimits({ pool: replicaA, schema, clock }).limiter({ name: 'other', limit: 1, windowMs: 60_000 }).take('user-1')).toEqual({ ok: true });
    // Retry-After counts down to the window's end (it started at the first request); then a new window starts.
    now += 45_500;
    expect(await b.take('user-1')).toEqual({ ok: false, retryAfterSeconds: 15 });
    now += 14_500;
    expect(await a.take('user-1')).toEqual({ ok: true });
  });

  it('prunes ended windows', async () => {
    let now = 5_000_000;
    const limits = createPostgresRateLimits({ pool: replicaA, schema, clock: () => now });
    await limits.limiter({ name: 'prune', limit: 1, windowMs: 1_000 }).take('old');
    now += 120_000; // more than a minute later: the next request prunes
    await limits.limiter({ name: 'prune', limit: 1, windowMs: 1_000 }).take('new');
    let keys: string[] = [];
    for (let i = 0; i < 50; i++) {
      const { rows } = await replicaA.query<{ key: string }>(`select key from "${schema}".rate_limits where name = 'prune'`);
      keys = rows.map((r) => r.key);
      if (!keys.includes('old')) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(keys).toEqual(['new']);
  });

  it('answers 429 with Retry-After and the message through rateLimitBy, whichever replica is asked', async () => {
    const appOf = (pool: pg.Pool) => {
      const app = express();
      const limits = createPostgresRateLimits({ pool, schema });
      app.get('/x', rateLimitBy({ name: 'sign-in', limits, limit: 3, windowMs: 60_000, key: () => 'address-1', message: 'Too many.' }), (_req, res) => {
        res.json({ ok: true });
      });
      app.use((error: HttpError, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
        res.status(error.status).json({ error: error.message });
      });
      return app;
    };
    const [a, b] = [appOf(replicaA), appOf(replicaB)];
    await request(a).get('/x').expect(200);
    await request(b).get('/x').expect(200);
    await request(a).get('/x').expect(200);
    const refused = await request(b).get('/x').expect(429);
    expect(refused.body).toEqual({ error: 'Too many.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(59);
  });
});

describe('advisory locks', () => {
  it('runs a sweep in one replica at a time; the other skips, and runs once the first is done', async () => {
    const a = advisoryLocks(replicaA, schema);
    const b = advisoryLocks(replicaB, schema);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let runs = 0;
    const first = a('sweep', async () => {
      runs += 1;
      await held;
    });
    await until(() => runs === 1);
    expect(await b('sweep', async () => void (runs += 1))).toBe(false);
    expect(await a('sweep', async () => void (runs += 1))).toBe(false); // another connection of the same replica too
    expect(await b('other-sweep', async () => void (runs += 10))).toBe(true);
    release();
    expect(await first).toBe(true);
    expect(await b('sweep', async () => void (runs += 100))).toBe(true);
    expect(runs).toBe(111);
    // A failing sweep releases the lock too.
    await expect(a('sweep', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await b('sweep', async () => undefined)).toBe(true);
  });
});

describe('inLockedTransaction', () => {
  it('lets one caller at a time check and write: 40 concurrent "insert while under 5" across two replicas insert exactly 5', async () => {
    await replicaA.query(`create table "${schema}".capped (id serial primary key, owner text not null)`);
    const dbs = [replicaA, replicaB].map((pool) => drizzle(pool) as unknown as Db);
    const table = sql.raw(`"${schema}".capped`);
    const addUnderCap = (db: Db, owner: string) =>
      inLockedTransaction(db, `${schema}-capped:${owner}`, async (tx) => {
        const { rows } = await tx.execute<{ n: number }>(sql`select count(*)::int as n from ${table} where owner = ${owner}`);
        // A moment between the check and the write, as an engine call or a second query would take.
        await new Promise((r) => setTimeout(r, 2));
        if (rows[0]!.n >= 5) return false;
        await tx.execute(sql`insert into ${table} (owner) values (${owner})`);
        return true;
      });
    const outcomes = await Promise.all(Array.from({ length: 40 }, (_, i) => addUnderCap(dbs[i % 2]!, i % 4 === 3 ? 'other' : 'me')));
    expect(outcomes.filter(Boolean)).toHaveLength(10);
    const { rows } = await replicaA.query<{ owner: string; n: number }>(`select owner, count(*)::int as n from "${schema}".capped group by owner order by owner`);
    expect(rows).toEqual([
      { owner: 'me', n: 5 },
      { owner: 'other', n: 5 },
    ]);
    // A failing caller rolls back its writes and releases the lock.
    await expect(
      inLockedTransaction(dbs[0]!, `${schema}-capped:me`, async (tx) => {
        await tx.execute(sql`insert into ${table} (owner) values ('me')`);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await addUnderCap(dbs[1]!, 'me')).toBe(false);
  });
});

describe('notifications', () => {
  it('hears NOTIFY on a dedicated connection and LISTENs again after the connection is killed', async () => {
    const heard: string[] = [];
    const states: boolean[] = [];
    const channel = `test_${schema}`;
    const listener = listenForNotifications({
      databaseUrl: testDatabaseUrl(),
      channel,
      applicationName: schema,
      onNotification: (payload) => heard.push(payload),
      onState: (listening) => states.push(listening),
    });
    await until(() => listener.listening);
    await notify(replicaB, channel, 'session-1');
    await until(() => heard.length === 1);
    await replicaA.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [schema]);
    await until(() => states.length >= 3 && listener.listening);
    expect(states).toEqual([true, false, true]);
    await notify(replicaB, channel, 'session-2');
    await until(() => heard.length === 2);
    expect(heard).toEqual(['session-1', 'session-2']);
    await listener.close();
  });
});
