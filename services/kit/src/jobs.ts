import { PgBoss, type ConstructorOptions, type Job, type JobWithMetadata, type Queue } from 'pg-boss';
import { assertSchemaName, schemaNameOf, type Database } from './database.js';
import type { Logger } from './logger.js';

export { PgBoss };
export type Jobs = PgBoss;
export type { Job, JobWithMetadata };

/**
 * How a job whose worker died is noticed: the working process refreshes the job's heartbeat every
 * half of this, and a job without one for this long is failed (then retried) by pg-boss's monitor.
 */
export const JOB_HEARTBEAT_SECONDS = 10;
/** How often pg-boss's monitor looks for silent jobs (and does its other upkeep). */
export const JOB_MONITOR_INTERVAL_SECONDS = 3;
/**
 * Workers wake at once on a new job (LISTEN/NOTIFY); this slow poll is the safety net for what
 * NOTIFY does not announce (a retry whose delay has passed, a listener that reconnected).
 */
export const JOB_SAFETY_POLL_SECONDS = 3;

export interface CreateJobsOptions {
  database: Pick<Database<Record<string, unknown>>, 'service' | 'schema' | 'databaseUrl'>;
  /** pg-boss's schema; defaults to `<tables' schema>_jobs`. */
  schema?: string;
  logger?: Logger;
  /** Extra pg-boss constructor options (intervals, pool size, …). */
  options?: Omit<ConstructorOptions, 'db' | 'connectionString' | 'schema'>;
}

/**
 * Starts pg-boss on the service's PostgreSQL server in a schema of its own, with LISTEN/NOTIFY on
 * so a job sent is picked up in milliseconds, and a monitor that retries the jobs of a dead worker
 * within seconds. Stop it with `jobs.stop({ graceful: true, timeout })`.
 */
export async function createJobs({ database, schema, logger, options = {} }: CreateJobsOptions): Promise<Jobs> {
  const jobsSchema = assertSchemaName(schema ?? `${database.schema ?? schemaNameOf(database.service)}_jobs`);
  const boss = new PgBoss({
    max: 4,
    application_name: `${database.service}-jobs`,
    useListenNotify: true,
    superviseIntervalSeconds: JOB_MONITOR_INTERVAL_SECONDS,
    monitorIntervalSeconds: JOB_MONITOR_INTERVAL_SECONDS,
    instanceName: database.service,
    ...options,
    connectionString: database.databaseUrl,
    schema: jobsSchema,
  });
  boss.on('error', (error) => logger?.error({ err: error }, 'job queue error'));
  boss.on('warning', (warning) => logger?.warn({ warning }, 'job queue warning'));
  await boss.start();
  return boss;
}

export type QueueSettings = Omit<Queue, 'name' | 'notify' | 'heartbeatSeconds'>;

/**
 * Creates (or updates) a queue whose jobs notify their workers when sent and carry a heartbeat, so
 * a job lost with its worker is retried within about JOB_HEARTBEAT_SECONDS + the monitor interval.
 */
export async function defineQueue(jobs: Jobs, name: string, settings: QueueSettings = {}): Promise<void> {
  const options = { ...settings, notify: true, heartbeatSeconds: JOB_HEARTBEAT_SECONDS };
  await jobs.createQueue(name, options);
  // A queue made by an earlier version keeps its old settings unless they are written again.
  const { policy: _policy, partition: _partition, ...updatable } = options;
  await jobs.updateQueue(name, updatable);
}

export interface StartWorkerOptions {
  /** Jobs this process works on at the same time. */
  concurrency: number;
  /** The safety poll (default JOB_SAFETY_POLL_SECONDS); tests lengthen it to prove NOTIFY wakes. */
  safetyPollSeconds?: number;
}

/**
 * Works on a queue with `concurrency` workers, one job each. The handler gets the job with its
 * metadata (retry count and limit, to know a last attempt). Returns the workers' ids (for offWork).
 *
 * One pg-boss worker per slot, each waking itself as soon as its job is done: a pg-boss worker only
 * fetches again at once if a NOTIFY arrived while it worked, so with a backlog and no new jobs sent it
 * slept until its next poll (workers idled ~3 s between jobs; 50 queued images took 9.5× the time the
 * engine needed).
 */
export async function startWorker<T extends object>(
  jobs: Jobs,
  name: string,
  { concurrency, safetyPollSeconds = JOB_SAFETY_POLL_SECONDS }: StartWorkerOptions,
  handler: (job: JobWithMetadata<T>) => Promise<unknown>,
): Promise<string[]> {
  const ids: string[] = [];
  for (let slot = 0; slot < concurrency; slot += 1) {
    const self = { id: '' };
    self.id = await jobs.work<T, unknown, { batchSize: 1; includeMetadata: true; pollingIntervalSeconds: number; notifyPollingIntervalSeconds: number }>(
      name,
      {
        batchSize: 1,
        includeMetadata: true,
        pollingIntervalSeconds: safetyPollSeconds,
        notifyPollingIntervalSeconds: safetyPollSeconds,
      },
      async ([job]) => {
        try {
          return job ? await handler(job) : undefined;
        } finally {
          // Look for the next job now, not at the next poll.
          if (self.id) jobs.notifyWorker(self.id);
        }
      },
    );
    ids.push(self.id);
  }
  return ids;
}
