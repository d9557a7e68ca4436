import { fileURLToPath } from 'node:url';
import { engineConfigSchema, type EngineConfig } from '@atelier/engines';
import { env, loadConfig, mediaEnvShape, mediaStoreConfig, type MediaStoreConfig, type TokenKeys } from '@atelier/kit';
import { z } from 'zod';

/** The service's name: its caller name in service tokens (to account), and the name account records erasures under. */
export const SERVICE_NAME = 'create';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const createEnvSchema = z.object({
  CREATE_PORT: env.port(8102),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default(`${repoRoot}.data`),
  /** The service's schema on PostgreSQL (its jobs go in `<schema>_jobs`). */
  CREATE_DB_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]{0,50}$/, 'must be a lower-case schema name').default('create'),
  IDENTITY_SECRET: env.secret(),
  IDENTITY_SECRET_PREVIOUS: env.previousSecret(),
  ACCOUNT_URL: env.url(),
  DATABASE_URL: env.databaseUrl(),
  NODE_ENV: z.string().default('development'),
  DEV_LOGIN: env.flag(),
  DEV_TOOLS: env.flag(),
  OIDC_CLIENT_ID: z.string().optional(),
  LOG_LEVEL: env.logLevel(),
  /** Generations one process works on at the same time. */
  CREATE_CONCURRENCY: env.int(2).pipe(z.number().int().min(1).max(32)),
  /** Retries of a generation job after its first attempt; then it fails and is refunded. */
  CREATE_JOB_RETRIES: env.int(2).pipe(z.number().int().max(10)),
  /** Seconds before an active job counts as lost (its worker died) and is retried. */
  CREATE_JOB_TIMEOUT_S: env.int(20 * 60).pipe(z.number().int().min(5)),
  /** How often queued/failed generations are checked for a lost job or a missing refund (ms). */
  CREATE_SWEEP_INTERVAL_MS: env.int(15_000).pipe(z.number().int().min(200)),
  /** How often the account service is asked for deleted accounts whose generations this service must erase (ms). */
  CREATE_ERASURE_INTERVAL_MS: env.int(30_000).pipe(z.number().int().min(200)),
  ...engineConfigSchema.shape,
  ...mediaEnvShape,
});

export interface CreateConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  /** PostgreSQL schema of the tables (jobs: `<schema>_jobs`). */
  databaseSchema: string;
  identitySecret: string;
  /** Token keys: IDENTITY_SECRET signs and verifies, IDENTITY_SECRET_PREVIOUS still verifies. */
  identityKeys: TokenKeys;
  accountUrl: string;
  publicUrl: URL | undefined;
  nodeEnv: string;
  /** Development tools (`POST /api/dev/generate-test-content`). */
  devTools: boolean;
  logLevel: string;
  concurrency: number;
  jobRetries: number;
  jobTimeoutSeconds: number;
  sweepIntervalMs: number;
  /** How often deleted accounts are asked for and erased (CREATE_ERASURE_INTERVAL_MS). */
  erasureIntervalMs: number;
  engine: EngineConfig;
  /** Where media live (`DATA_DIR/media` or S3), shared with the gateway. */
  media: MediaStoreConfig;
}

/** Reads the create service's environment once; a bad value throws a ConfigError naming it. */
export function loadCreateConfig(source: NodeJS.ProcessEnv = process.env): CreateConfig {
  const e = loadConfig(createEnvSchema, source);
  const { CREATE_PORT, HOST, DATA_DIR, DATABASE_URL, IDENTITY_SECRET, ACCOUNT_URL, NODE_ENV, DEV_LOGIN, DEV_TOOLS, LOG_LEVEL } = e;
  const engine: EngineConfig = {
    FAL_KEY: e.FAL_KEY,
    FAL_BASE_URL: e.FAL_BASE_URL,
    PUBLIC_URL: e.PUBLIC_URL,
    FAL_WEBHOOK_PATH: e.FAL_WEBHOOK_PATH,
    FAL_POLL_INTERVAL_MS: e.FAL_POLL_INTERVAL_MS,
    FAL_TIMEOUT_MS: e.FAL_TIMEOUT_MS,
    ENGINE: e.ENGINE,
  };
  return {
    port: CREATE_PORT,
    host: HOST,
    dataDir: DATA_DIR,
    databaseUrl: DATABASE_URL,
    databaseSchema: e.CREATE_DB_SCHEMA,
    identitySecret: IDENTITY_SECRET,
    identityKeys: { current: IDENTITY_SECRET, previous: e.IDENTITY_SECRET_PREVIOUS },
    accountUrl: ACCOUNT_URL.replace(/\/+$/, ''),
    publicUrl: e.PUBLIC_URL ? new URL(e.PUBLIC_URL) : undefined,
    nodeEnv: NODE_ENV,
    // The account service's rule: developer tools follow development sign-in (on while no sign-in
    // provider is configured), but production needs DEV_TOOLS=1 itself.
    devTools: DEV_TOOLS ?? ((DEV_LOGIN ?? !e.OIDC_CLIENT_ID) && NODE_ENV !== 'production'),
    logLevel: LOG_LEVEL,
    concurrency: e.CREATE_CONCURRENCY,
    jobRetries: e.CREATE_JOB_RETRIES,
    jobTimeoutSeconds: e.CREATE_JOB_TIMEOUT_S,
    sweepIntervalMs: e.CREATE_SWEEP_INTERVAL_MS,
    erasureIntervalMs: e.CREATE_ERASURE_INTERVAL_MS,
    engine,
    media: mediaStoreConfig(e, { dataDir: DATA_DIR, ...(e.PUBLIC_URL ? { publicUrl: e.PUBLIC_URL } : {}) }),
  };
}
