import http from 'node:http';
import https from 'node:https';
import type { Request, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { redactUrl, type Logger } from '@atelier/kit';
import { sendError } from '../errors.js';

export interface ServiceProxy {
  (req: Request, res: Response): void;
  /** Closes the pooled upstream connections. */
  close(): void;
}

const timedOut = new WeakSet<http.IncomingMessage>();
/** Connection failures that mean the service is not running (being restarted, or stopped). */
const NOT_RUNNING = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH']);
/** Seconds a client is asked to wait before trying a service that is down again. */
export const SERVICE_DOWN_RETRY_AFTER_S = 5;

/** 503 with Retry-After: the service exists but is not running right now. */
export function sendServiceDown(res: Response, name: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.setHeader('Retry-After', String(SERVICE_DOWN_RETRY_AFTER_S));
  sendError(res, 503, `Service unavailable: ${name}`);
}
/** Hop-by-hop headers belong to the client's connection, not to the pooled upstream one. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'upgrade', 'te'];

/**
 * One proxy per service, made once at start: a keep-alive agent, the upstream timeout, no body
 * parsing (the request streams through as it arrives). Failures become `{ error }` JSON: 504 when
 * the upstream is too slow, 503 with Retry-After when it is not running, 502 for anything else.
 */
export function createServiceProxy(options: {
  name: string;
  target: string;
  timeoutMs: number;
  logger: Logger;
  /**
   * The upstream refused the connection (a replica not running). Returns true when it has taken the
   * request elsewhere (another replica); otherwise the client is answered 503 here.
   */
  onRefused?: (req: Request, res: Response) => boolean;
}): ServiceProxy {
  const { name, target, timeoutMs, logger } = options;
  const agent = target.startsWith('https:')
    ? new https.Agent({ keepAlive: true, maxSockets: 256 })
    : new http.Agent({ keepAlive: true, maxSockets: 256 });

  const middleware = createProxyMiddleware<Request, Response>({
    target,
    agent,
    changeOrigin: true,
    proxyTimeout: timeoutMs,
    // No `timeout` (client socket) option: httpxy adds a socket 'timeout' listener per request, and on a
    // keep-alive connection they piled up (MaxListenersExceededWarning after 11 requests). The client's
    // socket needs none: it is busy while its request waits, and Node's server times out idle ones.
    on: {
      proxyReq(proxyReq, req) {
        for (const header of HOP_BY_HOP) proxyReq.removeHeader(header);
        proxyReq.once('timeout', () => timedOut.add(req));
      },
      error(err, req, res) {
        const code = (err as NodeJS.ErrnoException).code;
        const isTimeout = timedOut.has(req);
        if (!('writeHead' in res)) {
          res.destroy();
          return;
        }
        if (code === 'ECONNREFUSED' && !res.headersSent && options.onRefused?.(req, res)) return;
        logger.warn({ err: { message: err.message, code }, service: name, url: redactUrl(req.originalUrl) }, 'upstream failed');
        if (isTimeout) sendError(res, 504, `Upstream timeout: ${name}`);
        else if (code && NOT_RUNNING.has(code)) sendServiceDown(res, name);
        else sendError(res, 502, `Service unavailable: ${name}`);
      },
    },
  });

  const proxy = ((req: Request, res: Response) => {
    void middleware(req, res, (err?: unknown) => {
      // Only reached when preparing the request failed; the upstream was never asked.
      logger.error({ err, service: name }, 'proxy could not start');
      sendError(res, 502, `Service unavailable: ${name}`);
    });
  }) as ServiceProxy;
  proxy.close = () => agent.destroy();
  return proxy;
}
