import { z } from 'zod';
import { typedText, visibleOrEmpty } from './text.js';

/**
 * The canvas editor's calls (`/api/canvas/*`, the canvas service), SPEC.md §3, §5, §7 and §9. One edit is
 * the main image (first) and up to 4 reference images, a prompt composed by the client, a model, a camera
 * and a shot type; it costs CANVAS_EDIT_COST credit, reserved with the account service and refunded when the
 * edit fails.
 */

export const CANVAS_MODELS = [
  { value: 'nano-banana', label: 'Nano Banana', tagline: 'State-of-the-Art' },
  { value: 'flux-kontext-max', label: 'Flux Kontext Max', tagline: 'Prompt Perfect' },
  { value: 'seedream-4-edit', label: 'Seedream 4.0 Edit', tagline: 'Advanced Edit' },
] as const;
export const canvasModelSchema = z.enum(['nano-banana', 'flux-kontext-max', 'seedream-4-edit']);
export type CanvasModel = z.infer<typeof canvasModelSchema>;
export const DEFAULT_CANVAS_MODEL: CanvasModel = 'flux-kontext-max';

/** SPEC.md §9, word for word ("Default" first). */
export const CAMERAS = [
  'Default',
  'Ricoh GR1 28mm',
  'Hasselblad H6D-100c 100mm f/2.2',
  'Canon EOS R5 50mm f/1.2',
  'Leica M11 35mm f/1.4',
  'Sony A7R V 24mm f/1.4',
  'Fujifilm GFX 100 110mm f/2',
  'simulated analog 120 Kodak Portra film',
  'DSLR 85mm f/1.4',
] as const;
export const cameraSchema = z.enum(CAMERAS);
export type Camera = z.infer<typeof cameraSchema>;

/** SPEC.md §9, word for word ("Default" first). */
export const SHOT_TYPES = ['Default', 'High Angle', 'Macro Shot', 'Medium Close Up Shot', 'Profile Shot'] as const;
export const shotTypeSchema = z.enum(SHOT_TYPES);
export type ShotType = z.infer<typeof shotTypeSchema>;

/** Quick prompt chips, shown while the prompt is empty; a chip's text becomes the prompt. */
export const QUICK_PROMPTS = ['Enhance Skin', 'Change Time of Day', 'iPhone Flash'] as const;

/** Reference images besides the main one. */
export const MAX_CANVAS_REFERENCES = 4;
export const MAX_CANVAS_IMAGES = 1 + MAX_CANVAS_REFERENCES;
export const CANVAS_EDIT_COST = 1;

/**
 * SPEC.md §5's processing rule, shared by the browser (which applies it) and the service (which sizes its
 * limits by it): a file under 2 MB with both sides ≤ 2048 px is sent as it is; anything else is scaled to fit
 * 2048×2048 and re-encoded as PNG under 1,000,000 pixels, else JPEG at quality 0.95.
 */
export const CANVAS_PROCESSING = {
  maxSide: 2048,
  passThroughBytes: 2 * 1024 * 1024,
  pngBelowPixels: 1_000_000,
  jpegQuality: 0.95,
} as const;

/**
 * The largest image the service takes, decoded from its data URL. A processed image is at most a 2 MB
 * original, a PNG under 1,000,000 pixels (≤ 4 MB of RGBA plus PNG overhead) or a 2048×2048 JPEG at 0.95
 * (a few MB even for noise), so 6 MB holds any of them with room.
 */
export const MAX_CANVAS_IMAGE_BYTES = 6 * 1024 * 1024;
/** A data URL's characters for MAX_CANVAS_IMAGE_BYTES (base64 is 4/3 the bytes) plus its `data:…;base64,` head. */
export const MAX_CANVAS_IMAGE_URL_CHARS = Math.ceil(MAX_CANVAS_IMAGE_BYTES / 3) * 4 + 64;
/** The body limit of POST /api/canvas/edit: 5 processed images, the prompt and the selections, and no more. */
export const CANVAS_EDIT_BODY_LIMIT_BYTES = MAX_CANVAS_IMAGES * MAX_CANVAS_IMAGE_URL_CHARS + 16 * 1024;

/**
 * One input image: a `data:image/png|jpeg|webp;base64,…` URL (checked by its bytes on the server, decoded,
 * re-encoded with metadata stripped, pixel limit) or one of our own media URLs (`/media/…`, or the same
 * path on the site's own origin).
 */
