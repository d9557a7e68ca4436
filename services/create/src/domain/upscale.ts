import { UPSCALE_MAX_SIDE } from '@atelier/contracts';

export interface UpscaleTarget {
  width: number;
  height: number;
  /** 2, or less when doubling would pass the cap. */
  factor: number;
}

/**
 * The size an upscale makes of a `width`×`height` image: each side doubled, or less so the long side is
 * `maxSide`. Null when the long side is already at (or past) the cap: there is nothing to gain.
 */
export function upscaleTarget(width: number, height: number, maxSide = UPSCALE_MAX_SIDE): UpscaleTarget | null {
  const longSide = Math.max(width, height);
  if (longSide >= maxSide) return null;
  const factor = Math.min(2, maxSide / longSide);
  return { width: Math.round(width * factor), height: Math.round(height * factor), factor };
}

/** The gallery's line for an upscale (its prompt): the exact size when doubled, the cap otherwise. */
export function upscalePrompt(target: UpscaleTarget, maxSide = UPSCALE_MAX_SIDE): string {
  return target.factor === 2 ? `Upscale 2× · ${target.width}×${target.height}` : `Upscale to ${maxSide} px`;
}

/** Why a source at the cap is refused (400, before any credit is reserved). */
export function atCapMessage(width: number, height: number, maxSide = UPSCALE_MAX_SIDE): string {
  return `This image is already ${width}×${height}: upscaling makes images up to ${maxSide} px on the long side.`;
}
