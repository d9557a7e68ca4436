import { randomBytes } from 'node:crypto';
import { createLogger, IDENTITY_HEADER, openDatabase, type Database } from '@atelier/kit';
import { testServiceHeaders, testUserToken } from '@atelier/kit/testing';
import { sql } from 'drizzle-orm';
import { createApp } from '../app.js';
import { loadAccountConfig, type AccountConfig } from '../config.js';
import { migrationsFolder } from '../db/migrations.js';

export const SECRET = 'test-secret-'.padEnd(40, 'x');
/** The PostgreSQL server of the test run (vitest's globalSetup starts one when none is given). */
export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: run the tests through vitest (its globalSetup starts a server)');
  return url;
}
const silent = createLogger('account-test', 'silent');

/** A clock tests can move. */
export function testClock(start = new Date('2025-03-10T12:00:00Z')) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance: (ms: number) => {
      now += ms;
    },
  };
}

export interface TestAccount {
  app: ReturnType<typeof createApp>;
  config: AccountConfig;
  database: Database;
  close: () => Promise<void>;
}

/** createApp over a fresh schema of its own on the test run's PostgreSQL server. */
export async function startAccount(options: { env?: Record<string, string>; clock?: () => Date } = {}): Promise<TestAccount> {
  const config = loadAccountConfig({ IDENTITY_SECRET: SECRET, DATABASE_URL: testDatabaseUrl(), ...options.env });
  const schema = `account_test_${randomBytes(4).toString('hex')}`;
  const database = await openDatabase({ service: 'account', schema, databaseUrl: config.databaseUrl, migrationsFolder });
  const app = createApp({ config, database, logger: silent, clock: options.clock });
  return {
    app,
    config,
    database,
    async close() {
      await database.db.execute(sql.raw(`drop schema if exists "${schema}" cascade`));
      await database.close();
    },
  };
}

/** The identity header the gateway would add for a session. */
export const identityHeader = (userId: string, sessionId: string, secret = SECRET) => ({
  [IDENTITY_HEADER]: testUserToken(secret, { userId, sessionId, audience: 'account' }),
});

/** Reads the session cookie from a response's Set-Cookie. */
export function sessionCookieFrom(setCookie: string[] | string | undefined, name = 'atelier_sid') {
  const header = [setCookie ?? []].flat().find((c) => c.startsWith(`${name}=`));
  if (!header) return null;
  const value = header.slice(name.length + 1).split(';')[0]!;
  return { header, value };
}

/** What another service (`caller`) sends to account's /internal routes. */
export const serviceHeaders = (secret: string, caller: string) => testServiceHeaders(secret, caller, 'account');
