import { connect } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { createBaseApp, finishApp } from '../app.js';
import { openDatabase } from '../database.js';
import { createJobs } from '../jobs.js';
import { listen, SERVICE_KEEP_ALIVE_TIMEOUT_MS, shutdownService } from '../server.js';
import { dropSchemas, migrationsFolder, silentLogger, testDatabaseUrl, uniqueService } from './helpers.js';

/** Writes raw bytes to the server and reads everything it answers until it closes the connection. */
function rawExchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
    socket.write(bytes, 'latin1');
  });
}

describe('shutdownService', () => {
  it('lets an open request finish, refuses new connections, stops jobs and closes the database', async () => {
    const url = testDatabaseUrl();
    const service = uniqueService('kit_shutdown');
    const database = await openDatabase({ service, databaseUrl: url, migrationsFolder });
    const jobs = await createJobs({ database });
    const app = createBaseApp({ name: 'shutdown', logger: silentLogger });
    let release: (() => void) | null = null;
    app.get('/slow', async (_req, res) => {
      await new Promise<void>((r) => (release = r));
      res.json({ done: true });
    });
    finishApp(app, silentLogger);
    const server = await listen(app, { port: 0, host: '127.0.0.1' });
    const { port } = server.address() as { port: number };
    const base = `http://127.0.0.1:${port}`;
    try {
      const slow = fetch(`${base}/slow`).then((r) => r.json());
      // The slow request is inside its handler once it has set `release`.
      await vi.waitFor(() => expect(release).toBeTypeOf('function'));
      const stopJobs = vi.spyOn(jobs, 'stop');
      const closeDb = vi.spyOn(database, 'close');
      const stopped = shutdownService({ server, jobs, database }, { graceMs: 5_000 });
      await vi.waitFor(() => expect(server.listening).toBe(false));
      await expect(fetch(`${base}/healthz`)).rejects.toThrow();
      release!();
      expect(await slow).toEqual({ done: true });
      await stopped;
      expect(stopJobs).toHaveBeenCalledWith({ graceful: true, timeout: 5_000 });
      expect(closeDb).toHaveBeenCalled();
      await expect(database.ping()).rejects.toThrow();
    } finally {
      await dropSchemas(url, [service, `${service}_jobs`]);
    }
  });

  it('answers malformed HTTP with JSON', async () => {
    const app = finishApp(createBaseApp({ name: 'x', logger: silentLogger }), silentLogger);
    const server = await listen(app, { port: 0, host: '127.0.0.1' });
    const { port } = server.address() as { port: number };
    try {
      // A request line Node's parser refuses: spaces in the target and no HTTP version.
      const answer = await rawExchange(port, 'GET /a b c\r\nHost: x\r\n\r\n');
      expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
      expect(answer).toContain('Content-Type: application/json');
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({ error: 'Bad request: malformed HTTP' });

      // Headers beyond Node's limit: 431 with JSON too.
      const huge = await rawExchange(port, `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
      expect(huge).toMatch(/^HTTP\/1\.1 431 /);
      expect(JSON.parse(huge.slice(huge.indexOf('\r\n\r\n') + 4))).toEqual({ error: 'Request headers too large' });
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});

describe('listen', () => {
  it('keeps idle connections open longer than the gateway keeps them in its pool (the gateway lets go first)', async () => {
    const server = await listen(createBaseApp({ name: 'keep-alive', logger: silentLogger }), { port: 0, host: '127.0.0.1' });
    try {
      expect(server.keepAliveTimeout).toBe(SERVICE_KEEP_ALIVE_TIMEOUT_MS);
      expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

