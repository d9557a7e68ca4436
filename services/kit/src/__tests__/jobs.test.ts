import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../database.js';
import { createJobs, defineQueue, JOB_HEARTBEAT_SECONDS, startWorker, type Jobs } from '../jobs.js';
import { dropSchemas, migrationsFolder, testDatabaseUrl, uniqueService } from './helpers.js';

const QUEUE = 'test-queue';

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeoutMs} ms; last value ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const jobOf = async (jobs: Jobs, id: string) => (await jobs.findJobs(QUEUE, { id }))[0];

describe('jobs on PostgreSQL', () => {
  const url = testDatabaseUrl();
  const service = uniqueService('kit_jobs');
  afterAll(() => dropSchemas(url, [service, `${service}_jobs`]));

  async function withJobs(run: (jobs: Jobs, database: Database<Record<string, unknown>>) => Promise<void>) {
    const database = await openDatabase({ service, databaseUrl: url, migrationsFolder });
    const jobs = await createJobs({ database });
    try {
      await defineQueue(jobs, QUEUE, { retryLimit: 1, retryDelay: 0 });
      await run(jobs, database);
    } finally {
      await jobs.stop({ graceful: true, timeout: 5_000 });
      await database.close();
    }
  }

  it('puts the queue in the <schema>_jobs schema and a worker completes a sent job', async () => {
    await withJobs(async (jobs, database) => {
      const seen: unknown[] = [];
      await startWorker<{ n: number }>(jobs, QUEUE, { concurrency: 1 }, async (job) => {
        seen.push(job.data);
        return { doubled: job.data.n * 2 };
      });
      const id = await jobs.send(QUEUE, { n: 21 });
      expect(id).toBeTruthy();
      const job = await waitFor(() => jobOf(jobs, id!), (j) => j?.state === 'completed');
      expect(job?.output).toEqual({ doubled: 42 });
      expect(seen).toEqual([{ n: 21 }]);
      await jobs.offWork(QUEUE);
      const found = await database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from information_schema.tables where table_schema = ${`${database.schema}_jobs`} and table_name = 'job'`,
      );
      expect(found.rows[0]?.n).toBe(1);
    });
  });

  it('retries a job whose handler throws, then marks it failed', async () => {
    await withJobs(async (jobs) => {
      let attempts = 0;
      await startWorker(jobs, QUEUE, { concurrency: 1 }, async () => {
        attempts += 1;
        throw new Error(`attempt ${attempts} failed`);
      });
      const id = await jobs.send(QUEUE, {});
      const job = await waitFor(() => jobOf(jobs, id!), (j) => j?.state === 'failed');
      expect(attempts).toBe(2);
      expect(job?.retryCount).toBe(1);
      expect(JSON.stringify(job?.output)).toContain('attempt 2 failed');
      await jobs.offWork(QUEUE);
    });
  });

  it('keeps a queued job across a restart of the queue', async () => {
    let id: string | null = null;
    await withJobs(async (jobs) => {
      id = await jobs.send(QUEUE, { durable: true });
    });
    await withJobs(async (jobs) => {
      const seen: unknown[] = [];
      await startWorker(jobs, QUEUE, { concurrency: 1 }, async (job) => {
        seen.push(job.data);
      });
      await waitFor(() => jobOf(jobs, id!), (j) => j?.state === 'completed');
      expect(seen).toEqual([{ durable: true }]);
      await jobs.offWork(QUEUE);
    });
  });

  it('wakes an idle worker by NOTIFY: a job sent long before its next poll starts at once', async () => {
    await withJobs(async (jobs) => {
      const started: string[] = [];
      await startWorker(jobs, QUEUE, { concurrency: 1, safetyPollSeconds: 120 }, async (job) => {
        started.push(job.id);
      });
      // The worker's first fetch finds nothing; from then on only a notification can wake it early.
      await waitFor(async () => jobs.getWipData().find((w) => w.name === QUEUE)?.lastFetchedOn ?? null, (at) => at !== null);
      const id = await jobs.send(QUEUE, { n: 1 });
      // Polling alone would take 120 s; 15 s is generous for a notification on a loaded host.
      await waitFor(() => jobOf(jobs, id!), (j) => j?.state === 'completed', 15_000);
      expect(started).toEqual([id]);
      await jobs.offWork(QUEUE);
    });
  });

  it('works through a backlog job after job: a worker that finishes fetches the next at once, not at its next poll', async () => {
    await withJobs(async (jobs) => {
      // A backlog sent before any worker exists: no notification will come while they work.
      const ids = await Promise.all(Array.from({ length: 12 }, (_, n) => jobs.send(QUEUE, { n })));
      const done: number[] = [];
      await startWorker<{ n: number }>(jobs, QUEUE, { concurrency: 2, safetyPollSeconds: 120 }, async (job) => {
        await new Promise((r) => setTimeout(r, 30));
        done.push(job.data.n);
      });
      // With a 120 s poll between jobs this would take minutes; 20 s is generous on a loaded host.
      await waitFor(async () => done.length, (n) => n === ids.length, 20_000);
      expect([...done].sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, n) => n));
      await jobs.offWork(QUEUE);
    });
  });

  it('retries the job of a worker killed mid-job within 30 s (heartbeat), not after its expiry', async () => {
    const fixture = fileURLToPath(new URL('./fixtures/stuck-worker.ts', import.meta.url));
    const stuckSchema = uniqueService('kit_stuck');
    const stuckQueue = 'stuck-queue';
    const child = spawn(process.execPath, ['--import', 'tsx', fixture, url, stuckSchema, stuckQueue], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const jobs = await createJobs({ database: { service: 'kit-test', schema: stuckSchema, databaseUrl: url } });
    try {
      await waitFor(async () => output, (o) => o.includes('ready'), 30_000);
      await defineQueue(jobs, stuckQueue, { retryLimit: 2, retryDelay: 1, expireInSeconds: 3600 });
      const id = (await jobs.send(stuckQueue, { n: 1 }))!;
      await waitFor(async () => output, (o) => o.includes(`started ${id}`), 30_000);
      child.kill('SIGKILL');
      const killedAt = Date.now();
      await new Promise((r) => child.once('exit', r));

      const done: { id: string; retryCount: number }[] = [];
      await startWorker(jobs, stuckQueue, { concurrency: 1 }, async (job) => {
        done.push({ id: job.id, retryCount: job.retryCount });
      });
      const finished = await waitFor(async () => (await jobs.findJobs(stuckQueue, { id }))[0], (j) => j?.state === 'completed', 60_000);
      // An hour of expiry would still hold it; the missing heartbeat freed it.
      expect((finished!.completedOn!.getTime() - killedAt) / 1000).toBeLessThan(30);
      expect((finished!.completedOn!.getTime() - killedAt) / 1000).toBeGreaterThanOrEqual(JOB_HEARTBEAT_SECONDS - 1);
      expect(done).toEqual([{ id, retryCount: 1 }]);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await jobs.stop({ graceful: true, timeout: 5_000 });
      await dropSchemas(url, [stuckSchema, `${stuckSchema}_jobs`]);
    }
  }, 90_000);
});
