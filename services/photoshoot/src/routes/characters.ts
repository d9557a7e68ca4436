import { characterNameSchema, MAX_OWN_CHARACTERS, PHOTOSHOOT_MIN_IMAGE_SIDE, renameCharacterSchema, type Character } from '@atelier/contracts';
import { z } from 'zod';
import { EngineInputError, type Engines } from '@atelier/engines';
import {
  assertClientWaiting,
  badRequest,
  HttpError,
  inLockedTransaction,
  normalizeImage,
  notFound,
  parseImageUpload,
  rateLimitBy,
  type RateLimits,
  requireUser,
  validate,
  type Db,
  type Logger,
  type MediaStore,
} from '@atelier/kit';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { Router } from 'express';
import { randomUUID } from 'node:crypto';
import { characters, photoshoots, type CharacterRow } from '../db/schema.js';

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const CHARACTER_ERRORS = {
  notFound: 'Character not found',
  tooMany: `You can keep at most ${MAX_OWN_CHARACTERS} characters. Delete one to make another.`,
  noPhoto: 'Please choose a photo of the person',
  tooManyAttempts: 'Too many new characters at once. Please wait a minute and try again.',
} as const;

export function toCharacter(row: CharacterRow): Character {
  return { id: row.id, characterId: row.id, name: row.name, previewImageUrl: row.previewImageUrl, house: row.userId === null };
}

/** A character the user may use: one of the house cast or their own; null for anything else (404). */
export async function usableCharacter(db: Db, userId: string, id: string): Promise<CharacterRow | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db
    .select()
    .from(characters)
    .where(and(eq(characters.id, id), or(isNull(characters.userId), eq(characters.userId, userId))))
    .limit(1);
  return row ?? null;
}

async function ownCharacter(db: Db, userId: string, id: string): Promise<CharacterRow> {
  if (!UUID.test(id)) throw notFound(CHARACTER_ERRORS.notFound);
  const [row] = await db
    .select()
    .from(characters)
    .where(and(eq(characters.id, id), eq(characters.userId, userId)))
    .limit(1);
  if (!row) throw notFound(CHARACTER_ERRORS.notFound);
  return row;
}

