import { createHash } from 'node:crypto';
import { EngineFailure, EngineInputError, parseCharacterLook, type Engines } from '@atelier/engines';
import { defineQueue, readMedia, runAlways, startWorker, UNCONFIRMED_START_GRACE_MS, type AccountClient, type Db, type Jobs, type Logger, type MediaStore, type RunAlone } from '@atelier/kit';
import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { PhotoshootConfig } from './config.js';
import { photoshoots, poses, type PhotoshootRow } from './db/schema.js';
import type { Gallery } from './gallery.js';
import { storedJpeg } from './pictures.js';

/** The pg-boss queue of poses; a job's id is derived from its photoshoot and pose index. */
export const POSE_QUEUE = 'photoshoot-pose';

/** What a user sees of a photoshoot whose start was cut off before its allowance was confirmed. */
export const SHOOT_START_LOST = 'The photoshoot could not be started. It was not counted; please try again.';

/** What a user sees when a pose could not be made and no clearer reason is known. */
export const GENERIC_FAILURE = 'Generation failed. Your photoshoot was not counted.';

/** Final photos are JPEG (they are zipped as pose_N.jpg). */
const JPEG_QUALITY = 90;

/** A pose job's id: a UUID made from its photoshoot and index, so enqueuing twice makes one job. */
export function poseJobId(photoshootId: string, poseIndex: number): string {
  const hex = createHash('sha256').update(`${photoshootId}:${poseIndex}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export interface WorkerDeps {
  db: Db;
  jobs: Jobs;
  engines: Engines;
  media: MediaStore;
  account: AccountClient;
  gallery: Gallery;
  logger: Logger;
  config: Pick<PhotoshootConfig, 'concurrency' | 'jobRetries' | 'sweepIntervalMs'>;
  clock: () => Date;
  /** Runs the sweep in one replica at a time (a PostgreSQL advisory lock); default always (one process, tests). */
  runAlone?: RunAlone;
}

export async function setupQueue(jobs: Jobs, config: WorkerDeps['config']): Promise<void> {
  await defineQueue(jobs, POSE_QUEUE, {
    retryLimit: config.jobRetries,
    retryDelay: 2,
    retryBackoff: true,
    expireInSeconds: 15 * 60,
    deleteAfterSeconds: 7 * 24 * 60 * 60,
  });
}

/** Enqueues every pose of a photoshoot that is not done yet (idempotent). */
export async function enqueuePoses(jobs: Jobs, photoshootId: string, poseIndexes: number[]): Promise<void> {
  await Promise.all(poseIndexes.map((poseIndex) => jobs.send(POSE_QUEUE, { photoshootId, poseIndex }, { id: poseJobId(photoshootId, poseIndex) })));
}

export interface Processor {
  /** One attempt at one pose. Throws to ask for a retry; a `final` attempt fails the photoshoot instead. */
  run(photoshootId: string, poseIndex: number, final: boolean): Promise<void>;
  /** Marks a photoshoot failed and gives its allowance back (idempotent). */
  failAndRefund(photoshootId: string, message: string): Promise<void>;
  /** Finds lost poses, missing refunds and photos not yet in the gallery, and repairs them. */
  sweep(): Promise<void>;
}

export function createProcessor(deps: WorkerDeps): Processor {
  const { db, jobs, engines, media, account, gallery, logger, clock } = deps;

  async function find(id: string): Promise<PhotoshootRow | null> {
    const [row] = await db.select().from(photoshoots).where(eq(photoshoots.id, id)).limit(1);
    return row ?? null;
  }

  async function refund(row: PhotoshootRow): Promise<void> {
    if (!row.reservedAt || row.refundedAt) return;
    const refunded = await account.refund(row.id);
    await db.update(photoshoots).set({ refundedAt: clock() }).where(eq(photoshoots.id, row.id));
    logger.info({ photoshootId: row.id, refunded }, 'photoshoot refunded');
  }

  async function failAndRefund(photoshootId: string, message: string): Promise<void> {
    await db
      .update(photoshoots)
      .set({ status: 'failed', errorMessage: message, completedAt: clock() })
      .where(and(eq(photoshoots.id, photoshootId), eq(photoshoots.status, 'processing')));
    const row = await find(photoshootId);
    if (row?.status !== 'failed') return;
    try {
      await refund(row);
    } catch (error) {
      logger.warn({ err: error, photoshootId }, 'refund failed; the sweeper will retry');
    }
  }

  /** When the last pose lands the photoshoot completes, and its photos join the gallery. */
  async function completeIfDone(photoshootId: string): Promise<void> {
    const [count] = await db
      .select({ done: sql<number>`count(*)::int` })
      .from(poses)
      .where(and(eq(poses.photoshootId, photoshootId), eq(poses.status, 'completed')));
    const row = await find(photoshootId);
    if (!row || row.status !== 'processing' || (count?.done ?? 0) < row.totalPoses) return;
    const [completed] = await db
      .update(photoshoots)
      .set({ status: 'completed', completedAt: clock() })
      .where(and(eq(photoshoots.id, photoshootId), eq(photoshoots.status, 'processing')))
      .returning();
    if (completed) {
      logger.info({ photoshootId }, 'photoshoot completed');
      await toGallery(completed);
    }
  }

  async function toGallery(row: PhotoshootRow): Promise<void> {
    if (row.galleryAt || !gallery.enabled) return;
    try {
      // A deleted account's photos go nowhere: the create service may have erased its gallery already, and a late
      // hand-over would put them back for good. (Its photoshoots here are erased next.)
      if (!(await account.planOf(row.userId))) {
        logger.info({ photoshootId: row.id }, 'the account was deleted: its photos do not join a gallery');
        return;
      }
      const done = await db.select().from(poses).where(eq(poses.photoshootId, row.id));
      await gallery.add(
        row,
        done.filter((p) => p.imageUrl).map((p) => ({ poseIndex: p.poseIndex, imageUrl: p.imageUrl!, engine: p.engine })),
      );
      await db.update(photoshoots).set({ galleryAt: clock() }).where(eq(photoshoots.id, row.id));
    } catch (error) {
      logger.warn({ err: error, photoshootId: row.id }, 'gallery hand-over failed; the sweeper will retry');
    }
  }

  async function run(photoshootId: string, poseIndex: number, final: boolean): Promise<void> {
    const row = await find(photoshootId);
    if (!row || row.status !== 'processing') return; // finished, failed, or a stray job
    const [pose] = await db
      .select()
      .from(poses)
      .where(and(eq(poses.photoshootId, photoshootId), eq(poses.poseIndex, poseIndex)))
      .limit(1);
    if (!pose || pose.status === 'completed') return; // made already: never twice
    await db
      .update(poses)
      .set({ attempts: sql`${poses.attempts} + 1`, startedAt: clock(), engine: engines.name })
      .where(and(eq(poses.photoshootId, photoshootId), eq(poses.poseIndex, poseIndex)));
    const log = logger.child({ photoshootId, poseIndex, attempt: pose.attempts + 1 });
    try {
      const [characterImage, garment] = await Promise.all([readMedia(media, row.characterImageUrl), readMedia(media, row.garmentUrl)]);
      if (!characterImage || !garment) throw new EngineInputError('The character or the clothing image could not be read. Please start again.');
      const look = parseCharacterLook(row.characterLook);
      const result = await engines.photoshootPose({ characterImage, garment, poseIndex, ...(look ? { look } : {}) });
      const jpeg = await storedJpeg(result.data, JPEG_QUALITY);
      const stored = await media.put(jpeg, { contentType: 'image/jpeg', prefix: 'photoshoot/poses' });
      const [landed] = await db
        .update(poses)
        .set({ status: 'completed', imageUrl: stored.url, completedAt: clock(), engine: result.engine })
        .where(and(eq(poses.photoshootId, photoshootId), eq(poses.poseIndex, poseIndex), eq(poses.status, 'pending')))
        .returning();
      if (!landed) {
        await media.delete(stored.key); // another attempt landed first: keep one photo per pose
        return;
      }
      log.info({ engine: result.engine }, 'pose finished');
      await completeIfDone(photoshootId);
    } catch (error) {
      const permanent = error instanceof EngineInputError || (error instanceof EngineFailure && !error.retryable);
      if (permanent || final) {
        const message = error instanceof EngineInputError ? error.message : error instanceof EngineFailure && !error.retryable ? `Generation failed: ${error.message}` : GENERIC_FAILURE;
        log.warn({ err: error, final }, 'pose failed for good; the photoshoot fails');
        await failAndRefund(photoshootId, message);
        return;
      }
      log.warn({ err: error }, 'pose attempt failed; retrying');
      throw error;
    }
  }

  async function sweep(): Promise<void> {
    // Failed photoshoots whose refund did not go through.
    for (const row of await db
      .select()
      .from(photoshoots)
      .where(and(eq(photoshoots.status, 'failed'), isNotNull(photoshoots.reservedAt), isNull(photoshoots.refundedAt)))) {
      await refund(row).catch((error: unknown) => logger.warn({ err: error, photoshootId: row.id }, 'refund retry failed'));
    }
    // Completed ones whose photos did not reach the gallery.
    if (gallery.enabled) {
      for (const row of await db.select().from(photoshoots).where(and(eq(photoshoots.status, 'completed'), isNull(photoshoots.galleryAt)))) {
        await toGallery(row);
      }
    }
    // Starts that never confirmed their reserve (the process died between saving the photoshoot and the reserve's
    // answer): failed, and refunded in case the reserve landed after all (refunding a key never reserved gives back
    // nothing). Never rendered: nothing was paid for them.
    const now = clock().getTime();
    for (const row of await db
      .select()
      .from(photoshoots)
      .where(and(eq(photoshoots.status, 'processing'), isNull(photoshoots.reservedAt), lt(photoshoots.createdAt, new Date(now - UNCONFIRMED_START_GRACE_MS))))) {
      logger.warn({ photoshootId: row.id }, 'a photoshoot whose start never finished is failed and refunded');
      const [failed] = await db
        .update(photoshoots)
        .set({ status: 'failed', errorMessage: SHOOT_START_LOST, reservedAt: clock(), completedAt: clock() })
        .where(and(eq(photoshoots.id, row.id), eq(photoshoots.status, 'processing'), isNull(photoshoots.reservedAt)))
        .returning();
      if (failed) await refund(failed).catch((error: unknown) => logger.warn({ err: error, photoshootId: row.id }, 'refund failed'));
    }
    // Confirmed and unfinished: a pose without its job (the start died before enqueuing) is enqueued again; a pose
    // whose job ended without making it fails the photoshoot; one finished in between completes it.
    const grace = new Date(now - Math.max(5_000, deps.config.sweepIntervalMs));
    const open = await db.select().from(photoshoots).where(and(eq(photoshoots.status, 'processing'), isNotNull(photoshoots.reservedAt)));
    for (const row of open) {
      if (row.createdAt > grace) continue;
      const pending = await db
        .select({ poseIndex: poses.poseIndex })
        .from(poses)
        .where(and(eq(poses.photoshootId, row.id), eq(poses.status, 'pending')));
      if (pending.length === 0) {
        await completeIfDone(row.id);
        continue;
      }
      for (const { poseIndex } of pending) {
        const [job] = await jobs.findJobs(POSE_QUEUE, { id: poseJobId(row.id, poseIndex) });
        if (!job) {
          logger.info({ photoshootId: row.id, poseIndex }, 're-enqueuing a pose without a job');
          await enqueuePoses(jobs, row.id, [poseIndex]);
        } else if (job.state === 'failed' || job.state === 'cancelled' || job.state === 'completed') {
          // `pending` was read before the job's state: a pose that landed in between (its job then completed) is done.
          const [pose] = await db
            .select({ status: poses.status })
            .from(poses)
            .where(and(eq(poses.photoshootId, row.id), eq(poses.poseIndex, poseIndex)));
          if (pose?.status !== 'pending') continue;
          logger.warn({ photoshootId: row.id, poseIndex, jobState: job.state }, 'a pose job ended without its pose');
          await failAndRefund(row.id, GENERIC_FAILURE);
          break;
        }
      }
    }
  }

  return { run, failAndRefund, sweep };
}

export interface Workers {
  stop(): Promise<void>;
}

/** Starts `concurrency` workers on the pose queue and the periodic sweeper. */
export async function startWorkers(deps: WorkerDeps, processor: Processor): Promise<Workers> {
  const { jobs, config, logger } = deps;
  await startWorker<{ photoshootId: string; poseIndex: number }>(jobs, POSE_QUEUE, { concurrency: config.concurrency }, async (job) => {
    await processor.run(job.data.photoshootId, job.data.poseIndex, job.retryCount >= job.retryLimit);
  });
  let sweeping: Promise<void> | null = null;
  let stopped = false;
  const sweep = () => {
    if (sweeping || stopped) return;
    // Every replica ticks; the one that takes the lock sweeps, the others skip this round.
    sweeping = (deps.runAlone ?? runAlways)('sweep', () => processor.sweep())
      .then(() => undefined)
      .catch((error: unknown) => logger.warn({ err: error }, 'sweep failed'))
      .finally(() => {
        sweeping = null;
      });
  };
  sweep();
  const timer = setInterval(sweep, config.sweepIntervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await sweeping;
    },
  };
}
