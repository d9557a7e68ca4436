import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Plan } from '@atelier/contracts';
import { IDENTITY_HEADER, listen, openDatabase, type Database, type Logger } from '@atelier/kit';
import { testServiceHeaders, testUserToken } from '@atelier/kit/testing';
import { sql } from 'drizzle-orm';
import { createApp } from '../app.js';
import { loadAccountConfig } from '../config.js';
import { migrationsFolder } from '../db/migrations.js';

type Allowance = { used: number; limit: number };

/** A real account service for another service's tests: a schema of its own on the test server, on 127.0.0.1. */
export interface TestAccount {
  url: string;
  database: Database;
  /** Makes a user with a plan (a paid plan set through the billing hook, so the period carries its allowance). */
  createUser(plan?: Plan): Promise<string>;
  /** The user's credits in the current period (through the account's own limits route). */
  creditsOf(userId: string): Promise<Allowance>;
  /** The user's photoshoot allowance in the current period. */
  avatarOf(userId: string): Promise<Allowance>;
  /** Spends `amount` credits of the user's period directly (as another service would). */
  spend(userId: string, amount: number): Promise<void>;
  /** The ledger's movements of a key: reserve and refund amounts. */
  movements(key: string): Promise<{ kind: string; amount: number; status: number | null }[]>;
  /** The line the history shows for the reserve of a key. */
  noteOf(key: string): Promise<string | null>;
  /** `DELETE /api/account` as the user (the account page's "Delete account"). */
  deleteAccount(userId: string): Promise<void>;
  /** `GET /internal/erasures` as `caller`: the deleted users it has still to erase. */
  erasuresFor(caller: string): Promise<string[]>;
  close(): Promise<void>;
}

export interface TestAccountOptions {
  /** The identity secret the service under test shares. */
  secret: string;
  databaseUrl: string;
  logger: Logger;
}

export async function startTestAccount({ secret, databaseUrl, logger }: TestAccountOptions): Promise<TestAccount> {
  const config = loadAccountConfig({ IDENTITY_SECRET: secret, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', ERASURE_GRACE_MS: '0' });
  const schema = `account_t_${randomBytes(4).toString('hex')}`;
  const database = await openDatabase({ service: 'account', schema, databaseUrl: config.databaseUrl, migrationsFolder });
  const server = await listen(createApp({ config, database, logger }), { port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const asUser = (userId: string) => ({ [IDENTITY_HEADER]: testUserToken(secret, { userId, sessionId: `session-${userId}`, audience: 'account' }) });
  const call = async (path: string, init: RequestInit, what = path) => {
    const response = await fetch(`${url}${path}`, init);
    if (!response.ok) throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
    return response;
  };
  const limitsOf = async (userId: string) =>
    (await (await call('/api/user-limits', { headers: asUser(userId) })).json()) as { credits: Allowance; avatar: Allowance };
  const internal = (caller: string, path: string, body: unknown) =>
    call(path, { method: 'POST', headers: { 'content-type': 'application/json', ...testServiceHeaders(secret, caller, 'account') }, body: JSON.stringify(body) });
  return {
    url,
    database,
    async createUser(plan = 'free') {
      const subject = randomBytes(8).toString('hex');
      const result = await database.db.execute<{ id: string }>(
        sql`insert into users (plan, first_name, email, issuer, subject) values (${plan}, 'Test', ${`${subject}@example.test`}, 'test', ${subject}) returning id`,
      );
      const id = result.rows[0]!.id;
      if (plan !== 'free') await internal('billing', '/internal/plans/set', { userId: id, plan });
      return id;
    },
    creditsOf: async (userId) => (await limitsOf(userId)).credits,
    avatarOf: async (userId) => (await limitsOf(userId)).avatar,
    async spend(userId, amount) {
      await internal('create', '/internal/credits/reserve', { userId, feature: 'credits', amount, key: `spent-${randomBytes(6).toString('hex')}` });
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
    async deleteAccount(userId) {
      const response = await fetch(`${url}/api/account`, { method: 'DELETE', headers: asUser(userId) });
      if (response.status !== 204) throw new Error(`DELETE /api/account answered ${response.status}`);
    },
    async erasuresFor(caller) {
      const response = await call('/internal/erasures', { headers: testServiceHeaders(secret, caller, 'account') });
      return ((await response.json()) as { userIds: string[] }).userIds;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.db.execute(sql.raw(`drop schema if exists "${schema}" cascade`));
      await database.close();
    },
  };
}
