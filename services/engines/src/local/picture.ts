import sharp, { type Sharp } from 'sharp';

/**
 * An RGB image in memory for per-pixel work: 8 bits a channel, rows top to bottom. Writes to a
 * Uint8ClampedArray round and clamp, so a pass can write its float result as it is.
 */
export interface Picture {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

export function pictureOf(width: number, height: number, data: Buffer | Uint8ClampedArray): Picture {
  return { width, height, data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length) };
}

export async function decodePicture(image: Sharp): Promise<Picture> {
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`expected 3 channels, got ${info.channels}`);
  return pictureOf(info.width, info.height, data);
}

export const sharpOf = (picture: Picture): Sharp => sharp(picture.data, { raw: { width: picture.width, height: picture.height, channels: 3 } });

/** A Gaussian blur of the picture's pixels (libvips: faster than shrinking, blurring and enlarging here). */
export async function blurred(picture: Picture, sigma: number): Promise<Uint8ClampedArray> {
  if (sigma < 0.3) return picture.data.slice();
  return pictureOf(picture.width, picture.height, await sharpOf(picture).blur(sigma).raw().toBuffer()).data;
}

/** A Gaussian blur of a one-channel mask of the picture's size. */
export async function blurredMask(mask: Uint8ClampedArray, width: number, height: number, sigma: number): Promise<Uint8ClampedArray> {
  if (sigma < 0.3) return mask;
  // sharp writes a one-band image out as sRGB: take one band back.
  const out = await sharp(mask, { raw: { width, height, channels: 1 } }).blur(sigma).extractChannel(0).raw().toBuffer();
  return new Uint8ClampedArray(out.buffer, out.byteOffset, out.length);
}

/** A small copy (long side `side`) for measuring, not for output. */
export async function sampleOf(picture: Picture, side: number): Promise<Picture> {
  const scale = side / Math.max(picture.width, picture.height);
  if (scale >= 1) return picture;
  const width = Math.max(1, Math.round(picture.width * scale));
  const height = Math.max(1, Math.round(picture.height * scale));
  return decodePicture(sharpOf(picture).resize(width, height, { fit: 'fill' }));
}

/** Rec. 601 luma, 0..255. */
export const lumaOf = (r: number, g: number, b: number) => 0.299 * r + 0.587 * g + 0.114 * b;

/** RGB to YCbCr (BT.601, full range, 0..255 with chroma centred on 128), and back (clamped to bytes). */
export const toYcc = (r: number, g: number, b: number): [number, number, number] => [
  lumaOf(r, g, b),
  128 - 0.168736 * r - 0.331264 * g + 0.5 * b,
  128 + 0.5 * r - 0.418688 * g - 0.081312 * b,
];
const clampByte = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);
export const fromYcc = (y: number, cb: number, cr: number): [number, number, number] => [
  clampByte(y + 1.402 * (cr - 128)),
  clampByte(y - 0.344136 * (cb - 128) - 0.714136 * (cr - 128)),
  clampByte(y + 1.772 * (cb - 128)),
];

const ramp = (value: number, from: number, to: number) => Math.min(1, Math.max(0, (value - from) / (to - from)));

/** The chroma part of skinLikeness, tabulated by rounded Cb and Cr (built on first use). */
let skinChromaTable: Float32Array | null = null;

function skinChroma(cb: number, cr: number): number {
  const chroma = Math.abs(cr - 128) + Math.abs(cb - 128);
  return (
    ramp(cr, 131, 138) *
    (1 - ramp(cr, 170, 178)) *
    ramp(cb, 74, 82) *
    (1 - ramp(cb, 122, 130)) *
    ramp(chroma, 12, 20) *
    ramp(cr - cb, 12, 22) *
    // Blonde hair, sand and wood are yellower than skin: their Cb sits further below 128 than their Cr above it.
    ramp(cr - 128 - 0.8 * (128 - cb), -2, 4)
  );
}

const skinLuma = (y: number) => ramp(y, 35, 55) * (1 - ramp(y, 245, 254));

/**
 * How much a colour looks like skin, 0..1, from its YCbCr chroma (after Chai and Ngan's Cr 133–173,
 * Cb 77–127 box, with soft edges so the mask has no hard seams). Near-greys, near-black and blown
 * highlights are not skin whatever their hue; skin is redder than it is blue (Cr above Cb) and redder
 * than it is yellow.
 */
export function skinLikeness(r: number, g: number, b: number): number {
  const cb = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
  const cr = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
  return skinLuma(lumaOf(r, g, b)) * skinChroma(cb, cr);
}

/** The picture's skin mask, 0..255 per pixel (not feathered): skinLikeness through tables. */
export function skinMask(picture: Picture): Uint8ClampedArray {
  if (!skinChromaTable) {
    skinChromaTable = new Float32Array(256 * 256);
    for (let cb = 0; cb < 256; cb++) for (let cr = 0; cr < 256; cr++) skinChromaTable[cb * 256 + cr] = skinChroma(cb, cr);
  }
  const chromaTable = skinChromaTable;
  const lumaTable = new Float32Array(256).map((_, y) => 255 * skinLuma(y));
  const { data } = picture;
  const mask = new Uint8ClampedArray(picture.width * picture.height);
  for (let i = 0, p = 0; i < mask.length; i++, p += 3) {
    const r = data[p]!;
    const g = data[p + 1]!;
    const b = data[p + 2]!;
    const y = (0.299 * r + 0.587 * g + 0.114 * b + 0.5) | 0;
    const cb = Math.min(255, (128.5 - 0.168736 * r - 0.331264 * g + 0.5 * b) | 0);
    const cr = Math.min(255, (128.5 + 0.5 * r - 0.418688 * g - 0.081312 * b) | 0);
    mask[i] = lumaTable[y]! * chromaTable[cb * 256 + cr]!;
  }
  return mask;
}

/**
 * `f(d)` for a distance d, tabulated over d² from 0 to `maxSquared` so per-pixel loops need no square
 * root: look up `table[Math.min(last, d² * scale | 0)]`.
 */
export function distanceTable(f: (distance: number) => number, maxSquared: number, size = 4096) {
  const table = new Float32Array(size);
  const scale = (size - 1) / maxSquared;
  for (let i = 0; i < size; i++) table[i] = f(Math.sqrt(i / scale));
  return { table, scale, last: size - 1 };
}

export const smoothstep = (edge0: number, edge1: number, x: number) => {
  const t = Math.min(1, Math.max(0, (x - edge0) / (edge1 - edge0)));
  return t * t * (3 - 2 * t);
};
