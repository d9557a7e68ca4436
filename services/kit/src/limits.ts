import type { Request, RequestHandler } from 'express';
import { HttpError } from './errors.js';

/** What one counted request learns: within the limit, or in how many seconds the window ends. */
export type RateLimitResult = { ok: true } | { ok: false; retryAfterSeconds: number };

/** A fixed-window counter per key (a user id, a client address) for one limit. */
export interface RateLimiter {
  take(key: string): RateLimitResult | Promise<RateLimitResult>;
}

/**
 * Where limits are counted. A service gives its routes the PostgreSQL store (`createPostgresRateLimits`),
 * so every replica counts into the same windows; without one a route counts in its process's memory
 * (unit tests, a single process).
 */
export interface RateLimits {
  /** The limiter of one named limit; `name` keeps two limits on the same key apart. */
  limiter(options: { name: string; limit: number; windowMs: number }): RateLimiter;
}

/**
 * A fixed-window counter per key, in this process's memory. `take(key)` counts one request and says
 * whether it is within the limit, and if not, in how many seconds the window ends. Old windows are
 * dropped as the map is used, so it stays small.
 */
export function createRateLimiter({ limit, windowMs, clock = Date.now }: { limit: number; windowMs: number; clock?: () => number }) {
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = clock();
  return {
    take(key: string): RateLimitResult {
      const now = clock();
      if (now - lastSweep > windowMs) {
        for (const [k, w] of windows) if (now - w.start >= windowMs) windows.delete(k);
        lastSweep = now;
      }
      let window = windows.get(key);
      if (!window || now - window.start >= windowMs) {
        window = { start: now, count: 0 };
        windows.set(key, window);
      }
      window.count += 1;
      if (window.count <= limit) return { ok: true };
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((window.start + windowMs - now) / 1000)) };
    },
  };
}

/** Limits counted in this process's memory: each process has its own windows. */
export const memoryRateLimits = (clock: () => number = Date.now): RateLimits => ({
  limiter: ({ limit, windowMs }) => createRateLimiter({ limit, windowMs, clock }),
});

/** The address a request came from: the gateway's X-Forwarded-For, trusted from loopback (Express's req.ip). */
export const clientAddress = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';

/**
 * Answers 429 `{ error }` with Retry-After past `limit` requests per `windowMs` for one key. `key`
 * returns null for requests the limit does not apply to (e.g. signed-in users of a signed-out limit).
 * Counted in `limits` (the service's shared PostgreSQL store), else in this process's memory.
 */
export function rateLimitBy({
  name,
  limit,
  windowMs,
  key,
  message,
  limits,
}: {
  /** Names the limit in the shared store, e.g. `sign-in` (unique within the service). */
  name: string;
  limit: number;
  windowMs: number;
  key: (req: Request) => string | null;
  message: string;
  limits?: RateLimits;
}): RequestHandler {
  const limiter = limits ? limits.limiter({ name, limit, windowMs }) : createRateLimiter({ limit, windowMs });
  return async (req, res, next) => {
    const k = key(req);
    if (k === null) return next();
    try {
      const taken = await limiter.take(k);
      if (taken.ok) return next();
      res.setHeader('Retry-After', String(taken.retryAfterSeconds));
      next(new HttpError(429, message));
    } catch (error) {
      next(error);
    }
  };
}

/**
 * Refuses a JSON body larger than `bytes` with 413: by its declared length before anything is
 * read, else (a chunked body) by the size of what was parsed. Mount after the app's JSON parser.
 */
export function maxJsonBody(bytes: number): RequestHandler {
  return (req, _res, next) => {
    const declared = Number(req.headers['content-length']);
    const size = Number.isFinite(declared) ? declared : Buffer.byteLength(JSON.stringify(req.body ?? null));
    next(size > bytes ? new HttpError(413, `Request body too large: at most ${Math.round(bytes / 1024)} KB`) : undefined);
  };
}

/**
 * Whether a GET that changes state (the spec's `GET /api/logout`) came from our own pages rather
 * than another site: the browser's Sec-Fetch-Site when it sends one (`same-origin`, or `none` for the
 * user typing the address or a bookmark; a sibling subdomain's `same-site` is not us), else Origin or
 * Referer. A request without any of them (not a browser following another site's link) passes.
 */
export function isSameSiteRequest(req: Request, publicOrigin: string): boolean {
  const site = req.get('sec-fetch-site');
  if (site) return site === 'same-origin' || site === 'none';
  const from = req.get('origin') ?? req.get('referer');
  if (!from) return true;
  try {
    return new URL(from).origin === publicOrigin;
  } catch {
    return false;
  }
}

/** How many later jobs may start before a waiting one goes next regardless of its owner's share. */
const MAX_PASSES = 8;

/**
 * At most `capacity` units of work at once (image decoding: its megapixels), the rest wait. Waiting work is taken
 * by its owner's share: the owner with the least work running goes next, then the one served longest ago, then in
 * order of arrival — one user's eight large uploads made another's small one wait past the gateway's timeout. A job
 * passed over by MAX_PASSES later ones goes next whatever its owner (a stream of new owners' small jobs held a large
 * one back for as long as it lasted), and nothing starts before it until it fits. A single job larger than the
 * capacity still runs, alone.
 */
export function createWeightedSemaphore(capacity: number) {
  let used = 0;
  const waiting: { weight: number; owner: string; start: () => void; passed: number }[] = [];
  const running = new Map<string, number>();
  /** When each owner with work running or waiting was last served (a count of starts). */
  const served = new Map<string, number>();
  let starts = 0;
  const runningOf = (owner: string) => running.get(owner) ?? 0;
  const before = (a: string, b: string) => runningOf(a) - runningOf(b) || (served.get(a) ?? -1) - (served.get(b) ?? -1);
  const pump = () => {
    while (waiting.length > 0) {
      let index = waiting.findIndex((w) => w.passed >= MAX_PASSES);
      if (index < 0) {
        index = 0;
        for (let i = 1; i < waiting.length; i++) if (before(waiting[i]!.owner, waiting[index]!.owner) < 0) index = i;
      }
      const next = waiting[index]!;
      if (used > 0 && used + next.weight > capacity) return;
      waiting.splice(index, 1);
      // Those that came before it and wait on were passed over once more.
      for (let i = 0; i < index; i++) waiting[i]!.passed += 1;
      used += next.weight;
      running.set(next.owner, runningOf(next.owner) + 1);
      served.set(next.owner, starts++);
      next.start();
    }
  };
  return {
    /** Runs `work` once `weight` fits; `owner` (a user, a client address) shares the waiting with others. */
    async run<T>(weight: number, work: () => Promise<T>, owner = ''): Promise<T> {
      await new Promise<void>((start) => {
        waiting.push({ weight, owner, start, passed: 0 });
        pump();
      });
      try {
        return await work();
      } finally {
        used -= weight;
        const left = runningOf(owner) - 1;
        if (left > 0) running.set(owner, left);
        else {
          running.delete(owner);
          if (!waiting.some((w) => w.owner === owner)) served.delete(owner);
        }
        pump();
      }
    },
    get inUse() {
      return used;
    },
    get queued() {
      return waiting.length;
    },
  };
}