/** Characters: the house cast every user may use, and the user's own made from a photo. */
export function characterRoutes({
  db,
  engines,
  media,
  logger,
  clock,
  limits,
}: {
  db: Db;
  engines: Engines;
  media: MediaStore;
  logger: Logger;
  clock: () => Date;
  /** Where the per-user limit is counted (shared by the replicas); default this process's memory. */
  limits?: RateLimits;
}): Router {
  const router = Router();

  router.get('/api/avatar/characters', requireUser(), async (req, res) => {
    const rows = await db
      .select()
      .from(characters)
      .where(or(isNull(characters.userId), eq(characters.userId, req.identity!.userId)))
      // The house cast first, then the user's own, oldest first.
      .orderBy(sql`${characters.userId} is not null`, asc(characters.createdAt), asc(characters.id));
    res.setHeader('Cache-Control', 'no-store');
    res.json(rows.map(toCharacter));
  });

  const creations = rateLimitBy({ name: 'characters', limits, limit: 10, windowMs: 60_000, key: (req) => req.identity?.userId ?? null, message: CHARACTER_ERRORS.tooManyAttempts });

  // multipart `photo` (a picture of a person; kit's upload rules) and `name` → 201 Character. The photo
  // itself is not kept: only the studio portrait the engine makes of the person.
  router.post('/api/avatar/characters', requireUser(), creations, async (req, res) => {
    const userId = req.identity!.userId;
    let parsed;
    try {
      parsed = await parseImageUpload(req, { field: 'photo' });
    } catch (error) {
      if (error instanceof HttpError && error.status === 400 && /No image uploaded/.test(error.message)) throw badRequest(CHARACTER_ERRORS.noPhoto);
      throw error;
    }
    const name = characterNameSchema.safeParse(parsed.fields.name ?? '');
    if (!name.success) throw badRequest(name.error.issues[0]?.message ?? 'Please name the character');
    const ownCount = async (from: Pick<Db, 'select'>) => {
      const [count] = await from
        .select({ n: sql<number>`count(*)::int` })
        .from(characters)
        .where(eq(characters.userId, userId));
      return count?.n ?? 0;
    };
    // Checked before the engine's work, so a full list costs nothing, and again when the row is written below.
    if ((await ownCount(db)) >= MAX_OWN_CHARACTERS) throw new HttpError(409, CHARACTER_ERRORS.tooMany);
    const photo = await normalizeImage(parsed.file, { minSide: PHOTOSHOOT_MIN_IMAGE_SIDE, owner: userId });
    assertClientWaiting(req);
    const id = randomUUID();
    let made;
    try {
      made = await engines.characterFromPhoto({ photo: photo.data, name: name.data, seed: Number.parseInt(id.slice(0, 8), 16) });
    } catch (error) {
      // The engine refuses the photo itself (one flat colour, too small): the user can choose another.
      if (error instanceof EngineInputError) throw badRequest(capitalise(error.message));
      throw error;
    }
    const stored = await media.put(made.data, { contentType: made.contentType === 'image/jpeg' ? 'image/jpeg' : 'image/png', prefix: 'photoshoot/characters' });
    // Counted and written under the user's lock: creations sent at once cannot pass the cap together.
    const row = await inLockedTransaction(db, `photoshoot-characters:${userId}`, async (tx) => {
      if ((await ownCount(tx)) >= MAX_OWN_CHARACTERS) return null;
      const [inserted] = await tx
        .insert(characters)
        .values({ id, userId, houseKey: null, name: name.data, description: '', look: made.look as unknown as Record<string, unknown>, previewImageUrl: stored.url, createdAt: clock() })
        .returning();
      return inserted!;
    });
    if (!row) {
      await media.delete(stored.key).catch((error: unknown) => logger.warn({ err: error, key: stored.key }, 'portrait of a refused character not deleted'));
      throw new HttpError(409, CHARACTER_ERRORS.tooMany);
    }
    logger.info({ characterId: id, engine: made.engine }, 'character made from a photo');
    res.status(201).json(toCharacter(row));
  });

  // The name's own message is the answer ("Please name the character"), not the validator's "Invalid body: name: …":
  // the rename dialog shows it to the user.
  router.patch('/api/avatar/characters/:id', requireUser(), validate({ body: z.unknown() }), async (req, res) => {
    const parsed = renameCharacterSchema.safeParse(req.body);
    if (!parsed.success) {
      // A name that is not text at all (missing, a number) is asked for as an empty one is.
      const issue = parsed.error.issues[0];
      throw badRequest(!issue || issue.code === 'invalid_type' ? 'Please name the character' : issue.message);
    }
    const row = await ownCharacter(db, req.identity!.userId, String(req.params.id));
    const [updated] = await db
      .update(characters)
      .set({ name: parsed.data.name })
      .where(eq(characters.id, row.id))
      .returning();
    res.json(toCharacter(updated!));
  });

  router.delete('/api/avatar/characters/:id', requireUser(), async (req, res) => {
    const row = await ownCharacter(db, req.identity!.userId, String(req.params.id));
    await db.delete(characters).where(eq(characters.id, row.id));
    // Photoshoots already made keep their own copy of the portrait's URL, so it stays while one names it; else the
    // portrait (a likeness of a real person) goes with the character.
    const portrait = row.previewImageUrl;
    const key = portrait ? media.keyFromUrl(portrait) : null;
    if (portrait && key?.startsWith('photoshoot/')) {
      const [named] = await db.select({ id: photoshoots.id }).from(photoshoots).where(eq(photoshoots.characterImageUrl, portrait)).limit(1);
      if (!named) await media.delete(key).catch((error: unknown) => logger.warn({ err: error, key }, 'portrait of a deleted character not deleted'));
    }
    res.status(204).end();
  });

  return router;
}
