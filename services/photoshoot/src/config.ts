import { fileURLToPath } from 'node:url';
import { engineConfigSchema, type EngineConfig } from '@atelier/engines';
import { env, loadConfig, mediaEnvShape, mediaStoreConfig, type MediaStoreConfig, type TokenKeys } from '@atelier/kit';
import { z } from 'zod';

/** The service's name: its caller name in service tokens (to account, to create). */
export const SERVICE_NAME = 'photoshoot';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const photoshootEnvSchema = z.object({
  PHOTOSHOOT_PORT: env.port(8103),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default(`${repoRoot}.data`),
  IDENTITY_SECRET: env.secret(),
  IDENTITY_SECRET_PREVIOUS: env.previousSecret(),
  ACCOUNT_URL: env.url(),
  /** The create service: finished photos join the user's gallery there. Unset: they do not. */
  CREATE_URL: env.url().optional(),
  DATABASE_URL: env.databaseUrl(),
  /** The service's schema on PostgreSQL (its jobs go in `<schema>_jobs`). */
  PHOTOSHOOT_DB_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]{0,50}$/, 'must be a lower-case schema name').default('photoshoot'),
  LOG_LEVEL: env.logLevel(),
  /** Poses one process renders at the same time. */
  PHOTOSHOOT_CONCURRENCY: env.int(2).pipe(z.number().int().min(1).max(32)),
  /** Retries of a pose after its first attempt; then the photoshoot fails and its allowance is refunded. */
  PHOTOSHOOT_JOB_RETRIES: env.int(2).pipe(z.number().int().max(10)),
  /** Previews (sets of 4) one user may make per UTC day; they are free. */
  PHOTOSHOOT_PREVIEWS_PER_DAY: env.int(30).pipe(z.number().int().min(1)),
  /** How often unfinished photoshoots are checked for lost poses and missing refunds (ms). */
  PHOTOSHOOT_SWEEP_INTERVAL_MS: env.int(15_000).pipe(z.number().int().min(200)),
  /** How often the account service is asked for deleted accounts whose data this service must erase (ms). */
  PHOTOSHOOT_ERASURE_INTERVAL_MS: env.int(30_000).pipe(z.number().int().min(200)),
  ...engineConfigSchema.shape,
  ...mediaEnvShape,
});

export interface PhotoshootConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  databaseSchema: string;
  identitySecret: string;
  identityKeys: TokenKeys;
  accountUrl: string;
  createUrl: string | undefined;
  logLevel: string;
  concurrency: number;
  jobRetries: number;
  previewsPerDay: number;
  sweepIntervalMs: number;
  erasureIntervalMs: number;
  engine: EngineConfig;
  media: MediaStoreConfig;
}

/** Reads the photoshoot service's environment once; a bad value throws a ConfigError naming it. */
export function loadPhotoshootConfig(source: NodeJS.ProcessEnv = process.env): PhotoshootConfig {
  const e = loadConfig(photoshootEnvSchema, source);
  return {
    port: e.PHOTOSHOOT_PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    databaseSchema: e.PHOTOSHOOT_DB_SCHEMA,
    identitySecret: e.IDENTITY_SECRET,
    identityKeys: { current: e.IDENTITY_SECRET, previous: e.IDENTITY_SECRET_PREVIOUS },
    accountUrl: e.ACCOUNT_URL.replace(/\/+$/, ''),
    createUrl: e.CREATE_URL?.replace(/\/+$/, ''),
    logLevel: e.LOG_LEVEL,
    concurrency: e.PHOTOSHOOT_CONCURRENCY,
    jobRetries: e.PHOTOSHOOT_JOB_RETRIES,
    previewsPerDay: e.PHOTOSHOOT_PREVIEWS_PER_DAY,
    sweepIntervalMs: e.PHOTOSHOOT_SWEEP_INTERVAL_MS,
    erasureIntervalMs: e.PHOTOSHOOT_ERASURE_INTERVAL_MS,
    engine: {
      FAL_KEY: e.FAL_KEY,
      FAL_BASE_URL: e.FAL_BASE_URL,
      PUBLIC_URL: e.PUBLIC_URL,
      FAL_WEBHOOK_PATH: e.FAL_WEBHOOK_PATH,
      FAL_POLL_INTERVAL_MS: e.FAL_POLL_INTERVAL_MS,
      FAL_TIMEOUT_MS: e.FAL_TIMEOUT_MS,
      ENGINE: e.ENGINE,
    },
    media: mediaStoreConfig(e, { dataDir: e.DATA_DIR, ...(e.PUBLIC_URL ? { publicUrl: e.PUBLIC_URL } : {}) }),
  };
}
