import { atelierXmpOf, createEngines, createLocalEngine, isFalEngine, type Engines } from '@atelier/engines';
import {
  advisoryLocks,
  createBaseApp,
  createIdempotencyStore,
  createPostgresRateLimits,
  createJobs,
  createMediaStore,
  downloadHandler,
  finishApp,
  identity,
  requireUser,
  startErasureWatcher,
  uploadImageHandler,
  type Database,
  type Jobs,
  type Logger,
  type MediaStore,
} from '@atelier/kit';
import type { Express } from 'express';
import { createAccountClient, type AccountClient } from './account.js';
import { SERVICE_NAME, type CreateConfig } from './config.js';
import { recordUpload } from './db/generations.js';
import { createErase } from './erase.js';
import { devRoutes } from './routes/dev.js';
import { internalRoutes } from './routes/internal.js';
import { generationRoutes } from './routes/generations.js';
import { presetRoutes } from './routes/presets.js';
import { FAL_WEBHOOK_PATH, webhookRoutes, webhookUrl } from './routes/webhook.js';
import { createProcessor, enqueueGeneration, setupQueue, startWorkers, type Processor, type Workers } from './work.js';

export interface CreateDeps {
  config: CreateConfig;
  database: Database;
  logger: Logger;
  /** Injected in tests; defaults to the wall clock. */
  clock?: () => Date;
  /** Defaults to `createEngines(config.engine)` (local unless FAL_KEY). */
  engines?: Engines;
  /** Defaults to kit's media store from the configuration (`DATA_DIR/media` or S3). */
  media?: MediaStore;
  account?: AccountClient;
  /** Whether this process works on jobs (default true). */
  work?: boolean;
}

export interface CreateService {
  app: Express;
  jobs: Jobs;
  processor: Processor;
  workers: Workers | null;
  /** Stops the erasure watcher, the workers and the queue (the database is the caller's). */
  stop(options?: { timeoutMs?: number }): Promise<void>;
}

/** The create service: generations (image, video, dress-up, upscale; imported photoshoot and canvas results), their jobs, presets and dev test content. */
export async function createService(deps: CreateDeps): Promise<CreateService> {
  const { config, database, logger, clock = () => new Date() } = deps;
  const { db } = database;
  const engines = deps.engines ?? createEngines(config.engine);
  const media = deps.media ?? createMediaStore(config.media);
  const account = deps.account ?? createAccountClient({ accountUrl: config.accountUrl, identityKeys: config.identityKeys, caller: SERVICE_NAME });
  const falWebhooks = isFalEngine(engines) && config.publicUrl ? config.publicUrl : undefined;

  // Beside the tables' schema (`create` → `create_jobs`).
  const jobs = await createJobs({ database, logger });
  await setupQueue(jobs, config);
  const runAlone = advisoryLocks(database.pool, database.schema);
  const workerDeps = {
    db,
    jobs,
    engines,
    media,
    account,
    logger,
    config,
    clock,
    runAlone,
    ...(falWebhooks ? { webhookUrlFor: (id: string) => webhookUrl(falWebhooks, config.identitySecret, id) } : {}),
  };
  const processor = createProcessor(workerDeps);
  const workers = deps.work === false ? null : await startWorkers(workerDeps, processor);
  const enqueue = (id: string, backlog?: number) => enqueueGeneration(jobs, id, backlog);

  const app = createBaseApp({
    name: SERVICE_NAME,
    logger,
    rawBodyPaths: [FAL_WEBHOOK_PATH],
    readiness: [{ name: 'database', check: () => database.ping() }],
  });
  app.use(identity(config.identityKeys, { audience: SERVICE_NAME }));
  app.use(internalRoutes({ db, media, account, logger, identityKeys: config.identityKeys }));
  app.use(presetRoutes());
  // An upload keeps only the local engine's own XMP (a downloaded local still sent back is known for what it is).
  // Each upload is recorded as its user's: deleting the account deletes it, used or not.
  app.post(
    '/api/uploads',
    requireUser(),
    uploadImageHandler(media, {
      limits: createPostgresRateLimits({ pool: database.pool, schema: database.schema }),
      keepXmp: atelierXmpOf,
      onStored: async ({ key }, req) => recordUpload(db, key, req.identity!.userId),
    }),
  );
  app.get('/api/download', requireUser(), downloadHandler(media, config.publicUrl ? { publicUrl: config.publicUrl } : {}));
  const idempotency = await createIdempotencyStore({ pool: database.pool, schema: database.schema, clock });
  app.use(generationRoutes({ db, account, media, logger, clock, enqueue, idempotent: idempotency.middleware() }));
  app.use(devRoutes({ enabled: config.devTools, db, media, logger, localEngine: createLocalEngine(), clock }));
  if (falWebhooks && isFalEngine(engines)) app.use(webhookRoutes({ db, engine: engines, secret: config.identitySecret, logger, enqueue }));

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
    app: finishApp(app, logger),
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
