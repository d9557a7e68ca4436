import { createHash } from 'node:crypto';
import { ledgerNote, UPSCALE_MAX_SIDE } from '@atelier/contracts';
import {
  EngineFailure,
  EngineInputError,
  isFalEngine,
  type AspectRatio as EngineAspectRatio,
  type CallOptions,
  type EngineResult,
  type Engines,
  type ProviderJobRef,
  type VideoModel,
} from '@atelier/engines';
import { defineQueue, runAlways, startWorker, UnknownAccount, type Db, type Jobs, type Logger, type MediaStore, type RunAlone } from '@atelier/kit';
import type { AccountClient } from './account.js';
import type { CreateConfig } from './config.js';
import {
  claimGeneration,
  completeGeneration,
  failedAwaitingRefund,
  failGeneration,
  findGeneration,
  markRefunded,
  markReserved,
  saveProviderRef,
  unfinishedBefore,
} from './db/generations.js';
import type { GenerationRow } from './db/schema.js';
import { readMedia } from './media.js';
import { findPreset } from './presets/presets.js';
import { storeThumbnail, storeThumbnailOf } from './thumbnail.js';

/** The pg-boss queue of generation jobs; a job's id is its generation's id. */
export const GENERATION_QUEUE = 'generation';

/** A failure that retrying cannot fix: the generation fails at once (and is refunded). */
export class PermanentFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentFailure';
  }
}

/** What a user sees when a generation could not be made and no clearer reason is known. */
export const GENERIC_FAILURE = 'Generation failed. Your credits were refunded.';

export interface WorkerDeps {
  db: Db;
  jobs: Jobs;
  engines: Engines;
  media: MediaStore;
  account: AccountClient;
  logger: Logger;
  config: Pick<CreateConfig, 'concurrency' | 'jobRetries' | 'jobTimeoutSeconds' | 'sweepIntervalMs'>;
  clock: () => Date;
  /** Runs the sweep in one replica at a time (a PostgreSQL advisory lock); default always (one process, tests). */
  runAlone?: RunAlone;
  /** With fal and a public URL: where fal calls back for this generation. */
  webhookUrlFor?: (generationId: string) => string;
}

/** A stable seed per generation: a rerun renders the same image. */
function seedOf(id: string): number {
  return createHash('sha256').update(id).digest().readUInt32BE(0);
}

export async function setupQueue(jobs: Jobs, config: WorkerDeps['config']): Promise<void> {
  await defineQueue(jobs, GENERATION_QUEUE, {
    retryLimit: config.jobRetries,
    retryDelay: 2,
    retryBackoff: true,
    // The longest one attempt may take; a dead worker's job is noticed much sooner, by its heartbeat.
    expireInSeconds: config.jobTimeoutSeconds,
    // Finished jobs are kept a week so the sweeper can tell a finished job from a lost one.
    deleteAfterSeconds: 7 * 24 * 60 * 60,
  });
}

/**
 * Enqueues a generation's job; idempotent (the job id is the generation id). `backlog`: how many of its user's
 * generations wait already — the job goes after other users' with fewer (its priority is minus that), so one user's
 * thirty videos do not hold everyone else's image behind them; alone, a user's jobs keep their order. The priority is
 * fixed when sent: under a stream of other users' work a long backlog waits its turn after theirs.
 */
export async function enqueueGeneration(jobs: Jobs, id: string, backlog = 0): Promise<void> {
  await jobs.send(GENERATION_QUEUE, { generationId: id }, { id, priority: -Math.min(backlog, MAX_BACKLOG_PRIORITY) });
}

/** The lowest priority a backlog gives (pg-boss priorities are integers; beyond this, order of arrival). */
const MAX_BACKLOG_PRIORITY = 1000;

export interface Processor {
  /** One attempt at a generation. Throws to ask for a retry; `final` attempts fail and refund instead. */
  run(generationId: string, final: boolean): Promise<void>;
  /** Marks a generation failed and gives its credits back (idempotent). */
  failAndRefund(generationId: string, message: string): Promise<void>;
  /** Finds lost jobs and missing refunds and repairs them. */
  sweep(): Promise<void>;
}

