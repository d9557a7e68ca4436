import { sql } from 'drizzle-orm';
import { pgTable, serial, text } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../database.js';
import { dropSchemas, migrationsFolder, testDatabaseUrl, uniqueService } from './helpers.js';

const notes = pgTable('notes', { id: serial('id').primaryKey(), body: text('body').notNull() });

describe('openDatabase on PostgreSQL', () => {
  const url = testDatabaseUrl();
  const service = uniqueService('kit_db');
  afterAll(() => dropSchemas(url, [service]));

  it('creates the service schema, keeps tables and the migrations table inside it, and reopens', async () => {
    const first = await openDatabase({ service, databaseUrl: url, migrationsFolder });
    expect(first.schema).toBe(service);
    await first.ping();
    await first.db.insert(notes).values({ body: 'server' });
    await first.close();

    const second = await openDatabase({ service, databaseUrl: url, migrationsFolder });
    expect(await second.db.select().from(notes)).toEqual([{ id: 1, body: 'server' }]);
    const tables = await second.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = ${service} order by table_name`,
    );
    expect(tables.rows.map((r) => r.table_name)).toEqual(['__drizzle_migrations', 'notes', 'tags']);
    const types = await second.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_type t join pg_namespace n on n.oid = t.typnamespace where t.typname = 'mood' and n.nspname = ${service}`,
    );
    expect(types.rows[0]?.n).toBe(1);
    await second.close();

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const publicNotes = await client.query(`select to_regclass('public.notes') as t`);
    await client.end();
    expect(publicNotes.rows[0].t).toBeNull();
  });

  it('lets replicas open the same schema at once', async () => {
    const shared = uniqueService('kit_par');
    try {
      const opened = await Promise.all(
        [1, 2, 3].map(() => openDatabase({ service: shared, databaseUrl: url, migrationsFolder })),
      );
      await Promise.all(opened.map((d) => d.close()));
    } finally {
      await dropSchemas(url, [shared]);
    }
  });
});
