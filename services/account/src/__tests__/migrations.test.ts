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

describe('migration 0002 (what a movement paid for)', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('adds an empty source to older movements, photoshoot for those of the avatar counter', async () => {
    const root = mkdtempSync(join(tmpdir(), 'account-migrate-'));
    dirs.push(root);
    const before = join(root, 'drizzle-0001');
    cpSync(migrationsFolder, before, { recursive: true });
    const journalPath = join(before, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
    journal.entries = journal.entries.filter((e) => /^000[01]_/.test(e.tag));
    writeFileSync(journalPath, JSON.stringify(journal));

    const schema = `account_mig_${randomBytes(4).toString('hex')}`;
    const databaseUrl = testDatabaseUrl();
    const old = await openDatabase({ service: 'account', schema, databaseUrl, migrationsFolder: before });
    const { rows: users } = await old.db.execute(sql`insert into users (plan) values ('basic') returning id`);
    const userId = users[0]!.id as string;
    const { rows: periods } = await old.db.execute(
      sql`insert into usage_periods (user_id, starts_at, ends_at, plan, credits_limit, avatar_limit)
          values (${userId}, '2025-03-01T00:00:00Z', '2025-04-01T00:00:00Z', 'basic', 150, 2) returning id`,
    );
    const periodId = periods[0]!.id as string;
    await old.db.execute(
      sql`insert into credit_movements (user_id, period_id, feature, amount, kind, key)
          values (${userId}, ${periodId}, 'credits', 1, 'reserve', 'gen-1'), (${userId}, ${periodId}, 'avatar', 1, 'reserve', 'shoot-1')`,
    );
    await old.close();

    const upgraded = await openDatabase({ service: 'account', schema, databaseUrl, migrationsFolder });
    try {
      const { rows } = await upgraded.db.execute(sql`select key, source from credit_movements order by key`);
      expect(rows).toEqual([
        { key: 'gen-1', source: null },
        { key: 'shoot-1', source: 'photoshoot' },
      ]);
    } finally {
      await upgraded.db.execute(sql.raw(`drop schema if exists "${schema}" cascade`));
      await upgraded.close();
    }
  });
});