export function createProcessor(deps: WorkerDeps): Processor {
  const { db, jobs, engines, media, account, logger, clock } = deps;

  async function refund(row: Pick<GenerationRow, 'id' | 'reservedAt'>): Promise<void> {
    if (!row.reservedAt) return;
    const refunded = await account.refund(row.id);
    await markRefunded(db, row.id, clock());
    logger.info({ generationId: row.id, refunded }, 'generation refunded');
  }

  async function failAndRefund(generationId: string, message: string): Promise<void> {
    await failGeneration(db, generationId, message, clock());
    const row = await findGeneration(db, generationId);
    if (row?.status === 'failed' && !row.refundedAt) {
      try {
        await refund(row);
      } catch (error) {
        // The sweeper gives it back once the account service answers again.
        logger.warn({ err: error, generationId }, 'refund failed; will retry');
      }
    }
  }

  async function input(url: string | undefined, what: string): Promise<Buffer> {
    const data = url ? await readMedia(media, url) : null;
    if (!data) throw new PermanentFailure(`The ${what} could not be read. Please upload it again.`);
    return data;
  }

  async function callEngine(row: GenerationRow): Promise<EngineResult> {
    const options: CallOptions = {
      ...(row.providerRef ? { resume: row.providerRef as ProviderJobRef } : {}),
      onSubmitted: (ref) => saveProviderRef(db, row.id, ref),
    };
    // fal with a public URL: submit with this generation's own webhook address, then wait as usual.
    const viaFal = async <C extends 'textToImage' | 'imageToVideo' | 'tryOn' | 'upscale'>(
      capability: C,
      engineInput: Parameters<Engines[C]>[0],
    ): Promise<EngineResult> => {
      if (isFalEngine(engines) && deps.webhookUrlFor) {
        let ref = row.providerRef as ProviderJobRef | null;
        if (!ref) {
          ref = await engines.submit(capability, engineInput as never, { webhookUrl: deps.webhookUrlFor(row.id) });
          await saveProviderRef(db, row.id, ref);
        }
        return engines.wait(ref);
      }
      return (engines[capability] as (i: unknown, o: CallOptions) => Promise<EngineResult>).call(engines, engineInput, options);
    };

    if (row.type === 'image') {
      const preset = row.presetId ? findPreset(row.presetId) : undefined;
      // The engines render every ratio of the contract at its own size (no cut from another ratio).
      const engineRatio = (row.aspectRatio ?? '2:3') as EngineAspectRatio;
      // At most 2000 characters (code points, as the engines count), never cut inside an emoji.
      const prompt = [...[row.prompt ?? '', preset?.prompt ?? ''].filter(Boolean).join(', ')].slice(0, 2000).join('');
      return viaFal('textToImage', {
        prompt,
        aspectRatio: engineRatio,
        seed: seedOf(row.id),
        ...(preset ? { preset: { name: preset.name, style: preset.style, palette: preset.palette, composition: preset.composition } } : {}),
      });
    }
    if (row.type === 'video') {
      const image = await input(row.inputs.image, 'source image');
      const resolution = row.inputs.resolution === '1080p' ? '1080p' : '720p';
      return viaFal('imageToVideo', {
        image,
        model: (row.model ?? 'wan-2.5') as VideoModel,
        resolution,
        ...(row.prompt ? { prompt: row.prompt } : {}),
      });
    }
    if (row.type === 'upscale') {
      const image = await input(row.inputs.image, 'image to upscale');
      return viaFal('upscale', { image, maxSide: UPSCALE_MAX_SIDE });
    }
    if (row.type === 'dressup') {
      const person = await input(row.inputs.person, 'photo of the person');
      const garment = await input(row.inputs.garment, 'garment image');
      return viaFal('tryOn', { person, garment });
    }
    // Photoshoot and canvas results are imported completed; they never reach a worker.
    throw new PermanentFailure(`A ${row.type} generation is not made here`);
  }

  /** Deletes a superseded attempt's files (its result and its own thumbnail); a failure is only logged. */
  async function forgetStored(key: string, thumbnailUrl: string | null, log: Logger): Promise<void> {
    const thumbnailKey = thumbnailUrl ? media.keyFromUrl(thumbnailUrl) : null;
    for (const orphan of [key, thumbnailKey]) {
      if (orphan) await media.delete(orphan).catch((error: unknown) => log.warn({ err: error, key: orphan }, 'superseded file not deleted'));
    }
  }

  async function run(generationId: string, final: boolean): Promise<void> {
    let row = await findGeneration(db, generationId);
    if (!row || row.status === 'completed' || row.status === 'failed') return; // finished, or a duplicate job

    // The start request may have died between saving the generation and reserving its credits.
    if (!row.reservedAt) {
      let outcome;
      try {
        outcome = await account.reserve({ userId: row.userId, feature: 'credits', amount: row.cost, key: row.id, source: row.type, note: ledgerNote(row.prompt) });
      } catch (error) {
        if (!(error instanceof UnknownAccount)) throw error;
        // The account was deleted: nothing to make (the row goes with the account's erase).
        await failGeneration(db, row.id, 'Unauthorized', clock());
        return;
      }
      if (!outcome.ok) {
        await failGeneration(db, row.id, 'Not enough credits', clock());
        return;
      }
      await markReserved(db, row.id, clock());
    }

    row = await claimGeneration(db, generationId, clock(), engines.name);
    if (!row) return;
    const log = logger.child({ generationId, type: row.type, attempt: row.attempts });
    const startedAt = Date.now();
    try {
      const result = await callEngine(row);
      const engineMs = Date.now() - startedAt;
      const stored = await media.put(result.data, { contentType: result.contentType, prefix: `generations/${row.type}` });
      const isVideo = result.contentType === 'video/mp4';
      const imageUrl = isVideo ? (row.inputs.image ?? null) : stored.url;
      // The gallery's tile: of the picture made, or of a video's source image (its poster).
      const thumbnailUrl = !isVideo ? await storeThumbnail(media, result.data, log) : imageUrl ? await storeThumbnailOf(media, imageUrl, log) : null;
      const done = await completeGeneration(db, row.id, {
        imageUrl,
        videoUrl: isVideo ? stored.url : null,
        thumbnailUrl,
        engine: result.engine,
        model: row.type === 'video' ? row.model : result.model,
        width: result.width,
        height: result.height,
        understood: result.understood ?? null,
        completedAt: clock(),
      });
      log.info({ engine: result.engine, completed: done, engineMs, totalMs: Date.now() - startedAt }, 'generation finished');
      // Another attempt finished it first (this one was taken for dead): what this one stored names nothing.
      if (!done) await forgetStored(stored.key, thumbnailUrl, log);
    } catch (error) {
      const permanent =
        error instanceof PermanentFailure || error instanceof EngineInputError || (error instanceof EngineFailure && !error.retryable);
      if (permanent || final) {
        const message =
          error instanceof PermanentFailure || error instanceof EngineInputError
            ? error.message
            : error instanceof EngineFailure && !error.retryable
              ? `Generation failed: ${error.message}`
              : GENERIC_FAILURE;
        log.warn({ err: error, final }, 'generation failed');
        await failAndRefund(row.id, message);
        return;
      }
      log.warn({ err: error }, 'generation attempt failed; retrying');
      throw error;
    }
  }

  async function sweep(): Promise<void> {
    // Failed generations whose refund did not go through.
    for (const row of await failedAwaitingRefund(db)) {
      try {
        await refund(row);
      } catch (error) {
        logger.warn({ err: error, generationId: row.id }, 'refund retry failed');
      }
    }
    // Unfinished generations whose job is missing (the start request died before enqueuing) or dead.
    const grace = new Date(clock().getTime() - Math.max(5_000, deps.config.sweepIntervalMs));
    for (const row of await unfinishedBefore(db, grace)) {
      const [job] = await jobs.findJobs(GENERATION_QUEUE, { id: row.id });
      if (!job) {
        logger.info({ generationId: row.id }, 're-enqueuing a generation without a job');
        await enqueueGeneration(jobs, row.id);
      } else if (job.state === 'failed' || job.state === 'cancelled' || job.state === 'completed') {
        logger.warn({ generationId: row.id, jobState: job.state }, 'job ended without finishing its generation');
        await failAndRefund(row.id, GENERIC_FAILURE);
      }
    }
  }

  return { run, failAndRefund, sweep };
}

export interface Workers {
  stop(): Promise<void>;
}

/** Starts `concurrency` workers on the queue (woken at once by a new job) and the periodic sweeper. */
export async function startWorkers(deps: WorkerDeps, processor: Processor): Promise<Workers> {
  const { jobs, config, logger } = deps;
  await startWorker<{ generationId: string }>(jobs, GENERATION_QUEUE, { concurrency: config.concurrency }, async (job) => {
    await processor.run(job.data.generationId, job.retryCount >= job.retryLimit);
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
