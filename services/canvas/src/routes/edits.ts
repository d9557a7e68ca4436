import { randomUUID } from 'node:crypto';
import {
  ledgerNote,
  CANVAS_EDIT_COST,
  canvasEditRequestSchema,
  type CanvasEdit,
  type CanvasEditRequest,
  type CanvasEdits,
} from '@atelier/contracts';
import {
  assertClientWaiting,
  HttpError,
  notFound,
  rateLimitBy,
  type RateLimits,
  requireUser,
  validate,
  type AccountClient,
  type Db,
  type IdempotencyStore,
  type Logger,
  type MediaStore,
  UnknownAccount,
} from '@atelier/kit';
import { and, desc, eq } from 'drizzle-orm';
import { Router } from 'express';
import { z } from 'zod';
import { EDIT_ERRORS, EDIT_PATH, MEDIA_PREFIX } from '../constants.js';
import { edits, type EditRow } from '../db/schema.js';
import type { Gallery } from '../gallery.js';
import { processInputs } from '../inputs.js';
import { ownedInputKeys } from '../ownership.js';
import { deleteMedia, type Processor } from '../work.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const listQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(50).default(20) });

export function toCanvasEdit(row: EditRow): CanvasEdit {
  return {
    id: row.id,
    status: row.status,
    errorMessage: row.errorMessage,
    // The bucket is never exposed: where it is stored and where it is shown are the same /media path.
    outputImageStorageUrl: row.outputUrl,
    outputImageUrl: row.outputUrl,
    prompt: row.prompt,
    model: row.model as CanvasEdit['model'],
    camera: row.camera as CanvasEdit['camera'],
    shotType: row.shotType as CanvasEdit['shotType'],
    inputImageUrl: row.inputImages[0] ?? null,
    engine: row.engine === 'local' || row.engine === 'fal' ? row.engine : null,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

export interface EditRouteDeps {
  db: Db;
  media: MediaStore;
  account: AccountClient;
  idempotency: IdempotencyStore;
  processor: Pick<Processor, 'refund'>;
  /** Puts the edit's job on the queue (idempotent). */
  enqueue: (editId: string) => Promise<void>;
  logger: Logger;
  clock: () => Date;
  editsPerMinute: number;
  /** Where the per-user limit is counted (shared by the replicas); default this process's memory. */
  limits?: RateLimits;
  /** Asked whether an input given by URL is the user's (their upload, a picture of their gallery). */
  gallery: Pick<Gallery, 'owned'>;
}

/** Start an edit, read one, list them, delete one. Owners only: anyone else's edit is 404. */
export function editRoutes(deps: EditRouteDeps): Router {
  const { db, media, account, idempotency, processor, logger, clock } = deps;
  const router = Router();

  async function ownEdit(userId: string, id: string): Promise<EditRow> {
    if (!UUID.test(id)) throw notFound(EDIT_ERRORS.notFound);
    const [row] = await db
      .select()
      .from(edits)
      .where(and(eq(edits.id, id), eq(edits.userId, userId)))
      .limit(1);
    if (!row) throw notFound(EDIT_ERRORS.notFound);
    return row;
  }

  const starts = rateLimitBy({ name: 'edits', limits: deps.limits, limit: deps.editsPerMinute, windowMs: 60_000, key: (req) => req.identity?.userId ?? null, message: EDIT_ERRORS.tooMany });

  // { prompt, model, camera, shotType, inputImages } → 202 { id }. The inputs are checked and stored
  // first (a refused image costs nothing), then the credit is reserved (key = edit id), then the job starts.
  // A retry of a start (its Idempotency-Key) is answered before the rate limit, and a body refused by validation
  // does not count against it.
  router.post(EDIT_PATH, requireUser(), idempotency.middleware(), validate({ body: canvasEditRequestSchema }), starts, async (req, res) => {
    const userId = req.identity!.userId;
    const body = req.body as CanvasEditRequest;
    const ownedKeys = await ownedInputKeys({ db, media, gallery: deps.gallery }, userId, body.inputImages);
    const images = await processInputs(body.inputImages, media, { userId, ownedKeys });
    // Decoding large images can outlast the gateway's timeout: nothing is started for a client that has gone.
    assertClientWaiting(req);
    const stored = await Promise.all(images.map((image) => media.put(image.data, { contentType: image.contentType, prefix: MEDIA_PREFIX.inputs })));
    const inputImages = stored.map((s) => s.url);

    const id = randomUUID();
    await db.insert(edits).values({
      id,
      userId,
      status: 'queued',
      prompt: body.prompt,
      model: body.model,
      camera: body.camera,
      shotType: body.shotType,
      inputImages,
      createdAt: clock(),
    });

    let outcome;
    try {
      outcome = await account.reserve({ userId, feature: 'credits', amount: CANVAS_EDIT_COST, key: id, note: ledgerNote(body.prompt) });
    } catch (error) {
      if (error instanceof UnknownAccount) {
        // The account was deleted while this request ran: nothing is kept for it, its photos neither.
        await db.delete(edits).where(eq(edits.id, id));
        await deleteMedia(media, inputImages);
        throw error;
      }
      // The reserve may or may not have landed: fail the edit as reserved, so the sweeper refunds its key
      // (refunding a key never reserved gives back nothing).
      logger.error({ err: error, editId: id }, 'credit reserve failed');
      await db
        .update(edits)
        .set({ status: 'failed', errorMessage: EDIT_ERRORS.accountDown, reservedAt: clock(), completedAt: clock() })
        .where(eq(edits.id, id));
      throw new HttpError(503, EDIT_ERRORS.accountDown);
    }
    if (!outcome.ok) {
      await db.delete(edits).where(eq(edits.id, id));
      await deleteMedia(media, inputImages);
      const { error, used, limit } = outcome.limitReached;
      throw new HttpError(402, error, { limitReached: true, used, limit });
    }
    const [confirmed] = await db
      .update(edits)
      .set({ reservedAt: clock() })
      .where(and(eq(edits.id, id), eq(edits.status, 'queued')))
      .returning({ id: edits.id });
    // Settled by the sweeper meanwhile (this request took over a minute): it was failed and refunded — perhaps before
    // this reserve landed, so refunded again (a key is refunded once).
    if (!confirmed) {
      await account.refund(id).catch((error: unknown) => logger.warn({ err: error, editId: id }, 'refund after a late reserve failed'));
      throw new HttpError(503, EDIT_ERRORS.accountDown);
    }
    await deps.enqueue(id);
    logger.info({ editId: id, model: body.model, images: inputImages.length }, 'edit started');
    res.status(202).json({ id });
  });

  router.get(`${EDIT_PATH}/:id`, requireUser(), async (req, res) => {
    const row = await ownEdit(req.identity!.userId, String(req.params.id));
    res.setHeader('Cache-Control', 'no-store');
    res.json(toCanvasEdit(row));
  });

  router.get('/api/canvas/edits', requireUser(), validate({ query: listQuerySchema }), async (req, res) => {
    const { limit } = req.query as unknown as z.infer<typeof listQuerySchema>;
    const rows = await db
      .select()
      .from(edits)
      .where(eq(edits.userId, req.identity!.userId))
      .orderBy(desc(edits.createdAt), desc(edits.id))
      .limit(limit);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ items: rows.map(toCanvasEdit) } satisfies CanvasEdits);
  });

  // A finished edit (completed or failed) and the media it owns; the gallery keeps its own copies.
  router.delete(`${EDIT_PATH}/:id`, requireUser(), async (req, res) => {
    const row = await ownEdit(req.identity!.userId, String(req.params.id));
    if (row.status === 'queued' || row.status === 'processing') throw new HttpError(409, EDIT_ERRORS.stillRunning);
    if (row.status === 'failed') {
      // Its refund is owed: settle it now, since the sweeper will not find the row afterwards.
      try {
        await processor.refund(row);
      } catch (error) {
        logger.warn({ err: error, editId: row.id }, 'refund before delete failed');
        throw new HttpError(503, EDIT_ERRORS.accountDown);
      }
    }
    const [deleted] = await db
      .delete(edits)
      .where(and(eq(edits.id, row.id), eq(edits.status, row.status)))
      .returning();
    if (!deleted) throw notFound(EDIT_ERRORS.notFound);
    await deleteMedia(media, [...deleted.inputImages, deleted.outputUrl]);
    logger.info({ editId: row.id }, 'edit deleted');
    res.status(204).end();
  });

  return router;
}
