// The creation screen's constants, in SPEC.md's words and numbers (sections 2, 4, 7, 8 and 9).
// Texts the spec does not give are ours; docs/decisions.md ("mf-create") lists them.
import { CANVAS_MODELS, type AspectRatio, type GenerationType, type VideoModel } from '@atelier/contracts';
import type { LimitDialogType } from '@atelier/host';

export type CreateTab = 'image' | 'video' | 'dress-up';

export interface CreateTabConfig {
  heading: string;
  tag?: string;
  /** One line under the heading. */
  intro: string;
  /** The generation type the create service calls this tab's work. */
  type: GenerationType;
  /** Credits one generation costs (SPEC.md §9: image 1, video 20, dressup 1). */
  creditCost: number;
  /** The limit dialog's type when credits are short. */
  limitType: LimitDialogType;
  promptLabel: string;
  promptPlaceholder: string;
  /** Label of the image the tab starts from (?imageUrl=…), when it takes one. */
  imageLabel?: string;
}

export const CREATE_TABS: Record<CreateTab, CreateTabConfig> = {
  image: {
    heading: 'Generate Images',
    intro: 'Write the picture, choose a look, and let the studio shoot it.',
    type: 'image',
    creditCost: 1,
    limitType: 'image',
    promptLabel: 'Prompt',
    promptPlaceholder: 'Describe the fashion image you want',
  },
  video: {
    heading: 'Generate Videos',
    intro: 'Bring a still to life: a slow turn, a breeze, a camera drifting past.',
    type: 'video',
    creditCost: 20,
    limitType: 'video',
    promptLabel: 'Prompt',
    promptPlaceholder: 'Describe the motion: a slow turn, wind in the fabric…',
    imageLabel: 'Start image',
  },
  'dress-up': {
    heading: 'Virtual Try-On',
    tag: 'Beta',
    intro: 'Put any garment on any person, from two photos.',
    type: 'dressup',
    creditCost: 1,
    limitType: 'dressup',
    promptLabel: 'Prompt',
    promptPlaceholder: 'Describe the outfit to try on',
    imageLabel: 'Person image',
  },
};

/**
 * The viewer's Upscale: a new generation, twice the size up to the service's cap, paid like the tabs' starts.
 * The numbers are contracts' CREDIT_COSTS.upscale and UPSCALE_MAX_SIDE, written out to keep zod out of the
 * bundle (a test checks they agree).
 */
export const UPSCALE = {
  type: 'upscale',
  creditCost: 1,
  /** No tab of its own: the host's dialog for credits in general. */
  limitType: 'credits',
  /** Images whose long side is already this are not offered it (the service answers 400). */
  maxSide: 4096,
} as const satisfies Pick<CreateTabConfig, 'type' | 'creditCost' | 'limitType'> & { maxSide: number };

export const creditsLabel = (cost: number) => `${cost} ${cost === 1 ? 'credit' : 'credits'}`;

/** Aspect ratios of the image tab, in the order the picker shows them; 2:3 is the default. */
export const ASPECT_RATIOS: readonly { value: AspectRatio; label: string; width: number; height: number }[] = [
  { value: '2:3', label: 'Portrait 2:3', width: 2, height: 3 },
  { value: '3:4', label: 'Portrait 3:4', width: 3, height: 4 },
  { value: '4:5', label: 'Portrait 4:5', width: 4, height: 5 },
  { value: '9:16', label: 'Story 9:16', width: 9, height: 16 },
  { value: '1:1', label: 'Square 1:1', width: 1, height: 1 },
  { value: '16:9', label: 'Landscape 16:9', width: 16, height: 9 },
];
export const DEFAULT_ASPECT_RATIO: AspectRatio = '2:3';

/** Video models (SPEC.md §9): VEO 3.1 and SORA 2 belong to the Advanced and Pro plans. */
export const VIDEO_MODELS: readonly { value: VideoModel; label: string; description: string; premium: boolean }[] = [
  { value: 'wan-2.5', label: 'Wan 2.5', description: 'Smooth motion, every plan', premium: false },
  { value: 'veo-3.1', label: 'VEO 3.1', description: 'Cinematic camera and light', premium: true },
  { value: 'sora-2', label: 'SORA 2', description: 'Lifelike movement and detail', premium: true },
];
export const DEFAULT_VIDEO_MODEL: VideoModel = 'wan-2.5';
/**
 * Readable names of the models a generation records: the local engine's (services/engines/src/local; an edit's and a
 * video's ids carry what was done after the prefix), the canvas's and photoshoots'. Hosted model ids show as they are.
 */
