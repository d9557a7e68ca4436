import { CANVAS_PROCESSING, MAX_CANVAS_IMAGE_BYTES } from '@atelier/contracts';
import {
  badRequest,
  HttpError,
  MAX_UPLOAD_PIXELS,
  MIN_UPLOAD_SIDE,
  normalizeImage,
  readMedia,
  sniffImageType,
  type MediaStore,
  type UploadImageType,
} from '@atelier/kit';
import { atelierXmpOf } from '@atelier/engines';
import sharp from 'sharp';
import { EDIT_ERRORS } from './constants.js';

export interface ProcessedImage {
  data: Buffer;
  contentType: UploadImageType;
  width: number;
  height: number;
}

/** The one shape of data URL we take: an image type we read, base64. Anything else `data:` is refused. */
const DATA_URL_HEAD = /^data:image\/(?:png|jpeg|jpg|webp);base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const fieldError = (field: string, message: string) => badRequest(`Invalid body: ${field}: ${message}`);

/** Whose inputs are read: `userId` for the decode budget's share; `ownedKeys`: the media keys they may use (ownedInputKeys). */
export interface InputOwner {
  userId: string;
  ownedKeys: ReadonlySet<string>;
}

/** The bytes an input stands for: a data URL's payload, or one of our own media objects that is the user's. */
async function sourceBytes(value: string, field: string, media: MediaStore, owner: InputOwner): Promise<Buffer> {
  if (/^data:/i.test(value)) {
    const head = DATA_URL_HEAD.exec(value);
    if (!head) throw fieldError(field, EDIT_ERRORS.notDataOrMedia);
    const payload = value.slice(head[0].length);
    if (payload.length === 0 || payload.length % 4 !== 0 || !BASE64.test(payload)) throw fieldError(field, EDIT_ERRORS.badBase64);
    const bytes = Buffer.from(payload, 'base64');
    if (bytes.length > MAX_CANVAS_IMAGE_BYTES) throw fieldError(field, EDIT_ERRORS.tooLarge);
    return bytes;
  }
  // Only our own media, by kit's strict reading (no other hosts, schemes, encodings or `..`); never fetched.
  const key = media.keyFromUrl(value);
  if (!key) throw fieldError(field, EDIT_ERRORS.notDataOrMedia);
  // Someone else's picture reads as one that does not exist: the answer says nothing about their files.
  if (!owner.ownedKeys.has(key)) throw fieldError(field, EDIT_ERRORS.mediaMissing);
  const bytes = await readMedia(media, value);
  if (!bytes) throw fieldError(field, EDIT_ERRORS.mediaMissing);
  return bytes;
}

/**
 * SPEC.md §5's rule applied on our side to what arrives larger than the editor sends (an upscaled
 * gallery picture, another client): scaled to fit 2048×2048, PNG under 1,000,000 pixels, else JPEG 0.95.
 */
async function fitToCanvas(image: ProcessedImage, field: string): Promise<ProcessedImage> {
  const { maxSide, pngBelowPixels, jpegQuality } = CANVAS_PROCESSING;
  if (image.width <= maxSide && image.height <= maxSide) return image;
  const scale = Math.min(maxSide / image.width, maxSide / image.height);
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  // A strip (16000 × 16) fitted to 2048 px is too thin for any engine: refused now, not after the credit is taken.
  if (Math.min(width, height) < MIN_UPLOAD_SIDE) throw fieldError(field, EDIT_ERRORS.tooThin(width, height));
  // The local engine's own XMP (normalizeImage kept nothing else) stays with the picture.
  const { xmp } = await sharp(image.data).metadata();
  const source = sharp(image.data, { limitInputPixels: MAX_UPLOAD_PIXELS, sequentialRead: true }).resize(width, height, { fit: 'fill' });
  const resized = xmp ? source.withXmp(xmp.toString('utf8')) : source;
  const asPng = width * height < pngBelowPixels;
  const encoded = asPng ? resized.png() : resized.flatten({ background: '#ffffff' }).jpeg({ quality: Math.round(jpegQuality * 100) });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, contentType: asPng ? 'image/png' : 'image/jpeg' };
}

/**
 * One input image made safe: its type read from its bytes (never from the data URL's declared type),
 * decoded and encoded again by kit's upload rules (pixel limit from the header, the process's decode
 * budget, damaged or truncated images refused, metadata dropped but the local engine's own XMP), then fitted
 * to 2048 px. Every refusal
 * is a 400 naming the field (`inputImages.2`).
 */
export async function processInput(value: string, field: string, media: MediaStore, owner: InputOwner): Promise<ProcessedImage> {
  const bytes = await sourceBytes(value, field, media, owner);
  if (!sniffImageType(bytes.subarray(0, 12))) throw fieldError(field, EDIT_ERRORS.notAnImage);
  let image: ProcessedImage;
  try {
    // The local engine's own XMP is kept (its mark, a still's recipe: a local still is edited as what it is).
    image = await normalizeImage(bytes, { keepXmp: atelierXmpOf, owner: owner.userId });
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) throw fieldError(field, error.message);
    throw error;
  }
  return fitToCanvas(image, field);
}

/** Every input of an edit, main image first; the first refusal in order is the one reported. `owner`: whose edit. */
export async function processInputs(values: string[], media: MediaStore, owner: InputOwner): Promise<ProcessedImage[]> {
  const settled = await Promise.allSettled(values.map((value, index) => processInput(value, `inputImages.${index}`, media, owner)));
  const refused = settled.find((outcome) => outcome.status === 'rejected');
  if (refused) throw refused.reason;
  return settled.map((outcome) => (outcome as PromiseFulfilledResult<ProcessedImage>).value);
}
