import { imageTooSmallMessage, MAX_UPLOAD_BYTES } from '@atelier/contracts';
import busboy from 'busboy';
import type { Request, RequestHandler } from 'express';
import sharp from 'sharp';
import { HttpError, assertClientWaiting, badRequest } from '../errors.js';
import { clientAddress, createWeightedSemaphore, memoryRateLimits, type RateLimits } from '../limits.js';
import { isSafeText, UNSAFE_TEXT_MESSAGE } from '../text.js';
import type { MediaStore } from './types.js';

/** Largest upload accepted (the image file itself): the contract's, which the browser checks first. */
export { MAX_UPLOAD_BYTES };
/** Images with a side under this many pixels are refused: every engine refuses them (services/engines validate.ts). */
export const MIN_UPLOAD_SIDE = 16;
/** Decoded images above this many pixels are refused (decompression bombs). */
export const MAX_UPLOAD_PIXELS = 40_000_000;

/**
 * Pixels being decoded at once in this process. A 40-megapixel image takes ~160 MB decoded; six at
 * once took a service to 1.2 GB. With this budget one such image is decoded at a time (small ones
 * share it) and the others wait their turn.
 */
export const DECODE_PIXEL_BUDGET = 48_000_000;
/** Uploads one user may send per minute before 429. */
export const UPLOADS_PER_USER_PER_MINUTE = 30;

const decoding = createWeightedSemaphore(DECODE_PIXEL_BUDGET);
// libvips keeps recent operations' results; uploads are decoded once, so the cache only costs memory.
sharp.cache({ memory: 16, files: 0, items: 20 });

export const UPLOAD_ERRORS = {
  tooLarge: 'File too large: images can be at most 10 MB',
  notMultipart: 'Expected a multipart/form-data upload',
  missingFile: 'No image uploaded: send it in the form field "file"',
  notAFile: (field: string) => `No image uploaded: the form field "${field}" came as text; send the image as a file (with a filename)`,
  empty: 'The uploaded file is empty',
  unsupportedType: 'Unsupported file type: upload a JPEG, PNG or WebP image',
  tooManyPixels: 'Image is too large: at most 40 megapixels',
  tooSmall: imageTooSmallMessage,
  unreadable: 'The image could not be read: it is damaged or incomplete',
  transparent: 'The image is fully transparent: there is nothing in it to use',
  malformed: 'Malformed multipart upload',
  tooManyParts: 'Too many form fields: send the image and at most 20 fields',
  tooMany: 'Too many uploads. Please wait a minute and try again.',
} as const;

export type UploadImageType = 'image/jpeg' | 'image/png' | 'image/webp';

export interface ImageUploadOptions {
  /** Form field carrying the image (default `file`). */
  field?: string;
  maxBytes?: number;
  maxPixels?: number;
  /** Key prefix in the media store (default `uploads`). */
  prefix?: string;
  /** Uploads per user (or client address, signed out) per minute (default 30); then 429. */
  perMinute?: number;
  /** Where the per-minute limit is counted (the service's shared store); default this process's memory. */
  limits?: RateLimits;
  /**
   * The part of an upload's XMP to keep (built from what it returns; null keeps none). Default: none — every upload
   * is stored without metadata. The create service keeps the local engine's own attributes (engines' atelierXmpOf).
   */
  keepXmp?: (xmp: string) => string | null;
  /**
   * Records a stored upload before it is answered (`uploadImageHandler` only): the create service notes whose it is,
   * so deleting an account deletes the uploads it never used too. When it throws, the file is deleted and the
   * request fails.
   */
  onStored?: (stored: { key: string; url: string }, req: Request) => Promise<void>;
}

export interface ParsedImageUpload {
  file: Buffer;
  /** The file's type as its first bytes say. */
  contentType: UploadImageType;
  /** The other (text) fields of the form, e.g. `characterId`. */
  fields: Record<string, string>;
}

export interface AcceptedImage {
  url: string;
  key: string;
  width: number;
  height: number;
  contentType: UploadImageType;
}

/** The file type from its first bytes (magic numbers); the name and the client's type are never trusted. */
export function sniffImageType(head: Buffer): UploadImageType | undefined {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return undefined;
}

/** Bytes of multipart framing tolerated on top of the file before Content-Length alone means 413. */
const MULTIPART_OVERHEAD = 64 * 1024;
/** After refusing an upload we read and discard at most this much more, then drop the connection. */
const DRAIN_LIMIT = 16 * 1024 * 1024;
const SNIFF_BYTES = 12;

/**
 * Stops using the rest of a refused request body. The client is still sending, so the body is read and
 * thrown away (up to a cap) to let it see our answer; beyond the cap the connection is dropped.
 */
function discardRest(req: Request): void {
  req.unpipe();
  if (req.readableEnded) return;
  let discarded = 0;
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DRAIN_LIMIT) req.socket.destroy();
  });
  req.resume();
}

