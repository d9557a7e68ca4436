import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp as createAccountApp, loadAccountConfig, migrationsFolder as accountMigrations } from '@atelier/account';
import type { Plan } from '@atelier/contracts';
import { createLogger, IDENTITY_HEADER, listen, openDatabase, type Database } from '@atelier/kit';
import { testServiceHeaders, testUserToken } from '@atelier/kit/testing';
import { sql } from 'drizzle-orm';
import { createService, type CreateDeps, type CreateService } from '../app.js';
import { loadCreateConfig, type CreateConfig } from '../config.js';
import { migrationsFolder } from '../db/migrations.js';

export const SECRET = 'create-test-secret-'.padEnd(48, 'x');
/** The PostgreSQL server of the test run (vitest's globalSetup starts one when none is given). */
export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: run the tests through vitest (its globalSetup starts a server)');
  return url;
}
export const silent = createLogger('create-test', 'silent');

export function tempDir(prefix = 'atelier-create-') {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** A real account service (a schema of its own on the test server) listening on 127.0.0.1. */
export interface TestAccount {
  url: string;
  database: Database;
  /** Makes a user with a plan straight in the account database. */
  createUser(plan?: Plan): Promise<string>;
  /** Credits used in the user's current period (through the account's own limits route). */
  creditsOf(userId: string): Promise<{ used: number; limit: number }>;
  /** The ledger's movements of a key: reserve and refund amounts. */
  movements(key: string): Promise<{ kind: string; amount: number; status: number | null }[]>;
  /** The line the history shows for the reserve of a key (the work's prompt, cut). */
  noteOf(key: string): Promise<string | null>;
  close(): Promise<void>;
}

export async function startAccount(): Promise<TestAccount> {
  const config = loadAccountConfig({ IDENTITY_SECRET: SECRET, DATABASE_URL: testDatabaseUrl(), LOG_LEVEL: 'silent', ERASURE_GRACE_MS: '0' });
  const schema = `account_ct_${randomBytes(4).toString('hex')}`;
  const database = await openDatabase({ service: 'account', schema, databaseUrl: config.databaseUrl, migrationsFolder: accountMigrations });
  const server = await listen(createAccountApp({ config, database, logger: silent }), { port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    database,
    async createUser(plan = 'free') {
      const subject = randomBytes(8).toString('hex');
      const result = await database.db.execute<{ id: string }>(
        sql`insert into users (plan, first_name, email, issuer, subject) values (${plan}, 'Test', ${`${subject}@example.test`}, 'test', ${subject}) returning id`,
      );
      const id = result.rows[0]!.id;
      if (plan !== 'free') {
        // Through the billing hook, so the user's period carries the plan's allowance.
        const response = await fetch(`${url}/internal/plans/set`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...testServiceHeaders(SECRET, 'billing', 'account') },
          body: JSON.stringify({ userId: id, plan }),
        });
        if (!response.ok) throw new Error(`plans/set answered ${response.status}: ${await response.text()}`);
      }
      return id;
    },
    async creditsOf(userId) {
      const response = await fetch(`${url}/api/user-limits`, { headers: userHeaders(userId, 'account') });
      if (!response.ok) throw new Error(`user-limits answered ${response.status}`);
      const body = (await response.json()) as { credits: { used: number; limit: number } };
      return body.credits;
    },
    async movements(key) {
      const result = await database.db.execute<{ kind: string; amount: number; status: number | null }>(
        sql`select kind::text as kind, amount, (result->>'status')::int as status from credit_movements where key = ${key} order by created_at, kind`,
      );
      return result.rows;
    },
    async noteOf(key) {
      const result = await database.db.execute<{ note: string | null }>(sql`select note from credit_movements where key = ${key} and kind = 'reserve'`);
      return result.rows[0]?.note ?? null;
    },
    async close() {
      await close(server);
      await database.db.execute(sql.raw(`drop schema if exists "${schema}" cascade`));
      await database.close();
    },
  };
}

/** The identity header the gateway would add for a signed-in user, addressed to `audience`. */
export function userHeaders(userId: string, audience = 'create'): Record<string, string> {
  return { [IDENTITY_HEADER]: testUserToken(SECRET, { userId, sessionId: `session-${userId}`, audience }) };
}

export interface TestCreate {
  service: CreateService;
  config: CreateConfig;
  database: Database;
  dataDir: string;
  close(): Promise<void>;
}

/** The create service over a schema of its own on the test server, wired to `account`. */
export async function startCreate(
  account: TestAccount,
  options: { env?: Record<string, string>; deps?: Partial<Omit<CreateDeps, 'config' | 'database' | 'logger'>> } = {},
): Promise<TestCreate> {
  const data = tempDir();
  const config = loadCreateConfig({
    IDENTITY_SECRET: SECRET,
    ACCOUNT_URL: account.url,
    DATA_DIR: data.dir,
    DATABASE_URL: testDatabaseUrl(),
    CREATE_SWEEP_INTERVAL_MS: '1000',
    ...options.env,
  });
  const service = `create_t_${randomBytes(4).toString('hex')}`;
  const database = await openDatabase({ service, databaseUrl: config.databaseUrl, migrationsFolder });
  const created = await createService({ config, database, logger: silent, ...options.deps });
  return {
    service: created,
    config,
    database,
    dataDir: data.dir,
    async close() {
      await created.stop({ timeoutMs: 5_000 });
      await database.db.execute(sql.raw(`drop schema if exists "${service}" cascade; drop schema if exists "${service}_jobs" cascade`));
      await database.close();
      data.remove();
    },
  };
}

/** Polls `read` until `done` holds (or throws after `timeoutMs`). */
export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeoutMs} ms; last value ${JSON.stringify(value)?.slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}
