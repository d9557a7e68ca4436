import type { Readable } from 'node:stream';
import type { MediaContentType } from './keys.js';
import type { ByteRange } from './range.js';

export interface PutMediaOptions {
  contentType: MediaContentType;
  /** First part of the key, e.g. `uploads` or `generations` (1 to 3 lower-case segments). */
  prefix?: string;
}

export interface StoredMedia {
  /** `<prefix>/<yyyy>/<mm>/<32 hex>.<ext>` */
  key: string;
  /** Public path `/media/<key>`, served by the gateway. */
  url: string;
  size: number;
  contentType: MediaContentType;
}

export interface MediaHead {
  key: string;
  /** Size of the whole object in bytes. */
  size: number;
  contentType: MediaContentType;
  lastModified?: Date;
}

export interface MediaObject extends MediaHead {
  /** The bytes asked for: the whole object, or only `range` when one was given. */
  stream: Readable;
  /** The inclusive range `stream` carries, when a range was asked for. */
  range?: ByteRange;
  /** Bytes in `stream`. */
  length: number;
}

/**
 * Where images and videos live: local disk or S3-compatible storage, one API. Keys are immutable and
 * unguessable; `get`/`head` answer null for a missing object or a string that is not a key.
 */
export interface MediaStore {
  readonly backend: 'local' | 's3';
  put(body: Buffer | Readable, options: PutMediaOptions): Promise<StoredMedia>;
  /** A range must lie within the object (resolve it against `head(key).size` with `resolveRange`). */
  get(key: string, range?: ByteRange): Promise<MediaObject | null>;
  head(key: string): Promise<MediaHead | null>;
  /** Removes the object; a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** `/media/<key>` */
  urlFor(key: string): string;
  /** The key of one of our own media URLs (relative or on PUBLIC_URL's origin), else null. */
  keyFromUrl(url: unknown): string | null;
}
