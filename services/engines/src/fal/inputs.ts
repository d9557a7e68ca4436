import sharp from 'sharp';
import type { AspectRatio, Capability, CapabilityInputs, VideoResolution } from '../types.js';
import { ASPECT_RATIOS, EDIT_CAMERAS, EDIT_MODELS, EDIT_SHOT_TYPES, MAX_EDIT_REFERENCES, VIDEO_MODELS, VIDEO_RESOLUTIONS } from '../types.js';
import { EngineInputError } from '../errors.js';
import { checkLook, describeLook } from '../look.js';
import { POSES } from '../poses.js';
import { checkChoice, checkImage, checkName, checkPoseIndex, checkPrompt, checkSeed, MAX_INPUT_PIXELS, upscaleSize } from '../validate.js';
import { FAL_MODELS } from './models.js';

export interface FalRequest {
  endpointId: string;
  /** Buffers become Blobs, which the fal client uploads to fal storage before submitting. */
  body: Record<string, unknown>;
}

const FLUX_SIZES: Record<AspectRatio, { width: number; height: number }> = {
  '2:3': { width: 1024, height: 1536 },
  '3:4': { width: 1152, height: 1536 },
  '4:5': { width: 1024, height: 1280 },
  '1:1': { width: 1248, height: 1248 },
  '3:2': { width: 1536, height: 1024 },
  '9:16': { width: 864, height: 1536 },
  '16:9': { width: 1536, height: 864 },
};

/** What the edit model is asked to make of a person's photo (their name is not sent). */
export const CHARACTER_FROM_PHOTO_PROMPT =
  'Turn this photo into a clean full-body studio portrait of the same person: keep the face, skin tone, hair colour and hairstyle and body build exactly. ' +
  'Standing facing the camera, arms relaxed at the sides, head to toe in frame, portrait orientation. Simple fitted neutral top and trousers, ' +
  'plain light grey seamless studio backdrop, soft even key light, photographic, no text.';

const DEFAULT_MOTION = 'Slow cinematic camera push-in, subtle natural movement of fabric and hair, editorial fashion film.';

/** Wan 2.5 refuses prompts longer than this (fal's schema); longer ones are cut at a word boundary. */
export const WAN_PROMPT_MAX = 800;
/** Veo 3.1 refuses input images larger than this; larger ones are re-encoded as JPEG (smaller if need be). */
export const VEO_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
/**
 * Veo 3.1 is asked for what the product sells explicitly rather than by fal's defaults (8 s with audio): a
 * 6 s clip (its nearest to the 5 s of the other models), no audio (the gallery plays videos muted), at the
 * plan's resolution, and 9:16 or 16:9 by the picture's orientation.
 */
export const VEO_DURATION = '6s';
/** Seedream's edit makes images whose sides lie in this range; the main image's aspect ratio is kept. */
const SEEDREAM_SIDE = { min: 1024, max: 4096, target: 2048 } as const;

/** At most `max` characters, cut after the last whole word (and its punctuation) that fits. */
export function trimPrompt(prompt: string, max: number): string {
  // Counted and cut in characters (code points), never inside an emoji's surrogate pair.
  const characters = [...prompt];
  if (characters.length <= max) return prompt;
  const cut = characters.slice(0, max + 1).join('');
  const end = cut.search(/\s\S*$/);
  return (end >= 0 && [...cut.slice(0, end)].length > max * 0.6 ? cut.slice(0, end) : characters.slice(0, max).join('')).trimEnd();
}

/** The picture as Veo takes it: as sent when within 8 MB, else a JPEG, scaled down until it fits. */
export async function veoImage(bytes: Buffer): Promise<Buffer> {
  if (bytes.length <= VEO_IMAGE_MAX_BYTES) return bytes;
  for (const [side, quality] of [[null, 90], [3840, 88], [2560, 85], [1920, 82]] as const) {
    let image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
    if (side) image = image.resize(side, side, { fit: 'inside', withoutEnlargement: true });
    const jpeg = await image.flatten({ background: '#ffffff' }).jpeg({ quality, mozjpeg: true }).toBuffer();
    if (jpeg.length <= VEO_IMAGE_MAX_BYTES) return jpeg;
  }
  throw new EngineInputError('image is too large for Veo 3.1 (at most 8 MB)');
}

/** Seedream's output size for a main image of width × height: about 2048 on the long side, same shape. */
export function seedreamSize(width: number, height: number): { width: number; height: number } {
  const { min, max, target } = SEEDREAM_SIDE;
  const landscape = width >= height;
  const ratio = Math.max(width, height) / Math.max(1, Math.min(width, height));
  let long: number = target;
  let short: number = target / ratio;
  if (short < min) {
    short = min;
    long = Math.min(max, min * ratio);
  }
  const snap = (n: number) => Math.min(max, Math.max(min, Math.round(n / 16) * 16));
  return landscape ? { width: snap(long), height: snap(short) } : { width: snap(short), height: snap(long) };
}

