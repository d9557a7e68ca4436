// SPEC.md §5's processing rule for the images of a canvas edit, run in the processing worker (or on the main
// thread where a browser has no Worker or OffscreenCanvas). It imports nothing: the worker's chunk stays a
// few kilobytes, and the rule's numbers (CANVAS_PROCESSING in @atelier/contracts) come with each request.

/** The rule's numbers: `CANVAS_PROCESSING` of @atelier/contracts. */
export interface ProcessingRule {
  maxSide: number;
  passThroughBytes: number;
  pngBelowPixels: number;
  jpegQuality: number;
}

export type ProcessingPlan =
  | { kind: 'as-is' }
  | { kind: 'encode'; width: number; height: number; type: 'image/png' | 'image/jpeg'; quality?: number };

/** The formats the canvas service takes as they are; any other image is re-encoded even when small. */
export const SENDABLE_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/webp']);

/**
 * Under `passThroughBytes` with both sides at most `maxSide`: as it is. Otherwise scaled to fit
 * maxSide × maxSide (never enlarged, aspect ratio kept) and re-encoded: PNG under `pngBelowPixels`, else JPEG
 * at `jpegQuality`. `width` and `height` are the upright image's (EXIF orientation applied).
 */
export function planProcessing(
  image: { bytes: number; width: number; height: number; type: string },
  rule: ProcessingRule,
): ProcessingPlan {
  const { bytes, width, height, type } = image;
  if (bytes < rule.passThroughBytes && width <= rule.maxSide && height <= rule.maxSide && SENDABLE_TYPES.has(type)) {
    return { kind: 'as-is' };
  }
  const scale = Math.min(1, rule.maxSide / width, rule.maxSide / height);
  const outWidth = Math.min(rule.maxSide, Math.max(1, Math.round(width * scale)));
  const outHeight = Math.min(rule.maxSide, Math.max(1, Math.round(height * scale)));
  return outWidth * outHeight < rule.pngBelowPixels
    ? { kind: 'encode', width: outWidth, height: outHeight, type: 'image/png' }
    : { kind: 'encode', width: outWidth, height: outHeight, type: 'image/jpeg', quality: rule.jpegQuality };
}

/** A 2D surface to draw on and encode: an OffscreenCanvas in the worker, a <canvas> on the main thread. */
export interface Surface {
  context: CanvasDrawingContext;
  toBlob(type: string, quality?: number): Promise<Blob>;
}
type CanvasDrawingContext = Pick<
  CanvasRenderingContext2D,
  'drawImage' | 'fillRect' | 'fillStyle' | 'imageSmoothingEnabled' | 'imageSmoothingQuality'
>;
export type CreateSurface = (width: number, height: number) => Surface;

export interface ProcessedImage {
  /** The original file when it goes as it is, else the re-encoded image. */
  blob: Blob;
  /** The upright size of what is sent. */
  width: number;
  height: number;
  reencoded: boolean;
}

/** A JPEG's stored size (before EXIF orientation), read from its frame header; null for anything else. */
export function jpegStoredSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let at = 2;
  while (at + 3 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // no length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan before any frame header
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC): precision, height, width.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (at + 8 >= bytes.length) return null;
      const height = (bytes[at + 5]! << 8) | bytes[at + 6]!;
      const width = (bytes[at + 7]! << 8) | bytes[at + 8]!;
      return width > 0 && height > 0 ? { width, height } : null;
    }
    at += 2 + length;
  }
  return null;
}

/**
 * The smallest of the JPEG decoder's N/8 scales (libjpeg's DCT scaling) whose result still covers the
 * planned size: a 6000 px side that fits 2048 decodes at 3/8 (2250 px) and is then drawn down to 2048.
 * 8 means no gain: the image is decoded at its size.
 */
export function jpegDecodeScale(stored: { width: number; height: number }, maxSide: number): number {
  return Math.min(8, Math.max(1, Math.ceil((8 * maxSide) / Math.max(stored.width, stored.height))));
}

/** What is drawn: a decoded image upright, with the upright size of the file (not of a reduced decode). */
interface Decoded {
  source: CanvasImageSource;
  width: number;
  height: number;
  close(): void;
}

async function decodeBitmap(file: Blob): Promise<Decoded> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  return { source: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
}

/** Bytes read from the file's start until its frame header (at most {@link JPEG_HEAD_LIMIT}), and the reader. */
interface JpegHead {
  chunks: Uint8Array[];
  stored: { width: number; height: number } | null;
  reader: ReadableStreamDefaultReader<Uint8Array>;
}
/** Metadata before a JPEG's frame header (EXIF, thumbnails, ICC profiles) rarely passes this. */
const JPEG_HEAD_LIMIT = 1024 * 1024;

/**
 * Reads a file's start as a stream until its JPEG frame header: reading a whole picked file costs tens of ms
 * before its first byte arrives and as long again for the rest, so the decoder is given the stream instead
 * of the whole file (it decodes while the rest arrives).
 */
