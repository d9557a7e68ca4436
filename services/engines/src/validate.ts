import sharp, { type Metadata } from 'sharp';
import { EngineInputError } from './errors.js';
import { POSE_COUNT } from './types.js';

/** Largest decoded image accepted, against decompression bombs (e.g. a 1×1 PNG header claiming 100k×100k). */
export const MAX_INPUT_PIXELS = 40_000_000;
export const MAX_PROMPT_LENGTH = 2_000;

export interface CheckedImage {
  width: number;
  height: number;
  format: 'png' | 'jpeg' | 'webp';
}

function sniffFormat(bytes: Buffer): CheckedImage['format'] | null {
  if (bytes.length >= 8 && bytes.readUInt32BE(0) === 0x89504e47 && bytes.readUInt32BE(4) === 0x0d0a1a0a) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/** Checks an input image by its bytes (PNG, JPEG or WebP) and that it decodes to a sane size. */
export async function checkImage(bytes: unknown, field: string): Promise<CheckedImage> {
  if (!Buffer.isBuffer(bytes) || bytes.length === 0) throw new EngineInputError(`${field} is empty`);
  const format = sniffFormat(bytes);
  if (!format) throw new EngineInputError(`${field} is not a PNG, JPEG or WebP image`);
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw new EngineInputError(`${field} could not be read as an image`);
  }
  const { width, height } = meta;
  if (!width || !height) throw new EngineInputError(`${field} has no dimensions`);
  if (width * height > MAX_INPUT_PIXELS) throw new EngineInputError(`${field} is too large (${width}×${height})`);
  if (width < 16 || height < 16) throw new EngineInputError(`${field} is too small (${width}×${height})`);
  return { width, height, format };
}

export function checkPrompt(prompt: unknown, field = 'prompt', required = true): string {
  if (prompt === undefined || prompt === null || prompt === '') {
    if (required) throw new EngineInputError(`${field} is required`);
    return '';
  }
  if (typeof prompt !== 'string') throw new EngineInputError(`${field} must be text`);
  const trimmed = prompt.trim();
  if (required && trimmed.length === 0) throw new EngineInputError(`${field} is required`);
  // Characters as the API's schemas count them (code points: an emoji is one), not UTF-16 units.
  if (trimmed.length > MAX_PROMPT_LENGTH && [...trimmed].length > MAX_PROMPT_LENGTH) throw new EngineInputError(`${field} is longer than ${MAX_PROMPT_LENGTH} characters`);
  return trimmed;
}

export function checkChoice<T extends string>(value: unknown, choices: readonly T[], field: string): T {
  if (typeof value !== 'string' || !(choices as readonly string[]).includes(value)) {
    throw new EngineInputError(`${field} must be one of ${choices.join(', ')}`);
  }
  return value as T;
}

export function checkSeed(seed: unknown): number {
  if (typeof seed !== 'number' || !Number.isSafeInteger(seed)) throw new EngineInputError('seed must be an integer');
  return seed;
}

export function checkPoseIndex(poseIndex: unknown): number {
  if (typeof poseIndex !== 'number' || !Number.isInteger(poseIndex) || poseIndex < 0 || poseIndex >= POSE_COUNT) {
    throw new EngineInputError(`poseIndex must be an integer from 0 to ${POSE_COUNT - 1}`);
  }
  return poseIndex;
}

export const MAX_NAME_LENGTH = 80;

/** An optional display name (e.g. a character's): text of at most MAX_NAME_LENGTH characters, trimmed. */
export function checkName(name: unknown): string {
  if (name === undefined || name === null) return '';
  if (typeof name !== 'string') throw new EngineInputError('name must be text');
  const trimmed = name.trim();
  if (trimmed.length > MAX_NAME_LENGTH) throw new EngineInputError(`name is longer than ${MAX_NAME_LENGTH} characters`);
  return trimmed;
}

/** An upscale's output long side at most this by default. */
export const DEFAULT_UPSCALE_MAX_SIDE = 4096;
const MIN_UPSCALE_MAX_SIDE = 64;
const MAX_UPSCALE_MAX_SIDE = 8192;

/**
 * An upscale's output size: twice the input, or less so the long side stays within `maxSide` (default
 * 4096). An image whose long side already reaches the cap cannot be upscaled: EngineInputError.
 */
export function upscaleSize(width: number, height: number, maxSide: unknown = DEFAULT_UPSCALE_MAX_SIDE): { width: number; height: number; factor: number } {
  if (typeof maxSide !== 'number' || !Number.isInteger(maxSide) || maxSide < MIN_UPSCALE_MAX_SIDE || maxSide > MAX_UPSCALE_MAX_SIDE) {
    throw new EngineInputError(`maxSide must be an integer from ${MIN_UPSCALE_MAX_SIDE} to ${MAX_UPSCALE_MAX_SIDE}`);
  }
  const long = Math.max(width, height);
  if (long >= maxSide) {
    throw new EngineInputError(`image is already ${width}×${height}: an upscale makes at most ${maxSide} px on the long side`);
  }
  const factor = Math.min(2, maxSide / long);
  const scale = (side: number) => (side === long ? Math.min(maxSide, Math.round(side * factor)) : Math.max(1, Math.round(side * factor)));
  return { width: scale(width), height: scale(height), factor };
}
