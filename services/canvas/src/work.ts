import { createHash } from 'node:crypto';
import { EngineFailure, EngineInputError, type CallOptions, type EditModel, type Engines, type ProviderJobRef } from '@atelier/engines';
import { contentTypeOfKey, defineQueue, readMedia, runAlways, startWorker, UNCONFIRMED_START_GRACE_MS, type AccountClient, type Db, type Jobs, type Logger, type MediaStore, type RunAlone } from '@atelier/kit';
import { and, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { CanvasConfig } from './config.js';
import { EDIT_ERRORS, GENERIC_FAILURE, MEDIA_PREFIX } from './constants.js';
import { edits, type EditRow } from './db/schema.js';
import type { Gallery } from './gallery.js';

/** The pg-boss queue of edits; a job's id is its edit's id. */
export const EDIT_QUEUE = 'canvas-edit';

const UNFINISHED = ['queued', 'processing'] as const;

/** A stable seed per edit: a rerun renders the same picture. */
export function seedOf(id: string): number {
  return createHash('sha256').update(id).digest().readUInt32BE(0);
}

export interface WorkerDeps {
  db: Db;
  jobs: Jobs;
  engines: Engines;
  media: MediaStore;
  account: AccountClient;
  gallery: Gallery;
  logger: Logger;
  config: Pick<CanvasConfig, 'concurrency' | 'jobRetries' | 'sweepIntervalMs'>;
  clock: () => Date;
  /** Runs the sweep in one replica at a time (a PostgreSQL advisory lock); default always (one process, tests). */
  runAlone?: RunAlone;
}

export async function setupQueue(jobs: Jobs, config: WorkerDeps['config']): Promise<void> {
  await defineQueue(jobs, EDIT_QUEUE, {
    retryLimit: config.jobRetries,
    retryDelay: 2,
    retryBackoff: true,
    // The longest one attempt may take; a dead worker's job is noticed much sooner, by its heartbeat.
    expireInSeconds: 15 * 60,
    // Finished jobs are kept a week so the sweeper can tell a finished job from a lost one.
    deleteAfterSeconds: 7 * 24 * 60 * 60,
  });
}

/** Enqueues an edit's job; idempotent (the job id is the edit id). */
export async function enqueueEdit(jobs: Jobs, id: string): Promise<void> {
  await jobs.send(EDIT_QUEUE, { editId: id }, { id });
}

/** Deletes stored media by URL; a URL that is not ours or already gone is fine. */
export async function deleteMedia(media: MediaStore, urls: (string | null | undefined)[]): Promise<void> {
  await Promise.all(
    urls.map(async (url) => {
      const key = url ? media.keyFromUrl(url) : null;
      if (key) await media.delete(key);
    }),
  );
}

export interface Processor {
  /** One attempt at an edit. Throws to ask for a retry; a `final` attempt fails and refunds instead. */
  run(editId: string, final: boolean): Promise<void>;
  /** Marks an unfinished edit failed and gives its credit back (idempotent). */
  failAndRefund(editId: string, message: string): Promise<void>;
  /** Gives back the credit of a failed edit (idempotent); throws when the account service cannot be asked. */
  refund(row: EditRow): Promise<void>;
  /** Finds lost jobs, unsettled starts, missing refunds and hand-overs, and repairs them. */
  sweep(): Promise<void>;
}

export function createProcessor(deps: WorkerDeps): Processor {
  const { db, jobs, engines, media, account, gallery, logger, clock } = deps;

  async function find(id: string): Promise<EditRow | null> {
    const [row] = await db.select().from(edits).where(eq(edits.id, id)).limit(1);
    return row ?? null;
  }

  async function refund(row: EditRow): Promise<void> {
    if (!row.reservedAt || row.refundedAt) return;
    const refunded = await account.refund(row.id);
    await db.update(edits).set({ refundedAt: clock() }).where(eq(edits.id, row.id));
    logger.info({ editId: row.id, refunded }, 'edit refunded');
  }

  async function failAndRefund(editId: string, message: string): Promise<void> {
    await db
      .update(edits)
      .set({ status: 'failed', errorMessage: message, completedAt: clock() })
      .where(and(eq(edits.id, editId), inArray(edits.status, UNFINISHED)));
    const row = await find(editId);
    if (row?.status !== 'failed') return;
    try {
      await refund(row);
    } catch (error) {
      logger.warn({ err: error, editId }, 'refund failed; the sweeper will retry');
    }
  }

  /** A copy of one of our media objects under the gallery's prefix. */
  async function copyForGallery(url: string): Promise<string> {
    const key = media.keyFromUrl(url);
    const contentType = key ? contentTypeOfKey(key) : undefined;
    const bytes = await readMedia(media, url);
    if (!bytes || !contentType) throw new Error(`${url} could not be read for the gallery`);
    return (await media.put(bytes, { contentType, prefix: MEDIA_PREFIX.gallery })).url;
  }

  /**
   * The gallery gets its own copies of the result and the main image (made once; a retry reuses them),
   * so deleting the edit here never breaks a picture there.
   */
  async function toGallery(row: EditRow): Promise<void> {
    if (!gallery.enabled || row.galleryAt || row.status !== 'completed' || !row.outputUrl) return;
    try {
      let current = row;
      if (!current.galleryImageUrl) {
        const imageUrl = await copyForGallery(row.outputUrl);
        const inputUrl = row.inputImages[0] ? await copyForGallery(row.inputImages[0]).catch(() => null) : null;
        const [saved] = await db
          .update(edits)
          .set({ galleryImageUrl: imageUrl, galleryInputUrl: inputUrl })
          .where(and(eq(edits.id, row.id), isNull(edits.galleryImageUrl)))
          .returning();
        if (!saved) {
          await deleteMedia(media, [imageUrl, inputUrl]); // another hand-over made its copies first
          const again = await find(row.id);
          if (!again?.galleryImageUrl || again.galleryAt) return;
          current = again;
        } else {
          current = saved;
        }
      }
      await gallery.add({
        userId: current.userId,
        canvasEditId: current.id,
        prompt: current.prompt,
        model: current.model,
        imageUrl: current.galleryImageUrl!,
        inputImageUrl: current.galleryInputUrl,
        canvasResultUrl: current.outputUrl ?? undefined,
        engine: current.engine,
        completedAt: (current.completedAt ?? clock()).toISOString(),
      });
      await db.update(edits).set({ galleryAt: clock() }).where(eq(edits.id, row.id));
    } catch (error) {
      logger.warn({ err: error, editId: row.id }, 'gallery hand-over failed; the sweeper will retry');
    }
  }

  async function run(editId: string, final: boolean): Promise<void> {
    const found = await find(editId);
    // Finished, failed, deleted, or never confirmed (the sweeper settles those): nothing to do.
    if (!found || !found.reservedAt || (found.status !== 'queued' && found.status !== 'processing')) return;
    const [row] = await db
      .update(edits)
      .set({ status: 'processing', attempts: sql`${edits.attempts} + 1`, startedAt: clock(), engine: engines.name })
      .where(and(eq(edits.id, editId), inArray(edits.status, UNFINISHED)))
      .returning();
    if (!row) return;
    const log = logger.child({ editId, attempt: row.attempts });
    const startedAt = Date.now();
    try {
      const images = await Promise.all(row.inputImages.map((url) => readMedia(media, url)));
      if (images.length === 0 || images.some((image) => !image)) throw new EngineInputError(EDIT_ERRORS.inputGone);
      const options: CallOptions = {
        ...(row.providerRef ? { resume: row.providerRef as unknown as ProviderJobRef } : {}),
        onSubmitted: async (ref) => {
          await db.update(edits).set({ providerRef: ref as unknown as Record<string, unknown> }).where(eq(edits.id, editId));
        },
      };
      const result = await engines.edit(
        {
          prompt: row.prompt,
          model: row.model as EditModel,
          images: images as Buffer[],
          camera: row.camera,
          shotType: row.shotType,
          seed: seedOf(row.id),
        },
        options,
      );
      if (result.contentType !== 'image/png' && result.contentType !== 'image/jpeg') {
        throw new EngineFailure(EDIT_ERRORS.notAnImageResult, { retryable: false });
      }
      const stored = await media.put(result.data, { contentType: result.contentType, prefix: MEDIA_PREFIX.outputs });
      const [landed] = await db
        .update(edits)
        .set({ status: 'completed', outputUrl: stored.url, engine: result.engine, errorMessage: null, completedAt: clock() })
        .where(and(eq(edits.id, editId), eq(edits.status, 'processing')))
        .returning();
      if (!landed) {
        // Another attempt finished first (or the edit failed meanwhile): one result per edit.
        await media.delete(stored.key);
        log.info('a late attempt finished; its result was dropped');
        return;
      }
      log.info({ engine: result.engine, ms: Date.now() - startedAt }, 'edit finished');
      await toGallery(landed);
    } catch (error) {
      const permanent = error instanceof EngineInputError || (error instanceof EngineFailure && !error.retryable);
      if (permanent || final) {
        const message =
          error instanceof EngineInputError
            ? error.message
            : error instanceof EngineFailure && !error.retryable
              ? `Photo editing failed: ${error.message}`
              : GENERIC_FAILURE;
        log.warn({ err: error, final }, 'edit failed for good');
        await failAndRefund(editId, message);
        return;
      }
      log.warn({ err: error }, 'edit attempt failed; retrying');
      throw error;
    }
  }

  async function sweep(): Promise<void> {
    // Failed edits whose refund did not go through.
    for (const row of await db
      .select()
      .from(edits)
      .where(and(eq(edits.status, 'failed'), isNotNull(edits.reservedAt), isNull(edits.refundedAt)))) {
      await refund(row).catch((error: unknown) => logger.warn({ err: error, editId: row.id }, 'refund retry failed'));
    }
    // Finished edits that did not reach the gallery.
    if (gallery.enabled) {
      for (const row of await db.select().from(edits).where(and(eq(edits.status, 'completed'), isNull(edits.galleryAt)))) {
        await toGallery(row);
      }
    }
    const now = clock().getTime();
    // Starts that never confirmed their reserve: failed, and refunded in case the reserve landed after all
    // (refunding a key never reserved gives back nothing).
    for (const row of await db
      .select()
      .from(edits)
      .where(and(eq(edits.status, 'queued'), isNull(edits.reservedAt), lt(edits.createdAt, new Date(now - UNCONFIRMED_START_GRACE_MS))))) {
      logger.warn({ editId: row.id }, 'an edit whose start never finished is failed and refunded');
      await db
        .update(edits)
        .set({ status: 'failed', errorMessage: EDIT_ERRORS.accountDown, reservedAt: clock(), completedAt: clock() })
        .where(and(eq(edits.id, row.id), eq(edits.status, 'queued'), isNull(edits.reservedAt)));
      const failed = await find(row.id);
      if (failed?.status === 'failed') await refund(failed).catch((error: unknown) => logger.warn({ err: error, editId: row.id }, 'refund failed'));
    }
    // Confirmed and unfinished: an edit without its job (the start died before enqueuing) is enqueued
    // again; one whose job ended without finishing it fails and is refunded.
    const grace = new Date(now - Math.max(5_000, deps.config.sweepIntervalMs));
    for (const row of await db
      .select()
      .from(edits)
      .where(and(inArray(edits.status, UNFINISHED), isNotNull(edits.reservedAt), lt(edits.createdAt, grace)))) {
      const [job] = await jobs.findJobs(EDIT_QUEUE, { id: row.id });
      if (!job) {
        logger.info({ editId: row.id }, 're-enqueuing an edit without a job');
        await enqueueEdit(jobs, row.id);
      } else if (job.state === 'failed' || job.state === 'cancelled' || job.state === 'completed') {
        logger.warn({ editId: row.id, jobState: job.state }, 'an edit job ended without its result');
        await failAndRefund(row.id, GENERIC_FAILURE);
      }
    }
  }

  return { run, failAndRefund, refund, sweep };
}

export interface Workers {
  stop(): Promise<void>;
}

/** Starts `concurrency` workers on the edit queue and the periodic sweeper. */
export async function startWorkers(deps: WorkerDeps, processor: Processor): Promise<Workers> {
  const { jobs, config, logger } = deps;
  await startWorker<{ editId: string }>(jobs, EDIT_QUEUE, { concurrency: config.concurrency }, async (job) => {
    await processor.run(job.data.editId, job.retryCount >= job.retryLimit);
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
