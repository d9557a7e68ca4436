import { randomUUID } from 'node:crypto';
import {
  ledgerNote,
  CREDIT_COSTS,
  PREMIUM_VIDEO_MODELS,
  startDressUpSchema,
  startImageSchema,
  startUpscaleSchema,
  startVideoSchema,
  type GenerationsPage,
  type StartableGenerationType,
  type StartDressUp,
  type StartedGeneration,
  type StartImage,
  type StartUpscale,
  type StartVideo,
} from '@atelier/contracts';
import { checkImage, EngineInputError } from '@atelier/engines';
import {
  assertClientWaiting,
  badRequest,
  decodePageCursor,
  encodePageCursor,
  forbidden,
  HttpError,
  notFound,
  readMedia,
  requireUser,
  validate,
  type Db,
  type Logger,
  type MediaStore,
  UnknownAccount,
} from '@atelier/kit';
import { Router, type Request, type RequestHandler } from 'express';
import { z } from 'zod';
import type { AccountClient } from '../account.js';
import {
  deleteFinishedGeneration,
  deleteGeneration,
  failGeneration,
  findUserGeneration,
  insertGeneration,
  listUserGenerations,
  markReserved,
  mediaKeysInUse,
  mediaKeysOwnedBy,
  promptOfImage,
  toGeneration,
  waitingCountOf,
} from '../db/generations.js';
import type { NewGenerationRow } from '../db/schema.js';
import { dressUpImageProblem, videoImageProblem } from '../domain/video.js';
import { atCapMessage, upscalePrompt, upscaleTarget } from '../domain/upscale.js';
import { findPreset } from '../presets/presets.js';

/** The kinds a user pays credits for here (canvas and photoshoot results arrive paid for, by import). */
type PaidGenerationType = StartableGenerationType | 'upscale';

export const PREMIUM_MODEL_MESSAGE = 'VEO 3.1 and SORA 2 are available on the Advanced and Pro plans. Upgrade to use them.';
const PREMIUM_PLANS = new Set(['advanced', 'pro']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
const listQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  cursor: z.string().min(1).max(200).optional(),
});

/** Why a generation cannot be deleted yet. */
export const DELETE_NOT_YET = 'This generation is still running. Delete it once it has finished.';
/** The files this service makes (imported photoshoot and canvas pictures belong to their services). */
const OWN_MEDIA_PREFIX = 'generations/';

export interface GenerationRouteDeps {
  db: Db;
  account: AccountClient;
  media: MediaStore;
  logger: Logger;
  clock: () => Date;
  /** Puts the generation's job on the queue (idempotent) and wakes the workers. */
  /** Enqueues a generation's job; `backlog`: its user's other generations waiting (it goes after others' with fewer). */
  enqueue: (generationId: string, backlog?: number) => Promise<void>;
  /** `Idempotency-Key` handling for the routes that spend credits (kit's store). */
  idempotent: RequestHandler;
}