async function readJpegHead(file: Blob): Promise<JpegHead> {
  const reader = file.stream().getReader();
  const chunks: Uint8Array[] = [];
  let head = new Uint8Array(0);
  for (;;) {
    const { value, done } = await reader.read();
    if (done || !value) break;
    chunks.push(value);
    const merged = new Uint8Array(head.length + value.length);
    merged.set(head);
    merged.set(value, head.length);
    head = merged;
    if (head.length >= 2 && (head[0] !== 0xff || head[1] !== 0xd8)) break; // not a JPEG
    const stored = jpegStoredSize(head);
    if (stored) return { chunks, stored, reader };
    if (head.length >= JPEG_HEAD_LIMIT) break;
  }
  return { chunks, stored: null, reader };
}

/** The chunks already read, then the rest of the file, as one stream. */
function restOf({ chunks, reader }: JpegHead): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
    },
    async pull(controller) {
      const { value, done } = await reader.read();
      if (done || !value) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/**
 * A large JPEG decoded at a reduced scale by WebCodecs' ImageDecoder (`desiredWidth`/`desiredHeight` select
 * libjpeg's DCT scaling): a 24-megapixel photo decodes in about a third of the time createImageBitmap takes
 * at full size, which is most of the processing's cost. The frame carries the EXIF orientation as
 * rotation/flip, which drawImage applies. Null where this does not apply or is not available (no ImageDecoder,
 * a frame without orientation, a scale the decoder did not honour): the caller decodes at full size.
 */
async function decodeScaledJpeg(file: Blob, rule: ProcessingRule): Promise<Decoded | null> {
  if (typeof ImageDecoder === 'undefined' || typeof file.stream !== 'function') return null;
  const head = await readJpegHead(file);
  if (!head.stored) {
    void head.reader.cancel().catch(() => undefined);
    return null;
  }
  const { stored } = head;
  const scale = jpegDecodeScale(stored, rule.maxSide);
  if (scale >= 8) {
    void head.reader.cancel().catch(() => undefined);
    return null;
  }
  const planned = Math.ceil((Math.max(stored.width, stored.height) * scale) / 8);
  let frame: VideoFrame;
  const decoder = new ImageDecoder({
    // The rest of the file streams into the decoder as it is read: decoding starts with the first bytes.
    data: restOf(head),
    type: 'image/jpeg',
    desiredWidth: Math.ceil((stored.width * scale) / 8),
    desiredHeight: Math.ceil((stored.height * scale) / 8),
  });
  try {
    frame = (await decoder.decode()).image;
  } catch {
    return null; // e.g. a JPEG this decoder does not take: createImageBitmap says whether it decodes at all
  } finally {
    decoder.close();
  }
  const { rotation } = frame as VideoFrame & { rotation?: number };
  if (typeof rotation !== 'number' || Math.max(frame.codedWidth, frame.codedHeight) < Math.min(planned, rule.maxSide)) {
    frame.close();
    return null;
  }
  const quarterTurn = rotation % 180 !== 0;
  return {
    source: frame,
    width: quarterTurn ? stored.height : stored.width,
    height: quarterTurn ? stored.width : stored.height,
    close: () => frame.close(),
  };
}

/** How far into a file its XMP is looked for: PNG and JPEG writers put it before the pixels. */
const XMP_SEARCH_BYTES = 256 * 1024;
const XMP_KEYWORD = 'XML:com.adobe.xmp';
const JPEG_XMP_HEADER = 'http://ns.adobe.com/xap/1.0/\0';
/** The local engine's own attributes (its mark, a still's recipe, a portrait's look). */
const LOCAL_ENGINE_XMP = /\satelier:(?:localMark|recipe|look)="/;

const latin1 = (bytes: Uint8Array) => String.fromCharCode(...bytes);
const u32 = (bytes: Uint8Array, at: number) => ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
const inflate = (data: Uint8Array) => new Response(new Blob([data as BlobPart]).stream().pipeThrough(new DecompressionStream('deflate'))).text();

/** A PNG's or JPEG's XMP packet, from its first bytes; null when it has none there. */
async function xmpPacketOf(bytes: Uint8Array): Promise<string | null> {
  if (bytes.length > 8 && u32(bytes, 0) === 0x89504e47) {
    for (let at = 8; at + 8 <= bytes.length; ) {
      const length = u32(bytes, at);
      const type = latin1(bytes.subarray(at + 4, at + 8));
      if (type === 'IDAT' || type === 'IEND' || at + 12 + length > bytes.length) return null;
      const data = bytes.subarray(at + 8, at + 8 + length);
      const keywordEnd = data.indexOf(0);
      if (keywordEnd > 0 && latin1(data.subarray(0, keywordEnd)) === XMP_KEYWORD) {
        if (type === 'zTXt') return inflate(data.subarray(keywordEnd + 2));
        if (type === 'tEXt') return new TextDecoder('latin1').decode(data.subarray(keywordEnd + 1));
        if (type === 'iTXt') {
          // Keyword, compression flag and method, language tag, translated keyword, then the text.
          const compressed = data[keywordEnd + 1] === 1;
          const language = data.indexOf(0, keywordEnd + 3);
          const translated = language < 0 ? -1 : data.indexOf(0, language + 1);
          if (translated < 0) return null;
          const text = data.subarray(translated + 1);
          return compressed ? inflate(text) : new TextDecoder().decode(text);
        }
      }
      at += 12 + length;
    }
    return null;
  }
  if (bytes.length > 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    for (let at = 2; at + 4 <= bytes.length && bytes[at] === 0xff; ) {
      const marker = bytes[at + 1]!;
      if (marker === 0xda || marker === 0xd9) return null;
      const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
      const segment = bytes.subarray(at + 4, at + 2 + length);
      if (marker === 0xe1 && latin1(segment.subarray(0, JPEG_XMP_HEADER.length)) === JPEG_XMP_HEADER) {
        return new TextDecoder().decode(segment.subarray(JPEG_XMP_HEADER.length));
      }
      at += 2 + length;
    }
  }
  return null;
}

/**
 * The local engine's XMP of a picked file (its mark, a still's recipe), or null: a re-encoded image loses its
 * metadata, and this is what lets the local engine edit its own picture as what it is (one mark, a still drawn
 * again). Nothing else a file carries is read or sent on.
 */
export async function localEngineXmp(file: Blob): Promise<string | null> {
  try {
    const xmp = await xmpPacketOf(new Uint8Array(await file.slice(0, XMP_SEARCH_BYTES).arrayBuffer()));
    return xmp && LOCAL_ENGINE_XMP.test(xmp) ? xmp : null;
  } catch {
    return null; // a damaged chunk: the picture goes without it
  }
}

let crcTable: Uint32Array | undefined;
function crc32(bytes: Uint8Array): number {
  crcTable ??= Uint32Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

const bigEndian = (value: number, size: 2 | 4) => Uint8Array.from({ length: size }, (_, i) => (value >>> (8 * (size - 1 - i))) & 0xff);

/** The encoded PNG or JPEG with `xmp` as its XMP packet (an iTXt chunk after the header, an APP1 segment after SOI). */
export async function withXmp(blob: Blob, xmp: string): Promise<Blob> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  const text = new TextEncoder().encode(xmp);
  let parts: Uint8Array[];
  if (bytes.length > 33 && u32(bytes, 0) === 0x89504e47) {
    const data = new Uint8Array([...new TextEncoder().encode(XMP_KEYWORD), 0, 0, 0, 0, 0, ...text]);
    const typed = new Uint8Array([...new TextEncoder().encode('iTXt'), ...data]);
    // The signature and IHDR (always first, 13 bytes of data) stay ahead of it.
    parts = [bytes.subarray(0, 33), bigEndian(data.length, 4), typed, bigEndian(crc32(typed), 4), bytes.subarray(33)];
  } else if (bytes.length > 2 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    const header = new TextEncoder().encode(JPEG_XMP_HEADER);
    const length = 2 + header.length + text.length;
    if (length > 0xffff) return blob;
    parts = [bytes.subarray(0, 2), new Uint8Array([0xff, 0xe1]), bigEndian(length, 2), header, text, bytes.subarray(2)];
  } else {
    return blob;
  }
  return new Blob(parts as BlobPart[], { type: blob.type });
}

/**
 * Decodes the file upright (EXIF orientation honoured) and applies the rule. A re-encoded image keeps the local
 * engine's XMP of the file (see {@link localEngineXmp}).
 */
export async function processImage(file: Blob, rule: ProcessingRule, createSurface: CreateSurface): Promise<ProcessedImage> {
  const decoded = (await decodeScaledJpeg(file, rule)) ?? (await decodeBitmap(file));
  try {
    const plan = planProcessing({ bytes: file.size, width: decoded.width, height: decoded.height, type: file.type }, rule);
    if (plan.kind === 'as-is') return { blob: file, width: decoded.width, height: decoded.height, reencoded: false };
    const surface = createSurface(plan.width, plan.height);
    const { context } = surface;
    if (plan.type === 'image/jpeg') {
      // JPEG has no alpha: transparent pixels would turn black.
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, plan.width, plan.height);
    }
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = 'high';
    context.drawImage(decoded.source, 0, 0, plan.width, plan.height);
    const [encoded, xmp] = await Promise.all([surface.toBlob(plan.type, plan.quality), localEngineXmp(file)]);
    const blob = xmp ? await withXmp(encoded, xmp) : encoded;
    return { blob, width: plan.width, height: plan.height, reencoded: true };
  } finally {
    decoded.close();
  }
}

export const offscreenSurface: CreateSurface = (width, height) => {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D context on OffscreenCanvas');
  return { context, toBlob: (type, quality) => canvas.convertToBlob({ type, quality }) };
};

export const elementSurface: CreateSurface = (width, height) => {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D context on <canvas>');
  return {
    context,
    toBlob: (type, quality) =>
      new Promise((resolve, reject) =>
        canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The image could not be encoded'))), type, quality),
      ),
  };
};
