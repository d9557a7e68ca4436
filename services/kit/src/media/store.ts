import { join, resolve } from 'node:path';
import { z } from 'zod';
import { env } from '../config.js';
import { createLocalMediaStore } from './local-store.js';
import { createS3MediaStore, type S3MediaConfig } from './s3-store.js';
import type { MediaStore } from './types.js';

export interface MediaStoreConfig {
  /** The product's data folder; local media live in `<dataDir>/media`. */
  dataDir: string;
  /** The site's own origin: absolute media URLs on it are accepted by `keyFromUrl`. */
  publicUrl?: URL | string;
  /** Set (from `S3_BUCKET`) to keep media in S3-compatible storage instead of on disk. */
  s3?: S3MediaConfig;
}

/**
 * The S3 variables every process that touches media reads. Spread into a service's own schema:
 * `z.object({ ...mediaEnvShape, DATA_DIR: …, … })`, then `mediaStoreConfig(parsed, { dataDir, publicUrl })`.
 */
export const mediaEnvShape = {
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: env.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: env.flag(),
};

export type MediaEnv = {
  S3_BUCKET?: string | undefined;
  S3_ENDPOINT?: string | undefined;
  S3_REGION: string;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
  S3_FORCE_PATH_STYLE?: boolean | undefined;
};

/** Builds a {@link MediaStoreConfig} from variables parsed with {@link mediaEnvShape}. */
export function mediaStoreConfig(parsed: MediaEnv, base: { dataDir: string; publicUrl?: URL | string }): MediaStoreConfig {
  if (!parsed.S3_BUCKET) return { ...base };
  return {
    ...base,
    s3: {
      bucket: parsed.S3_BUCKET,
      region: parsed.S3_REGION,
      // A custom endpoint (MinIO, a fake) nearly always wants path-style addressing.
      forcePathStyle: parsed.S3_FORCE_PATH_STYLE ?? parsed.S3_ENDPOINT !== undefined,
      ...(parsed.S3_ENDPOINT ? { endpoint: parsed.S3_ENDPOINT } : {}),
      ...(parsed.S3_ACCESS_KEY_ID ? { accessKeyId: parsed.S3_ACCESS_KEY_ID } : {}),
      ...(parsed.S3_SECRET_ACCESS_KEY ? { secretAccessKey: parsed.S3_SECRET_ACCESS_KEY } : {}),
    },
  };
}

/** The local media folder of a data dir. */
export const mediaRoot = (dataDir: string) => resolve(join(dataDir, 'media'));

/** Local disk under `<dataDir>/media` by default; S3-compatible storage when `s3` is set. */
export function createMediaStore(config: MediaStoreConfig): MediaStore {
  const publicUrl = config.publicUrl !== undefined ? { publicUrl: config.publicUrl } : {};
  if (config.s3) return createS3MediaStore(config.s3, publicUrl);
  return createLocalMediaStore({ root: mediaRoot(config.dataDir), ...publicUrl });
}
