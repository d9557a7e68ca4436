import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { contentTypeOfKey, isMediaKey, mediaKeyFromUrl, mediaUrlFor, newMediaKey } from './keys.js';
import type { ByteRange } from './range.js';
import type { MediaHead, MediaObject, MediaStore, PutMediaOptions, StoredMedia } from './types.js';

/**
 * Media on local disk: the object of key `k` is the file `<root>/k`. Writes go to `<root>/.tmp` first and
 * are renamed into place, so a reader never sees half a file. Only strings matching the key pattern
 * ever become paths, so nothing outside `root` can be read.
 */
export function createLocalMediaStore(options: { root: string; publicUrl?: URL | string }): MediaStore {
  const { root, publicUrl } = options;
  const tmpDir = join(root, '.tmp');
  const pathOf = (key: string) => join(root, ...key.split('/'));

  async function head(key: string): Promise<MediaHead | null> {
    const contentType = contentTypeOfKey(key);
    if (!contentType) return null;
    try {
      const info = await stat(pathOf(key));
      if (!info.isFile()) return null;
      return { key, size: info.size, contentType, lastModified: info.mtime };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  return {
    backend: 'local',

    async put(body: Buffer | Readable, { contentType, prefix }: PutMediaOptions): Promise<StoredMedia> {
      const key = newMediaKey(contentType, prefix);
      const target = pathOf(key);
      const temp = join(tmpDir, `${randomBytes(12).toString('hex')}.part`);
      await mkdir(tmpDir, { recursive: true });
      try {
        if (Buffer.isBuffer(body)) await writeFile(temp, body, { flag: 'wx' });
        else await pipeline(body, createWriteStream(temp, { flags: 'wx' }));
        await mkdir(dirname(target), { recursive: true });
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      const { size } = await stat(target);
      return { key, url: mediaUrlFor(key), size, contentType };
    },

    async get(key: string, range?: ByteRange): Promise<MediaObject | null> {
      const found = await head(key);
      if (!found) return null;
      if (range && (range.start < 0 || range.end < range.start || range.end >= found.size)) {
        throw new RangeError(`Range ${range.start}-${range.end} is outside the object (${found.size} bytes)`);
      }
      const stream = createReadStream(pathOf(key), range ? { start: range.start, end: range.end } : {});
      const length = range ? range.end - range.start + 1 : found.size;
      return { ...found, stream, length, ...(range ? { range } : {}) };
    },

    head,

    async delete(key: string): Promise<void> {
      if (isMediaKey(key)) await rm(pathOf(key), { force: true });
    },

    urlFor: mediaUrlFor,
    keyFromUrl: (url: unknown) => mediaKeyFromUrl(url, publicUrl),
  };
}

/** Reads a whole stream into memory (used where a backend needs the length up front). */
export async function readAll(body: Readable, maxBytes = Number.POSITIVE_INFINITY): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body as AsyncIterable<Buffer | Uint8Array | string>) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    total += buffer.length;
    if (total > maxBytes) throw new RangeError(`Body is larger than ${maxBytes} bytes`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}