export const canvasInputImageSchema = z
  .string()
  .min(1, 'Please upload a main image first')
  .max(MAX_CANVAS_IMAGE_URL_CHARS, 'An image is too large (at most 6 MB)');

/** What a user may type in the canvas's prompt box. */
export const CANVAS_PROMPT_MAX = 2000;
/**
 * The prompt as the client composed it (SPEC.md §5): what was typed, then ". Shot with <camera>" and ". <shot type>
 * perspective" — room for the longest of those on top of a full prompt box (a full box with a camera was refused).
 */
export const CANVAS_COMPOSED_PROMPT_MAX =
  CANVAS_PROMPT_MAX +
  '. Shot with '.length +
  Math.max(...CAMERAS.map((camera) => camera.length)) +
  '. '.length +
  Math.max(...SHOT_TYPES.map((shot) => shot.length)) +
  ' perspective'.length;
export const canvasPromptSchema = typedText()
  .min(1, 'Please enter a prompt')
  .max(CANVAS_COMPOSED_PROMPT_MAX, `The prompt is too long (at most ${CANVAS_PROMPT_MAX} characters)`)
  .refine(visibleOrEmpty, 'Please enter a prompt');

/** POST /api/canvas/edit → 202 {@link CanvasEditStarted}; 402 `{ error, limitReached: true, used, limit }` when credits are short. */
export const canvasEditRequestSchema = z.object({
  prompt: canvasPromptSchema,
  model: canvasModelSchema.default(DEFAULT_CANVAS_MODEL),
  camera: cameraSchema.default('Default'),
  shotType: shotTypeSchema.default('Default'),
  inputImages: z
    .array(canvasInputImageSchema)
    .min(1, 'Please upload a main image first')
    .max(MAX_CANVAS_IMAGES, `At most ${MAX_CANVAS_REFERENCES} reference images besides the main image`),
});
export type CanvasEditRequest = z.infer<typeof canvasEditRequestSchema>;
export type CanvasEditRequestInput = z.input<typeof canvasEditRequestSchema>;

export const canvasEditStartedSchema = z.object({ id: z.string() });
export type CanvasEditStarted = z.infer<typeof canvasEditStartedSchema>;

export const canvasEditStatusSchema = z.enum(['queued', 'processing', 'completed', 'failed']);
export type CanvasEditStatus = z.infer<typeof canvasEditStatusSchema>;

/** GET /api/canvas/edit/:id (its owner only; 404 for anyone else). `outputImageUrl` is the URL to show. */
export const canvasEditSchema = z.object({
  id: z.string(),
  status: canvasEditStatusSchema,
  errorMessage: z.string().nullable(),
  /** Where the result is stored (a `/media/…` path, or the bucket's URL with S3). */
  outputImageStorageUrl: z.string().nullable(),
  /** The result as the browser loads it (`/media/…`). */
  outputImageUrl: z.string().nullable(),
  prompt: z.string(),
  model: canvasModelSchema,
  camera: cameraSchema,
  shotType: shotTypeSchema,
  /** The main image the edit started from (stored, `/media/…`). */
  inputImageUrl: z.string().nullable(),
  engine: z.enum(['local', 'fal']).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  completedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type CanvasEdit = z.infer<typeof canvasEditSchema>;

/** GET /api/canvas/edits?limit= → the user's edits, newest first (limit 1–50, default 20). DELETE /api/canvas/edit/:id → 204. */
export const canvasEditsSchema = z.object({ items: z.array(canvasEditSchema) });
export type CanvasEdits = z.infer<typeof canvasEditsSchema>;

/** SPEC.md §8's canvas texts. */
export const CANVAS_MESSAGES = {
  mainImageRequired: 'Please upload a main image first',
  promptRequired: 'Please enter a prompt',
  tooManyImages: (remaining: number) => `You can only upload ${remaining} more image(s). Maximum ${MAX_CANVAS_REFERENCES} images total.`,
  startFailedTitle: 'Error starting edit',
  startFailedDescription: 'Failed to start canvas editing',
  successTitle: 'Photo edited successfully!',
  failedTitle: 'Editing failed',
  failedDescription: 'Photo editing failed. Please try again.',
  statusFailedTitle: 'Error checking status',
  statusFailedDescription: 'Failed to check editing status. Please try again.',
  timeout: 'Editing timeout',
} as const;

/** The canvas job is polled every 5 s for up to 5 minutes (SPEC.md §9). */
export const CANVAS_POLL_INTERVAL_MS = 5_000;
export const CANVAS_POLL_TIMEOUT_MS = 300_000;
