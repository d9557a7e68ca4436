import { readMigrationFiles, type MigrationConfig } from 'drizzle-orm/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';

/** What `db.execute` resolves to: at least the rows. */
export interface RowsQueryResult<TRow> {
  rows: TRow[];
}
export interface RowsQueryResultHKT extends PgQueryResultHKT {
  type: RowsQueryResult<this['row'] extends Record<string, unknown> ? this['row'] : Record<string, unknown>>;
}

/** The drizzle database of a service. */
export type Db<TTables extends Record<string, unknown> = Record<string, never>> = PgDatabase<RowsQueryResultHKT, TTables>;

export interface OpenDatabaseOptions<TTables extends Record<string, unknown>> {
  /** The owning service; names its PostgreSQL schema unless `schema` is given. */
  service: string;
  /** The PostgreSQL server: the embedded one `npm start` runs, or DATABASE_URL. */
  databaseUrl: string;
  /** Folder of drizzle-kit's SQL migrations; applied at open. */
  migrationsFolder: string;
  /** Tables (and relations) for drizzle's relational queries. */
  tables?: TTables;
  /** PostgreSQL schema; defaults to the service name. */
  schema?: string;
  /** Pool size (default 5: a service holds few connections; pg-boss has its own). */
  maxConnections?: number;
}

export interface Database<TTables extends Record<string, unknown> = Record<string, never>> {
  db: Db<TTables>;
  service: string;
  /** The PostgreSQL schema holding the service's tables. */
  schema: string;
  /** The server's connection string. */
  databaseUrl: string;
  /** The pool behind `db`, for the rare query drizzle cannot express. */
  pool: pg.Pool;
  ping(): Promise<void>;
  close(): Promise<void>;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Applies drizzle-kit's migrations with names unqualified: drizzle-kit writes `"public"."users"` for
 * tables of the default schema, which must instead resolve through the service's search_path.
 */
async function applyMigrations(db: unknown, config: MigrationConfig): Promise<void> {
  const migrations = readMigrationFiles(config).map((migration) => ({
    ...migration,
    sql: migration.sql.map((statement) => statement.replaceAll('"public".', '')),
  }));
  // What drizzle's own migrate() does, with the rewritten statements.
  const internals = db as { dialect: { migrate(m: unknown, s: unknown, c: MigrationConfig): Promise<void> }; session: unknown };
  await internals.dialect.migrate(migrations, internals.session, config);
}

/** Checks a schema name before it is written into SQL (it cannot be a bound parameter). */
export function assertSchemaName(schema: string): string {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
  return schema;
}

/** A service's folder name made into a schema name: `photo-shoot` → `photo_shoot`. */
export const schemaNameOf = (service: string) => assertSchemaName(service.toLowerCase().replace(/[^a-z0-9_]/g, '_'));

/**
 * Opens the service's own schema on the PostgreSQL server (created when missing) and applies its
 * migrations; replicas starting together migrate one at a time.
 */
export async function openDatabase<TTables extends Record<string, unknown> = Record<string, never>>(
  options: OpenDatabaseOptions<TTables>,
): Promise<Database<TTables>> {
  if (!options.databaseUrl) throw new Error(`openDatabase(${options.service}): no database URL`);
  return openPostgres(options, options.databaseUrl);
}

async function openPostgres<TTables extends Record<string, unknown>>(
  options: OpenDatabaseOptions<TTables>,
  databaseUrl: string,
): Promise<Database<TTables>> {
  const schema = options.schema ? assertSchemaName(options.schema) : schemaNameOf(options.service);
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.maxConnections ?? 5,
    // Every connection sees the service's own schema first; unqualified names resolve there.
    options: `-c search_path=${schema}`,
    application_name: options.service,
  });
  pool.on('error', () => undefined); // idle-client errors surface on the next query instead
  try {
    const client = await pool.connect();
    try {
      // Replicas starting together migrate one at a time.
      await client.query('select pg_advisory_lock(hashtext($1))', [`atelier-migrate-${schema}`]);
      try {
        await client.query(`create schema if not exists "${schema}"`);
        const lockedDb = drizzlePg({ client });
        await applyMigrations(lockedDb, { migrationsFolder: options.migrationsFolder, migrationsSchema: schema });
      } finally {
        await client.query('select pg_advisory_unlock(hashtext($1))', [`atelier-migrate-${schema}`]);
      }
    } finally {
      client.release();
    }
    const db = drizzlePg({ client: pool, schema: options.tables });
    return {
      db: db as unknown as Db<TTables>,
      service: options.service,
      schema,
      databaseUrl,
      pool,
      async ping() {
        await pool.query('select 1');
      },
      async close() {
        if (!pool.ended && !pool.ending) await pool.end();
      },
    };
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
}