function videoResolution(value: unknown): VideoResolution {
  return value === undefined ? '720p' : checkChoice(value, VIDEO_RESOLUTIONS, 'resolution');
}

async function blob(bytes: Buffer, field: string): Promise<Blob> {
  const { format } = await checkImage(bytes, field);
  return new Blob([new Uint8Array(bytes)], { type: `image/${format}` });
}

function presetPrompt(prompt: string, preset: CapabilityInputs['textToImage']['preset']): string {
  if (!preset) return prompt;
  const palette = preset.palette.length > 0 ? `, colour palette ${preset.palette.join(' ')}` : '';
  return `${prompt}. ${preset.style} fashion editorial, ${preset.composition}${palette}.`;
}

/**
 * The edit prompt for a hosted model: the client's composed prompt (SPEC.md §5) already says "Shot with
 * <camera>" and "<shot type> perspective"; a camera or shot type it does not mention is added the same way.
 */
export function editPrompt(prompt: string, camera: string | undefined, shotType: string | undefined): string {
  const chosenCamera = camera === undefined ? 'Default' : checkChoice(camera, EDIT_CAMERAS, 'camera');
  const chosenShot = shotType === undefined ? 'Default' : checkChoice(shotType, EDIT_SHOT_TYPES, 'shotType');
  const parts = [prompt];
  const said = prompt.toLowerCase();
  if (chosenCamera !== 'Default' && !said.includes(chosenCamera.toLowerCase())) parts.push(`Shot with ${chosenCamera}`);
  if (chosenShot !== 'Default' && !said.includes(chosenShot.toLowerCase())) parts.push(`${chosenShot} perspective`);
  return parts.join('. ');
}

