import http from 'node:http';
import type { Duplex } from 'node:stream';
import type { RequestListener } from 'node:http';
import { ConfigError } from './config.js';
import type { Logger } from './logger.js';
import { portFallbackAllowed, reportListening, stopWhenSupervisorLeaves } from './supervision.js';

export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;

const REASONS: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };

/** Answers what Node's HTTP parser refuses with `{ error }` JSON instead of a bare status line. */
function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const message =
    status === 431 ? 'Request headers too large' : status === 408 ? 'Request timeout' : 'Bad request: malformed HTTP';
  const body = JSON.stringify({ error: message });
  socket.end(
    `HTTP/1.1 ${status} ${REASONS[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

function bind(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/**
 * Creates the HTTP server for an app and resolves once it listens. Port 0 lets the OS choose (the
 * supervisor learns the port from `reportListening`); a supervised restart whose old port was taken
 * meanwhile falls back to any free port.
 */
/**
 * How long a service keeps an idle connection open. The gateway's pool lets its idle connections go well before
 * (GATEWAY_IDLE_SOCKET_MS, 30 s): with Node's default of 5 s, a busy host's gateway now and then sent a request on a
 * connection the service was closing ("socket hang up": a 503 for a POST, which cannot be sent again).
 */
export const SERVICE_KEEP_ALIVE_TIMEOUT_MS = 65_000;

export async function listen(app: RequestListener, { port, host }: { port: number; host: string }): Promise<http.Server> {
  const server = http.createServer(app);
  server.keepAliveTimeout = SERVICE_KEEP_ALIVE_TIMEOUT_MS;
  // Above the keep-alive timeout, so an idle connection is never taken for one slow to send its headers.
  server.headersTimeout = SERVICE_KEEP_ALIVE_TIMEOUT_MS + 1_000;
  server.on('clientError', answerClientError);
  try {
    await bind(server, port, host);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || port === 0 || !portFallbackAllowed()) throw error;
    await bind(server, 0, host);
  }
  return server;
}

/** Something that stops with pg-boss's signature, e.g. the `Jobs` of `createJobs`. */
export interface Stoppable {
  stop(options?: { graceful?: boolean; timeout?: number }): Promise<void>;
}

export interface RunningService {
  server: http.Server;
  jobs?: Stoppable;
  database?: { close(): Promise<void> };
  /** The service's logger, when it is made from configuration read inside `start`. */
  logger?: Logger;
  /** Anything else to release, run after jobs stop and before the database closes. */
  onShutdown?: () => Promise<void>;
}

function closeServer(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) {
      resolve();
      return;
    }
    // A connection whose request is still being answered goes as soon as its answer is out (kept alive it would
    // hold the close up for SERVICE_KEEP_ALIVE_TIMEOUT_MS); idle ones go now.
    server.keepAliveTimeout = 1;
    server.close(() => resolve());
    server.closeIdleConnections();
  });
}

/**
 * Stops a service in order: stop accepting connections and let open requests finish, stop the job
 * workers (active jobs may finish within the grace period), then close the database.
 */
export async function shutdownService(
  service: RunningService,
  { graceMs = DEFAULT_SHUTDOWN_GRACE_MS, logger }: { graceMs?: number; logger?: Logger } = {},
): Promise<void> {
  const serverClosed = closeServer(service.server);
  const jobsStopped = service.jobs?.stop({ graceful: true, timeout: graceMs });
  await Promise.all([serverClosed, jobsStopped]);
  logger?.info('requests and jobs finished');
  await service.onShutdown?.();
  await service.database?.close();
}

export interface RunServiceOptions {
  name: string;
  logger?: Logger;
  /** Reads config, builds dependencies and listens; returns what must be stopped. */
  start: () => Promise<RunningService>;
  graceMs?: number;
}

/**
 * The whole life of a service process: start it (a bad configuration prints its message and exits 1),
 * then on SIGTERM/SIGINT shut down gracefully and exit 0 (1 if the grace period runs out).
 */
export async function runService({ name, logger: givenLogger, start, graceMs = DEFAULT_SHUTDOWN_GRACE_MS }: RunServiceOptions): Promise<void> {
  let running: RunningService;
  let logger = givenLogger;
  try {
    running = await start();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
    } else if (logger) {
      logger.fatal({ err: error }, `${name} failed to start`);
    } else {
      console.error(`${name} failed to start:`, error);
    }
    process.exit(1);
  }
  logger ??= running.logger;
  reportListening(running.server);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger?.info({ signal }, `${name} shutting down`);
    const force = setTimeout(() => {
      logger?.warn(`${name}: still busy after the grace period; exiting`);
      process.exit(1);
    }, graceMs + 5_000);
    force.unref();
    shutdownService(running, { graceMs, logger }).then(
      () => process.exit(0),
      (error: unknown) => {
        logger?.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  stopWhenSupervisorLeaves(stop);
}
