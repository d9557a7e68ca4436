import { PHOTOSHOOT_POSE_COUNT, type Generation } from '@atelier/contracts';
import { mediaKeyOfColumn, type Db, type PageCursor } from '@atelier/kit';
import { and, desc, eq, inArray, isNotNull, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { generations, uploads, type GenerationRow, type NewGenerationRow, type StoredProviderRef } from './schema.js';

const UNFINISHED = ['queued', 'processing'] as const;


export async function insertGeneration(db: Db, row: NewGenerationRow): Promise<void> {
  await db.insert(generations).values(row);
}

export async function deleteGeneration(db: Db, id: string): Promise<void> {
  await db.delete(generations).where(eq(generations.id, id));
}

/**
 * Deletes a user's finished generation (completed, or failed with nothing left to refund) and returns it; null when
 * it is not theirs, still running, or awaiting its refund.
 */
export async function deleteFinishedGeneration(db: Db, userId: string, id: string): Promise<GenerationRow | null> {
  const [row] = await db
    .delete(generations)
    .where(
      and(
        eq(generations.id, id),
        eq(generations.userId, userId),
        or(eq(generations.status, 'completed'), and(eq(generations.status, 'failed'), or(isNull(generations.reservedAt), isNotNull(generations.refundedAt)))),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Which of these media keys a generation still names (as its picture, video, thumbnail or any input), by key: a URL
 * may be stored relative (`/media/<key>`) or on PUBLIC_URL's origin, and both name the same file. One pass over the
 * table whatever the number of keys.
 */
export async function mediaKeysInUse(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const { rows } = await db.execute<{ key: string }>(sql`
    select distinct named.key from (
      select ${mediaKeyOfColumn(sql`image_url`)} as key from ${generations}
      union all select ${mediaKeyOfColumn(sql`video_url`)} from ${generations}
      union all select ${mediaKeyOfColumn(sql`thumbnail_url`)} from ${generations}
      union all select ${mediaKeyOfColumn(sql`input.value`)} from ${generations} cross join lateral jsonb_each_text(${generations.inputs}) as input
    ) as named
    where named.key = any(${sql.param(keys)}::text[])`);
  return new Set(rows.map((row) => row.key));
}

/**
 * Which of these media keys the user may use as an input: their own uploads and what their own generations name (a
 * picture, video or thumbnail, an input, an imported photoshoot photo or canvas edit with the canvas result it came
 * from). Media are public by URL, but a URL of someone else's is not an input: an erased account's files would
 * otherwise live on in another user's work, and one user's upload would start another's charged generation.
 */
export async function mediaKeysOwnedBy(db: Db, userId: string, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const { rows } = await db.execute<{ key: string }>(sql`
    select key from ${uploads} where ${uploads.userId} = ${userId} and key = any(${sql.param(keys)}::text[])
    union select named.key from (
      select ${mediaKeyOfColumn(sql`image_url`)} as key from ${generations} where ${generations.userId} = ${userId}
      union all select ${mediaKeyOfColumn(sql`video_url`)} from ${generations} where ${generations.userId} = ${userId}
      union all select ${mediaKeyOfColumn(sql`thumbnail_url`)} from ${generations} where ${generations.userId} = ${userId}
      union all select ${mediaKeyOfColumn(sql`input.value`)} from ${generations} cross join lateral jsonb_each_text(${generations.inputs}) as input
        where ${generations.userId} = ${userId}
    ) as named
    where named.key = any(${sql.param(keys)}::text[])`);
  return new Set(rows.map((row) => row.key));
}

/** Whether the user has a generation queued or processing (a worker would still write for it). */
export async function hasUnfinishedGenerations(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: generations.id })
    .from(generations)
    .where(and(eq(generations.userId, userId), inArray(generations.status, [...UNFINISHED])))
    .limit(1);
  return row !== undefined;
}

/**
 * How many of the user's generations wait to be worked on, besides `except` (those running do not count: a user with
 * one video running is not put behind everyone with their next image).
 */
export async function waitingCountOf(db: Db, userId: string, except: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(generations)
    .where(and(eq(generations.userId, userId), eq(generations.status, 'queued'), ne(generations.id, except)));
  return row?.n ?? 0;
}

/** Deletes every finished generation of the user (completed or failed, refund owed or not) and returns them. */
export async function deleteFinishedGenerationsOf(db: Db, userId: string): Promise<GenerationRow[]> {
  return db
    .delete(generations)
    .where(and(eq(generations.userId, userId), inArray(generations.status, ['completed', 'failed'])))
    .returning();
}

export async function findGeneration(db: Db, id: string): Promise<GenerationRow | null> {
  const [row] = await db.select().from(generations).where(eq(generations.id, id)).limit(1);
  return row ?? null;
}

export async function findUserGeneration(db: Db, userId: string, id: string): Promise<GenerationRow | null> {
  const [row] = await db
    .select()
    .from(generations)
    .where(and(eq(generations.id, id), eq(generations.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** The prompt of the user's generation that made the picture at `imageUrl` (a video's still), if one did. */
export async function promptOfImage(db: Db, userId: string, imageUrl: string): Promise<string | null> {
  const [row] = await db
    .select({ prompt: generations.prompt })
    .from(generations)
    .where(and(eq(generations.userId, userId), eq(generations.imageUrl, imageUrl)))
    .limit(1);
  return row?.prompt ?? null;
}

/** A user's generations newest first (ties by id), `limit` per page, after `cursor`. */
export async function listUserGenerations(
  db: Db,
  userId: string,
  limit: number,
  cursor: PageCursor | null,
): Promise<{ rows: GenerationRow[]; next: PageCursor | null }> {
  const after = cursor ? olderThan(cursor) : undefined;
  const rows = await db
    .select()
    .from(generations)
    .where(and(eq(generations.userId, userId), after))
    .orderBy(desc(generations.createdAt), desc(generations.id))
    .limit(limit + 1);
  let page = rows.slice(0, limit);
  let more = rows.length > limit;
  // A photoshoot's photos are one tile in the gallery: a page never ends inside a set (it showed "Amara · 9 photos",
  // then "Amara · 1 photo" on the next page). The page takes the rest of the set, at most a set's size more.
  const last = page.at(-1);
  const set = last?.type === 'photoshoot' ? last.inputs.photoshoot : undefined;
  if (more && last && set && rows[limit]?.inputs.photoshoot === set) {
    const rest = await db
      .select()
      .from(generations)
      .where(and(eq(generations.userId, userId), sql`${generations.inputs} ->> 'photoshoot' = ${set}`, olderThan(last)))
      .orderBy(desc(generations.createdAt), desc(generations.id))
      .limit(PHOTOSHOOT_POSE_COUNT);
    page = [...page, ...rest];
    const [beyond] = await db
      .select({ id: generations.id })
      .from(generations)
      .where(and(eq(generations.userId, userId), olderThan(page.at(-1)!)))
      .limit(1);
    more = beyond !== undefined;
  }
  const end = page.at(-1);
  return { rows: page, next: more && end ? { createdAt: end.createdAt, id: end.id } : null };
}

/** Rows after `row` in the list's order (newest first, ties by id). */
function olderThan(row: { createdAt: Date; id: string }): SQL | undefined {
  return or(lt(generations.createdAt, row.createdAt), and(eq(generations.createdAt, row.createdAt), lt(generations.id, row.id)));
}

export async function markReserved(db: Db, id: string, at: Date): Promise<void> {
  await db.update(generations).set({ reservedAt: at }).where(and(eq(generations.id, id), isNull(generations.reservedAt)));
}

/** Moves an unfinished generation to processing for one more attempt; null when it is already finished. */
export async function claimGeneration(db: Db, id: string, now: Date, engine: string): Promise<GenerationRow | null> {
  const [row] = await db
    .update(generations)
    .set({
      status: 'processing',
      engine,
      startedAt: sql`coalesce(${generations.startedAt}, ${now.toISOString()}::timestamptz)`,
      attempts: sql`${generations.attempts} + 1`,
    })
    .where(and(eq(generations.id, id), inArray(generations.status, [...UNFINISHED])))
    .returning();
  return row ?? null;
}

export async function saveProviderRef(db: Db, id: string, ref: StoredProviderRef): Promise<void> {
  await db.update(generations).set({ providerRef: ref, providerRequestId: ref.requestId }).where(eq(generations.id, id));
}

export async function findByProviderRequest(db: Db, requestId: string): Promise<GenerationRow | null> {
  const [row] = await db.select().from(generations).where(eq(generations.providerRequestId, requestId)).limit(1);
  return row ?? null;
}

/** Records the result; false when the generation had already finished (a duplicate run). */
export async function completeGeneration(
  db: Db,
  id: string,
  result: {
    imageUrl: string | null;
    videoUrl: string | null;
    thumbnailUrl?: string | null;
    engine: string;
    model: string | null;
    completedAt: Date;
    width?: number | null;
    height?: number | null;
    understood?: { label: string; value: string }[] | null;
  },
): Promise<boolean> {
  const rows = await db
    .update(generations)
    .set({
      status: 'completed',
      imageUrl: result.imageUrl,
      videoUrl: result.videoUrl,
      thumbnailUrl: result.thumbnailUrl ?? null,
      engine: result.engine,
      ...(result.model ? { model: result.model } : {}),
      width: result.width ?? null,
      height: result.height ?? null,
      understood: result.understood ?? null,
      completedAt: result.completedAt,
      errorMessage: null,
    })
    .where(and(eq(generations.id, id), inArray(generations.status, [...UNFINISHED])))
    .returning({ id: generations.id });
  return rows.length === 1;
}

/** Marks an unfinished generation failed; false when it had already finished. */
export async function failGeneration(db: Db, id: string, message: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(generations)
    .set({ status: 'failed', errorMessage: message, completedAt: at })
    .where(and(eq(generations.id, id), inArray(generations.status, [...UNFINISHED])))
    .returning({ id: generations.id });
  return rows.length === 1;
}

export async function markRefunded(db: Db, id: string, at: Date): Promise<void> {
  await db.update(generations).set({ refundedAt: at }).where(and(eq(generations.id, id), isNull(generations.refundedAt)));
}

/** Unfinished generations created before `before` (candidates for a lost job). */
export async function unfinishedBefore(db: Db, before: Date, limit = 200): Promise<GenerationRow[]> {
  return db
    .select()
    .from(generations)
    .where(and(inArray(generations.status, [...UNFINISHED]), lt(generations.createdAt, before)))
    .orderBy(generations.createdAt)
    .limit(limit);
}

/** Failed generations whose reserved credits have not been given back yet. */
export async function failedAwaitingRefund(db: Db, limit = 200): Promise<GenerationRow[]> {
  return db
    .select()
    .from(generations)
    .where(and(eq(generations.status, 'failed'), isNotNull(generations.reservedAt), isNull(generations.refundedAt)))
    .limit(limit);
}

/** The API shape (packages/contracts generationSchema). */
export function toGeneration(row: GenerationRow): Generation {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    prompt: row.prompt,
    presetId: row.presetId,
    model: row.model,
    aspectRatio: row.aspectRatio as Generation['aspectRatio'],
    inputs: row.inputs,
    imageUrl: row.imageUrl,
    videoUrl: row.videoUrl,
    thumbnailUrl: row.thumbnailUrl,
    engine: row.engine === 'local' || row.engine === 'fal' ? row.engine : null,
    width: row.width,
    height: row.height,
    understood: row.understood ?? null,
    cost: row.cost,
    errorMessage: row.errorMessage,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
  };
}

/** Notes whose an upload is (its key in the media store). */
export async function recordUpload(db: Db, key: string, userId: string): Promise<void> {
  await db.insert(uploads).values({ key, userId }).onConflictDoNothing();
}

/** Deletes the records of the user's uploads and returns their keys. */
export async function deleteUploadsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db.delete(uploads).where(eq(uploads.userId, userId)).returning({ key: uploads.key });
  return rows.map((row) => row.key);
}
