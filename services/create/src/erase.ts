import { assertSchemaName, deleteMediaKeys, eraseKitRowsOf, UUID_PATTERN, type Database, type EraseOutcome, type Logger, type MediaStore } from '@atelier/kit';
import { deleteFinishedGenerationsOf, deleteUploadsOf, hasUnfinishedGenerations, mediaKeysInUse } from './db/generations.js';
import type { GenerationRow } from './db/schema.js';

/**
 * The files an erase may delete: what this service makes (results, thumbnails, the uploads of `/api/uploads`) and
 * the gallery's own copies of canvas edits (canvas hands them over as the gallery's). Anything else a generation
 * names — a photoshoot's photo (the photoshoot service erases its own), a house picture of another service — stays.
 */
const ERASABLE_PREFIXES = ['generations/', 'uploads/', 'canvas/gallery/'] as const;

/** Every media URL a generation names: its picture, video and thumbnail and its inputs (a start image, a person, a garment). */
function urlsOf(row: GenerationRow): string[] {
  return [row.imageUrl, row.videoUrl, row.thumbnailUrl, ...Object.values(row.inputs)].filter((url): url is string => typeof url === 'string');
}

export interface EraseDeps {
  /** Its schema also holds kit's tables (`idempotency_keys`, `rate_limits`), made outside drizzle. */
  database: Pick<Database, 'db' | 'schema'>;
  media: MediaStore;
  logger: Logger;
}

/**
 * What the create service keeps of a deleted account, erased (kit's `startErasureWatcher`): 'later' while a
 * generation of theirs is queued or processing (its worker would write again); else every generation of theirs of
 * every type (imported photoshoot photos and canvas edits too, failed ones whose refund is owed too: the account is
 * gone), their idempotency keys and rate-limit counters, their uploads (used or not), and the files only those rows
 * named (results, thumbnails, uploads, the gallery's canvas copies). A file another generation still names stays,
 * and so does anything outside ERASABLE_PREFIXES. The rows go and the files are deleted in one transaction: a crash
 * or a failed delete before it commits leaves the rows to find the files again next round; twice is the same as once.
 */
export function createErase({ database, media, logger }: EraseDeps): (userId: string) => Promise<EraseOutcome> {
  const { db } = database;
  const schema = assertSchemaName(database.schema);

  return async function erase(userId) {
    // Every id account lists is a UUID; anything else cannot own a row here (the columns are uuid).
    const ours = UUID_PATTERN.test(userId);
    if (ours && (await hasUnfinishedGenerations(db, userId))) return 'later';
    const erased = await db.transaction(async (tx) => {
      const rows = ours ? await deleteFinishedGenerationsOf(tx, userId) : [];
      // Their uploads, used or not (a photo that never went into a generation too).
      const keys = new Set<string>(ours ? await deleteUploadsOf(tx, userId) : []);
      for (const row of rows) {
        for (const url of urlsOf(row)) {
          const key = media.keyFromUrl(url);
          if (key && ERASABLE_PREFIXES.some((prefix) => key.startsWith(prefix))) keys.add(key);
        }
      }
      // Their rows are gone in this transaction: what still names a file is another user's generation.
      const named = await mediaKeysInUse(tx, [...keys]);
      const files = [...keys].filter((key) => !named.has(key));
      // A failure throws: the transaction rolls back, nothing is acknowledged, and the next round tries again.
      await deleteMediaKeys(media, files);
      await eraseKitRowsOf(tx, schema, userId);
      return { generations: rows.length, files: files.length, kept: named.size };
    });
    // Something of theirs started meanwhile (a request in flight when the account went): the next round ends it.
    if (ours && (await hasUnfinishedGenerations(db, userId))) return 'later';
    logger.info({ userId, ...erased }, 'deleted account erased');
    return 'erased';
  };
}
