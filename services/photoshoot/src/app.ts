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
import { prepareCastAndTemplate, prepareCastInChildProcess } from './cast.js';
import { SERVICE_NAME, type PhotoshootConfig } from './config.js';
import { createErase } from './erase.js';
import { createGallery, type Gallery } from './gallery.js';
import { characterRoutes } from './routes/characters.js';
import { shootRoutes } from './routes/shoot.js';
import { createProcessor, setupQueue, startWorkers, type Processor, type Workers } from './work.js';

export interface PhotoshootDeps {
  config: PhotoshootConfig;
  database: Database;
  logger: Logger;
  clock?: () => Date;
  /** Defaults to `createEngines(config.engine)` (local unless FAL_KEY). */
  engines?: Engines;
  media?: MediaStore;
  account?: AccountClient;
  gallery?: Gallery;
  /** Whether this process works on poses (default true). */
  work?: boolean;
  /**
   * Draw the house cast and the template in a child process with this environment (the service's own), so the
   * memory that takes is given back when it is done; without it, they are drawn in this process (tests).
   */
  castProcess?: { env: NodeJS.ProcessEnv };
}

export interface PhotoshootService {
  app: Express;
  jobs: Jobs;
  processor: Processor;
  workers: Workers | null;
  /** Resolves once the house cast's portraits and the template's poses exist. */
  ready: () => Promise<void>;
  stop(options?: { timeoutMs?: number }): Promise<void>;
}

/** The photoshoot service: characters, previews, photoshoots of 10 poses and their progress. */
export async function createService(deps: PhotoshootDeps): Promise<PhotoshootService> {
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

  // The house cast and the template are made in the background; routes that need them wait.
  const preparing = deps.castProcess
    ? prepareCastInChildProcess({ env: deps.castProcess.env, schema: database.schema })
    : prepareCastAndTemplate({ db, engines, media, logger, clock });
  preparing.catch((error: unknown) => logger.error({ err: error }, 'the house cast or the template could not be made'));
  const ready = () => preparing;

  const idempotency = await createIdempotencyStore({ pool: database.pool, schema: database.schema, clock });
  const app = createBaseApp({ name: SERVICE_NAME, logger, readiness: [{ name: 'database', check: () => database.ping() }] });
  app.use(identity(config.identityKeys, { audience: 'photoshoot' }));
  app.use(characterRoutes({ db, engines, media, logger, clock, limits: createPostgresRateLimits({ pool: database.pool, schema: database.schema }) }));
  app.use(shootRoutes({ db, engines, media, account, idempotency, logger, clock, previewsPerDay: config.previewsPerDay, ready, jobs }));

  // Deleted accounts: their data here is erased once nothing of theirs is still being made (with the workers: a
  // process that works on nothing erases nothing).
  const erasures =
    deps.work === false
      ? null
      : startErasureWatcher({
          caller: SERVICE_NAME,
          accountUrl: config.accountUrl,
          identityKeys: config.identityKeys,
          logger,
          intervalMs: config.erasureIntervalMs,
          erase: createErase({ database, media, logger, clock }),
          runAlone,
        });

  return {
    app: finishApp(app, logger),
    jobs,
    processor,
    workers,
    ready,
    async stop({ timeoutMs = 10_000 } = {}) {
      await preparing.catch(() => undefined);
      await erasures?.stop();
      await workers?.stop();
      await jobs.stop({ graceful: true, timeout: timeoutMs });
    },
  };
}
