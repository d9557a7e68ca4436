import { createHash } from 'node:crypto';
import { listenForNotifications, SESSION_REVOKED_CHANNEL } from '@atelier/kit';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionCookieFrom, startAccount, testDatabaseUrl, type TestAccount } from './helpers.js';

let account: TestAccount | undefined;
afterEach(async () => {
  await account?.close();
  account = undefined;
});

const until = async (check: () => boolean) => {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

async function devLogin(app: TestAccount['app'], cookie?: string): Promise<string> {
  const req = request(app).get('/api/dev-login');
  if (cookie) req.set('cookie', `atelier_sid=${cookie}`);
  const res = await req.expect(302);
  return sessionCookieFrom(res.headers['set-cookie'])!.value;
}

describe('ended sessions are announced to the gateways', () => {
  it('NOTIFYs the session id (SHA-256 of the cookie, the gateway cache key) on logout and on signing in again', async () => {
    account = await startAccount();
    const heard: string[] = [];
    const listener = listenForNotifications({
      databaseUrl: testDatabaseUrl(),
      channel: SESSION_REVOKED_CHANNEL,
      onNotification: (id) => heard.push(id),
    });
    try {
      await until(() => listener.listening);
      const idOf = (token: string) => createHash('sha256').update(token).digest('hex');
      const first = await devLogin(account.app);
      const second = await devLogin(account.app, first); // signing in again ends the presented session
      await until(() => heard.includes(idOf(first)));
      await request(account.app).get('/api/logout').set('cookie', `atelier_sid=${second}`).expect(302);
      await until(() => heard.includes(idOf(second)));
      // Other test files share the server and the channel: only this test's sessions are looked at.
      expect(heard.filter((id) => id === idOf(first) || id === idOf(second))).toEqual([idOf(first), idOf(second)]);
    } finally {
      await listener.close();
    }
  });
});
