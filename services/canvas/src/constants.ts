import { MAX_CANVAS_IMAGE_BYTES } from '@atelier/contracts';
import { MIN_UPLOAD_SIDE } from '@atelier/kit';

export const SERVICE_NAME = 'canvas';

export const EDIT_PATH = '/api/canvas/edit';

/** Media key prefixes: the processed inputs, the results, and the gallery's own copies. */
export const MEDIA_PREFIX = { inputs: 'canvas/inputs', outputs: 'canvas/edits', gallery: 'canvas/gallery' } as const;

/** The texts the service answers with (SPEC.md §8 has the client's; these are the server's). */
export const EDIT_ERRORS = {
  notFound: 'Edit not found',
  stillRunning: 'This edit is still running. Delete it once it has finished.',
  tooMany: 'Too many edits at once. Please wait a minute and try again.',
  accountDown: 'Credits could not be checked right now. Please try again.',
  bodyTooLarge: `Request body too large: at most ${MAX_CANVAS_IMAGE_BYTES / (1024 * 1024)} MB per image and 5 images`,
  notDataOrMedia: 'must be a PNG, JPEG or WebP data URL (data:image/…;base64,…) or one of our own /media/ URLs',
  badBase64: 'is not valid base64',
  tooLarge: `is too large (at most ${MAX_CANVAS_IMAGE_BYTES / (1024 * 1024)} MB)`,
  notAnImage: 'does not hold a PNG, JPEG or WebP image',
  mediaMissing: 'could not be found: upload the image again',
  /** Create (which knows the user's uploads and gallery) could not be asked whether an input is theirs. */
  galleryDown: 'Your image could not be checked right now. Please try again.',
  tooThin: (width: number, height: number) =>
    `is too long and thin: fitted to 2048 px it would be ${width}×${height}, and each side must be at least ${MIN_UPLOAD_SIDE} pixels`,
  /** A stored input that can no longer be read when the job runs (deleted meanwhile). */
  inputGone: 'An input image could not be read. Please upload it again.',
  notAnImageResult: 'The engine did not return an image.',
} as const;

/** What a user sees when an edit failed for good and no clearer reason is known (SPEC §8's text, and the refund). */
export const GENERIC_FAILURE = 'Photo editing failed. Please try again. Your credit was refunded.';
