import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { eraseDeletedUsers, startErasureWatcher, type ErasureWatcherOptions } from '../erasures.js';
import { verifyServiceToken } from '../tokens.js';
import { silentLogger } from './helpers.js';

const SECRET = 'erasure-test-secret-'.padEnd(40, 'x');
let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A stand-in for account's two erasure routes, recording who called what. */
async function fakeAccount(listed: string[], answer = 200) {
  const calls: { method: string; path: string; caller: string }[] = [];
  server = createServer((req, res) => {
    void (async () => {
      const token = String(req.headers['x-atelier-service'] ?? '');
      const verified = await verifyServiceToken({ current: SECRET }, token, { audience: 'account' });
      calls.push({ method: req.method!, path: req.url!, caller: verified?.caller ?? 'none' });
      if (answer !== 200) {
        res.writeHead(answer).end('{"error":"down"}');
        return;
      }
      if (req.method === 'GET') res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ userIds: listed }));
      else res.writeHead(204).end();
    })();
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls };
}

const options = (accountUrl: string, erase: ErasureWatcherOptions['erase']): ErasureWatcherOptions => ({
  caller: 'canvas',
  accountUrl,
  identityKeys: { current: SECRET },
  logger: silentLogger,
  intervalMs: 60_000,
  erase,
});

describe('erasing deleted accounts', () => {
  it('erases each listed user and says so; one still busy is left for the next round', async () => {
    const account = await fakeAccount(['u-1', 'u-2']);
    const erased: string[] = [];
    const outcome = await eraseDeletedUsers(
      options(account.url, async (userId) => {
        if (userId === 'u-2') return 'later';
        erased.push(userId);
        return 'erased';
      }),
    );
    expect(outcome).toEqual({ erased: 1, later: 1, failed: 0 });
    expect(erased).toEqual(['u-1']);
    expect(account.calls).toEqual([
      { method: 'GET', path: '/internal/erasures', caller: 'canvas' },
      { method: 'POST', path: '/internal/erasures/u-1/done', caller: 'canvas' },
    ]);
  });

  it('a failed erase acknowledges nothing for that user (asked again next round) and does not hold up the others', async () => {
    const account = await fakeAccount(['u-1', 'u-2']);
    const outcome = await eraseDeletedUsers(
      options(account.url, async (userId) => {
        if (userId === 'u-1') throw new Error('media store down');
        return 'erased';
      }),
    );
    expect(outcome).toEqual({ erased: 1, later: 0, failed: 1 });
    expect(account.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /internal/erasures', 'POST /internal/erasures/u-2/done']);
  });

  it('the watcher asks at start and every interval, survives an account that answers 503, and stops', async () => {
    const account = await fakeAccount([], 503);
    const watcher = startErasureWatcher({ ...options(account.url, async () => 'erased'), intervalMs: 30 });
    const deadline = Date.now() + 5_000;
    while (account.calls.length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    await watcher.stop();
    const asked = account.calls.length;
    expect(asked).toBeGreaterThanOrEqual(3);
    expect(account.calls.every((call) => call.method === 'GET' && call.path === '/internal/erasures')).toBe(true);
    await new Promise((r) => setTimeout(r, 100));
    expect(account.calls.length).toBe(asked); // stopped: asks no more
  });
});
