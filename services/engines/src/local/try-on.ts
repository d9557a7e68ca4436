import sharp from 'sharp';
import type { EngineResult, TryOnInput } from '../types.js';
import { checkImage } from '../validate.js';
import { cutOutGarment, garmentLayers } from './cutout.js';
import { localBadge, localBadgeBox, localMarkXmp } from './render.js';

/**
 * Where a torso usually sits in a person photo, as fractions of the frame. Portrait photos show
 * the whole figure more often than landscape ones, so the box is higher and narrower there. No ML.
 */
export function estimateTorso(width: number, height: number) {
  const portrait = height >= width;
  const box = portrait ? { x: 0.29, y: 0.235, w: 0.42, h: 0.36 } : { x: 0.36, y: 0.24, w: 0.28, h: 0.5 };
  return { left: width * box.x, top: height * box.y, width: width * box.w, height: height * box.h };
}

export async function localTryOn(input: TryOnInput): Promise<EngineResult> {
  await checkImage(input.person, 'person');
  await checkImage(input.garment, 'garment');
  // Work on the upright person image (EXIF orientation applied), keeping its size.
  const base = await sharp(input.person).rotate().removeAlpha().png().toBuffer({ resolveWithObject: true });
  const { width, height } = base.info;
  const garment = await cutOutGarment(input.garment);
  const torso = estimateTorso(width, height);
  const layers = await garmentLayers(garment, torso, { width, height });
  const data = await sharp(base.data)
    .composite([...layers, { input: localBadge(width, height, 'try-on'), left: 0, top: 0 }])
    .withXmp(localMarkXmp(localBadgeBox(width, height, 'try-on')))
    .png()
    .toBuffer();
  return { data, contentType: 'image/png', width, height, engine: 'local', model: 'local/cutout-composite' };
}
