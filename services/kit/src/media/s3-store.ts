import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { contentTypeOfKey, isMediaKey, mediaKeyFromUrl, mediaUrlFor, newMediaKey } from './keys.js';
import { readAll } from './local-store.js';
import type { ByteRange } from './range.js';
import type { MediaHead, MediaObject, MediaStore, PutMediaOptions, StoredMedia } from './types.js';

export interface S3MediaConfig {
  bucket: string;
  /** S3-compatible endpoint (MinIO, R2, …); unset means AWS. */
  endpoint?: string;
  region: string;
  /** Unset: the SDK's default credential chain (AWS_* variables, instance roles). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO and most fakes). */
  forcePathStyle: boolean;
}

/** Largest object `put` accepts from a stream (buffered to know its length; images and 5 s videos are far below). */
const MAX_STREAMED_PUT_BYTES = 512 * 1024 * 1024;

const IMMUTABLE = 'public, max-age=31536000, immutable';

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

function toReadable(body: unknown): Readable {
  if (body instanceof Readable) return body;
  const web = (body as { transformToWebStream?: () => ReadableStream }).transformToWebStream;
  if (typeof web === 'function') return Readable.fromWeb(web.call(body) as import('node:stream/web').ReadableStream);
  throw new Error('Unexpected S3 body type');
}

/** Media in an S3 bucket under the same keys as on disk; the gateway streams them at `/media/<key>`. */
export function createS3MediaStore(config: S3MediaConfig, options: { publicUrl?: URL | string; client?: S3Client } = {}): MediaStore {
  const clientConfig: S3ClientConfig = {
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    // Only checksum when S3 requires it: S3-compatible servers differ in their support of the newer defaults.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
  };
  const client = options.client ?? new S3Client(clientConfig);
  const Bucket = config.bucket;

  async function head(key: string): Promise<MediaHead | null> {
    const contentType = contentTypeOfKey(key);
    if (!contentType) return null;
    try {
      const out = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return { key, size: out.ContentLength ?? 0, contentType, ...(out.LastModified ? { lastModified: out.LastModified } : {}) };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  return {
    backend: 's3',

    async put(body: Buffer | Readable, { contentType, prefix }: PutMediaOptions): Promise<StoredMedia> {
      const key = newMediaKey(contentType, prefix);
      const data = Buffer.isBuffer(body) ? body : await readAll(body, MAX_STREAMED_PUT_BYTES);
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: data, ContentLength: data.length, ContentType: contentType, CacheControl: IMMUTABLE }),
      );
      return { key, url: mediaUrlFor(key), size: data.length, contentType };
    },

    async get(key: string, range?: ByteRange): Promise<MediaObject | null> {
      const contentType = contentTypeOfKey(key);
      if (!contentType) return null;
      if (range && (range.start < 0 || range.end < range.start)) throw new RangeError(`Invalid range ${range.start}-${range.end}`);
      try {
        const out = await client.send(
          new GetObjectCommand({ Bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
        );
        const length = out.ContentLength ?? 0;
        // `Content-Range: bytes a-b/size` carries the whole size when a range was asked for.
        const total = range ? Number(/\/(\d+)$/.exec(out.ContentRange ?? '')?.[1] ?? NaN) : length;
        const size = Number.isFinite(total) ? total : length;
        return {
          key,
          size,
          contentType,
          stream: toReadable(out.Body),
          length,
          ...(range ? { range: { start: range.start, end: range.start + length - 1 } } : {}),
          ...(out.LastModified ? { lastModified: out.LastModified } : {}),
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    head,

    async delete(key: string): Promise<void> {
      if (!isMediaKey(key)) return;
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    },

    urlFor: mediaUrlFor,
    keyFromUrl: (url: unknown) => mediaKeyFromUrl(url, options.publicUrl),
  };
}
