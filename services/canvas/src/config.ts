import { fileURLToPath } from 'node:url';
import { engineConfigSchema, type EngineConfig } from '@atelier/engines';
import { env, loadConfig, mediaEnvShape, mediaStoreConfig, type MediaStoreConfig, type TokenKeys } from '@atelier/kit';
import { z } from 'zod';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const canvasEnvSchema = z.object({
  CANVAS_PORT: env.port(8104),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default(`${repoRoot}.data`),
  IDENTITY_SECRET: env.secret(),
  IDENTITY_SECRET_PREVIOUS: env.previousSecret(),
  ACCOUNT_URL: env.url(),
  /** The create service: finished edits join the user's gallery there. Unset: they do not. */
  CREATE_URL: env.url().optional(),
  DATABASE_URL: env.databaseUrl(),
  /** The service's schema on PostgreSQL (its jobs go in `<schema>_jobs`). */
  CANVAS_DB_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]{0,50}$/, 'must be a lower-case schema name').default('canvas'),
  LOG_LEVEL: env.logLevel(),
  /** Edits one process works on at the same time. */
  CANVAS_CONCURRENCY: env.int(2).pipe(z.number().int().min(1).max(32)),
  /** Retries of an edit after its first attempt; then it fails and its credit is refunded. */
  CANVAS_JOB_RETRIES: env.int(2).pipe(z.number().int().max(10)),
  /** How often unfinished edits are checked for lost jobs, missing refunds and gallery hand-overs (ms). */
  CANVAS_SWEEP_INTERVAL_MS: env.int(15_000).pipe(z.number().int().min(200)),
  /** How often the account service is asked for deleted accounts whose edits this service must erase (ms). */
  CANVAS_ERASURE_INTERVAL_MS: env.int(30_000).pipe(z.number().int().min(200)),
  /** Edits one user may start per minute before 429. */
  CANVAS_EDITS_PER_MINUTE: env.int(10).pipe(z.number().int().min(1)),
  ...engineConfigSchema.shape,
  ...mediaEnvShape,
});

export interface CanvasConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  databaseSchema: string;
  identityKeys: TokenKeys;
  accountUrl: string;
  createUrl: string | undefined;
  logLevel: string;
  concurrency: number;
  jobRetries: number;
  sweepIntervalMs: number;
  /** How often deleted accounts are asked for and erased (CANVAS_ERASURE_INTERVAL_MS). */
  erasureIntervalMs: number;
  editsPerMinute: number;
  engine: EngineConfig;
  media: MediaStoreConfig;
}

/** Reads the canvas service's environment once; a bad value throws a ConfigError naming it. */
export function loadCanvasConfig(source: NodeJS.ProcessEnv = process.env): CanvasConfig {
  const e = loadConfig(canvasEnvSchema, source);
  return {
    port: e.CANVAS_PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    databaseSchema: e.CANVAS_DB_SCHEMA,
    identityKeys: { current: e.IDENTITY_SECRET, previous: e.IDENTITY_SECRET_PREVIOUS },
    accountUrl: e.ACCOUNT_URL.replace(/\/+$/, ''),
    createUrl: e.CREATE_URL?.replace(/\/+$/, ''),
    logLevel: e.LOG_LEVEL,
    concurrency: e.CANVAS_CONCURRENCY,
    jobRetries: e.CANVAS_JOB_RETRIES,
    sweepIntervalMs: e.CANVAS_SWEEP_INTERVAL_MS,
    erasureIntervalMs: e.CANVAS_ERASURE_INTERVAL_MS,
    editsPerMinute: e.CANVAS_EDITS_PER_MINUTE,
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
