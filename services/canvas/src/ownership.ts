import { HttpError, mediaKeyOfColumn, type Db, type MediaStore } from '@atelier/kit';
import { sql } from 'drizzle-orm';
import { EDIT_ERRORS } from './constants.js';
import { edits } from './db/schema.js';
import type { Gallery } from './gallery.js';


/** Which of these media keys an edit of the user's names: an input of it, its result, the gallery's copies. */
async function keysOfEditsOf(db: Db, userId: string, keys: string[]): Promise<Set<string>> {
  const { rows } = await db.execute<{ key: string }>(sql`
    select wanted.key from unnest(${sql.param(keys)}::text[]) as wanted(key)
    where exists (
      select 1 from ${edits}
      where ${edits.userId} = ${userId} and (
        ${mediaKeyOfColumn(sql`${edits.outputUrl}`)} = wanted.key
        or ${mediaKeyOfColumn(sql`${edits.galleryImageUrl}`)} = wanted.key
        or ${mediaKeyOfColumn(sql`${edits.galleryInputUrl}`)} = wanted.key
        or exists (select 1 from jsonb_array_elements_text(${edits.inputImages}) as input(url) where ${mediaKeyOfColumn(sql`input.url`)} = wanted.key)
      )
    )`);
  return new Set(rows.map((row) => row.key));
}

/**
 * The media keys among an edit's inputs that the user may use: images of their own edits here, then what the create
 * service vouches for (their uploads, the pictures their gallery names). Media are public by URL, but someone else's
 * picture is not an input: it would start a charged edit from another user's upload and outlive their account's
 * erasure in this one's work. Data URLs need nothing. Create unreachable → 503 (nothing was charged).
 */
export async function ownedInputKeys(deps: { db: Db; media: MediaStore; gallery: Pick<Gallery, 'owned'> }, userId: string, values: string[]): Promise<Set<string>> {
  const keys = [...new Set(values.map((value) => deps.media.keyFromUrl(value)).filter((key): key is string => key !== null))];
  if (keys.length === 0) return new Set();
  const owned = await keysOfEditsOf(deps.db, userId, keys);
  const rest = keys.filter((key) => !owned.has(key));
  if (rest.length === 0) return owned;
  let vouched: Set<string>;
  try {
    vouched = await deps.gallery.owned(userId, rest);
  } catch {
    throw new HttpError(503, EDIT_ERRORS.galleryDown);
  }
  for (const key of rest) if (vouched.has(key)) owned.add(key);
  return owned;
}