/** Validates a capability's input and turns it into a fal endpoint and request body. */
export async function toFalRequest<C extends Capability>(capability: C, raw: CapabilityInputs[C]): Promise<FalRequest> {
  switch (capability) {
    case 'textToImage': {
      const input = raw as CapabilityInputs['textToImage'];
      const prompt = checkPrompt(input.prompt);
      const aspectRatio = checkChoice(input.aspectRatio, ASPECT_RATIOS, 'aspectRatio');
      return {
        endpointId: FAL_MODELS.textToImage,
        body: { prompt: presetPrompt(prompt, input.preset), image_size: FLUX_SIZES[aspectRatio], seed: checkSeed(input.seed), num_images: 1, enable_safety_checker: true },
      };
    }
    case 'imageToVideo': {
      const input = raw as CapabilityInputs['imageToVideo'];
      const model = checkChoice(input.model, VIDEO_MODELS, 'model');
      const prompt = checkPrompt(input.prompt, 'prompt', false) || DEFAULT_MOTION;
      const resolution = videoResolution(input.resolution);
      const { width, height } = await checkImage(input.image, 'image');
      let body: Record<string, unknown>;
      if (model === 'wan-2.5') {
        body = { prompt: trimPrompt(prompt, WAN_PROMPT_MAX), image_url: await blob(input.image, 'image'), duration: '5', resolution };
      } else if (model === 'veo-3.1') {
        body = {
          prompt,
          image_url: await blob(await veoImage(input.image), 'image'),
          duration: VEO_DURATION,
          resolution,
          generate_audio: false,
          aspect_ratio: height > width ? '9:16' : '16:9',
        };
      } else {
        body = { prompt, image_url: await blob(input.image, 'image') };
      }
      return { endpointId: FAL_MODELS.imageToVideo[model], body };
    }
    case 'tryOn': {
      const input = raw as CapabilityInputs['tryOn'];
      return {
        endpointId: FAL_MODELS.tryOn,
        body: { model_image: await blob(input.person, 'person'), garment_image: await blob(input.garment, 'garment'), category: 'auto', output_format: 'png' },
      };
    }
    case 'upscale': {
      const input = raw as CapabilityInputs['upscale'];
      const { width, height } = await checkImage(input.image, 'image');
      const { factor } = upscaleSize(width, height, input.maxSide);
      // Clarity takes a float factor from 1 to 4; three decimals, rounded down, keep the long side within the cap.
      return { endpointId: FAL_MODELS.upscale, body: { image_url: await blob(input.image, 'image'), upscale_factor: Math.floor(factor * 1000) / 1000 } };
    }
    case 'edit': {
      const input = raw as CapabilityInputs['edit'];
      const prompt = editPrompt(checkPrompt(input.prompt), input.camera, input.shotType);
      const model = checkChoice(input.model, EDIT_MODELS, 'model');
      if (input.seed !== undefined) checkSeed(input.seed);
      if (!Array.isArray(input.images) || input.images.length === 0) throw new EngineInputError('images must hold the main image');
      if (input.images.length > 1 + MAX_EDIT_REFERENCES) throw new EngineInputError(`at most ${MAX_EDIT_REFERENCES} reference images`);
      const urls = await Promise.all(input.images.map((image, i) => blob(image, i === 0 ? 'image' : `reference image ${i}`)));
      if (model === 'flux-kontext-max' && urls.length === 1) {
        return { endpointId: FAL_MODELS.edit[model], body: { prompt, image_url: urls[0] } };
      }
      const endpointId = model === 'flux-kontext-max' ? FAL_MODELS.editWithReferences[model] : FAL_MODELS.edit[model];
      const body: Record<string, unknown> = { prompt, image_urls: urls, num_images: 1 };
      if (model === 'seedream-4-edit') {
        // Without it Seedream makes a square; the edit keeps the main image's shape.
        const main = await checkImage(input.images[0]!, 'image');
        body.image_size = seedreamSize(main.width, main.height);
      }
      return { endpointId, body };
    }
    case 'characterPreview': {
      const input = raw as CapabilityInputs['characterPreview'];
      const description = checkPrompt(input.description, 'description');
      const pose = POSES[checkPoseIndex(input.poseIndex)]!;
      const look = checkLook(input.look);
      const appearance = look ? ` Appearance: ${describeLook(look)}.` : '';
      return {
        endpointId: FAL_MODELS.characterPreview,
        body: {
          prompt: `Full-body fashion model photo, studio cyclorama, soft key light. Character: ${description}.${appearance} Pose: ${pose.prompt}. Simple neutral outfit.`,
          image_size: FLUX_SIZES['2:3'],
          seed: checkSeed(input.seed),
          num_images: 1,
        },
      };
    }
    case 'photoshootPose': {
      const input = raw as CapabilityInputs['photoshootPose'];
      const pose = POSES[checkPoseIndex(input.poseIndex)]!;
      const extra = checkPrompt(input.prompt, 'prompt', false);
      const look = checkLook(input.look);
      const appearance = look ? ` The person is ${describeLook(look)}.` : '';
      return {
        endpointId: FAL_MODELS.photoshootPose,
        body: {
          prompt: `The person from the first image wearing the garment from the second image, ${pose.prompt}. Full-body fashion photoshoot, same face and body.${appearance}${extra ? ` ${extra}` : ''}`,
          image_urls: [await blob(input.characterImage, 'characterImage'), await blob(input.garment, 'garment')],
          num_images: 1,
        },
      };
    }
    case 'characterFromPhoto': {
      const input = raw as CapabilityInputs['characterFromPhoto'];
      checkName(input.name);
      if (input.seed !== undefined) checkSeed(input.seed);
      return {
        endpointId: FAL_MODELS.characterFromPhoto,
        body: {
          prompt: CHARACTER_FROM_PHOTO_PROMPT,
          image_urls: [await blob(input.photo, 'photo')],
          num_images: 1,
        },
      };
    }
    default:
      throw new EngineInputError(`unknown capability ${String(capability)}`);
  }
}

/** What a capability's result must be: a video capability reads `video` and never an image, and the other way round. */
export type OutputKind = 'image' | 'video';
export const outputKindOf = (capability: Capability): OutputKind => (capability === 'imageToVideo' ? 'video' : 'image');

export interface OutputFile {
  url: string;
  contentType?: string;
  width?: number;
  height?: number;
}

/** The output file of a result by what the capability makes: `video` for a video, else `images[0]` or `image`. */
export function outputFile(data: unknown, kind: OutputKind): OutputFile | null {
  if (!data || typeof data !== 'object') return null;
  const record = data as Record<string, unknown>;
  const candidates = kind === 'video' ? [record.video] : [Array.isArray(record.images) ? record.images[0] : undefined, record.image];
  for (const candidate of candidates) {
    if (candidate && typeof candidate === 'object' && typeof (candidate as { url?: unknown }).url === 'string') {
      const file = candidate as { url: string; content_type?: unknown; width?: unknown; height?: unknown };
      return {
        url: file.url,
        ...(typeof file.content_type === 'string' ? { contentType: file.content_type } : {}),
        ...(typeof file.width === 'number' ? { width: file.width } : {}),
        ...(typeof file.height === 'number' ? { height: file.height } : {}),
      };
    }
  }
  return null;
}
