import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { openDatabase } from '@atelier/kit';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../db/migrations.js';
import { testDatabaseUrl } from './helpers.js';

describe('migration 0001 (ledger, events, plan periods)', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('upgrades a database made by 0000: existing users start their plan at sign-up', async () => {
    const root = mkdtempSync(join(tmpdir(), 'account-migrate-'));
    dirs.push(root);
    // The migrations folder as it was before 0001.
    const before = join(root, 'drizzle-0000');
    cpSync(migrationsFolder, before, { recursive: true });
    const journalPath = join(before, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
    journal.entries = journal.entries.filter((e) => e.tag.startsWith('0000_'));
    writeFileSync(journalPath, JSON.stringify(journal));

    const schema = `account_mig_${randomBytes(4).toString('hex')}`;
    const databaseUrl = testDatabaseUrl();
    const old = await openDatabase({ service: 'account', schema, databaseUrl, migrationsFolder: before });
    await old.db.execute(sql`insert into users (plan, first_name, created_at) values ('free', 'Early', '2024-05-01T10:00:00Z')`);
    await old.close();

    const upgraded = await openDatabase({ service: 'account', schema, databaseUrl, migrationsFolder });
    try {
      const { rows } = await upgraded.db.execute(sql`select plan_started_at, billing_period_start, stripe_subscription_id from users`);
      expect(rows).toHaveLength(1);
      expect(new Date(rows[0]!.plan_started_at as string).toISOString()).toBe('2024-05-01T10:00:00.000Z');
      expect(rows[0]).toMatchObject({ billing_period_start: null, stripe_subscription_id: null });
      const tables = await upgraded.db.execute(sql`select table_name from information_schema.tables where table_schema = ${schema} order by 1`);
      expect(tables.rows.map((r) => r.table_name)).toEqual(expect.arrayContaining(['credit_movements', 'events', 'usage_periods', 'users']));
    } finally {
      await upgraded.db.execute(sql.raw(`drop schema if exists "${schema}" cascade`));
      await upgraded.close();
    }
  });
});
