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
