import type pg from 'pg';
import { assertSchemaName } from './database.js';
import type { RateLimitResult, RateLimits } from './limits.js';

/** Windows that ended this long ago are deleted (at most once a minute per process). */
const PRUNE_EVERY_MS = 60_000;

/**
 * Rate limits counted in PostgreSQL, in `<schema>.rate_limits`, so every replica of a service counts into
 * the same fixed windows: one `INSERT … ON CONFLICT DO UPDATE … RETURNING` per request, atomic under
 * concurrency (the row lock orders racing replicas). As in memory, a key's window starts at its first
 * request and a request after it ends starts the next. The table is made on first use (createApp stays
 * synchronous); ended windows are pruned.
 */
export function createPostgresRateLimits({
  pool,
  schema,
  clock = Date.now,
}: {
  pool: pg.Pool;
  schema: string;
  clock?: () => number;
}): RateLimits {
  const table = `"${assertSchemaName(schema)}".rate_limits`;
  let ready: Promise<void> | null = null;
  const ensureTable = () =>
    (ready ??= (async () => {
      const client = await pool.connect();
      try {
        // Replicas starting together create it once.
        await client.query('begin');
        await client.query('select pg_advisory_xact_lock(hashtext($1))', [`atelier-rate-limits-${schema}`]);
        await client.query(`create table if not exists ${table} (
          name text not null,
          key text not null,
          count integer not null,
          ends_at timestamptz not null,
          primary key (name, key)
        )`);
        await client.query(`create index if not exists rate_limits_ends_at on ${table} (ends_at)`);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        ready = null; // try again on the next request
        throw error;
      } finally {
        client.release();
      }
    })());

  let lastPrune = 0;
  const prune = (now: number) => {
    if (now - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = now;
    // Off the request's path; a failure is retried at the next prune.
    pool.query(`delete from ${table} where ends_at < $1`, [new Date(now)]).catch(() => undefined);
  };

  return {
    limiter({ name, limit, windowMs }) {
      return {
        async take(key: string): Promise<RateLimitResult> {
          await ensureTable();
          const now = clock();
          // An ended window (ends_at ≤ now) is restarted by this request; else it is counted in.
          const { rows } = await pool.query<{ count: number; ends_at: Date }>(
            `insert into ${table} as t (name, key, count, ends_at) values ($1, $2, 1, $4)
             on conflict (name, key) do update set
               count = case when t.ends_at <= $3 then 1 else t.count + 1 end,
               ends_at = case when t.ends_at <= $3 then excluded.ends_at else t.ends_at end
             returning count, ends_at`,
            [name, key, new Date(now), new Date(now + windowMs)],
          );
          prune(now);
          const { count, ends_at: endsAt } = rows[0]!;
          if (count <= limit) return { ok: true };
          return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((endsAt.getTime() - now) / 1000)) };
        },
      };
    },
  };
}
