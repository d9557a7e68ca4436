import { z } from 'zod';
import { typedText, visibleOrEmpty } from './text.js';

/** The kinds of generation a user starts on the create screen (SPEC.md §3, §9). */
/** The longest prompt an image or video generation takes (what the prompt box holds). */
export const PROMPT_MAX = 2000;

export const startableGenerationTypeSchema = z.enum(['image', 'video', 'dressup']);
export type StartableGenerationType = z.infer<typeof startableGenerationTypeSchema>;

/** Every kind the gallery lists: the started ones, and the photos of finished photoshoots. */
export const generationTypeSchema = z.enum(['image', 'video', 'dressup', 'photoshoot', 'canvas', 'upscale']);
export type GenerationType = z.infer<typeof generationTypeSchema>;

export const generationStatusSchema = z.enum(['queued', 'processing', 'completed', 'failed']);
export type GenerationStatus = z.infer<typeof generationStatusSchema>;

/** Video models (SPEC.md §9): VEO 3.1 and SORA 2 are for Advanced and Pro only. */
export const videoModelSchema = z.enum(['wan-2.5', 'veo-3.1', 'sora-2']);
export type VideoModel = z.infer<typeof videoModelSchema>;
export const PREMIUM_VIDEO_MODELS: readonly VideoModel[] = ['veo-3.1', 'sora-2'];

export const aspectRatioSchema = z.enum(['2:3', '1:1', '3:4', '4:5', '9:16', '16:9']);
export type AspectRatio = z.infer<typeof aspectRatioSchema>;

/** Which engine made a result: `local` (offline, on this machine) or `fal` (hosted models). */
export const engineNameSchema = z.enum(['local', 'fal']);

/** Width of a generation's thumbnail: a gallery tile is about 180–340 CSS pixels wide (2 to 4 columns), sharp up to ~2× density. */
export const GENERATION_THUMBNAIL_WIDTH = 640;

