import { createHash, randomUUID } from 'node:crypto';
import {
  ledgerNote,
  generateFieldsSchema,
  PAID_PLAN_REQUIRED_MESSAGE,
  PHOTOSHOOT_COST,
  PHOTOSHOOT_MIN_IMAGE_SIDE,
  PHOTOSHOOT_POSE_COUNT,
  previewRequestSchema,
  type AvatarJob,
  type PreviewResult,
} from '@atelier/contracts';
import type { Engines } from '@atelier/engines';
import {
  assertClientWaiting,
  badRequest,
  forbidden,
  HttpError,
  normalizeImage,
  notFound,
  parseImageUpload,
  requireUser,
  validate,
  type AccountClient,
  type Db,
  type IdempotencyStore,
  type Logger,
  type MediaStore,
  UnknownAccount,
} from '@atelier/kit';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { Router } from 'express';
import { ensurePortrait } from '../cast.js';
import { photoshoots, poses, templatePoses } from '../db/schema.js';
import { enqueuePoses } from '../work.js';
import { CHARACTER_ERRORS, usableCharacter } from './characters.js';
import { createPreviews } from '../previews.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const SHOOT_ERRORS = {
  clothingRequired: 'Please upload clothing image',
  noPortrait: 'This character has no portrait yet. Please try again in a moment.',
  jobNotFound: 'Photoshoot not found',
  accountDown: 'Your photoshoots could not be checked right now. Please try again.',
} as const;

export interface ShootRouteDeps {
  db: Db;
  engines: Engines;
  media: MediaStore;
  account: AccountClient;
  idempotency: IdempotencyStore;
  logger: Logger;
  clock: () => Date;
  previewsPerDay: number;
  /** Resolves once the house cast and the template exist (made at start). */
  ready: () => Promise<void>;
  jobs: Parameters<typeof enqueuePoses>[0];
}

