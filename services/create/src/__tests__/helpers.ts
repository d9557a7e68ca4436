import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestAccount, type TestAccount } from '@atelier/account/testing';
import { createLogger, IDENTITY_HEADER, openDatabase, type Database } from '@atelier/kit';
import { testUserToken } from '@atelier/kit/testing';
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


export type { TestAccount };

/** A real account service on a schema of its own, listening on 127.0.0.1. */
export const startAccount = () => startTestAccount({ secret: SECRET, databaseUrl: testDatabaseUrl(), logger: silent });

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
