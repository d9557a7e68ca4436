import { randomUUID } from 'node:crypto';
import { isUtf8 } from 'node:buffer';
import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type ErrorRequestHandler, type Express, type Request, type RequestHandler } from 'express';
import { z, ZodError } from 'zod';
import { loadConfig } from './config.js';
import { HttpError, badRequest } from './errors.js';
import { formatZodError } from './http.js';
import type { Logger } from './logger.js';
import { LOG_LEVEL_LOCAL, requestLogger } from './request-log.js';
import { trustedProxiesEnv } from './trusted-proxies.js';
import { findUnsafeText, UNSAFE_TEXT_MESSAGE } from './text.js';
import { REQUEST_ID_HEADER } from './tokens.js';

export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,128}$/;
export const DEFAULT_JSON_LIMIT = '100kb';

/** A named readiness check, e.g. `{ name: 'database', check: () => database.ping() }`. */
export interface ReadinessCheck {
  name: string;
  check: () => Promise<unknown>;
}

export interface BaseAppOptions {
  name: string;
  logger: Logger;
  readiness?: ReadinessCheck[];
  /** Largest JSON body accepted (body-parser syntax); larger bodies get 413. */
  jsonLimit?: string | number;
  /**
   * Proxies besides loopback whose X-Forwarded-For is believed for `req.ip` (the gateway's network when it
   * runs on another host); defaults to TRUSTED_PROXIES from the environment.
   */
  trustedProxies?: string[];
  /**
   * Paths whose JSON body is also kept as the bytes that came (`req.rawBody`), for signatures made over the
   * exact body (a provider's webhook).
   */
  rawBodyPaths?: string[];
}

declare module 'express-serve-static-core' {
  interface Request {
    /** The untouched bytes of the body, on the paths `rawBodyPaths` names. */
    rawBody?: Buffer;
  }
}

const READINESS_TIMEOUT_MS = 2_000;

/** The body-parser error type of a JSON body whose bytes are not UTF-8 (body-parser would put U+FFFD in their place). */
const INVALID_UTF8 = 'entity.utf8.invalid';

/** Body-parser failures (they carry `type` and `status`) mapped to clear client messages. */
const BODY_ERRORS: Record<string, { status: number; message: string }> = {
  'entity.parse.failed': { status: 400, message: 'Malformed JSON body' },
  'entity.too.large': { status: 413, message: 'Request body too large' },
  'encoding.unsupported': { status: 415, message: 'Unsupported content encoding' },
  'charset.unsupported': { status: 415, message: 'Unsupported charset' },
  'request.aborted': { status: 400, message: 'Request aborted' },
  'request.size.invalid': { status: 400, message: 'Request size did not match Content-Length' },
  [INVALID_UTF8]: { status: 400, message: 'Invalid request: the body is not valid UTF-8' },
};

/** The parse failure's message: a body that is JSON but not an object or array (`null`, `1e308`) is not "malformed". */
function parseFailure(error: { body?: unknown }): string {
  if (typeof error.body === 'string') {
    try {
      JSON.parse(error.body);
      return 'Invalid JSON body: send a JSON object';
    } catch {
      // really malformed
    }
  }
  return 'Malformed JSON body';
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The start of every service's Express app: request id in and out, request logging that carries it,
 * a JSON body parser with a size limit, `/healthz` and `/readyz`. Add routes, then call `finishApp`.
 */
/** JSON bodies nested deeper than this are refused: code that walks a body recursively (validation, the idempotency key's hash) would overflow the stack on thousands of levels. */
export const MAX_BODY_DEPTH = 64;

/** Whether objects and arrays nest more than `limit` deep in `value` (walked without recursion). */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth > limit) return true;
    for (const child of Object.values(current)) if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}

export function createBaseApp({ name, logger, readiness = [], jsonLimit = DEFAULT_JSON_LIMIT, trustedProxies, rawBodyPaths = [] }: BaseAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  // The gateway sets X-Forwarded-For to the client's address; only the gateway's own hops are believed.
  const proxies = trustedProxies ?? loadConfig(z.object({ TRUSTED_PROXIES: trustedProxiesEnv() })).TRUSTED_PROXIES;
  app.set('trust proxy', ['loopback', ...proxies]);

  app.use(
    requestLogger({
      logger,
      requestId(req, res) {
        const given = req.headers[REQUEST_ID_HEADER];
        const id = typeof given === 'string' && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
        res.setHeader(REQUEST_ID_HEADER, id);
        return id;
      },
      // Health checks, and each service's poll for deleted accounts (8 lines a minute of nothing; what is erased is logged by the service).
      ignore: (req) => req.url === '/healthz' || req.url === '/readyz' || (req.method === 'GET' && req.url === '/internal/erasures'),
      // 4xx are ordinary (a signed-out visitor asks /api/auth/user); only server faults are errors.
      faultLevel: 'error',
    }),
  );

  // JSON is UTF-8 (RFC 8259); body-parser would also decode UTF-16 and hand the result on.
  app.use((req, _res, next) => {
    const type = req.headers['content-type'];
    const charset = type && /^application\/([\w.+-]+\+)?json\b/i.test(type) ? /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(type)?.[1] : undefined;
    if (charset && !/^utf-?8$/i.test(charset)) next(new HttpError(415, 'Unsupported charset: send JSON in UTF-8'));
    else next();
  });
  const keepRaw = new Set(rawBodyPaths);
  app.use(
    express.json({
      limit: jsonLimit,
      verify: (req: IncomingMessage, _res: ServerResponse, bytes: Buffer) => {
        if (!isUtf8(bytes)) throw Object.assign(new Error('the body is not valid UTF-8'), { type: INVALID_UTF8 });
        const request = req as Request;
        if (keepRaw.has(request.path)) request.rawBody = Buffer.from(bytes);
      },
    }),
  );
  // NUL characters and unpaired surrogates are refused wherever they come (body, keys, query).
  app.use((req, _res, next) => {
    if (/%00/.test(req.url)) return next(badRequest(`Invalid request: ${UNSAFE_TEXT_MESSAGE} (in the URL)`));
    if (nestedDeeperThan(req.body, MAX_BODY_DEPTH)) return next(badRequest(`Invalid request: the body is nested too deeply (at most ${MAX_BODY_DEPTH} levels)`));
    const where = findUnsafeText(req.query, 'query') ?? (req.body === undefined ? null : findUnsafeText(req.body, 'body'));
    next(where ? badRequest(`Invalid request: ${UNSAFE_TEXT_MESSAGE} (in ${where})`) : undefined);
  });

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', service: name });
  });

  app.get('/readyz', async (_req, res) => {
    const results = await Promise.all(
      readiness.map(async ({ name: check, check: run }) => {
        try {
          await withTimeout(run(), READINESS_TIMEOUT_MS);
          return [check, 'ok'] as const;
        } catch (error) {
          logger.warn({ err: error, check }, 'readiness check failed');
          return [check, 'failed'] as const;
        }
      }),
    );
    const ready = results.every(([, state]) => state === 'ok');
    res.status(ready ? 200 : 503).json({ status: ready ? 'ok' : 'unavailable', service: name, checks: Object.fromEntries(results) });
  });

  return app;
}

