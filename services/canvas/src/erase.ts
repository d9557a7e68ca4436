import { assertSchemaName, deleteMediaKeys, eraseKitRowsOf, mediaKeyOfColumn, UUID_PATTERN, type Database, type EraseOutcome, type Logger, type MediaStore } from '@atelier/kit';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { MEDIA_PREFIX } from './constants.js';
import { edits, type EditRow } from './db/schema.js';

const UNFINISHED = ['queued', 'processing'] as const;
const FINISHED = ['completed', 'failed'] as const;
/** Only files this service makes are ever deleted (its inputs, results and the gallery's copies). */
const ERASABLE_PREFIXES = Object.values(MEDIA_PREFIX).map((prefix) => `${prefix}/`);

/** Every media URL an edit names: its stored inputs, its result and the gallery's copies of them. */
function urlsOf(row: EditRow): string[] {
  return [...row.inputImages, row.outputUrl, row.galleryImageUrl, row.galleryInputUrl].filter((url): url is string => typeof url === 'string');
}

export interface EraseDeps {
  /** Its schema also holds kit's tables (`idempotency_keys`, `rate_limits`), made outside drizzle. */
  database: Pick<Database, 'db' | 'schema'>;
  media: MediaStore;
  logger: Logger;
}

/**
 * What the canvas service keeps of a deleted account, erased (kit's `startErasureWatcher`): 'later' while an edit of
 * theirs is queued or processing (its worker would write a result and hand it to the gallery); else every edit of
 * theirs (failed ones whose refund is owed too, finished ones not yet handed to the gallery too: the account is gone),
 * their idempotency keys and rate-limit counters, and the files those edits named that no other edit does: inputs,
 * results and the gallery's copies (create erases its rows that name the copies; a copy of an edit deleted here
 * earlier is create's alone to find). The rows go and the files are deleted in one transaction: a crash or a failed
 * delete before it commits leaves the rows to find the files again next round; twice is the same as once.
 */
export function createErase({ database, media, logger }: EraseDeps): (userId: string) => Promise<EraseOutcome> {
  const { db } = database;
  const schema = assertSchemaName(database.schema);

  async function busy(userId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: edits.id })
      .from(edits)
      .where(and(eq(edits.userId, userId), inArray(edits.status, UNFINISHED)))
      .limit(1);
    return row !== undefined;
  }

  return async function erase(userId) {
    // Every id account lists is a UUID; anything else cannot own an edit (the column is uuid).
    const ours = UUID_PATTERN.test(userId);
    if (ours && (await busy(userId))) return 'later';
    const erased = await db.transaction(async (tx) => {
      const rows = ours
        ? await tx
            .delete(edits)
            .where(and(eq(edits.userId, userId), inArray(edits.status, FINISHED)))
            .returning()
        : [];
      const keys = new Set<string>();
      for (const row of rows) {
        for (const url of urlsOf(row)) {
          const key = media.keyFromUrl(url);
          if (key && ERASABLE_PREFIXES.some((prefix) => key.startsWith(prefix))) keys.add(key);
        }
      }
      // Their edits are gone in this transaction: what still names a file is another edit (by key: a URL may be
      // relative or on PUBLIC_URL's origin).
      const candidates = [...keys];
      const named = new Set<string>();
      if (candidates.length > 0) {
        const { rows: still } = await tx.execute<{ key: string }>(sql`
          select distinct named.key from (
            select ${mediaKeyOfColumn(sql`output_url`)} as key from ${edits}
            union all select ${mediaKeyOfColumn(sql`gallery_image_url`)} from ${edits}
            union all select ${mediaKeyOfColumn(sql`gallery_input_url`)} from ${edits}
            union all select ${mediaKeyOfColumn(sql`input.value`)} from ${edits} cross join lateral jsonb_array_elements_text(${edits.inputImages}) as input
          ) as named
          where named.key = any(${sql.param(candidates)}::text[])`);
        for (const row of still) named.add(row.key);
      }
      const files = candidates.filter((key) => !named.has(key));
      // A failure throws: the transaction rolls back, nothing is acknowledged, and the next round tries again.
      await deleteMediaKeys(media, files);
      await eraseKitRowsOf(tx, schema, userId);
      return { edits: rows.length, files: files.length, kept: named.size };
    });
    // An edit of theirs started meanwhile (a request in flight when the account went): the next round ends it.
    if (ours && (await busy(userId))) return 'later';
    logger.info({ userId, ...erased }, 'deleted account erased');
    return 'erased';
  };
}
