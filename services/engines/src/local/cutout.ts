import sharp, { type OverlayOptions } from 'sharp';
import { reachableFromBorder } from './flood.js';
import { smoothstep } from './picture.js';

/**
 * Cuts a garment out of a product photo on a near-uniform background: the background colour is the
 * median of the border pixels, alpha grows with colour distance from it, and the edge is feathered.
 * Returns a trimmed RGBA PNG, or the whole photo when nothing stands out from the background.
 */
export async function cutOutGarment(photo: Buffer, maxSide = 1024): Promise<{ png: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(photo)
    .rotate()
    .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const alpha = standingOut(data, borderColour(data, width, height).colour);
  let kept = 0;
  for (const a of alpha) if (a > 128) kept++;
  if (kept < alpha.length * 0.02) {
    // Nothing distinct from the border: use the photo as a card rather than an empty cut-out.
    alpha.fill(255);
  } else {
    keepEnclosed(alpha, width, height);
  }
  const feathered = await sharp(alpha, { raw: { width, height, channels: 1 } }).blur(Math.max(0.6, width / 700)).toColourspace('b-w').raw().toBuffer();
  const rgba = await sharp(data, { raw: { width, height, channels: 3 } })
    .joinChannel(feathered, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
  const trimmed = await sharp(rgba).trim({ background: { r: 0, g: 0, b: 0, alpha: 0 }, threshold: 10 }).png().toBuffer({ resolveWithObject: true }).catch(() => null);
  if (trimmed && trimmed.info.width > 4 && trimmed.info.height > 4) {
    return { png: trimmed.data, width: trimmed.info.width, height: trimmed.info.height };
  }
  return { png: rgba, width, height };
}

/**
 * How much each pixel of an RGB picture stands out from a background colour (0–255): distances below 22 are the
 * background, above 60 the thing in front of it, a soft ramp between.
 */
export function standingOut(data: Uint8Array | Uint8ClampedArray, background: [number, number, number]): Uint8ClampedArray {
  const alpha = new Uint8ClampedArray(data.length / 3);
  for (let i = 0, p = 0; i < alpha.length; i++, p += 3) {
    const distance = Math.hypot(data[p]! - background[0], data[p + 1]! - background[1], data[p + 2]! - background[2]);
    alpha[i] = Math.round(255 * smoothstep(22, 60, distance));
  }
  return alpha;
}

/**
 * Background is only what is reachable from the photo's border: light dots or white stripes inside a
 * garment (as light as the backdrop) stay part of it; an open neckline, which reaches the border, does not.
 */
export function keepEnclosed(alpha: Uint8Array | Uint8ClampedArray, width: number, height: number): void {
  const outside = reachableFromBorder(width, height, (i) => alpha[i]! < 128);
  for (let i = 0; i < alpha.length; i++) if (!outside[i] && alpha[i]! < 128) alpha[i] = 255;
}

/** The median colour of a picture's border (RGB) and how far its pixels stray from it on average (RGB distance). */
export function borderColour(data: Uint8Array | Uint8ClampedArray, width: number, height: number): { colour: [number, number, number]; spread: number } {
  const samples: [number, number, number][] = [];
  const step = Math.max(1, Math.floor((width + height) / 400));
  const at = (x: number, y: number) => {
    const p = (y * width + x) * 3;
    samples.push([data[p]!, data[p + 1]!, data[p + 2]!]);
  };
  for (let x = 0; x < width; x += step) {
    at(x, 0);
    at(x, height - 1);
  }
  for (let y = 0; y < height; y += step) {
    at(0, y);
    at(width - 1, y);
  }
  const colour = [0, 1, 2].map((c) => samples.map((s) => s[c]!).sort((a, b) => a - b)[samples.length >> 1]!) as [number, number, number];
  const spread = samples.reduce((sum, s) => sum + Math.hypot(s[0] - colour[0], s[1] - colour[1], s[2] - colour[2]), 0) / samples.length;
  return { colour, spread };
}

/**
 * Fits a cut-out garment into a box: scaled to the box width, a slight perspective-like taper
 * (sharp's affine shear), and a soft shadow underneath. Returns composite layers for sharp.
 */
export async function garmentLayers(
  garment: { png: Buffer; width: number; height: number },
  box: { left: number; top: number; width: number; height: number },
  canvas: { width: number; height: number },
  shear = 0.04,
): Promise<OverlayOptions[]> {
  const targetWidth = Math.max(8, Math.round(box.width));
  const targetHeight = Math.max(8, Math.round(Math.min(box.height * 1.25, (garment.height / garment.width) * targetWidth)));
  const fitted = await sharp(garment.png)
    .resize(targetWidth, targetHeight, { fit: 'fill' })
    .affine([[1, shear], [0, 1]], { background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer({ resolveWithObject: true });
  const left = Math.round(box.left + box.width / 2 - fitted.info.width / 2);
  const top = Math.round(box.top);
  const layer = await clipToCanvas(fitted.data, fitted.info.width, fitted.info.height, left, top, canvas);
  if (!layer) return [];
  const shadow = await sharp(layer.input)
    .ensureAlpha()
    .extractChannel(3)
    .blur(Math.max(1, targetWidth / 40))
    .linear(0.35, 0)
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  const shadowRgba = await sharp({ create: { width: layer.width, height: layer.height, channels: 3, background: '#000000' } })
    .joinChannel(shadow, { raw: { width: layer.width, height: layer.height, channels: 1 } })
    .png()
    .toBuffer();
  const offset = Math.max(1, Math.round(targetWidth / 60));
  return [
    { input: shadowRgba, left: Math.min(canvas.width - 1, layer.left + offset), top: Math.min(canvas.height - 1, layer.top + offset) },
    { input: layer.input, left: layer.left, top: layer.top },
  ];
}

/** sharp refuses overlays larger than the base or outside it, so crop the part that falls inside. */
async function clipToCanvas(png: Buffer, width: number, height: number, left: number, top: number, canvas: { width: number; height: number }) {
  const x0 = Math.max(0, left);
  const y0 = Math.max(0, top);
  const x1 = Math.min(canvas.width, left + width);
  const y1 = Math.min(canvas.height, top + height);
  if (x1 - x0 < 2 || y1 - y0 < 2) return null;
  const input = await sharp(png).extract({ left: x0 - left, top: y0 - top, width: x1 - x0, height: y1 - y0 }).png().toBuffer();
  return { input, left: x0, top: y0, width: x1 - x0, height: y1 - y0 };
}