/** The template, a character's previews, the photoshoot itself and its progress. */
export function shootRoutes(deps: ShootRouteDeps): Router {
  const { db, engines, media, account, idempotency, logger, clock } = deps;
  const router = Router();
  const previewsOf = createPreviews({ db, engines, media, logger, clock, perDay: deps.previewsPerDay });

  // The PLAIN template's 10 example poses (public: the same for everyone).
  router.get('/api/avatar/template', async (_req, res) => {
    await deps.ready();
    const rows = await db.select().from(templatePoses).orderBy(asc(templatePoses.poseIndex));
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.json({ poses: rows.map((r) => ({ poseIndex: r.poseIndex, imageUrl: r.imageUrl })) });
  });

  router.post('/api/avatar/preview', requireUser(), validate({ body: previewRequestSchema }), async (req, res) => {
    const userId = req.identity!.userId;
    const { characterId } = req.body as { characterId: string };
    const character = await usableCharacter(db, userId, characterId);
    if (!character) throw notFound(CHARACTER_ERRORS.notFound);
    const images = await previewsOf(userId, character);
    res.json({ previewImages: images } satisfies PreviewResult);
  });

  // multipart `characterId` and `clothingImage` → 202 { jobId }.
  router.post('/api/avatar/generate', requireUser(), async (req, res) => {
    const userId = req.identity!.userId;
    let parsed;
    try {
      parsed = await parseImageUpload(req, { field: 'clothingImage' });
    } catch (error) {
      if (error instanceof HttpError && error.status === 400 && /No image uploaded/.test(error.message)) throw badRequest(SHOOT_ERRORS.clothingRequired);
      throw error;
    }
    const fields = generateFieldsSchema.safeParse(parsed.fields);
    if (!fields.success) throw badRequest('Please select a character');
    const clothingHash = createHash('sha256').update(parsed.file).digest('hex');
    if (await idempotency.guard(req, res, { characterId: fields.data.characterId, clothing: clothingHash })) return;

    let plan;
    try {
      plan = await account.planOf(userId);
    } catch (error) {
      logger.error({ err: error }, 'plan lookup failed');
      throw new HttpError(503, SHOOT_ERRORS.accountDown);
    }
    if (!plan) throw new HttpError(401, 'Unauthorized');
    if (plan === 'free') throw forbidden(PAID_PLAN_REQUIRED_MESSAGE, { requiresPaidPlan: true });

    const character = await usableCharacter(db, userId, fields.data.characterId);
    if (!character) throw notFound(CHARACTER_ERRORS.notFound);
    const clothing = await normalizeImage(parsed.file, { minSide: PHOTOSHOOT_MIN_IMAGE_SIDE, owner: userId });
    const portrait = await ensurePortrait({ db, engines, media }, character);
    // The checks above can outlast the gateway's timeout: nothing is started for a client that has gone.
    assertClientWaiting(req);
    const garment = await media.put(clothing.data, { contentType: clothing.contentType, prefix: 'photoshoot/garments' });

    const id = randomUUID();
    const now = clock();
    await db.transaction(async (tx) => {
      await tx.insert(photoshoots).values({
        id,
        userId,
        characterId: character.id,
        characterName: character.name,
        characterImageUrl: portrait,
        characterLook: character.look,
        garmentUrl: garment.url,
        status: 'processing',
        totalPoses: PHOTOSHOOT_POSE_COUNT,
        createdAt: now,
      });
      await tx.insert(poses).values(Array.from({ length: PHOTOSHOOT_POSE_COUNT }, (_, poseIndex) => ({ photoshootId: id, poseIndex })));
    });

    let outcome;
    try {
      outcome = await account.reserve({ userId, feature: 'avatar', amount: PHOTOSHOOT_COST, key: id, note: ledgerNote(character.name) });
    } catch (error) {
      if (error instanceof UnknownAccount) {
        // The account was deleted while this request ran: nothing is kept for it, its garment photo neither.
        await db.delete(poses).where(eq(poses.photoshootId, id));
        await db.delete(photoshoots).where(eq(photoshoots.id, id));
        await media.delete(garment.key);
        throw error;
      }
      // The reserve may or may not have landed: fail it as reserved, so the sweeper refunds the key
      // (refunding a key never reserved gives back nothing).
      logger.error({ err: error, photoshootId: id }, 'allowance reserve failed');
      await db
        .update(photoshoots)
        .set({ status: 'failed', errorMessage: SHOOT_ERRORS.accountDown, reservedAt: clock(), completedAt: clock() })
        .where(eq(photoshoots.id, id));
      throw new HttpError(503, SHOOT_ERRORS.accountDown);
    }
    if (!outcome.ok) {
      await db.delete(photoshoots).where(eq(photoshoots.id, id));
      await db.delete(poses).where(eq(poses.photoshootId, id));
      await media.delete(garment.key);
      const { error, used, limit } = outcome.limitReached;
      throw new HttpError(402, error, { limitReached: true, used, limit });
    }
    const [confirmed] = await db
      .update(photoshoots)
      .set({ reservedAt: clock() })
      .where(and(eq(photoshoots.id, id), eq(photoshoots.status, 'processing'), isNull(photoshoots.reservedAt)))
      .returning({ id: photoshoots.id });
    // Settled by the sweeper meanwhile (this request took over a minute): failed and refunded — perhaps before this
    // reserve landed, so refunded again (a key is refunded once).
    if (!confirmed) {
      await account.refund(id).catch((error: unknown) => logger.warn({ err: error, photoshootId: id }, 'refund after a late reserve failed'));
      throw new HttpError(503, SHOOT_ERRORS.accountDown);
    }
    await enqueuePoses(deps.jobs, id, Array.from({ length: PHOTOSHOOT_POSE_COUNT }, (_, i) => i));
    logger.info({ photoshootId: id, characterId: character.id }, 'photoshoot started');
    res.status(202).json({ jobId: id });
  });

  router.get('/api/avatar/job/:jobId', requireUser(), async (req, res) => {
    const jobId = String(req.params.jobId);
    if (!UUID.test(jobId)) throw notFound(SHOOT_ERRORS.jobNotFound);
    const [row] = await db
      .select()
      .from(photoshoots)
      .where(and(eq(photoshoots.id, jobId), eq(photoshoots.userId, req.identity!.userId)))
      .limit(1);
    if (!row) throw notFound(SHOOT_ERRORS.jobNotFound);
    const done = await db
      .select({ poseIndex: poses.poseIndex, imageUrl: poses.imageUrl })
      .from(poses)
      .where(and(eq(poses.photoshootId, row.id), eq(poses.status, 'completed')))
      .orderBy(asc(poses.poseIndex));
    const body: AvatarJob = {
      status: row.status,
      completedPoses: done.length,
      totalPoses: row.totalPoses,
      generations: done.filter((p) => p.imageUrl).map((p) => ({ imageUrl: p.imageUrl!, poseIndex: p.poseIndex })),
      errorMessage: row.errorMessage,
    };
    res.setHeader('Cache-Control', 'no-store');
    res.json(body);
  });

  return router;
}