const MODEL_LABELS: readonly [RegExp, string][] = [
  [/^local\/editorial-(scene|svg)$/, 'Local editorial scene'],
  [/^local\/redress$/, 'Local try-on, redrawn'],
  [/^local\/redraw$/, 'Local recolour, redrawn'],
  [/^local\/cutout-composite$/, 'Local cut-out try-on'],
  [/^local\/lanczos3-sharpen$/, 'Local upscaler'],
  [/^local\/edit:/, 'Local photo edit'],
  [/^local\/(parallax|camera)-/, 'Local motion video'],
  [/^local\/studio-figure/, 'Local studio figure'],
  [/^photoshoot$/, 'Photoshoot'],
];
/** A model's display name: the picker's ("Wan 2.5", "Flux Kontext Max"), a local model's words, or a hosted id as it is. */
export const modelLabel = (model: string) =>
  VIDEO_MODELS.find((m) => m.value === model)?.label ??
  CANVAS_MODELS.find((m) => m.value === model)?.label ??
  MODEL_LABELS.find(([pattern]) => pattern.test(model))?.[1] ??
  model;
/** What a generation cost, as its viewer says: canvas edits and photoshoots were paid for where they were made. */
export const costLabel = (type: GenerationType, cost: number) =>
  type === 'canvas' ? 'Paid as the canvas edit' : type === 'photoshoot' ? 'Part of the photoshoot' : String(cost);
export const PREMIUM_BADGE = 'Advanced & Pro';
/** Plans that may use the premium video models. */
export const PREMIUM_PLANS: readonly string[] = ['advanced', 'pro'];

/** SPEC.md §4: progress ticks. Dress Up makes an image, so it ticks as an image does. */
export const PROGRESS_TICK_MS = { image: 300, video: 500, wan: 900 } as const;
/** SPEC.md §4: after completion the bar shows 100 for this long, then resets. */
export const PROGRESS_RESET_MS = 1_000;

/** SPEC.md §9: the generations list is refetched every 10 s; while one of ours is in flight, every 2 s. */
export const GENERATIONS_POLL_MS = 10_000;
export const IN_FLIGHT_POLL_MS = 2_000;
export const GENERATIONS_PAGE_SIZE = 24;

/** Local storage keys (SPEC.md §3). */
export const PENDING_VIDEO_IMAGE_KEY = 'pendingVideoImage';
export const LEAD_TRACKED_KEY = 'atelier:lead-tracked';

/** Uploads: more than 10 MB is refused, by the browser before sending and by the service (contracts' MAX_UPLOAD_BYTES). */
export const UPLOAD_HINT = 'PNG, JPG or WebP up to 10MB';

/** A dress-up has no prompt: its tile and its viewer say what it is instead. */
export const DRESS_UP_CAPTION = 'Garment tried on';
/** The same line while the try-on runs or after it failed (the garment was not tried on). */
export const DRESS_UP_PENDING_CAPTION = 'Garment to try on';

/** The viewer's heading over what the local engine read in the prompt (garment, colour, setting…). */
export const UNDERSTOOD_HEADING = 'What the local engine understood';

export const MESSAGES = {
  generationFailedTitle: 'Generation Failed',
  generationFailedFallback: 'Generation failed',
  // Not in SPEC: a start whose answer was lost (docs/decisions.md).
  startUnconfirmedTitle: 'Start Not Confirmed',
  startUnconfirmed: 'The studio did not answer in time. Your generation may have started: check your creations before trying again.',
  premiumModelTitle: 'Upgrade to use this model',
  uploadFailedTitle: 'Upload Failed',
  uploadTooLarge: 'That image is larger than 10 MB. Please choose a smaller one.',
  uploadNoAnswer: 'The upload did not reach the studio. Please check your connection and try again.',
  uploadFailedFallback: 'The image could not be uploaded. Please try again.',
  notAnImage: 'Please choose a PNG, JPG or WebP image.',
  premiumHint: 'VEO 3.1 and SORA 2 are part of the Advanced and Pro plans.',
  upscaleStartedTitle: 'Upscaling',
  upscaleStartedText: 'The larger image will appear in your creations in a moment.',
  upscaleFailedTitle: 'Upscale Failed',
  upscaleHint: 'Twice the size, up to 4096 px',
  upscaleAtCap: 'Already at the largest size (4096 px)',
  upscaleStarting: 'Starting the upscale…',
  deleteTitle: (kind: string) => `Delete this ${kind.toLowerCase()}?`,
  deleteText: 'It leaves your creations for good. The credits it used are not given back.',
  deletedTitle: 'Deleted from your creations',
  deleteFailedTitle: 'Could not delete',
  deleteFailedFallback: 'Please try again.',
} as const;
