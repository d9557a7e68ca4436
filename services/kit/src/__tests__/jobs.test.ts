import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../database.js';
import { createJobs, type Jobs } from '../jobs.js';
import { dropSchemas, migrationsFolder, tempDir, testDatabaseUrl, uniqueService } from './helpers.js';

const QUEUE = 'test-queue';
const poll = { pollingIntervalSeconds: 0.5 };

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeoutMs} ms; last value ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface Backend {
  name: string;
  /** Opens the same store every time it is called (file-backed PGlite or one server schema). */
  open: () => Promise<Database<Record<string, unknown>>>;
  cleanup: () => Promise<void>;
}

function pgliteBackend(): Backend {
  const { dir, remove } = tempDir();
  return {
    name: 'PGlite (file-backed)',
    open: () => openDatabase({ service: 'jobs', dataDir: dir, migrationsFolder }),
    cleanup: async () => remove(),
  };
}

function postgresBackend(url: string): Backend {
  const service = uniqueService('kit_jobs');
  return {
    name: 'PostgreSQL',
    open: () => openDatabase({ service, dataDir: '/nonexistent', databaseUrl: url, migrationsFolder }),
    cleanup: () => dropSchemas(url, [service, `${service}_jobs`]),
  };
}

const backends: Backend[] = [pgliteBackend(), ...(testDatabaseUrl ? [postgresBackend(testDatabaseUrl)] : [])];

describe.each(backends)('jobs on $name', (backend) => {
  afterAll(() => backend.cleanup());

  async function withJobs(run: (jobs: Jobs, database: Database<Record<string, unknown>>) => Promise<void>) {
    const database = await backend.open();
    const jobs = await createJobs({ database });
    try {
      await jobs.createQueue(QUEUE);
      await run(jobs, database);
    } finally {
      await jobs.stop({ graceful: true, timeout: 5_000, wait: true });
      await database.close();
    }
  }

  it('puts the queue in the <service>_jobs schema and a worker completes a sent job', async () => {
    await withJobs(async (jobs, database) => {
      const seen: unknown[] = [];
      await jobs.work<{ n: number }>(QUEUE, poll, async ([job]) => {
        seen.push(job!.data);
        return { doubled: job!.data.n * 2 };
      });
      const id = await jobs.send(QUEUE, { n: 21 });
      expect(id).toBeTruthy();
      const job = await waitFor(() => jobs.getJobById(QUEUE, id!), (j) => j?.state === 'completed');
      expect(job?.output).toEqual({ doubled: 42 });
      expect(seen).toEqual([{ n: 21 }]);
      await jobs.offWork(QUEUE);
      const jobsSchema = `${database.kind === 'postgres' ? database.schema : 'jobs'}_jobs`;
      const found = await database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from information_schema.tables where table_schema = ${jobsSchema} and table_name = 'job'`,
      );
      expect(found.rows[0]?.n).toBe(1);
    });
  });

  it('retries a job whose handler throws, then marks it failed', async () => {
    await withJobs(async (jobs) => {
      let attempts = 0;
      await jobs.work(QUEUE, poll, async () => {
        attempts += 1;
        throw new Error(`attempt ${attempts} failed`);
      });
      const id = await jobs.send(QUEUE, {}, { retryLimit: 1, retryDelay: 0 });
      const job = await waitFor(() => jobs.getJobById(QUEUE, id!), (j) => j?.state === 'failed');
      expect(attempts).toBe(2);
      expect(job?.retryCount).toBe(1);
      expect(JSON.stringify(job?.output)).toContain('attempt 2 failed');
      await jobs.offWork(QUEUE);
    });
  });

  it('keeps a queued job across a close and reopen of the database', async () => {
    let id: string | null = null;
    await withJobs(async (jobs) => {
      id = await jobs.send(QUEUE, { durable: true });
    });
    await withJobs(async (jobs) => {
      const seen: unknown[] = [];
      await jobs.work(QUEUE, poll, async ([job]) => {
        seen.push(job!.data);
      });
      await waitFor(() => jobs.getJobById(QUEUE, id!), (j) => j?.state === 'completed');
      expect(seen).toEqual([{ durable: true }]);
      await jobs.offWork(QUEUE);
    });
  });
});