/** One generation as `GET /api/generations` lists it. */
export const generationSchema = z.object({
  id: z.string(),
  type: generationTypeSchema,
  status: generationStatusSchema,
  prompt: z.string().nullable(),
  presetId: z.string().nullable(),
  model: z.string().nullable(),
  aspectRatio: aspectRatioSchema.nullable(),
  /** Input images (media URLs): the source image of a video, the person and garment of a dress-up. */
  inputs: z.record(z.string(), z.string()),
  imageUrl: z.string().nullable(),
  videoUrl: z.string().nullable(),
  /**
   * A small WebP of the picture (a video's source image), GENERATION_THUMBNAIL_WIDTH pixels wide, for the gallery's
   * tiles; null when there is none (unfinished, older results, or one that could not be read): show `imageUrl` then.
   */
  thumbnailUrl: z.string().nullable(),
  engine: engineNameSchema.nullable(),
  /** The result's pixel size (a video's frame size); null until it completes (and for older results). */
  width: z.number().int().positive().nullable(),
  height: z.number().int().positive().nullable(),
  /**
   * What the local engine understood of the prompt (garment, colour, material, figure, setting, light,
   * framing…), in order, for the viewer's details; null for hosted models and other kinds of work.
   */
  understood: z.array(z.object({ label: z.string(), value: z.string() })).nullable(),
  cost: z.number().int().nonnegative(),
  errorMessage: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  completedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type Generation = z.infer<typeof generationSchema>;

/** GET /api/generations?limit=&cursor= → newest first. */
export const generationsPageSchema = z.object({
  items: z.array(generationSchema),
  nextCursor: z.string().nullable(),
});
export type GenerationsPage = z.infer<typeof generationsPageSchema>;

/** POST /api/generations/image (JSON) → 202 {@link StartedGeneration}. */
export const startImageSchema = z.object({
  prompt: typedText().min(1, 'Please enter a prompt').max(PROMPT_MAX).refine(visibleOrEmpty, 'Please enter a prompt'),
  presetId: z.string().min(1).optional(),
  aspectRatio: aspectRatioSchema.default('2:3'),
});
export type StartImage = z.infer<typeof startImageSchema>;

/** POST /api/generations/video (JSON) → 202. `imageUrl` is one of our own media URLs. */
export const startVideoSchema = z.object({
  imageUrl: z.string().min(1, 'Please choose an image'),
  prompt: typedText().max(PROMPT_MAX).optional(),
  model: videoModelSchema.default('wan-2.5'),
});
export type StartVideo = z.infer<typeof startVideoSchema>;

/** POST /api/generations/dressup (JSON) → 202: a person image and a garment image, both media URLs. */
export const startDressUpSchema = z.object({
  personImageUrl: z.string().min(1, 'Please add a photo of a person'),
  garmentImageUrl: z.string().min(1, 'Please add a garment'),
});
export type StartDressUp = z.infer<typeof startDressUpSchema>;

/**
 * POST /api/generations/upscale (JSON) → 202: a 2× image (up to UPSCALE_MAX_SIDE on the long side) of one of
 * our own media URLs, as a new `upscale` generation. Costs CREDIT_COSTS.upscale with the same reserve and
 * refund rules as the others.
 */
export const startUpscaleSchema = z.object({
  imageUrl: z.string().min(1, 'Please choose an image').max(500),
});
export type StartUpscale = z.infer<typeof startUpscaleSchema>;
/** An upscale doubles each side, capped so the long side is at most this. */
export const UPSCALE_MAX_SIDE = 4096;

export const startedGenerationSchema = z.object({ id: z.string(), status: generationStatusSchema });
export type StartedGeneration = z.infer<typeof startedGenerationSchema>;

/** The largest image file an upload takes (10 MB, as the upload boxes say); a bigger one is a 413. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** The refusal of an image with a side under `side` pixels. */
export const imageTooSmallMessage = (side: number) => `Image is too small: each side must be at least ${side} pixels`;

/** POST /api/uploads (multipart, field `file`) → 201: the stored, re-encoded image. */
export const uploadResultSchema = z.object({
  url: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  contentType: z.enum(['image/jpeg', 'image/png', 'image/webp']),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

/** A preset of the picker (GET /api/presets). */
export const presetSchema = z.object({
  id: z.string(),
  name: z.string(),
  style: z.string(),
  prompt: z.string(),
  thumbnailUrl: z.string(),
});
export type Preset = z.infer<typeof presetSchema>;

/** POST /api/dev/generate-test-content → `{count}`. */
export const testContentSchema = z.object({ count: z.number().int().nonnegative() });

/** An imported picture's pixel size, when the sender knows it (the gallery lays the tile out at its ratio). */
const importedSizeShape = {
  width: z.number().int().positive().max(20_000).optional(),
  height: z.number().int().positive().max(20_000).optional(),
};

/**
 * POST /internal/generations/import (create; the photoshoot service only): a finished photoshoot's photos
 * join the user's gallery as `photoshoot` generations (free, completed). Idempotent by photoshoot and pose.
 */
export const importPhotoshootSchema = z.object({
  userId: z.uuid(),
  photoshootId: z.uuid(),
  characterName: z.string().min(1).max(100),
  completedAt: z.iso.datetime({ offset: true }),
  photos: z
    .array(
      z.object({
        poseIndex: z.number().int().min(0).max(99),
        imageUrl: z.string().min(1).max(500),
        engine: z.string().nullable(),
        ...importedSizeShape,
      }),
    )
    .min(1)
    .max(20),
});
export type ImportPhotoshoot = z.infer<typeof importPhotoshootSchema>;

/**
 * POST /internal/generations/import-canvas (create; the canvas service only): a finished canvas edit joins
 * the user's gallery as a `canvas` generation (free: it was paid for as the edit). Idempotent by edit id.
 */
export const importCanvasEditSchema = z.object({
  userId: z.uuid(),
  canvasEditId: z.uuid(),
  prompt: z.string().min(1).max(4000),
  model: z.string().min(1).max(100),
  imageUrl: z.string().min(1).max(500),
  /** The main image the edit started from. */
  inputImageUrl: z.string().min(1).max(500).nullable(),
  /** The canvas's own result that `imageUrl` copies: the user may hand it on as an input (canvas's Create video). */
  canvasResultUrl: z.string().min(1).max(500).optional(),
  engine: z.string().nullable(),
  completedAt: z.iso.datetime({ offset: true }),
  ...importedSizeShape,
});
export type ImportCanvasEdit = z.infer<typeof importCanvasEditSchema>;

/**
 * POST /internal/media/owned (canvas → create): which of these media URLs the user may use as an input — their
 * uploads and what their gallery names. → {@link MediaOwned}.
 */
export const mediaOwnedRequestSchema = z.object({
  userId: z.uuid(),
  urls: z.array(z.string().min(1).max(500)).min(1).max(8),
});
export type MediaOwnedRequest = z.infer<typeof mediaOwnedRequestSchema>;
export const mediaOwnedSchema = z.object({ owned: z.array(z.string()) });
export type MediaOwned = z.infer<typeof mediaOwnedSchema>;