/** JSON 404 for any route nobody answered. */
export const notFoundHandler: RequestHandler = (_req, res) => {
  res.status(404).json({ error: 'Not found' });
};

/** The one error middleware: `{ error }` JSON with the right status, never a stack trace. */
export function errorMiddleware(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    if (error instanceof HttpError) {
      if (error.logLevel) res.locals[LOG_LEVEL_LOCAL] = error.logLevel;
      res.status(error.status).json({ ...error.extra, error: error.message });
      return;
    }
    if (error instanceof ZodError) {
      res.status(400).json({ error: `Invalid request: ${formatZodError(error)}` });
      return;
    }
    const type = (error as { type?: unknown } | null)?.type;
    const known = typeof type === 'string' ? BODY_ERRORS[type] : undefined;
    if (known) {
      res.status(known.status).json({ error: type === 'entity.parse.failed' ? parseFailure(error as { body?: unknown }) : known.message });
      return;
    }
    const status = (error as { status?: unknown } | null)?.status;
    const encoding = req.headers['content-encoding'];
    if (status === 400 && typeof (error as { code?: unknown }).code === 'string' && encoding && !/^identity$/i.test(encoding)) {
      // zlib's own words ("incorrect header check") say nothing to a client: the body did not decompress.
      res.status(400).json({ error: `The body could not be decompressed (Content-Encoding: ${encoding.replace(/[^\w ,-]/g, '').slice(0, 40)})` });
      return;
    }
    if (typeof status === 'number' && status >= 400 && status < 500) {
      // The router's "Failed to decode param '%E0%A4%A'" is about the address: say so in words.
      if (error instanceof URIError) {
        res.status(400).json({ error: 'Invalid request: the address has a malformed %-escape' });
        return;
      }
      const message = error instanceof Error && error.message ? error.message : 'Bad request';
      res.status(status).json({ error: message });
      return;
    }
    logger.error({ err: error, reqId: (req as { id?: unknown }).id }, 'unhandled error');
    res.status(500).json({ error: 'Internal server error' });
  };
}

/** Ends a service's app: JSON 404 for unknown routes, then the error middleware. */
/** What the router's layers (Express 5's `router` package) expose that the 405 answer reads. */
interface RouterLayer {
  route?: { methods: Record<string, boolean | undefined> };
  handle?: { stack?: RouterLayer[] };
  match(path: string): false | { path: string };
}

/**
 * The methods the routes at `path` answer, nested routers included; `'*'` when one answers any method (`all`);
 * empty when no route has this path.
 */
export function methodsAt(stack: readonly RouterLayer[], path: string): Set<string> {
  const out = new Set<string>();
  for (const layer of stack) {
    const matched = layer.match(path);
    if (!matched) continue;
    if (layer.route) {
      for (const [method, on] of Object.entries(layer.route.methods)) if (on) out.add(method === '_all' ? '*' : method.toUpperCase());
    } else if (layer.handle?.stack) {
      for (const method of methodsAt(layer.handle.stack, path.slice(matched.path.length) || '/')) out.add(method);
    }
  }
  return out;
}

/** 405 with Allow for a path some route answers, asked with another method (a PUT to a POST-only route was a 404). */
function methodNotAllowed(app: Express): RequestHandler {
  return (req, res, next) => {
    const allowed = methodsAt((app as unknown as { router: { stack: RouterLayer[] } }).router.stack, req.path);
    if (allowed.size === 0 || allowed.has('*') || allowed.has(req.method)) return next();
    if (allowed.has('GET')) allowed.add('HEAD');
    res.setHeader('Allow', [...allowed].sort().join(', '));
    res.status(405).json({ error: 'Method not allowed' });
  };
}

export function finishApp(app: Express, logger: Logger): Express {
  app.use(methodNotAllowed(app));
  app.use(notFoundHandler);
  app.use(errorMiddleware(logger));
  return app;
}