/** Starting, listing and reading generations. */
export function generationRoutes({ db, account, media, logger, clock, enqueue, idempotent }: GenerationRouteDeps): Router {
  const router = Router();

  /** An input image must be one of our own media URLs, the user's own (mediaKeysOwnedBy), and still there. */
  async function requireOwnMedia(req: Request, url: string, field: string): Promise<string> {
    const key = await requireOwned(req, url, field);
    const found = await media.get(key);
    if (!found) throw badRequest(`${field} must be an image uploaded to Atelier`);
    found.stream.destroy();
    if (!found.contentType.startsWith('image/')) throw badRequest(`${field} must be an image`);
    return url;
  }

  /** The media key of a URL of the user's own; someone else's picture reads as no picture at all (the same words). */
  async function requireOwned(req: Request, url: string, field: string): Promise<string> {
    const key = media.keyFromUrl(url);
    if (!key || !(await mediaKeysOwnedBy(db, req.identity!.userId, [key])).has(key)) throw badRequest(`${field} must be an image uploaded to Atelier`);
    return key;
  }

  /** The size of one of our own images, checked the way the engines check their inputs (PNG, JPEG or WebP). */
  async function ownImageSize(url: string, field: string): Promise<{ width: number; height: number }> {
    const data = await readMedia(media, url);
    if (!data) throw badRequest(`${field} must be an image uploaded to Atelier`);
    try {
      return await checkImage(data, field);
    } catch (error) {
      if (error instanceof EngineInputError) throw badRequest(error.message);
      throw error;
    }
  }

  /**
   * Saves the generation as queued, reserves its credits (key = generation id) and enqueues its job.
   * A crash at any point is repaired by the worker's sweeper: a queued generation without a job is
   * enqueued, and its job reserves (idempotently) before working.
   */
  async function start(
    req: Request,
    type: PaidGenerationType,
    fields: Omit<NewGenerationRow, 'id' | 'userId' | 'type' | 'cost' | 'createdAt'>,
    note = ledgerNote(fields.prompt),
  ): Promise<StartedGeneration> {
    const userId = req.identity!.userId;
    // The checks before can outlast the gateway's timeout (reading a large image): nothing for a client that has gone.
    assertClientWaiting(req);
    const id = randomUUID();
    const cost = CREDIT_COSTS[type];
    await insertGeneration(db, { ...fields, id, userId, type, cost, status: 'queued', createdAt: clock() });
    let outcome;
    try {
      outcome = await account.reserve({ userId, feature: 'credits', amount: cost, key: id, source: type, note });
    } catch (error) {
      if (error instanceof UnknownAccount) {
        // The account was deleted while this request ran: nothing is kept for it (its erase may be done already).
        await deleteGeneration(db, id);
        throw error;
      }
      // The reserve may or may not have landed: fail the generation as possibly reserved, so the
      // sweeper refunds its key (refunding a key never reserved gives back 0).
      logger.error({ err: error, generationId: id }, 'credit reserve failed');
      await insertFailedAfterUnknownReserve(id);
      throw new HttpError(503, 'Credits could not be checked right now. Please try again.');
    }
    if (!outcome.ok) {
      await deleteGeneration(db, id);
      const { used, limit } = outcome.limitReached;
      throw new HttpError(402, outcome.limitReached.error, { limitReached: true, used, limit });
    }
    await markReserved(db, id, clock());
    await enqueue(id, await waitingCountOf(db, userId, id));
    return { id, status: 'queued' };
  }

  async function insertFailedAfterUnknownReserve(id: string): Promise<void> {
    await markReserved(db, id, clock());
    await failGeneration(db, id, 'Credits could not be checked right now. Please try again.', clock());
  }

  router.post('/api/generations/image', requireUser(), idempotent, validate({ body: startImageSchema }), async (req, res) => {
    const body = req.body as StartImage;
    if (body.presetId && !findPreset(body.presetId)) throw badRequest(`Unknown preset: ${body.presetId}`);
    const started = await start(req, 'image', {
      prompt: body.prompt,
      presetId: body.presetId ?? null,
      aspectRatio: body.aspectRatio,
      model: null,
      inputs: {},
    });
    res.status(202).json(started);
  });

  router.post('/api/generations/video', requireUser(), idempotent, validate({ body: startVideoSchema }), async (req, res) => {
    const body = req.body as StartVideo;
    const image = await requireOwnMedia(req, body.imageUrl, 'imageUrl');
    // Refused before any credit is reserved.
    const { width, height } = await ownImageSize(body.imageUrl, 'imageUrl');
    const problem = videoImageProblem(width, height);
    if (problem) throw badRequest(problem);
    // The plan decides the premium models and a hosted model's resolution (Advanced and Pro 1080p, else 720p).
    const premium = PREMIUM_VIDEO_MODELS.includes(body.model);
    const plan = await account.planOf(req.identity!.userId).catch((error: unknown) => {
      if (premium) throw error;
      logger.warn({ err: error }, 'plan unknown; the video is made at 720p');
      return null;
    });
    if (premium && (!plan || !PREMIUM_PLANS.has(plan))) throw forbidden(PREMIUM_MODEL_MESSAGE, { requiresPlan: 'advanced' });
    const prompt = body.prompt && body.prompt.length > 0 ? body.prompt : null;
    // The history's line: the motion asked for, else the still it was made from ("Of: red silk slip dress…").
    const still = prompt ? null : await promptOfImage(db, req.identity!.userId, body.imageUrl);
    const started = await start(
      req,
      'video',
      { prompt, presetId: null, aspectRatio: null, model: body.model, inputs: { image, resolution: plan && PREMIUM_PLANS.has(plan) ? '1080p' : '720p' } },
      ledgerNote(prompt ?? (still ? `Of: ${still}` : null)),
    );
    res.status(202).json(started);
  });

  router.post('/api/generations/dressup', requireUser(), idempotent, validate({ body: startDressUpSchema }), async (req, res) => {
    const body = req.body as StartDressUp;
    const person = await requireOwnMedia(req, body.personImageUrl, 'personImageUrl');
    const garment = await requireOwnMedia(req, body.garmentImageUrl, 'garmentImageUrl');
    // Refused before any credit is reserved.
    for (const field of ['personImageUrl', 'garmentImageUrl'] as const) {
      const { width, height } = await ownImageSize(body[field], field);
      const problem = dressUpImageProblem(field, width, height);
      if (problem) throw badRequest(problem);
    }
    const started = await start(req, 'dressup', { prompt: null, presetId: null, aspectRatio: null, model: null, inputs: { person, garment } });
    res.status(202).json(started);
  });

  // A source already at the cap is refused here, before any credit is reserved.
  router.post('/api/generations/upscale', requireUser(), idempotent, validate({ body: startUpscaleSchema }), async (req, res) => {
    const body = req.body as StartUpscale;
    await requireOwned(req, body.imageUrl, 'imageUrl');
    const { width, height } = await ownImageSize(body.imageUrl, 'imageUrl');
    const target = upscaleTarget(width, height);
    if (!target) throw badRequest(atCapMessage(width, height));
    // The model is the engine's, recorded when it finishes (`local/…` or the fal upscaler's id).
    const started = await start(req, 'upscale', { prompt: upscalePrompt(target), presetId: null, aspectRatio: null, model: null, inputs: { image: body.imageUrl } });
    res.status(202).json(started);
  });

  router.get('/api/generations', requireUser(), validate({ query: listQuerySchema }), async (req, res) => {
    const { limit, cursor } = req.query as unknown as z.infer<typeof listQuerySchema>;
    const position = cursor ? decodePageCursor(cursor) : null;
    if (cursor && !position) throw badRequest('Invalid cursor');
    const { rows, next } = await listUserGenerations(db, req.identity!.userId, limit, position);
    const page: GenerationsPage = { items: rows.map(toGeneration), nextCursor: next ? encodePageCursor(next) : null };
    res.setHeader('Cache-Control', 'no-store');
    res.json(page);
  });

  // A finished generation leaves the gallery, and the files it made go with it (not an input it was made from, nor a
  // file another generation still shows: a video made from this image keeps it as its start image).
  router.delete('/api/generations/:id', requireUser(), async (req, res) => {
    const id = String(req.params.id ?? '');
    const userId = req.identity!.userId;
    const found = UUID.test(id) ? await findUserGeneration(db, userId, id) : null;
    if (!found) throw notFound('Generation not found');
    const deleted = await deleteFinishedGeneration(db, userId, id);
    if (!deleted) throw new HttpError(409, DELETE_NOT_YET);
    // A video's image is its start image: an upload (not ours to delete) or another generation's picture, deleted
    // only when that generation has gone too.
    const files = [deleted.imageUrl, deleted.videoUrl, deleted.thumbnailUrl];
    for (const url of new Set(files.filter((u): u is string => u !== null))) {
      const key = media.keyFromUrl(url);
      if (!key?.startsWith(OWN_MEDIA_PREFIX) || (await mediaKeysInUse(db, [key])).has(key)) continue;
      await media.delete(key).catch((error: unknown) => logger.warn({ err: error, generationId: id, key }, 'media not deleted'));
    }
    logger.info({ generationId: id, type: deleted.type }, 'generation deleted');
    res.status(204).end();
  });

  router.get('/api/generations/:id', requireUser(), async (req, res) => {
    const id = String(req.params.id ?? '');
    const row = UUID.test(id) ? await findUserGeneration(db, req.identity!.userId, id) : null;
    if (!row) throw notFound('Generation not found');
    res.setHeader('Cache-Control', 'no-store');
    res.json(toGeneration(row));
  });

  return router;
}
