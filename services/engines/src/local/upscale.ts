import sharp from 'sharp';
import type { EngineResult, UpscaleInput } from '../types.js';
import { checkImage, upscaleSize } from '../validate.js';
import { localBadgeBox, localBadgeLayer, localMarkOf, localMarkXmp } from './render.js';

/** Upscales come out as JPEG at this quality: a 2048×3072 PNG of a photo is 10–15 MB and slow to write. */
export const UPSCALE_JPEG_QUALITY = 92;

/**
 * Twice the size (less when the long side would pass `maxSide`, default 4096), Lanczos3 and a light
 * sharpen. Labelled as the local engine's: an image that already shows the local mark keeps it (scaled
 * with the picture, same place in fractions), any other gets the badge.
 */
export async function localUpscale(input: UpscaleInput): Promise<EngineResult> {
  await checkImage(input.image, 'image');
  const upright = (await sharp(input.image).metadata()).autoOrient;
  const { width, height } = upscaleSize(upright.width, upright.height, input.maxSide);
  const mark = await localMarkOf(input.image);
  const data = await sharp(input.image)
    .rotate()
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .resize(width, height, { kernel: 'lanczos3', fit: 'fill' })
    .sharpen({ sigma: 0.8, m1: 0.6, m2: 2 })
    .composite(mark ? [] : [localBadgeLayer(width, height)])
    .withXmp(localMarkXmp(mark ?? localBadgeBox(width, height)))
    .jpeg({ quality: UPSCALE_JPEG_QUALITY })
    .toBuffer();
  return { data, contentType: 'image/jpeg', width, height, engine: 'local', model: 'local/lanczos3-sharpen' };
}
