// The Photoshoot flow's constants, in SPEC.md's words and numbers (sections 2, 3, 4, 5, 7, 8 and 9).
import { imageTooSmallMessage, PHOTOSHOOT_MIN_IMAGE_SIDE } from '@atelier/contracts';

export const WIZARD_STEPS = [
  { id: 'template', label: 'Select presets' },
  { id: 'character', label: 'Select or create character' },
  { id: 'preview', label: 'Generate photos' },
  { id: 'clothing', label: 'Upload clothing' },
  { id: 'photoset', label: 'Get your photoset' },
] as const;
export const TOTAL_STEPS = WIZARD_STEPS.length; // 5
export const STEP = { template: 1, character: 2, preview: 3, clothing: 4, photoset: 5 } as const;

export const TEMPLATE_NAME = 'PLAIN';
export const TEMPLATE_POSES = 10;
/** The template carousel starts at the 9th pose (0-based index 8). */
export const TEMPLATE_START_POSE = 8;
export const SOON_TEMPLATES = 4;

export const PREVIEW_IMAGES = 4;
/** Exactly this many final photos enable Download All and Continue in Image. */
export const FINAL_PHOTOS = 10;
/** The final flow's total before the job reports its own. */
export const INITIAL_FINAL_TOTAL = 10;
export const JOB_POLL_MS = 2000;
/** The step slide (none with prefers-reduced-motion; see styles.css). */
export const SLIDE_TRANSITION_MS = 300;
/** A horizontal swipe at least this long turns the viewer's page. */
export const SWIPE_THRESHOLD_PX = 50;

/** Local storage key of the path to return to when the flow closes. */
export const RETURN_PATH_STORAGE_KEY = 'photoshootsReturnPath';
/** Where a close goes when no return path is stored (the overlay has to leave /app/photoshoots). */
export const DEFAULT_RETURN_PATH = '/app';
/** Continue in Image closes the flow and goes here. */
export const IMAGE_ROUTE = '/app/image';
/** The create screen's list of generations, refreshed when a photoshoot completes. */
export const GENERATIONS_KEY = '/api/generations';

export const CLOTHING_ACCEPT = 'image/*';
export const CLOTHING_HINT = 'PNG, JPG up to 10MB';
export const CHANGE_IMAGE = 'Tap to change image';
export const FINAL_PROGRESS_LABEL = 'Generating final photos...';
/** The progress's label once the set is made (SPEC.md §5 names only the running one). */
export const FINAL_DONE_LABEL = 'Your photo set is ready';

export const PREVIEW_MESSAGES = {
  starting: 'Starting preview generation...',
  complete: 'Preview complete!',
  error: 'Error occurred',
} as const;

export const FINAL_MESSAGES = {
  starting: 'Starting generation...',
  pose: (current: number, total: number) => `Generating pose ${current}/${total}...`,
  complete: 'Generation complete!',
} as const;

/** Toasts: title and text (SPEC §5 and §8). */
export const MESSAGES = {
  characterRequired: { title: 'Character Required', description: 'Please select a character' },
  clothingRequired: { title: 'Clothing Required', description: 'Please upload clothing image' },
  previewFailed: { title: 'Preview Generation Failed', fallback: 'Failed to generate preview' },
  paidPlanRequired: { title: 'Paid Plan Required', description: 'Avatar generation is only available for paid users.' },
  generationFailed: { title: 'Generation Failed', startFallback: 'Failed to start generation', jobFallback: 'Generation failed' },
  jobStatusFailed: 'Failed to fetch job status',
  generationInProgress: {
    title: 'Generation in Progress',
    description: 'Please wait for the generation to complete before closing.',
  },
  downloadComplete: { title: 'Download Complete', description: 'All photos downloaded successfully' },
  // Not in SPEC (decisions of this remote):
  downloadFailed: { title: 'Download Failed', description: 'None of the photos could be downloaded. Please try again.' },
  startUnconfirmed: {
    title: 'Start Not Confirmed',
    description: 'The studio did not answer in time. Your photoshoot may have started: it will be in your creations if it did.',
  },
  unreadableImage: { title: 'Image Could Not Be Read', description: 'This file could not be opened as an image. Please choose another photo.' },
  imageTooSmall: { title: 'Image Too Small', description: `${imageTooSmallMessage(PHOTOSHOOT_MIN_IMAGE_SIDE)}. Please choose a larger photo.` },
  characterCreateFailed: { title: 'Character Not Created', fallback: 'Failed to create character' },
  characterRenameFailed: { title: 'Character Not Renamed', fallback: 'Failed to rename character' },
  characterDeleteFailed: { title: 'Character Not Deleted', fallback: 'Failed to delete character' },
} as const;

/** Files inside the zip: pose_N.jpg, N from 1 (SPEC §7). */
export const zipEntryName = (poseIndex: number) => `pose_${poseIndex + 1}.jpg`;
/** The overlay variant's zip name (SPEC §7): photoshoot_{timestamp}.zip. */
export const zipFileName = (timestamp: number) => `photoshoot_${timestamp}.zip`;
