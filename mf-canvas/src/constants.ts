// The canvas editor's own constants. SPEC.md's canvas texts and numbers (models, cameras, shot types, chips,
// the processing rule, the polling, the messages) are @atelier/contracts' (canvas.ts, credits.ts), imported
// where they are used; what is here the spec does not give (docs/decisions.md, "mf-canvas").

/** How many of the user's recent edits the strip shows (GET /api/canvas/edits?limit=). */
export const RECENT_EDITS_LIMIT = 12;

/** An upscale (the create service's generation) is polled every 2 s, like mf-create's running generations, for up to 5 minutes. */
export const UPSCALE_POLL_INTERVAL_MS = 2_000;
export const UPSCALE_TIMEOUT_MS = 300_000;

/** SPEC.md §3's local storage key: the image "Create video" hands to /app/video (mf-create reads it). */
export const PENDING_VIDEO_IMAGE_KEY = 'pendingVideoImage';

export const TEXTS = {
  eyebrow: 'Atelier studio',
  heading: 'Canvas Editing',
  intro: 'Bring a photo, say what should change, and let the model retouch it.',
  uploadTitle: 'Upload a photo',
  uploadHint: 'Click, drop an image here, or paste one',
  preparing: 'Preparing image…',
  notAnImageTitle: 'Not an image',
  notAnImage: 'Please choose a photo: PNG, JPG or WebP.',
  startUnconfirmedTitle: 'Start not confirmed',
  startUnconfirmed: 'The studio did not answer in time. Your edit may have started: it will be in Recent edits if it did.',
  unreadableTitle: 'Image could not be read',
  unreadable: 'This file could not be opened as an image. Please try another photo.',
  imageLoadFailed: 'This image could not be loaded.',
  uploadFailedTitle: 'Upload Failed',
  uploadTooLarge: 'That image is larger than 10 MB. Please choose a smaller one.',
  editing: 'Editing photo',
  upscaling: 'Upscaling',
  uploading: 'Uploading photo',
  upscaledTitle: 'Image upscaled',
  upscaledDescription: 'The 2× image is now on the canvas.',
  upscaleFailedTitle: 'Upscale failed',
  upscaleFailedFallback: 'Upscaling failed. Please try again.',
  upscaleTimeout: 'Upscale timeout',
  deleteTitle: 'Delete this edit?',
  deleteText: 'The edited photo leaves the canvas and your recent edits. This cannot be undone.',
  deletedTitle: 'Edit deleted',
  deleteFailedTitle: 'Could not delete the edit',
  recentEdits: 'Recent edits',
  recentEditsEmpty: 'Your edited photos will appear here.',
  recentEditsFailed: 'Your edits could not be loaded.',
} as const;
