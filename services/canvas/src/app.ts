import { CANVAS_EDIT_BODY_LIMIT_BYTES } from '@atelier/contracts';
import { createEngines, type Engines } from '@atelier/engines';
import {
  createAccountClient,
  createBaseApp,
  advisoryLocks,
  createIdempotencyStore,
  createPostgresRateLimits,
  createJobs,
  createMediaStore,
  finishApp,
  identity,
  startErasureWatcher,
  type AccountClient,
  type Database,
  type Jobs,
  type Logger,
  type MediaStore,
} from '@atelier/kit';
import type { Express } from 'express';
import { withBodyGate } from './body-gate.js';
import type { CanvasConfig } from './config.js';
import { SERVICE_NAME } from './constants.js';
import { createErase } from './erase.js';
import { createGallery, type Gallery } from './gallery.js';
import { editRoutes } from './routes/edits.js';
import { createProcessor, enqueueEdit, setupQueue, startWorkers, type Processor, type Workers } from './work.js';

export interface CanvasDeps {
  config: CanvasConfig;
  database: Database;
  logger: Logger;
  clock?: () => Date;
  /** Defaults to `createEngines(config.engine)` (local unless FAL_KEY). */
  engines?: Engines;
  media?: MediaStore;
  account?: AccountClient;
  gallery?: Gallery;
  /** Whether this process works on edits (default true). */
  work?: boolean;
}

export interface CanvasService {
  app: Express;
  jobs: Jobs;
  processor: Processor;
  workers: Workers | null;
  stop(options?: { timeoutMs?: number }): Promise<void>;
}

/** The canvas service: photo edits as durable jobs, charged once, handed to the gallery when done. */
export async function createService(deps: CanvasDeps): Promise<CanvasService> {
  const { config, database, logger, clock = () => new Date() } = deps;
  const { db } = database;
  const engines = deps.engines ?? createEngines(config.engine);
  const media = deps.media ?? createMediaStore(config.media);
  const account = deps.account ?? createAccountClient({ accountUrl: config.accountUrl, identityKeys: config.identityKeys, caller: SERVICE_NAME });
  const gallery = deps.gallery ?? createGallery({ createUrl: config.createUrl, identityKeys: config.identityKeys });

  const jobs = await createJobs({ database, logger });
  await setupQueue(jobs, config);
  const runAlone = advisoryLocks(database.pool, database.schema);
  const workerDeps = { db, jobs, engines, media, account, gallery, logger, config, clock, runAlone };
  const processor = createProcessor(workerDeps);
  const workers = deps.work === false ? null : await startWorkers(workerDeps, processor);

  const idempotency = await createIdempotencyStore({ pool: database.pool, schema: database.schema, clock });
  // The parser takes an edit's 5 images; the gate in front keeps every other route at kit's 100 KB.
  const app = createBaseApp({
    name: SERVICE_NAME,
    logger,
    jsonLimit: CANVAS_EDIT_BODY_LIMIT_BYTES,
    readiness: [{ name: 'database', check: () => database.ping() }],
  });
  app.use(identity(config.identityKeys, { audience: SERVICE_NAME }));
  app.use(
    editRoutes({
      db,
      media,
      account,
      idempotency,
      processor,
      enqueue: (id) => enqueueEdit(jobs, id),
      logger,
      clock,
      editsPerMinute: config.editsPerMinute,
      gallery,
      // Counted in PostgreSQL so every replica shares the windows.
      limits: createPostgresRateLimits({ pool: database.pool, schema: database.schema }),
    }),
  );

  // Deleted accounts: erased with the workers (a process that works on nothing erases nothing), by one replica a
  // round, once everything above is ready.
  const erasures =
    deps.work === false
      ? null
      : startErasureWatcher({
          caller: SERVICE_NAME,
          accountUrl: config.accountUrl,
          identityKeys: config.identityKeys,
          logger,
          intervalMs: config.erasureIntervalMs,
          erase: createErase({ database, media, logger }),
          runAlone,
        });

  return {
    app: withBodyGate(finishApp(app, logger), { identityKeys: config.identityKeys, logger }),
    jobs,
    processor,
    workers,
    async stop({ timeoutMs = 10_000 } = {}) {
      await erasures?.stop();
      await workers?.stop();
      await jobs.stop({ graceful: true, timeout: timeoutMs });
    },
  };
}
