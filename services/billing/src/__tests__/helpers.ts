import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createApp as createAccountApp,
  loadAccountConfig,
  migrationsFolder as accountMigrations,
} from '@atelier/account';
import type { Plan, User, UserLimits } from '@atelier/contracts';
import { createLogger, IDENTITY_HEADER, listen, openDatabase, type Database } from '@atelier/kit';
import { testServiceHeaders, testUserToken } from '@atelier/kit/testing';
import { sql } from 'drizzle-orm';
import type { Express } from 'express';
import { createApp, type BillingDeps } from '../app.js';
import { loadBillingConfig, type BillingConfig } from '../config.js';
import { migrationsFolder } from '../db/migrations.js';
import { startFakeStripe, type FakeStripe } from '../testing/fake-stripe.js';

export const SECRET = 'billing-test-secret-'.padEnd(48, 'x');
export const PUBLIC_URL = 'http://atelier.test:8080';
export const WEBHOOK_SECRET = 'whsec_billingtestsecret';
export const silent = createLogger('billing-test', 'silent');

/** The price ids the tests configure: one per tier, currency and frequency. */
export const PRICES = {
  basic: { usdMonthly: 'price_basic_usd_m', usdYearly: 'price_basic_usd_y', idrMonthly: 'price_basic_idr_m' },
  advanced: {
    usdMonthly: 'price_advanced_usd_m',
    usdYearly: 'price_advanced_usd_y',
    idrMonthly: 'price_advanced_idr_m',
  },
  pro: { usdMonthly: 'price_pro_usd_m', usdYearly: 'price_pro_usd_y', idrMonthly: 'price_pro_idr_m' },
} as const;

export function stripeEnv(fake: FakeStripe): Record<string, string> {
  const env: Record<string, string> = {
    STRIPE_SECRET_KEY: 'sk_test_billingtests',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_billingtests',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.url,
    STRIPE_MAX_NETWORK_RETRIES: '0',
  };
  for (const [plan, ids] of Object.entries(PRICES)) {
    env[`STRIPE_PRICE_${plan.toUpperCase()}_USD_MONTHLY`] = ids.usdMonthly;
    env[`STRIPE_PRICE_${plan.toUpperCase()}_USD_YEARLY`] = ids.usdYearly;
    env[`STRIPE_PRICE_${plan.toUpperCase()}_IDR_MONTHLY`] = ids.idrMonthly;
  }
  return env;
}

export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url)
    throw new Error(
      'TEST_DATABASE_URL is not set: run the tests through vitest (its globalSetup starts a server)',
    );
  return url;
}

async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** The identity header the gateway would add for a signed-in user, addressed to `audience`. */
export function userHeaders(userId: string, audience = 'billing'): Record<string, string> {
  return { [IDENTITY_HEADER]: testUserToken(SECRET, { userId, sessionId: `session-${userId}`, audience }) };
}

export interface TestAccount {
  url: string;
  createUser(plan?: Plan): Promise<{ id: string; email: string }>;
  /** GET /api/auth/user as the user. */
  user(userId: string): Promise<User>;
  /** GET /api/user-limits as the user. */
  limits(userId: string): Promise<UserLimits>;
  /** `DELETE /api/account` as the user (the account page's "Delete account"). */
  deleteAccount(userId: string): Promise<void>;
  /** `GET /internal/erasures` as `caller`: the deleted users it has still to erase. */
  erasuresFor(caller: string): Promise<string[]>;
  close(): Promise<void>;
}

/** A real account service on a schema of its own, listening on 127.0.0.1. */
export async function startAccount(): Promise<TestAccount> {
  const config = loadAccountConfig({
    IDENTITY_SECRET: SECRET,
    DATABASE_URL: testDatabaseUrl(),
    LOG_LEVEL: 'silent',
    // Listed for erasure at once (5 minutes after the deletion by default).
    ERASURE_GRACE_MS: '0',
  });
  const schema = `account_bt_${randomBytes(4).toString('hex')}`;
  const database = await openDatabase({
    service: 'account',
    schema,
    databaseUrl: config.databaseUrl,
    migrationsFolder: accountMigrations,
  });
  const server = await listen(createAccountApp({ config, database, logger: silent }), {
    port: 0,
    host: '127.0.0.1',
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = async <T>(path: string, userId: string): Promise<T> => {
    const response = await fetch(`${url}${path}`, { headers: userHeaders(userId, 'account') });
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return (await response.json()) as T;
  };
  return {
    url,
    async createUser(plan = 'free') {
      const subject = randomBytes(8).toString('hex');
      const email = `${subject}@example.test`;
      const result = await database.db.execute<{ id: string }>(
        sql`insert into users (plan, first_name, email, issuer, subject) values (${plan}, 'Test', ${email}, 'test', ${subject}) returning id`,
      );
      return { id: result.rows[0]!.id, email };
    },
    user: (userId) => get<User>('/api/auth/user', userId),
    limits: (userId) => get<UserLimits>('/api/user-limits', userId),
    async deleteAccount(userId) {
      const response = await fetch(`${url}/api/account`, {
        method: 'DELETE',
        headers: userHeaders(userId, 'account'),
      });
      if (response.status !== 204) throw new Error(`DELETE /api/account answered ${response.status}`);
    },
    async erasuresFor(caller) {
      const response = await fetch(`${url}/internal/erasures`, {
        headers: testServiceHeaders(SECRET, caller, 'account'),
      });
      if (!response.ok) throw new Error(`/internal/erasures answered ${response.status}`);
      return ((await response.json()) as { userIds: string[] }).userIds;
    },
    async close() {
      await closeServer(server);
      await database.db.execute(sql.raw(`drop schema if exists "${schema}" cascade`));
      await database.close();
    },
  };
}

export interface TestBilling {
  app: Express;
  config: BillingConfig;
  database: Database;
  close(): Promise<void>;
}

/** The billing app on a schema of its own; `env` adds to (or, with '', removes from) the test configuration. */
export async function startBilling(
  account: TestAccount,
  options: {
    env?: Record<string, string>;
    deps?: Partial<Omit<BillingDeps, 'config' | 'database' | 'logger'>>;
  } = {},
): Promise<TestBilling> {
  const config = loadBillingConfig({
    IDENTITY_SECRET: SECRET,
    ACCOUNT_URL: account.url,
    DATABASE_URL: testDatabaseUrl(),
    PUBLIC_URL,
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const schema = `billing_t_${randomBytes(4).toString('hex')}`;
  const database = await openDatabase({
    service: 'billing',
    schema,
    databaseUrl: config.databaseUrl,
    migrationsFolder,
  });
  const app = createApp({ config, database, logger: silent, ...options.deps });
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

export { startFakeStripe, type FakeStripe };