/**
 * Reads a multipart upload as a stream with busboy: the image of field `field` (at most `maxBytes`,
 * type checked from its first bytes as they arrive) and the text fields. Refuses with HttpError:
 * 413 beyond the size (reading stops there), 415 for a type that is not JPEG, PNG or WebP, 400 otherwise.
 */
export function parseImageUpload(req: Request, options: Pick<ImageUploadOptions, 'field' | 'maxBytes'> = {}): Promise<ParsedImageUpload> {
  const field = options.field ?? 'file';
  const maxBytes = options.maxBytes ?? MAX_UPLOAD_BYTES;

  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (error: HttpError) => {
      if (settled) return;
      settled = true;
      discardRest(req);
      reject(error);
    };

    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_OVERHEAD) {
      fail(new HttpError(413, UPLOAD_ERRORS.tooLarge));
      return;
    }

    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { fileSize: maxBytes, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 21, headerPairs: 20 },
      });
    } catch {
      fail(new HttpError(415, UPLOAD_ERRORS.notMultipart));
      return;
    }

    // No prototype: a field named `__proto__` is just a field.
    const fields: Record<string, string> = Object.create(null) as Record<string, string>;
    interface Collected {
      chunks: Buffer[];
      size: number;
      contentType?: UploadImageType;
    }
    let file: Collected | undefined;

    parser.on('field', (name, value) => {
      const shown = JSON.stringify(name.replace(/[^\x20-\x7e]/g, '?'));
      // The image's field sent without a filename arrives as text (its bytes were called "characters that are not
      // allowed"): said for what it is.
      if (name === field) fail(badRequest(UPLOAD_ERRORS.notAFile(field)));
      else if (!isSafeText(name) || !isSafeText(value)) fail(badRequest(`Invalid request: ${UNSAFE_TEXT_MESSAGE} (in the form field ${shown})`));
      // busboy decodes a field's bytes as UTF-8 and puts U+FFFD where they are not (JSON bodies are refused for it).
      else if (name.includes('\ufffd') || value.includes('\ufffd')) fail(badRequest(`Invalid request: the form field ${shown} is not valid UTF-8`));
      else if (!Object.hasOwn(fields, name)) fields[name] = value;
    });

    parser.on('file', (name, stream) => {
      // A body that ends inside a file part makes the part's stream emit 'error' (busboy's "Unexpected end of
      // form"); unheard, that error would end the process.
      stream.on('error', () => fail(badRequest(UPLOAD_ERRORS.malformed)));
      if (name !== field || file) {
        stream.resume();
        return;
      }
      const current: Collected = { chunks: [], size: 0 };
      file = current;
      stream.on('data', (chunk: Buffer) => {
        if (settled) return;
        current.chunks.push(chunk);
        current.size += chunk.length;
        if (!current.contentType && current.size >= SNIFF_BYTES) {
          current.contentType = sniffImageType(Buffer.concat(current.chunks).subarray(0, SNIFF_BYTES));
          if (!current.contentType) fail(new HttpError(415, UPLOAD_ERRORS.unsupportedType));
        }
      });
      stream.on('limit', () => fail(new HttpError(413, UPLOAD_ERRORS.tooLarge)));
    });

    parser.on('filesLimit', () => undefined);
    // Past the fields or parts limit busboy skips the rest silently; the image may be among them, so say why.
    parser.on('fieldsLimit', () => fail(badRequest(UPLOAD_ERRORS.tooManyParts)));
    parser.on('partsLimit', () => fail(badRequest(UPLOAD_ERRORS.tooManyParts)));
    parser.on('error', () => fail(badRequest(UPLOAD_ERRORS.malformed)));
    parser.on('close', () => {
      if (settled) return;
      if (!file) return fail(badRequest(UPLOAD_ERRORS.missingFile));
      if (file.size === 0) return fail(badRequest(UPLOAD_ERRORS.empty));
      const data = Buffer.concat(file.chunks);
      const contentType = file.contentType ?? sniffImageType(data);
      if (!contentType) return fail(new HttpError(415, UPLOAD_ERRORS.unsupportedType));
      settled = true;
      resolve({ file: data, contentType, fields });
    });
    req.on('aborted', () => fail(badRequest('Upload aborted')));
    req.pipe(parser);
  });
}

const SHARP_FORMATS: Record<string, UploadImageType> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/**
 * Decodes an untrusted image and encodes it again in the same format: turned upright from its EXIF
 * orientation, then written without any metadata (no EXIF, GPS, XMP or ICC comments survive). Images
 * over `maxPixels`, or with a side under `minSide`, are refused from their header before any pixel is decoded.
 */
