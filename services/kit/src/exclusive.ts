import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from './database.js';

/**
 * Runs `work` unless another process (a replica) is running the work of the same name: resolves true
 * when it ran, false when it was skipped.
 */
export type RunAlone = (name: string, work: () => Promise<void>) => Promise<boolean>;

/** Runs every time: one process, or tests. */
export const runAlways: RunAlone = async (_name, work) => {
  await work();
  return true;
};

/**
 * `RunAlone` across the processes sharing a PostgreSQL server: a session-level `pg_try_advisory_lock`
 * on one connection held for the work's duration (a replica that finds it taken skips this round; a
 * process that dies mid-work loses its connection and with it the lock). `scope` (the service's schema)
 * keeps names of different services apart.
 */
export function advisoryLocks(pool: pg.Pool, scope: string): RunAlone {
  return async (name, work) => {
    const client = await pool.connect();
    const lock = `atelier-${scope}-${name}`;
    let released = false;
    try {
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock(hashtext($1)) as locked', [lock]);
      if (!rows[0]?.locked) return false;
      try {
        await work();
        return true;
      } finally {
        await client.query('select pg_advisory_unlock(hashtext($1))', [lock]).catch((error: unknown) => {
          // The connection is broken: end it rather than return a connection that may still hold the lock.
          released = true;
          client.release(error instanceof Error ? error : true);
        });
      }
    } finally {
      if (!released) client.release();
    }
  };
}

/** The transaction `db.transaction` hands its callback. */
export type Tx<TTables extends Record<string, unknown> = Record<string, never>> = Parameters<Parameters<Db<TTables>['transaction']>[0]>[0];

/**
 * Runs `work` in a transaction that first takes the transaction-scoped advisory lock `name`: callers with the same
 * name, in this process or any replica, run one after another, so a check and the write it allows cannot interleave
 * ("count, then insert while under the cap"). Keep the work short: it holds a pooled connection and the lock.
 */
export function inLockedTransaction<T, TTables extends Record<string, unknown>>(db: Db<TTables>, name: string, work: (tx: Tx<TTables>) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${name}))`);
    return work(tx);
  });
}
