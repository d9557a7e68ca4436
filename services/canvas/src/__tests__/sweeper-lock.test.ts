import { randomBytes } from 'node:crypto';
import { advisoryLocks, createJobs, openDatabase, type Database, type Jobs } from '@atelier/kit';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../db/migrations.js';
import { setupQueue, startWorkers, type Processor, type WorkerDeps } from '../work.js';
import { silent, testDatabaseUrl } from './helpers.js';

const schema = `canvas_sweep_${randomBytes(4).toString('hex')}`;
const opened: { database: Database; jobs: Jobs }[] = [];
const config = { concurrency: 1, jobRetries: 1, sweepIntervalMs: 40 };

/** One replica: its own pool and queue on the shared schema, as a second process would have. */
async function replica() {
  const database = await openDatabase({ service: 'canvas', schema, databaseUrl: testDatabaseUrl(), migrationsFolder });
  const jobs = await createJobs({ database, logger: silent });
  await setupQueue(jobs, config);
  opened.push({ database, jobs });
  return { database, jobs };
}

afterAll(async () => {
  for (const { jobs, database } of opened) {
    await jobs.stop({ graceful: false });
    await database.close();
  }
  const client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  await client.query(`drop schema if exists "${schema}" cascade`);
  await client.query(`drop schema if exists "${schema}_jobs" cascade`);
  await client.end();
});

describe('the sweeper with two replicas', () => {
  it('sweeps in one replica at a time (the advisory lock), both ticking every interval', async () => {
    let running = 0;
    let mostAtOnce = 0;
    let sweeps = 0;
    const processor = {
      run: async () => undefined,
      failAndRefund: async () => undefined,
      refund: async () => undefined,
      async sweep() {
        running += 1;
        sweeps += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        await new Promise((r) => setTimeout(r, 150));
        running -= 1;
      },
    } as unknown as Processor;
    const workers = [];
    for (const { database, jobs } of [await replica(), await replica()]) {
      // Only what the workers use: the queue, the interval, the log and the lock.
      const deps = { jobs, config, logger: silent, runAlone: advisoryLocks(database.pool, database.schema) } as unknown as WorkerDeps;
      workers.push(await startWorkers(deps, processor));
    }
    await new Promise((r) => setTimeout(r, 1_000));
    await Promise.all(workers.map((w) => w.stop()));
    expect(mostAtOnce).toBe(1);
    expect(sweeps).toBeGreaterThanOrEqual(3);
  });
});
