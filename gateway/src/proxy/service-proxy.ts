import http from 'node:http';
import https from 'node:https';
import { pipeline } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { Request, Response } from 'express';
import { redactUrl, type Logger } from '@atelier/kit';
import { GATEWAY_IDLE_SOCKET_MS } from '../constants.js';
import { sendError } from '../errors.js';

export interface ServiceProxy {
  (req: Request, res: Response): void;
  /** Closes the pooled upstream connections. */
  close(): void;
}

/** GET, HEAD or OPTIONS without a body: safe to send again when the service cannot have seen it. */
export function hasNoBody(req: Request): boolean {
  const method = req.method;
  if (method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS') return false;
  return !req.headers['transfer-encoding'] && (req.headers['content-length'] === undefined || req.headers['content-length'] === '0');
}

/** Connection failures that mean the service is not running (being restarted, or stopped). */
const NOT_RUNNING = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH']);
/** A request whose body had not all arrived when the upstream timeout ran out. */
export const REQUEST_BODY_TIMEOUT_MESSAGE = 'Request timeout: the request body did not arrive in time';
/**
 * How long a request body may take to arrive, whatever the route's own timeout (a preview may take 150 s to draw,
 * not to be sent): its declared length at BODY_MIN_BYTES_PER_S, between BODY_TIMEOUT_MIN_MS and BODY_TIMEOUT_MAX_MS
 * (the most, when the length is not declared). A body sent a byte at a time is cut off as one that stops.
 */
export const BODY_TIMEOUT_MIN_MS = 30_000;
export const BODY_TIMEOUT_MAX_MS = 180_000;
export const BODY_MIN_BYTES_PER_S = 64 * 1024;

/** The time a request's body is given to arrive (see BODY_TIMEOUT_MIN_MS). */
export function bodyDeadlineMs(contentLength: string | undefined): number {
  const declared = Number(contentLength);
  if (contentLength === undefined || !Number.isFinite(declared)) return BODY_TIMEOUT_MAX_MS;
  return Math.min(BODY_TIMEOUT_MAX_MS, Math.max(BODY_TIMEOUT_MIN_MS, (declared / BODY_MIN_BYTES_PER_S) * 1000));
}
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
/** Hop-by-hop headers belong to one connection (the client's, or the pooled upstream one), not to the message. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'upgrade', 'te', 'trailer', 'proxy-authorization', 'proxy-authenticate']);

/** The request's headers for the upstream: hop-by-hop ones out, Host set to the service's. */
function upstreamHeaders(headers: http.IncomingHttpHeaders, host: string): http.OutgoingHttpHeaders {
  const out: http.OutgoingHttpHeaders = {};
  for (const name in headers) if (!HOP_BY_HOP.has(name)) out[name] = headers[name];
  out.host = host;
  return out;
}

/** The upstream response's raw header list without hop-by-hop headers (Transfer-Encoding stays: Node frames it). */
function downstreamHeaders(raw: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < raw.length; i += 2) if (!HOP_BY_HOP.has(raw[i]!.toLowerCase())) out.push(raw[i]!, raw[i + 1]!);
  return out;
}

/** Below this a JSON answer goes as it is: compression would save less than its cost. */
export const JSON_GZIP_MIN_BYTES = 1024;
/** Fast and close to -9 for JSON of a few KB. */
const JSON_GZIP_LEVEL = 5;
const JSON_TYPE = /^application\/([\w.+-]+\+)?json\b/i;

/** A JSON answer with a body of at least JSON_GZIP_MIN_BYTES (or of unknown length), not encoded, for a client taking gzip. */
function worthGzip(req: Request, proxyRes: http.IncomingMessage): boolean {
  if (req.method === 'HEAD' || proxyRes.statusCode === 204 || proxyRes.statusCode === 304) return false;
  const { headers } = proxyRes;
  if (headers['content-encoding'] || !JSON_TYPE.test(headers['content-type'] ?? '')) return false;
  const length = headers['content-length'];
  if (length !== undefined && Number(length) < JSON_GZIP_MIN_BYTES) return false;
  return acceptsGzip(req.headers['accept-encoding'] ?? '');
}

/** `gzip` or `*` in Accept-Encoding without q=0. */
function acceptsGzip(header: string): boolean {
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    return (name === 'gzip' || name === '*') && (q === undefined || Number(q) > 0);
  });
}

function withoutHeaders(raw: string[], names: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < raw.length; i += 2) if (!names.includes(raw[i]!.toLowerCase())) out.push(raw[i]!, raw[i + 1]!);
  return out;
}

