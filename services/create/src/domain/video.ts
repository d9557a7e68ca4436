/**
 * A video's start image may be at most this many times longer than it is wide (or the reverse): every video model
 * makes a 16:9, 9:16 or 1:1 frame (the local engine keeps the picture's shape), so a strip of 16000×16 pixels would
 * give a video 2 pixels tall for 20 credits.
 */
export const MAX_VIDEO_IMAGE_ASPECT = 4;

/** Why an image of this size cannot start a video, or null when it can. */
export function videoImageProblem(width: number, height: number): string | null {
  const long = Math.max(width, height);
  const short = Math.min(width, height);
  if (long <= short * MAX_VIDEO_IMAGE_ASPECT) return null;
  return `imageUrl: this image (${width}×${height}) is too long and thin for a video: its long side can be at most ${MAX_VIDEO_IMAGE_ASPECT} times its short side. Crop it and try again.`;
}

/** Dress Up's person and garment are at least this many pixels a side: a smaller one cannot be found or cut out. */
export const DRESS_UP_MIN_SIDE = 64;

/**
 * Why an image of this size cannot go into a Dress Up (as `field`), or null when it can: the same long-and-thin rule
 * as a video's (a 16×10000 garment was taken, charged, then failed in the engine three times).
 */
export function dressUpImageProblem(field: 'personImageUrl' | 'garmentImageUrl', width: number, height: number): string | null {
  // Said in the screen's words (the toast shows it), not the field's.
  const photo = field === 'personImageUrl' ? 'The photo of the person' : 'The garment photo';
  if (Math.min(width, height) < DRESS_UP_MIN_SIDE) return `${photo} (${width}×${height}) is too small: each side must be at least ${DRESS_UP_MIN_SIDE} pixels.`;
  if (Math.max(width, height) > Math.min(width, height) * MAX_VIDEO_IMAGE_ASPECT) {
    return `${photo} (${width}×${height}) is too long and thin: its long side can be at most ${MAX_VIDEO_IMAGE_ASPECT} times its short side. Crop it and try again.`;
  }
  return null;
}
