import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { findOrCreateUser } from '../db/users.js';
import { identityHeader, SECRET, serviceHeaders, type TestAccount } from './helpers.js';

/** What another service (create, billing) sends to /internal. */
export const service = (name = 'create') => serviceHeaders(SECRET, name);

/** A new user straight in the database, with the identity header the gateway would forward for them. */
export async function newUser(account: TestAccount) {
  const subject = randomUUID();
  const user = await findOrCreateUser(account.database.db, { issuer: 'test', subject, firstName: 'Test', email: `${subject}@example.test` });
  return { user, headers: identityHeader(user.id, 'a'.repeat(64)) };
}

export const reserveCall = (account: TestAccount, body: Record<string, unknown>) =>
  request(account.app).post('/internal/credits/reserve').set(service()).send(body);

export const refundCall = (account: TestAccount, key: string) =>
  request(account.app).post('/internal/credits/refund').set(service()).send({ key });

export const setPlanCall = (account: TestAccount, body: Record<string, unknown>) =>
  request(account.app).post('/internal/plans/set').set(service('billing')).send(body);

export const limitsOf = async (account: TestAccount, headers: Record<string, string>) =>
  (await request(account.app).get('/api/user-limits').set(headers).expect(200)).body as {
    credits: { used: number; limit: number };
    avatar: { used: number; limit: number };
  };
