import { createHash } from 'node:crypto';
import {
  importCanvasEditSchema,
  importPhotoshootSchema,
  mediaOwnedRequestSchema,
  type ImportCanvasEdit,
  type ImportPhotoshoot,
  type MediaOwned,
  type MediaOwnedRequest,
} from '@atelier/contracts';
import { badRequest, HttpError, notFound, requireService, validate, type AccountClient, type Db, type Logger, type MediaStore, type TokenSecrets } from '@atelier/kit';
import { inArray } from 'drizzle-orm';
import { Router } from 'express';
import { mediaKeysOwnedBy } from '../db/generations.js';
import { generations } from '../db/schema.js';
import { storeThumbnailOf } from '../thumbnail.js';

/** A UUID derived from `name`: the same work imported twice gets the same id, so it is added once. */
function derivedGenerationId(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-9${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A stable id for one photo of a photoshoot in the gallery, so importing twice adds it once. */
export function photoshootGenerationId(photoshootId: string, poseIndex: number): string {
  return derivedGenerationId(`photoshoot:${photoshootId}:${poseIndex}`);
}

/** A stable id for a canvas edit in the gallery, so importing twice adds it once. */
export function canvasGenerationId(canvasEditId: string): string {
  return derivedGenerationId(`canvas:${canvasEditId}`);
}

/** The imported picture's size when the sender gave both sides (the gallery's tile takes its ratio), else unknown. */
function importedSize(picture: { width?: number; height?: number }): { width: number | null; height: number | null } {
  return picture.width && picture.height ? { width: picture.width, height: picture.height } : { width: null, height: null };
}

/** An import for a user the account service does not know (deleted, or never was). */
export const IMPORT_NO_SUCH_USER = 'No such user';
export const IMPORT_ACCOUNT_DOWN = 'The account service could not be asked; try again later';

export interface InternalRouteDeps {
  db: Db;
  media: MediaStore;
  /** Asked after an import whether its user still has an account. */
  account: Pick<AccountClient, 'planOf'>;
  logger: Logger;
  identityKeys: TokenSecrets;
}

/** Calls from other services (service token; the gateway never forwards /internal). */
export function internalRoutes({ db, media, account, logger, identityKeys }: InternalRouteDeps): Router {
  const router = Router();

  /**
   * An import keeps its rows only while its user has an account. A deleted account's hand-over can arrive after this
   * service erased them (the sender's sweeper retries until its own erase): asked after the insert, so either account
   * still knew the user then — and the erase, which starts after the deletion, finds the rows — or the rows are
   * taken back here (with the thumbnails made for them) and the sender told 404, which it retries until it has
   * erased too. When account cannot be asked the rows are taken back as well (503): the sender retries.
   */
  async function keepOnlyForLiveUser(userId: string, insertedIds: string[]): Promise<void> {
    if (insertedIds.length === 0) return; // a repeat: its rows were checked when they came
    let known: boolean;
    try {
      known = (await account.planOf(userId)) !== null;
    } catch (error) {
      logger.warn({ err: error, userId }, 'account not asked about an import; taken back');
      await takeBack(insertedIds);
      throw new HttpError(503, IMPORT_ACCOUNT_DOWN);
    }
    if (known) return;
    await takeBack(insertedIds);
    throw notFound(IMPORT_NO_SUCH_USER);
  }

  async function takeBack(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    const removed = await db.delete(generations).where(inArray(generations.id, ids)).returning({ thumbnailUrl: generations.thumbnailUrl });
    for (const { thumbnailUrl } of removed) {
      const key = thumbnailUrl ? media.keyFromUrl(thumbnailUrl) : null;
      if (key) await media.delete(key).catch((error: unknown) => logger.warn({ err: error, key }, 'thumbnail of a taken-back import not deleted'));
    }
  }

  /** Ids of these generations already in the gallery (an import sent again): no thumbnail is made for them. */
  async function alreadyImported(ids: string[]): Promise<Set<string>> {
    const rows = await db.select({ id: generations.id }).from(generations).where(inArray(generations.id, ids));
    return new Set(rows.map((row) => row.id));
  }

  // A finished photoshoot's photos join the user's gallery, tagged Photoshoot (free: they were paid for
  // with the photoshoot allowance).
  router.post(
    '/internal/generations/import',
    requireService(identityKeys, { audience: 'create', allow: ['photoshoot'] }),
    validate({ body: importPhotoshootSchema }),
    async (req, res) => {
      const body = req.body as ImportPhotoshoot;
      const at = new Date(body.completedAt);
      const known = await alreadyImported(body.photos.map((photo) => photoshootGenerationId(body.photoshootId, photo.poseIndex)));
      // One photo at a time: thumbnails are CPU work, and the photoshoot service waits for the answer, not a user.
      const thumbnails: (string | null)[] = [];
      for (const photo of body.photos) {
        const id = photoshootGenerationId(body.photoshootId, photo.poseIndex);
        thumbnails.push(known.has(id) ? null : await storeThumbnailOf(media, photo.imageUrl, logger));
      }
      const rows = body.photos.map((photo, index) => ({
        id: photoshootGenerationId(body.photoshootId, photo.poseIndex),
        userId: body.userId,
        type: 'photoshoot' as const,
        status: 'completed' as const,
        prompt: `Photoshoot · ${body.characterName} · pose ${photo.poseIndex + 1}`,
        model: 'photoshoot',
        inputs: { photoshoot: body.photoshootId },
        imageUrl: photo.imageUrl,
        thumbnailUrl: thumbnails[index] ?? null,
        ...importedSize(photo),
        engine: photo.engine,
        cost: 0,
        // Pose 1 newest-last: a millisecond apart so the gallery lists them in pose order.
        createdAt: new Date(at.getTime() - (body.photos.length - photo.poseIndex)),
        completedAt: at,
      }));
      const inserted = await db.insert(generations).values(rows).onConflictDoNothing().returning({ id: generations.id });
      await keepOnlyForLiveUser(body.userId, inserted.map((row) => row.id));
      res.json({ imported: inserted.length });
    },
  );

  // A finished canvas edit joins the user's gallery, tagged Canvas (free: it was paid for as the edit).
  // Its URLs end up in the gallery's <img>, so only our own media URLs are taken.
  router.post(
    '/internal/generations/import-canvas',
    requireService(identityKeys, { audience: 'create', allow: ['canvas'] }),
    validate({ body: importCanvasEditSchema }),
    async (req, res) => {
      const body = req.body as ImportCanvasEdit;
      if (!media.keyFromUrl(body.imageUrl)) throw badRequest('imageUrl must be an Atelier media URL');
      if (body.inputImageUrl !== null && !media.keyFromUrl(body.inputImageUrl)) throw badRequest('inputImageUrl must be an Atelier media URL');
      if (body.canvasResultUrl !== undefined && !media.keyFromUrl(body.canvasResultUrl)) throw badRequest('canvasResultUrl must be an Atelier media URL');
      const id = canvasGenerationId(body.canvasEditId);
      const at = new Date(body.completedAt);
      const thumbnailUrl = (await alreadyImported([id])).has(id) ? null : await storeThumbnailOf(media, body.imageUrl, logger);
      const inserted = await db
        .insert(generations)
        .values({
          id,
          userId: body.userId,
          type: 'canvas',
          status: 'completed',
          prompt: body.prompt,
          model: body.model,
          // The canvas's result is named so the user may use it as an input here (mediaKeysOwnedBy); canvas erases it.
          inputs: { ...(body.inputImageUrl ? { image: body.inputImageUrl } : {}), ...(body.canvasResultUrl ? { canvasResult: body.canvasResultUrl } : {}) },
          imageUrl: body.imageUrl,
          thumbnailUrl,
          ...importedSize(body),
          engine: body.engine,
          cost: 0,
          createdAt: at,
          completedAt: at,
        })
        .onConflictDoNothing()
        .returning({ id: generations.id });
      await keepOnlyForLiveUser(body.userId, inserted.map((row) => row.id));
      res.json({ id, imported: inserted.length });
    },
  );

  // Canvas takes a picture of the gallery as an input only when it is the user's own (mediaKeysOwnedBy).
  router.post(
    '/internal/media/owned',
    requireService(identityKeys, { audience: 'create', allow: ['canvas'] }),
    validate({ body: mediaOwnedRequestSchema }),
    async (req, res) => {
      const { userId, urls } = req.body as MediaOwnedRequest;
      const keys = new Map(urls.map((url) => [url, media.keyFromUrl(url)] as const));
      const owned = await mediaKeysOwnedBy(db, userId, [...keys.values()].filter((key): key is string => key !== null));
      const body: MediaOwned = { owned: urls.filter((url) => owned.has(keys.get(url) ?? '')) };
      res.json(body);
    },
  );
  return router;
}
