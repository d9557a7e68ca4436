import sharp from 'sharp';
import type { EngineResult, UpscaleInput } from '../types.js';
import { EngineInputError } from '../errors.js';
import { checkImage } from '../validate.js';

/** Larger outputs are refused rather than produced slowly. */
export const MAX_UPSCALE_OUTPUT_PIXELS = 40_000_000;

export async function localUpscale(input: UpscaleInput): Promise<EngineResult> {
  await checkImage(input.image, 'image');
  const upright = await sharp(input.image).rotate().toBuffer({ resolveWithObject: true });
  const width = upright.info.width * 2;
  const height = upright.info.height * 2;
  if (width * height > MAX_UPSCALE_OUTPUT_PIXELS) throw new EngineInputError(`image is too large to upscale (${upright.info.width}×${upright.info.height})`);
  const data = await sharp(upright.data)
    .resize(width, height, { kernel: 'lanczos3' })
    .sharpen({ sigma: 0.8, m1: 0.6, m2: 2 })
    .png()
    .toBuffer();
  return { data, contentType: 'image/png', width, height, engine: 'local', model: 'local/lanczos3-sharpen' };
}
