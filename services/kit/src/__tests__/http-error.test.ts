import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { assertClientWaiting, CLIENT_GONE, HttpError } from '../errors.js';

/** A start whose checks take `checkMs`, then asserts its client is still there, then "charges". */
function startApp(checkMs: number) {
  const charged: string[] = [];
  const refused: number[] = [];
  const app = express();
  app.post('/start/:id', async (req, res) => {
    await new Promise((r) => setTimeout(r, checkMs));
    try {
      assertClientWaiting(req);
    } catch (error) {
      refused.push((error as HttpError).status);
      res.status((error as HttpError).status).end();
      return;
    }
    charged.push(req.params.id);
    res.status(202).json({ id: req.params.id });
  });
  return { app, charged, refused };
}

describe('assertClientWaiting', () => {
  it('lets a start whose client waits go on', async () => {
    const { app, charged } = startApp(20);
    await request(app).post('/start/a').expect(202);
    expect(charged).toEqual(['a']);
  });

  it('stops a start whose client left during its checks (a gateway timed out: it was charged after a 504)', async () => {
    const { app, charged, refused } = startApp(300);
    const server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const req = http.request({ host: '127.0.0.1', port, path: '/start/b', method: 'POST' });
    req.on('error', () => undefined);
    req.end();
    await new Promise((r) => setTimeout(r, 100));
    req.destroy();
    await new Promise((r) => setTimeout(r, 400));
    await new Promise((resolve) => server.close(resolve));
    expect(charged).toEqual([]);
    expect(refused).toEqual([CLIENT_GONE]);
  });
});

describe("an HttpError's log level", () => {
  it('logs a 503 that is the deployment\'s choice (payments not configured) as information, a fault as an error', async () => {
    const { pino } = await import('pino');
    const { createBaseApp, finishApp } = await import('../app.js');
    const lines: Record<string, unknown>[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) });
    const app = createBaseApp({ name: 'test', logger, trustedProxies: [] });
    app.post('/off', () => {
      throw new HttpError(503, 'Payments are not configured', {}, 'info');
    });
    app.post('/down', () => {
      throw new HttpError(503, 'Service unavailable');
    });
    const finished = finishApp(app, logger);
    expect((await request(finished).post('/off')).status).toBe(503);
    expect((await request(finished).post('/down')).status).toBe(503);
    const answered = lines.filter((line) => line.msg === 'request completed');
    expect(answered.map((line) => [line.url, line.level])).toEqual([
      ['/off', 30],
      ['/down', 50],
    ]);
  });
});
