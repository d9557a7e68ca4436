import { assertSchemaName, deleteMediaKeys, eraseKitRowsOf, type Database, type EraseOutcome, type Logger, type MediaStore } from '@atelier/kit';
import { and, eq, gte, inArray, isNull, or } from 'drizzle-orm';
import { characters, photoshoots, poses, previews } from './db/schema.js';
import { PREVIEW_STALE_MS } from './previews.js';

/** Every file this service makes is under this prefix; nothing else is ever deleted by an erase. */
const OWN_MEDIA_PREFIX = 'photoshoot/';

export interface EraseDeps {
  /** Its schema also holds kit's tables (`idempotency_keys`, `rate_limits`), made outside drizzle. */
  database: Pick<Database, 'db' | 'pool' | 'schema'>;
  media: MediaStore;
  logger: Logger;
  clock: () => Date;
}

/**
 * What the photoshoot service keeps of a deleted account, erased (kit's `startErasureWatcher`): 'later' while a
 * worker or a request would still write for them — a photoshoot still being made (its poses land, it completes), a
 * set of previews still being drawn (its claim renewed in the last PREVIEW_STALE_MS); else their photoshoots and
 * poses, their own characters (never the house cast), their preview sets and claims, their idempotency keys and
 * rate-limit counters, and the files only those rows point at: pose photos, garments, their characters' portraits,
 * previews. A file another row still points at (the house cast's portraits a photoshoot was made of, the template's
 * poses, anything of another user) stays. Files go first and rows after, so a crash in between leaves the rows to
 * find the files again; twice is the same as once. The create service's gallery rows of the same user point at
 * the same pose photos: those rows are create's to erase (it never deletes files under this service's prefix).
 */
export function createErase(deps: EraseDeps): (userId: string) => Promise<EraseOutcome> {
  const { media, logger, clock } = deps;
  const { db, pool } = deps.database;
  const schema = assertSchemaName(deps.database.schema);

  async function busy(userId: string): Promise<boolean> {
    const [running] = await db
      .select({ id: photoshoots.id })
      .from(photoshoots)
      .where(and(eq(photoshoots.userId, userId), eq(photoshoots.status, 'processing')))
      .limit(1);
    if (running) return true;
    // A claim still renewed is a set some process is drawing: its images would land after the erase.
    const fresh = new Date(clock().getTime() - PREVIEW_STALE_MS);
    const [drawing] = await db
      .select({ id: previews.id })
      .from(previews)
      .where(and(eq(previews.userId, userId), isNull(previews.images), or(gte(previews.heartbeatAt, fresh), and(isNull(previews.heartbeatAt), gte(previews.createdAt, fresh)))))
      .limit(1);
    return Boolean(drawing);
  }

  /** Whether any row of the user is still here. */
  async function anythingLeft(userId: string): Promise<boolean> {
    const [shoot] = await db.select({ id: photoshoots.id }).from(photoshoots).where(eq(photoshoots.userId, userId)).limit(1);
    const [character] = await db.select({ id: characters.id }).from(characters).where(and(eq(characters.userId, userId), isNull(characters.houseKey))).limit(1);
    const [preview] = await db.select({ id: previews.id }).from(previews).where(eq(previews.userId, userId)).limit(1);
    return Boolean(shoot ?? character ?? preview);
  }

  /** The user's files that no other row of this schema points at. */
  async function filesOnlyTheirs(userId: string, shootIds: string[]): Promise<string[]> {
    const urls = new Set<string>();
    const add = (url: string | null | undefined) => {
      if (url) urls.add(url);
    };
    for (const row of await db.select({ url: characters.previewImageUrl }).from(characters).where(eq(characters.userId, userId))) add(row.url);
    for (const row of await db
      .select({ portrait: photoshoots.characterImageUrl, garment: photoshoots.garmentUrl })
      .from(photoshoots)
      .where(eq(photoshoots.userId, userId))) {
      add(row.portrait);
      add(row.garment);
    }
    if (shootIds.length > 0) for (const row of await db.select({ url: poses.imageUrl }).from(poses).where(inArray(poses.photoshootId, shootIds))) add(row.url);
    for (const row of await db.select({ images: previews.images }).from(previews).where(eq(previews.userId, userId))) {
      for (const image of row.images ?? []) add(image.imageUrl);
    }
    if (urls.size === 0) return [];
    const candidates = [...urls];
    const shared = await pool.query<{ url: string }>(
      `select url from (
         select preview_image_url as url from "${schema}".characters where user_id is distinct from $1
         union all select image_url from "${schema}".template_poses
         union all select character_image_url from "${schema}".photoshoots where user_id <> $1
         union all select garment_url from "${schema}".photoshoots where user_id <> $1
         union all select p.image_url from "${schema}".poses p join "${schema}".photoshoots s on s.id = p.photoshoot_id where s.user_id <> $1
         union all select image ->> 'imageUrl' from "${schema}".previews, jsonb_array_elements(coalesce(images, '[]'::jsonb)) as image where user_id <> $1
       ) as elsewhere where url = any($2::text[])`,
      [userId, candidates],
    );
    const kept = new Set(shared.rows.map((row) => row.url));
    return candidates.filter((url) => !kept.has(url));
  }

  return async function erase(userId) {
    if (await busy(userId)) return 'later';
    const shootIds = (await db.select({ id: photoshoots.id }).from(photoshoots).where(eq(photoshoots.userId, userId))).map((row) => row.id);

    const keys = (await filesOnlyTheirs(userId, shootIds)).map((url) => media.keyFromUrl(url)).filter((key): key is string => !!key?.startsWith(OWN_MEDIA_PREFIX));
    await deleteMediaKeys(media, keys); // a failure throws: nothing is acknowledged, and the next round tries again
    const files = keys.length;

    // Only the rows whose files were just looked at: one a request in flight added meanwhile is left for the next
    // round (with its files), not deleted without them.
    const ownCharacters = (await db.select({ id: characters.id }).from(characters).where(and(eq(characters.userId, userId), isNull(characters.houseKey)))).map((row) => row.id);
    const ownPreviews = (await db.select({ id: previews.id }).from(previews).where(eq(previews.userId, userId))).map((row) => row.id);
    const rows = await db.transaction(async (tx) => {
      const posesGone = shootIds.length > 0 ? (await tx.delete(poses).where(inArray(poses.photoshootId, shootIds)).returning({ id: poses.photoshootId })).length : 0;
      const shootsGone = shootIds.length > 0 ? (await tx.delete(photoshoots).where(inArray(photoshoots.id, shootIds)).returning({ id: photoshoots.id })).length : 0;
      // `user_id = ` never matches the house cast (their user is null); the house key is checked all the same.
      const charactersGone = ownCharacters.length > 0 ? (await tx.delete(characters).where(and(inArray(characters.id, ownCharacters), isNull(characters.houseKey))).returning({ id: characters.id })).length : 0;
      const previewsGone = ownPreviews.length > 0 ? (await tx.delete(previews).where(inArray(previews.id, ownPreviews)).returning({ id: previews.id })).length : 0;
      return posesGone + shootsGone + charactersGone + previewsGone;
    });
    await eraseKitRowsOf(db, schema, userId);
    logger.info({ userId, rows, files }, 'deleted account erased');
    // Something of theirs written meanwhile (a request in flight when the account went): the next round erases it.
    if (await anythingLeft(userId)) return 'later';
    return 'erased';
  };
}

