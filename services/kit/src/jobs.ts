import type { PGlite } from '@electric-sql/pglite';
import PgBoss from 'pg-boss';
import { assertSchemaName, schemaNameOf, type Database } from './database.js';
import type { Logger } from './logger.js';

export { PgBoss };
export type Jobs = PgBoss;

export interface CreateJobsOptions {
  database: Pick<Database<Record<string, unknown>>, 'kind' | 'service' | 'pglite' | 'databaseUrl'>;
  /** pg-boss's schema; defaults to `<service>_jobs`. */
  schema?: string;
  logger?: Logger;
  /** Extra pg-boss constructor options (intervals, retention, …). */
  options?: Omit<PgBoss.ConstructorOptions, 'db' | 'connectionString' | 'schema'>;
}

/**
 * pg-boss's `db` adapter over one PGlite connection. Calls are serialised; SQL without parameters
 * may hold several statements (pg-boss's migrations) so it goes through `exec`.
 */
export function pgliteJobsDb(pglite: PGlite): PgBoss.Db {
  let queue: Promise<unknown> = Promise.resolve();
  return {
    executeSql(text: string, values?: unknown[]) {
      const run = async () => {
        if (values && values.length > 0) {
          const result = await pglite.query(text, values);
          return { rows: result.rows as unknown[] };
        }
        const results = await pglite.exec(text);
        return { rows: (results.at(-1)?.rows ?? []) as unknown[] };
      };
      const next = queue.then(run, run);
      queue = next.catch(() => undefined);
      return next as Promise<{ rows: unknown[] }>;
    },
  } as PgBoss.Db;
}

/**
 * Starts pg-boss on the service's own database: in process over PGlite, or on the PostgreSQL server
 * with a schema of its own. Stop it with `jobs.stop({ graceful: true, timeout })`.
 */
export async function createJobs({ database, schema, logger, options = {} }: CreateJobsOptions): Promise<Jobs> {
  const jobsSchema = assertSchemaName(schema ?? `${schemaNameOf(database.service)}_jobs`);
  let boss: PgBoss;
  if (database.kind === 'postgres') {
    if (!database.databaseUrl) throw new Error('createJobs: a PostgreSQL database without a connection string');
    boss = new PgBoss({ max: 4, application_name: `${database.service}-jobs`, ...options, connectionString: database.databaseUrl, schema: jobsSchema });
  } else {
    if (!database.pglite) throw new Error('createJobs: a PGlite database without its instance');
    boss = new PgBoss({ ...options, db: pgliteJobsDb(database.pglite), schema: jobsSchema });
  }
  boss.on('error', (error) => {
    if (logger) logger.error({ err: error }, 'job queue error');
  });
  await boss.start();
  return boss;
}
