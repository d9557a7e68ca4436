import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';

/** Content types the media store keeps, with the file extension each key ends in. */
export const MEDIA_TYPES = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
} as const;

export type MediaContentType = keyof typeof MEDIA_TYPES;
export type MediaExtension = (typeof MEDIA_TYPES)[MediaContentType];

const TYPE_BY_EXTENSION = Object.fromEntries(Object.entries(MEDIA_TYPES).map(([type, ext]) => [ext, type])) as Record<
  MediaExtension,
  MediaContentType
>;

/** The public path under which the gateway serves the store: `/media/<key>`. */
export const MEDIA_PATH_PREFIX = '/media/';

/** A prefix is 1 to 3 lower-case segments, e.g. `uploads` or `generations/video`. */
const PREFIX_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}(\/[a-z0-9][a-z0-9_-]{0,63}){0,2}$/;

/**
 * Every key: `<prefix>/<yyyy>/<mm>/<32 hex>.<ext>`. The 32 hex digits are 128 random bits, so a key
 * cannot be guessed. Nothing else is a key: no dots but the extension's, no `%`, no `\`, no `..`.
 */
export const MEDIA_KEY_PATTERN =
  /^[a-z0-9][a-z0-9_-]{0,63}(?:\/[a-z0-9][a-z0-9_-]{0,63}){0,2}\/\d{4}\/\d{2}\/([0-9a-f]{32})\.(jpg|png|webp|gif|mp4|webm)$/;

export const DEFAULT_MEDIA_PREFIX = 'files';

export function isMediaContentType(value: string): value is MediaContentType {
  return Object.hasOwn(MEDIA_TYPES, value);
}

export function isMediaPrefix(value: string): boolean {
  return PREFIX_PATTERN.test(value);
}

export function isMediaKey(value: unknown): value is string {
  return typeof value === 'string' && MEDIA_KEY_PATTERN.test(value);
}

/** A fresh unguessable key, e.g. `uploads/2026/11/3f9a…c2e1.jpg` (month in UTC). */
export function newMediaKey(contentType: MediaContentType, prefix = DEFAULT_MEDIA_PREFIX, now = new Date()): string {
  if (!isMediaPrefix(prefix)) throw new Error(`Invalid media prefix: ${prefix}`);
  const year = String(now.getUTCFullYear()).padStart(4, '0');
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${prefix}/${year}/${month}/${randomBytes(16).toString('hex')}.${MEDIA_TYPES[contentType]}`;
}

/** The content type a key stands for (its extension), or undefined for a non-key. */
export function contentTypeOfKey(key: string): MediaContentType | undefined {
  const match = MEDIA_KEY_PATTERN.exec(key);
  return match ? TYPE_BY_EXTENSION[match[2] as MediaExtension] : undefined;
}

/** The 32 hex random part of a key (used in download file names), or undefined for a non-key. */
export function mediaKeyId(key: string): string | undefined {
  return MEDIA_KEY_PATTERN.exec(key)?.[1];
}

export function mediaUrlFor(key: string): string {
  return `${MEDIA_PATH_PREFIX}${key}`;
}

/** Characters none of our URLs contain; their presence means an encoding or parsing trick. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const SUSPICIOUS = /[%\\\s\u0000-\u001f\u007f-\u009f@?#]/;

/**
 * The key of one of our own media URLs, or null for anything else. Accepted: `/media/<key>` and
 * `<PUBLIC_URL origin>/media/<key>`, character for character. Everything else is refused without
 * parsing leniency: other hosts, IP literals, userinfo (`http://ours@evil`), percent-encoding (so
 * `%2e%2e` and double encoding), backslashes, query strings, other schemes (`file:`, `data:`,
 * `javascript:`) and protocol-relative `//host/media/…`. Never fetches anything.
 */
export function mediaKeyFromUrl(url: unknown, publicUrl?: URL | string): string | null {
  if (typeof url !== 'string' || url.length === 0 || url.length > 2048) return null;
  if (SUSPICIOUS.test(url)) return null;
  let rest: string | undefined;
  if (url.startsWith(MEDIA_PATH_PREFIX)) {
    rest = url.slice(MEDIA_PATH_PREFIX.length);
  } else if (publicUrl !== undefined) {
    const origin = new URL(String(publicUrl)).origin;
    const base = `${origin}${MEDIA_PATH_PREFIX}`;
    if (origin !== 'null' && url.startsWith(base)) rest = url.slice(base.length);
  }
  return rest !== undefined && isMediaKey(rest) ? rest : null;
}

/**
 * In SQL, the media key a stored URL column names: URLs are stored relative (`/media/<key>`) or on PUBLIC_URL's
 * origin, and both name the same file.
 */
export const mediaKeyOfColumn = (column: SQL): SQL => sql`substring(${column} from '/media/(.+)$')`;