export async function normalizeImage(
  input: Buffer,
  {
    maxPixels = MAX_UPLOAD_PIXELS,
    keepXmp,
    minSide = MIN_UPLOAD_SIDE,
    owner,
  }: Pick<ImageUploadOptions, 'maxPixels' | 'keepXmp'> & {
    minSide?: number;
    /** Whose image (a user id, a client address): the decode budget is shared between owners, not first come. */
    owner?: string;
  } = {},
): Promise<{ data: Buffer; width: number; height: number; contentType: UploadImageType }> {
  let format: string | undefined;
  let width: number;
  let height: number;
  let kept: string | null = null;
  let alpha = false;
  try {
    const meta = await sharp(input, { limitInputPixels: false }).metadata();
    format = meta.format;
    alpha = meta.hasAlpha === true;
    [width, height] = [meta.width ?? 0, meta.height ?? 0];
    if (keepXmp && meta.xmp) kept = keepXmp(meta.xmp.toString('utf8'));
  } catch {
    throw badRequest(UPLOAD_ERRORS.unreadable);
  }
  const pixels = width * height;
  const contentType = format ? SHARP_FORMATS[format] : undefined;
  if (!contentType) throw new HttpError(415, UPLOAD_ERRORS.unsupportedType);
  if (pixels <= 0) throw badRequest(UPLOAD_ERRORS.unreadable);
  if (pixels > maxPixels) throw badRequest(UPLOAD_ERRORS.tooManyPixels);
  if (Math.min(width, height) < minSide) throw badRequest(UPLOAD_ERRORS.tooSmall(minSide));

  // Decoding is where the memory goes: it waits for its owner's share of the process's pixel budget.
  const decode = async () => {
    const decoded = sharp(input, { limitInputPixels: maxPixels, failOn: 'warning', animated: false }).autoOrient();
    const image = kept ? decoded.withXmp(kept) : decoded;
    const encoded =
      contentType === 'image/jpeg'
        ? image.jpeg({ quality: 90 })
        : contentType === 'image/png'
          ? image.png()
          : image.webp({ quality: 90 });
    try {
      const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
      // Every pixel transparent: a garment of nothing was drawn black (and charged).
      if (alpha && (await sharp(data).stats()).channels.at(-1)?.max === 0) throw badRequest(UPLOAD_ERRORS.transparent);
      return { data, width: info.width, height: info.height, contentType };
    } catch (error) {
      if (error instanceof HttpError) throw error;
      if (error instanceof Error && /pixel limit/i.test(error.message)) throw badRequest(UPLOAD_ERRORS.tooManyPixels);
      throw badRequest(UPLOAD_ERRORS.unreadable);
    }
  };
  return decoding.run(pixels, decode, owner);
}

/** How much decoding is running and waiting (tests and diagnostics). */
export const decodingLoad = () => ({ pixels: decoding.inUse, queued: decoding.queued });

/** Parses, checks, re-encodes and stores one uploaded image; returns where it lives. */
export async function acceptImageUpload(
  req: Request,
  store: MediaStore,
  options: ImageUploadOptions = {},
): Promise<AcceptedImage & { fields: Record<string, string> }> {
  const parsed = await parseImageUpload(req, options);
  const image = await normalizeImage(parsed.file, { ...options, owner: req.identity?.userId ?? clientAddress(req) });
  assertClientWaiting(req);
  const stored = await store.put(image.data, { contentType: image.contentType, prefix: options.prefix ?? 'uploads' });
  return { url: stored.url, key: stored.key, width: image.width, height: image.height, contentType: image.contentType, fields: parsed.fields };
}

/**
 * `POST /api/uploads` (multipart, field `file`) → 201 `{ url, width, height, contentType }`
 * (`uploadResultSchema` of @atelier/contracts). Errors go to the app's error middleware as HttpError.
 */
export function uploadImageHandler(store: MediaStore, options: ImageUploadOptions = {}): RequestHandler {
  const limiter = (options.limits ?? memoryRateLimits()).limiter({
    name: 'uploads',
    limit: options.perMinute ?? UPLOADS_PER_USER_PER_MINUTE,
    windowMs: 60_000,
  });
  return async (req, res, next) => {
    let taken;
    try {
      taken = await limiter.take(req.identity?.userId ?? `address:${clientAddress(req)}`);
    } catch (error) {
      req.resume();
      next(error);
      return;
    }
    if (!taken.ok) {
      res.setHeader('Retry-After', String(taken.retryAfterSeconds));
      req.resume(); // let the client finish sending so it reads the answer
      next(new HttpError(429, UPLOAD_ERRORS.tooMany));
      return;
    }
    try {
      const image = await acceptImageUpload(req, store, options);
      if (options.onStored) {
        try {
          await options.onStored({ key: image.key, url: image.url }, req);
        } catch (error) {
          await store.delete(image.key).catch(() => undefined); // unrecorded, it would belong to no one
          throw error;
        }
      }
      res.status(201).json({ url: image.url, width: image.width, height: image.height, contentType: image.contentType });
    } catch (error) {
      next(error);
    }
  };
}
