import type { AspectRatio, Capability, CapabilityInputs } from '../types.js';
import { ASPECT_RATIOS, EDIT_CAMERAS, EDIT_MODELS, EDIT_SHOT_TYPES, MAX_EDIT_REFERENCES, VIDEO_MODELS } from '../types.js';
import { EngineInputError } from '../errors.js';
import { checkLook, describeLook } from '../look.js';
import { POSES } from '../poses.js';
import { checkChoice, checkImage, checkName, checkPoseIndex, checkPrompt, checkSeed, upscaleSize } from '../validate.js';
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
      const body: Record<string, unknown> = { prompt, image_url: await blob(input.image, 'image') };
      if (model === 'wan-2.5') Object.assign(body, { duration: '5', resolution: '1080p' });
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
      return { endpointId, body: { prompt, image_urls: urls, num_images: 1 } };
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

/** Where a model's output file is: `images[0]`, `image` or `video`, each `{ url, content_type?, width?, height? }`. */
export function outputFile(data: unknown): { url: string; contentType?: string; width?: number; height?: number } | null {
  if (!data || typeof data !== 'object') return null;
  const record = data as Record<string, unknown>;
  const candidates = [Array.isArray(record.images) ? record.images[0] : undefined, record.image, record.video];
  for (const candidate of candidates) {
    if (candidate && typeof candidate === 'object' && typeof (candidate as { url?: unknown }).url === 'string') {
      const file = candidate as { url: string; content_type?: unknown; width?: unknown; height?: unknown };
      return {
        url: file.url,
        contentType: typeof file.content_type === 'string' ? file.content_type : undefined,
        width: typeof file.width === 'number' ? file.width : undefined,
        height: typeof file.height === 'number' ? file.height : undefined,
      };
    }
  }
  return null;
}
