import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventEmitter } from 'node:events';
import { SERVICE_HEADER, SESSION_HEADER, createLogger, verifyServiceToken } from '@atelier/kit';
import { loadGatewayConfig } from '../../config.js';
import type { GatewayConfig } from '../../config.js';

export const SECRET = 's'.repeat(40);
export const silentLogger = createLogger('gateway-test', 'silent');

export interface RunningServer {
  url: string;
  server: http.Server;
  close(): Promise<void>;
}

const running = new Set<RunningServer>();
const tempDirs = new Set<string>();

/** Starts a real HTTP server on a free 127.0.0.1 port; closed by `closeAll()`. */
export async function startServer(handler: http.RequestListener): Promise<RunningServer> {
  const server = http.createServer(handler);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  const entry: RunningServer = {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise<void>((done) => {
        running.delete(entry);
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
  running.add(entry);
  return entry;
}

/** A URL where nothing listens: a server is started, its port noted, and closed again. */
export async function deadUrl(): Promise<string> {
  const { url, close } = await startServer(() => undefined);
  await close();
  return url;
}

export async function closeAll(): Promise<void> {
  await Promise.all([...running].map((server) => server.close()));
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'atelier-gateway-'));
  tempDirs.add(dir);
  return dir;
}

export interface EchoAnswer {
  service: string;
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  bytes: number;
}

/** A fake service that reports what it received: method, url, headers and the body's byte count. */
export async function startEchoService(name: string) {
  const events = new EventEmitter();
  const received: EchoAnswer[] = [];
  const running = await startServer((req, res) => {
    let bytes = 0;
    const jsonChunks: Buffer[] = [];
    const isJson = req.headers['content-type']?.startsWith('application/json') ?? false;
    req.on('data', (chunk: Buffer) => {
      if (bytes === 0) events.emit('first-byte', req.url);
      bytes += chunk.length;
      if (isJson) jsonChunks.push(chunk);
    });
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (isJson) {
        // Plays a service that validates JSON, so its 400 can be seen coming back through the gateway.
        try {
          JSON.parse(Buffer.concat(jsonChunks).toString('utf8'));
        } catch {
          res.statusCode = 400;
          res.end(JSON.stringify({ error: 'Malformed JSON body' }));
          return;
        }
      }
      const answer: EchoAnswer = { service: name, method: req.method ?? '', url: req.url ?? '', headers: req.headers, bytes };
      received.push(answer);
      res.end(JSON.stringify(answer));
    });
  });
  return { ...running, events, received };
}

export interface FakeSession {
  userId: string;
  expiresAt: string;
}

/**
 * A fake account service: `/internal/sessions/current` (checks the service token, counts hops),
 * `/healthz`, and an echo for everything else (so /api/logout etc. can be proxied to it).
 */
export async function startFakeAccount(sessions: Map<string, FakeSession> = new Map()) {
  const state = { hops: 0, rejectedServiceTokens: 0, delayMs: 0 };
  const running = await startServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url === '/healthz') return send(200, { status: 'ok' });
    if (req.url === '/internal/sessions/current') {
      state.hops += 1;
      const caller = await verifyServiceToken(SECRET, req.headers[SERVICE_HEADER] as string | undefined, { audience: 'account' });
      if (!caller || caller.caller !== 'gateway') {
        state.rejectedServiceTokens += 1;
        return send(401, { error: 'Unauthorized' });
      }
      const cookie = String(req.headers[SESSION_HEADER] ?? '');
      const session = sessions.get(cookie);
      const answer = () =>
        session
          ? send(200, { userId: session.userId, sessionId: `sid-of-${session.userId}`, expiresAt: session.expiresAt })
          : send(404, { error: 'Not found' });
      if (state.delayMs) setTimeout(answer, state.delayMs);
      else answer();
      return;
    }
    req.resume();
    req.on('end', () => send(200, { service: 'account', method: req.method, url: req.url, headers: req.headers }));
  });
  return { ...running, state, sessions };
}

/** Gateway configuration for tests: silent logs, a temp shell dir, and the given overrides. */
export function testConfig(env: Record<string, string | undefined> = {}): GatewayConfig {
  return loadGatewayConfig({
    IDENTITY_SECRET: SECRET,
    LOG_LEVEL: 'silent',
    SHELL_DIR: tempDir(),
    // Empty build folders, so no test depends on whether the real remotes have been built.
    REMOTE_MF_CREATE_DIR: tempDir(),
    REMOTE_MF_PHOTOSHOOT_DIR: tempDir(),
    REMOTE_MF_CANVAS_DIR: tempDir(),
    REMOTE_MF_PRICING_DIR: tempDir(),
    ...env,
  });
}

/** A well-formed session cookie value (43 base64url characters). */
export const cookieValue = (seed: string) => seed.repeat(43).slice(0, 43);
