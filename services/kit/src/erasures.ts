import { erasureListSchema } from '@atelier/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { assertSchemaName } from './database.js';
import { runAlways, type RunAlone } from './exclusive.js';
import type { Logger } from './logger.js';
import type { MediaStore } from './media/types.js';
import { serviceHeaders, type TokenSecrets } from './tokens.js';

/**
 * Account deletion (docs/decisions.md, "Deleting an account"): the account service marks the user deleted and
 * lists them at `GET /internal/erasures` until every service that keeps their data has said
 * `POST /internal/erasures/:userId/done`. Each such service runs one watcher: it asks for the users it has not
 * erased yet, erases each (its rows and the media only they made) and says so. Services call account, never the
 * other way round, so this needs no new address anywhere.
 */
export type EraseOutcome = 'erased' | 'later';

export interface ErasureWatcherOptions {
  /** This service's name: the caller in its service token, and the name account records as done. */
  caller: string;
  accountUrl: string;
  identityKeys: TokenSecrets;
  logger: Logger;
  /** How often to ask; the first ask is at start. */
  intervalMs: number;
  /**
   * Erases what this service keeps of the user. 'later' when it cannot yet (work of theirs still running, which
   * would write again after the erase): asked again next round. Must be safe to run twice (a crash between the
   * erase and the acknowledgement repeats it).
   */
  erase(userId: string): Promise<EraseOutcome>;
  /** One replica at a time (advisory lock); default always. */
  runAlone?: RunAlone;
}

const ACCOUNT_TIMEOUT_MS = 10_000;

async function callAccount(options: ErasureWatcherOptions, method: 'GET' | 'POST', path: string): Promise<unknown> {
  const response = await fetch(`${options.accountUrl}${path}`, {
    method,
    headers: await serviceHeaders(options.identityKeys, options.caller, 'account'),
    signal: AbortSignal.timeout(ACCOUNT_TIMEOUT_MS),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`account answered ${response.status} to ${method} ${path}: ${text.slice(0, 200)}`);
  return text ? (JSON.parse(text) as unknown) : null;
}

/** One round: every user account lists for this service is erased (or left for later, or failed and left for the next round) and acknowledged. */
export async function eraseDeletedUsers(options: ErasureWatcherOptions): Promise<{ erased: number; later: number; failed: number }> {
  const list = erasureListSchema.parse(await callAccount(options, 'GET', '/internal/erasures'));
  let erased = 0;
  let later = 0;
  let failed = 0;
  for (const userId of list.userIds) {
    // One user whose erase fails (a store or Stripe refusing) must not hold up everyone deleted after them.
    try {
      const outcome = await options.erase(userId);
      if (outcome === 'later') {
        later += 1;
        continue;
      }
      await callAccount(options, 'POST', `/internal/erasures/${encodeURIComponent(userId)}/done`);
      erased += 1;
    } catch (error) {
      failed += 1;
      options.logger.warn({ err: error, userId }, 'erasing a deleted account failed; trying again next round');
    }
  }
  if (erased > 0 || later > 0 || failed > 0) options.logger.info({ erased, later, failed }, 'deleted accounts erased');
  return { erased, later, failed };
}

/** Asks every `intervalMs` (and at once); a failed round is logged and tried again at the next. */
export function startErasureWatcher(options: ErasureWatcherOptions): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = (options.runAlone ?? runAlways)('erasures', async () => {
      await eraseDeletedUsers(options);
    })
      .then(() => undefined)
      .catch((error: unknown) => options.logger.warn({ err: error }, 'erasing deleted accounts failed; trying again later'))
      .finally(() => {
        running = null;
      });
  };
  tick();
  const timer = setInterval(tick, options.intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

/** A drizzle database or transaction: anything that runs a statement. */
export interface SqlRunner {
  execute(query: SQL): Promise<{ rows: unknown[] }>;
}

/**
 * Deletes a deleted user's rows in kit's own tables of a service's schema — idempotency keys (by owner) and rate-limit
 * counters (by key) — for every service's `erase`. Either table exists only once its store was first used.
 */
export async function eraseKitRowsOf(db: SqlRunner, schema: string, userId: string): Promise<void> {
  const name = assertSchemaName(schema);
  const { rows } = await db.execute(
    sql`select to_regclass(${`"${name}".idempotency_keys`}) is not null as keys, to_regclass(${`"${name}".rate_limits`}) is not null as limits`,
  );
  const present = rows[0] as { keys?: boolean; limits?: boolean } | undefined;
  if (present?.keys) await db.execute(sql`delete from ${sql.identifier(name)}.idempotency_keys where owner = ${userId}`);
  if (present?.limits) await db.execute(sql`delete from ${sql.identifier(name)}.rate_limits where key = ${userId}`);
}

/** Files deleted at once by an erase. */
const ERASE_DELETE_CONCURRENCY = 8;

/** Deletes media files a few at a time (a missing one is fine); the first failure throws, so nothing is acknowledged. */
export async function deleteMediaKeys(media: Pick<MediaStore, 'delete'>, keys: readonly string[]): Promise<void> {
  for (let start = 0; start < keys.length; start += ERASE_DELETE_CONCURRENCY) {
    await Promise.all(keys.slice(start, start + ERASE_DELETE_CONCURRENCY).map((key) => media.delete(key)));
  }
}
