import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { requestLogger } from '../request-log.js';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) });
  return { logger, lines };
}

function appWith(logger: pino.Logger) {
  const app = express();
  app.use(requestLogger({ logger, requestId: () => 'req-1', ignore: (req) => req.url === '/healthz', faultLevel: 'error' }));
  app.get('/healthz', (_req, res) => res.send('ok'));
  app.get('/boom', (_req, res) => res.status(500).json({ error: 'x' }));
  app.get('/slow', () => undefined); // never answers
  app.get('/*splat', (req, res) => res.json({ id: (req as { id?: string }).id }));
  return app;
}

describe('requestLogger', () => {
  it('logs one line per answered request with its id, method, URL without secrets, status and time', async () => {
    const { logger, lines } = capture();
    const res = await request(appWith(logger)).get('/api/auth/callback?code=abc&state=def&page=2').expect(200);
    expect(res.body.id).toBe('req-1');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, reqId: 'req-1', method: 'GET', url: '/api/auth/callback?code=[redacted]&state=[redacted]&page=2', status: 200, msg: 'request completed' });
    expect(typeof lines[0]!.ms).toBe('number');
    expect(JSON.stringify(lines[0])).not.toMatch(/cookie|abc|def/i);
  });

  it('logs a 5xx at the fault level and skips ignored paths', async () => {
    const { logger, lines } = capture();
    const app = appWith(logger);
    await request(app).get('/healthz').expect(200);
    await request(app).get('/boom').expect(500);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, status: 500, url: '/boom' });
  });

  it('logs a request whose client left before the answer as aborted, once', async () => {
    const { logger, lines } = capture();
    const server = http.createServer(appWith(logger));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const req = http.get({ host: '127.0.0.1', port, path: '/slow' });
    req.on('error', () => undefined);
    await new Promise((r) => setTimeout(r, 100));
    req.destroy();
    await new Promise((r) => setTimeout(r, 100));
    await new Promise((resolve) => server.close(resolve));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, url: '/slow', msg: 'request aborted' });
  });
});
