import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { createBaseApp, finishApp } from '../app.js';
import { openDatabase } from '../database.js';
import { createJobs } from '../jobs.js';
import { listen, shutdownService } from '../server.js';
import { migrationsFolder, silentLogger } from './helpers.js';

describe('shutdownService', () => {
  it('lets an open request finish, refuses new connections, stops jobs and closes the database', async () => {
    const database = await openDatabase({ service: 'shutdown', dataDir: '/x', migrationsFolder, memory: true });
    const jobs = await createJobs({ database });
    const app = createBaseApp({ name: 'shutdown', logger: silentLogger });
    let release: () => void = () => undefined;
    app.get('/slow', async (_req, res) => {
      await new Promise<void>((r) => (release = r));
      res.json({ done: true });
    });
    finishApp(app, silentLogger);
    const server = await listen(app, { port: 0, host: '127.0.0.1' });
    const { port } = server.address() as { port: number };
    const base = `http://127.0.0.1:${port}`;

    const slow = fetch(`${base}/slow`).then((r) => r.json());
    await vi.waitFor(() => expect(release).not.toBe(undefined));
    await new Promise((r) => setTimeout(r, 50));
    const stopJobs = vi.spyOn(jobs, 'stop');
    const closeDb = vi.spyOn(database, 'close');
    const stopped = shutdownService({ server, jobs, database }, { graceMs: 5_000 });
    await new Promise((r) => setTimeout(r, 50));
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    release();
    expect(await slow).toEqual({ done: true });
    await stopped;
    expect(stopJobs).toHaveBeenCalledWith({ graceful: true, timeout: 5_000, wait: true });
    expect(closeDb).toHaveBeenCalled();
    expect(server.listening).toBe(false);
    await expect(database.ping()).rejects.toThrow();
  });

  it('answers malformed HTTP with JSON', async () => {
    const app = finishApp(createBaseApp({ name: 'x', logger: silentLogger }), silentLogger);
    const server = await listen(app, { port: 0, host: '127.0.0.1' });
    try {
      await request(server).get('/healthz').expect(200);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
