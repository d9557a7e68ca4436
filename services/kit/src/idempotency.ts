import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type pg from 'pg';
import { assertSchemaName } from './database.js';
import { CLIENT_GONE, HttpError, badRequest } from './errors.js';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long a key's first answer is replayed. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A request holding a key this long without answering is taken to have died with its process. */
const ABANDONED_AFTER_MS = 60_000;
/** How long a repeat waits for the first request with its key to answer. */
const WAIT_FOR_FIRST_MS = 30_000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export const IDEMPOTENCY_ERRORS = {
  invalidKey: 'Idempotency-Key must be 1–255 visible ASCII characters',
  reusedKey: 'This Idempotency-Key was already used with a different request',
  inProgress: 'A request with this Idempotency-Key is still being handled; try again shortly',
} as const;

/** JSON with sorted keys, so the same body sent twice hashes the same whatever its key order. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stableJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

interface KeyRow {
  request_hash: string;
  state: 'pending' | 'done';
  status: number | null;
  body: unknown;
  created_at: Date;
  updated_at: Date;
}

export interface IdempotencyStore {
  /** Middleware for a JSON route that spends credits or allowance; mount after `requireUser()`. */
  middleware(): RequestHandler;
  /**
   * The same for a route whose body is not JSON (multipart): call it once the request is read, with what
   * the request carries (`{ characterId, clothing: sha256 of the file }`). Resolves true when it has
   * answered (a replay); throws the 400/409/422 HttpErrors; false when the route should go on.
   */
  guard(req: Request, res: Response, carries: unknown): Promise<boolean>;
}

/**
 * `Idempotency-Key` for the requests that spend: the first request with a key is handled and its
 * answer kept for 24 hours; the same key with the same method, path and body replays that answer
 * (header `Idempotent-Replayed: true`) and charges nothing, even when the repeats arrive at once (they
 * wait for the first); the same key with another request answers 422. Keys are per user. Answers of
 * 5xx are not kept, so a retry after a server fault runs again. The keys live in the service's own
 * schema (`idempotency_keys`, created here).
 */
export async function createIdempotencyStore({
  pool,
  schema,
  clock = () => new Date(),
}: {
  pool: pg.Pool;
  schema: string;
  clock?: () => Date;
}): Promise<IdempotencyStore> {
  const table = `"${assertSchemaName(schema)}".idempotency_keys`;
  const client = await pool.connect();
  try {
    // Replicas starting together create it once.
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock(hashtext($1))', [`atelier-idempotency-${schema}`]);
    await client.query(`create table if not exists ${table} (
      owner text not null,
      key text not null,
      request_hash text not null,
      state text not null default 'pending',
      status integer,
      body jsonb,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      primary key (owner, key)
    )`);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }

  async function claim(owner: string, key: string, hash: string): Promise<'mine' | KeyRow> {
    const now = clock();
    // A key past its day is forgotten; then the first to insert owns it.
    await pool.query(`delete from ${table} where owner = $1 and key = $2 and created_at < $3`, [owner, key, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)]);
    const inserted = await pool.query(
      `insert into ${table} (owner, key, request_hash, created_at, updated_at) values ($1, $2, $3, $4, $4) on conflict do nothing`,
      [owner, key, hash, now],
    );
    if (inserted.rowCount === 1) return 'mine';
    const { rows } = await pool.query<KeyRow>(`select request_hash, state, status, body, created_at, updated_at from ${table} where owner = $1 and key = $2`, [owner, key]);
    const row = rows[0];
    if (!row) return claim(owner, key, hash); // expired and deleted in between
    if (row.request_hash === hash && row.state === 'pending' && now.getTime() - row.updated_at.getTime() > ABANDONED_AFTER_MS) {
      // Its first request died with its process: the one that takes it over answers instead.
      const taken = await pool.query(`update ${table} set updated_at = $3 where owner = $1 and key = $2 and state = 'pending' and updated_at = $4`, [
        owner,
        key,
        now,
        row.updated_at,
      ]);
      if (taken.rowCount === 1) return 'mine';
    }
    return row;
  }

  async function finish(owner: string, key: string, status: number, body: unknown): Promise<void> {
    // A server fault, "too many at once" or a start dropped because its client had gone (nothing started) is not the
    // request's answer: the key is free for a retry.
    if (status >= 500 || status === 429 || status === CLIENT_GONE) {
      await pool.query(`delete from ${table} where owner = $1 and key = $2 and state = 'pending'`, [owner, key]);
      return;
    }
    await pool.query(`update ${table} set state = 'done', status = $3, body = $4, updated_at = $5 where owner = $1 and key = $2`, [
      owner,
      key,
      status,
      JSON.stringify(body ?? null),
      clock(),
    ]);
  }

  const replay = (res: Response, row: KeyRow) => {
    res.setHeader('Idempotent-Replayed', 'true');
    res.status(row.status ?? 200).json(row.body);
  };

  async function guard(req: Request, res: Response, carries: unknown): Promise<boolean> {
    const key = req.get(IDEMPOTENCY_HEADER);
    if (key === undefined) return false;
    if (!KEY_PATTERN.test(key)) throw badRequest(IDEMPOTENCY_ERRORS.invalidKey);
    const owner = req.identity?.userId ?? 'anonymous';
    const hash = createHash('sha256')
      .update(`${req.method} ${req.baseUrl}${req.path}\n${stableJson(carries ?? null)}`)
      .digest('hex');
    const deadline = Date.now() + WAIT_FOR_FIRST_MS;
    for (;;) {
      const claimed = await claim(owner, key, hash);
      if (claimed === 'mine') break;
      if (claimed.request_hash !== hash) throw new HttpError(422, IDEMPOTENCY_ERRORS.reusedKey);
      if (claimed.state === 'done') {
        replay(res, claimed);
        return true;
      }
      if (Date.now() > deadline) throw new HttpError(409, IDEMPOTENCY_ERRORS.inProgress);
      await new Promise((r) => setTimeout(r, 50));
    }
    // The answer is recorded before it is sent, so a repeat never sees the key answered differently.
    const send = res.json.bind(res);
    res.json = (body: unknown) => {
      finish(owner, key, res.statusCode, body).then(
        () => send(body),
        () => send(body),
      );
      return res;
    };
    return false;
  }

  return {
    guard,
    middleware(): RequestHandler {
      return async (req, res, next) => {
        try {
          if (!(await guard(req, res, req.body))) next();
        } catch (error) {
          next(error);
        }
      };
    },
  };
}