/**
 * One proxy per service, made once at start: a keep-alive agent, the upstream timeout, no body
 * parsing (the request streams through as it arrives, and the response streams back). Failures become
 * `{ error }` JSON: 504 when the upstream is too slow, 503 with Retry-After when it is not running, 502
 * for anything else. Written on node:http directly: a general proxy library cost the gateway about a
 * third of its CPU per request (options merged, passes run and listeners added for every request).
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
  /**
   * The upstream let a whole request arrive and did not answer in time (hung or overloaded). Returns true when it
   * has taken the request elsewhere; otherwise the client is answered 504 here.
   */
  onTimedOut?: (req: Request, res: Response) => boolean;
  /** How long a request's body may take to arrive, by its Content-Length (default bodyDeadlineMs). */
  bodyDeadline?: (contentLength: string | undefined) => number;
}): ServiceProxy {
  const { name, target, timeoutMs, logger } = options;
  const url = new URL(target);
  const secure = url.protocol === 'https:';
  // Idle pooled connections are let go after GATEWAY_IDLE_SOCKET_MS, well before a service closes them (kit's
  // SERVICE_KEEP_ALIVE_TIMEOUT_MS): a request is never sent on a connection being closed at the other end.
  const pool = { keepAlive: true, maxSockets: 256, timeout: GATEWAY_IDLE_SOCKET_MS };
  const agent = secure ? new https.Agent(pool) : new http.Agent(pool);
  const request = secure ? https.request : http.request;
  const base = url.pathname.replace(/\/$/, '');

  const failed = (req: Request, res: Response, err: NodeJS.ErrnoException, isTimeout: boolean, reusedSocket: boolean) => {
    if (res.headersSent || res.writableEnded || res.destroyed) {
      res.destroy();
      return;
    }
    const code = err.code;
    // A pooled connection the service closed (its keep-alive timeout) just as this request went out on it: the
    // service never saw the request. A request without a body goes again once, on a fresh connection, as browsers do.
    if (code === 'ECONNRESET' && reusedSocket && !isTimeout && !resent.has(req) && hasNoBody(req)) {
      resent.add(req);
      proxy(req, res);
      return;
    }
    if (code === 'ECONNREFUSED' && !isTimeout && options.onRefused?.(req, res)) return;
    if (isTimeout && !req.complete) {
      // The client had not finished sending its body: the service was waiting for it, not slow. The rest of the
      // body will not be read, so the connection ends with the answer.
      logger.info({ service: name, url: redactUrl(req.originalUrl) }, 'request body too slow');
      res.setHeader('Connection', 'close');
      sendError(res, 408, REQUEST_BODY_TIMEOUT_MESSAGE);
      return;
    }
    logger.warn({ err: { message: err.message, code }, service: name, url: redactUrl(req.originalUrl) }, 'upstream failed');
    if (isTimeout && options.onTimedOut?.(req, res)) return;
    if (isTimeout) sendError(res, 504, `Upstream timeout: ${name}`);
    else if (code && NOT_RUNNING.has(code)) sendServiceDown(res, name);
    else sendError(res, 502, `Service unavailable: ${name}`);
  };

  const resent = new WeakSet<Request>();
  const proxy = ((req: Request, res: Response) => {
    let isTimeout = false;
    let bodyTimedOut = false;
    let proxyReq: http.ClientRequest;
    try {
      proxyReq = request({
        protocol: url.protocol,
        hostname: url.hostname,
        port: url.port,
        method: req.method,
        path: base + req.url,
        headers: upstreamHeaders(req.headers, url.host),
        agent,
        timeout: timeoutMs,
      });
    } catch (err) {
      // Only reached when preparing the request failed (an invalid header value); the upstream was never asked.
      logger.error({ err, service: name }, 'proxy could not start');
      sendError(res, 502, `Service unavailable: ${name}`);
      return;
    }
    proxyReq.once('timeout', () => {
      isTimeout = true;
      proxyReq.destroy(Object.assign(new Error(`upstream ${name} timed out`), { code: 'ETIMEDOUT' }));
    });
    proxyReq.once('error', (err) => failed(req, res, err, isTimeout || bodyTimedOut, proxyReq.reusedSocket));
    if (!req.complete) {
      const deadline = setTimeout(() => {
        if (req.complete) return;
        bodyTimedOut = true;
        proxyReq.destroy(Object.assign(new Error('request body too slow'), { code: 'ETIMEDOUT' }));
      }, (options.bodyDeadline ?? bodyDeadlineMs)(req.headers['content-length']));
      const clear = () => clearTimeout(deadline);
      req.once('end', clear);
      res.once('close', clear);
    }
    proxyReq.once('response', (proxyRes) => {
      const status = proxyRes.statusCode ?? 502;
      const headers = downstreamHeaders(proxyRes.rawHeaders);
      proxyRes.once('error', () => res.destroy());
      if (!worthGzip(req, proxyRes)) {
        res.writeHead(status, proxyRes.statusMessage, headers);
        proxyRes.pipe(res);
        return;
      }
      // A JSON answer of 1 KB or more goes gzip-compressed to a browser that takes it (a page of generations,
      // the presets): its length changes, so Content-Length goes and the body is chunked.
      const vary = proxyRes.headers.vary;
      res.writeHead(status, proxyRes.statusMessage, [
        ...withoutHeaders(headers, ['content-length', 'vary']),
        'Content-Encoding',
        'gzip',
        'Vary',
        vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding',
      ]);
      pipeline(proxyRes, createGzip({ level: JSON_GZIP_LEVEL }), res, () => undefined);
    });
    // The client left before the answer was sent: stop asking the service too.
    res.once('close', () => {
      if (!res.writableFinished) proxyReq.destroy();
    });
    req.pipe(proxyReq);
  }) as ServiceProxy;
  proxy.close = () => agent.destroy();
  return proxy;
}
