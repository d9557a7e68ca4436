import { z } from 'zod';
import { typedText, visibleOrEmpty } from './text.js';

/**
 * The Photoshoot flow's calls (`/api/avatar/*`, the photoshoot service), SPEC.md §3 and §7. Ten poses a
 * shoot, indexes 0–9 (shown as pose N+1); 4 of them make a character's previews.
 */
export const PHOTOSHOOT_POSE_COUNT = 10;
export const PREVIEW_POSE_COUNT = 4;
/** A user's own characters (the house cast does not count). */
export const MAX_OWN_CHARACTERS = 20;
/** Photoshoots cost one unit of the `avatar` allowance each. */
export const PHOTOSHOOT_COST = 1;
/**
 * The shortest side a photo for a photoshoot (the garment) or a character may have, in pixels: smaller ones give a
 * blur on every pose (a 40×50 garment did, for a whole photoshoot's allowance).
 */
export const PHOTOSHOOT_MIN_IMAGE_SIDE = 128;

export const characterNameSchema = typedText().min(1, 'Please name the character').max(40, 'At most 40 characters').refine(visibleOrEmpty, 'Please name the character');

/** One character as `GET /api/avatar/characters` lists it (house cast first, then the user's own). */
export const characterSchema = z.object({
  /** The row's id (what rename and delete address). */
  id: z.string(),
  /** The id the preview and generate calls take. */
  characterId: z.string(),
  name: z.string(),
  previewImageUrl: z.string().nullable(),
  /** True for the ready-made characters every user can use (they cannot be renamed or deleted). */
  house: z.boolean(),
});
export type Character = z.infer<typeof characterSchema>;
export const charactersSchema = z.array(characterSchema);

/**
 * POST /api/avatar/characters (multipart: `photo` a picture of a person, `name`) → 201 {@link Character}:
 * the engine turns the photo into a clean studio preview. 409 `{ error }` past MAX_OWN_CHARACTERS.
 */
export const createCharacterFieldsSchema = z.object({ name: characterNameSchema });

/** PATCH /api/avatar/characters/:id `{ name }` → 200 {@link Character}. DELETE → 204. Own characters only (404 otherwise). */
export const renameCharacterSchema = z.object({ name: characterNameSchema });

/** POST /api/avatar/preview `{ characterId }` → 200 {@link PreviewResult}; free, limited per user per day (429). */
export const previewRequestSchema = z.object({ characterId: z.string().min(1).max(100) });
export type PreviewRequest = z.infer<typeof previewRequestSchema>;

export const poseImageSchema = z.object({
  imageUrl: z.string(),
  /** 0-based; shown as pose N+1. */
  poseIndex: z.number().int().min(0).max(PHOTOSHOOT_POSE_COUNT - 1),
});
export type PoseImage = z.infer<typeof poseImageSchema>;

export const previewResultSchema = z.object({ previewImages: z.array(poseImageSchema) });
export type PreviewResult = z.infer<typeof previewResultSchema>;

/**
 * POST /api/avatar/generate (multipart: `characterId`, `clothingImage`) → 202 {@link GenerateStarted}.
 * 403 `{ error, requiresPaidPlan: true }` on the free plan; 402 `{ error, limitReached: true, used, limit }`
 * with no photoshoot left; 404 for an unknown character; 400 without clothing.
 */
export const generateFieldsSchema = z.object({ characterId: z.string().min(1).max(100) });
export const generateStartedSchema = z.object({ jobId: z.string() });
export type GenerateStarted = z.infer<typeof generateStartedSchema>;

export const avatarJobStatusSchema = z.enum(['processing', 'completed', 'failed']);
export type AvatarJobStatus = z.infer<typeof avatarJobStatusSchema>;

/** GET /api/avatar/job/:jobId → the job (its owner only; 404 for anyone else). */
export const avatarJobSchema = z.object({
  status: avatarJobStatusSchema,
  completedPoses: z.number().int().nonnegative(),
  totalPoses: z.number().int().positive(),
  /** The finished poses so far, by pose index. */
  generations: z.array(poseImageSchema),
  errorMessage: z.string().nullable(),
});
export type AvatarJob = z.infer<typeof avatarJobSchema>;

/** The 403 of a free user's generate. */
export const PAID_PLAN_REQUIRED_MESSAGE = 'Avatar generation is only available for paid users.';
