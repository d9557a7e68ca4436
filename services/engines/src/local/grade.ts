import { blurred, distanceTable, smoothstep, type Picture } from './picture.js';

export type Triple = [number, number, number];

/**
 * A global colour grade, as a photo editor's sliders. Every field is optional and neutral when absent.
 * Tints are added in 0..1 units, weighted towards the shadows or the highlights.
 */
export interface Grade {
  /** White balance as channel gains. */
  gains?: Triple;
  /** Brightness as a gain. */
  exposure?: number;
  /** An S-curve around mid-grey, -0.5..0.5. */
  contrast?: number;
  /** Lifts the blacks (a faded or film look), 0..0.2. */
  fade?: number;
  /** Above 0 brightens the highlights; below 0 rolls them off smoothly (no hard clip). */
  highlights?: number;
  saturation?: number;
  shadowTint?: Triple;
  highlightTint?: Triple;
}

const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);

/** One channel's tone curve as a table: gains, exposure, S-curve, highlights, fade. */
function toneTable(grade: Grade, channel: 0 | 1 | 2): Float32Array {
  const table = new Float32Array(256);
  const gain = (grade.gains?.[channel] ?? 1) * (grade.exposure ?? 1);
  const contrast = grade.contrast ?? 0;
  const highlights = grade.highlights ?? 0;
  const fade = grade.fade ?? 0;
  for (let i = 0; i < 256; i++) {
    let v = (i / 255) * gain;
    // A soft shoulder instead of a hard clip when a gain pushes past white.
    if (v > 0.85) v = 0.85 + 0.15 * Math.tanh((v - 0.85) / 0.15);
    v = clamp01(v);
    v -= (contrast * Math.sin(2 * Math.PI * v)) / (2 * Math.PI);
    v += highlights * v * v * (1 - v) * 2;
    v = fade + clamp01(v) * (1 - fade);
    table[i] = v;
  }
  return table;
}

/** Applies a grade in place; `amount` (0..1) blends it with the original. */
export function applyGrade(picture: Picture, grade: Grade, amount = 1): void {
  const tables = [toneTable(grade, 0), toneTable(grade, 1), toneTable(grade, 2)] as const;
  const saturation = grade.saturation ?? 1;
  const [sr, sg, sb] = grade.shadowTint ?? [0, 0, 0];
  const [hr, hg, hb] = grade.highlightTint ?? [0, 0, 0];
  const { data } = picture;
  for (let p = 0; p < data.length; p += 3) {
    const r0 = data[p]!;
    const g0 = data[p + 1]!;
    const b0 = data[p + 2]!;
    let r = tables[0][r0]!;
    let g = tables[1][g0]!;
    let b = tables[2][b0]!;
    const y = 0.299 * r + 0.587 * g + 0.114 * b;
    r = y + (r - y) * saturation;
    g = y + (g - y) * saturation;
    b = y + (b - y) * saturation;
    const shadow = (1 - y) * (1 - y);
    const light = y * y;
    r += sr * shadow + hr * light;
    g += sg * shadow + hg * light;
    b += sb * shadow + hb * light;
    data[p] = r0 + (r * 255 - r0) * amount;
    data[p + 1] = g0 + (g * 255 - g0) * amount;
    data[p + 2] = b0 + (b * 255 - b0) * amount;
  }
}

/**
 * Darkens towards the corners around (cx, cy) in fractions of the frame; `strength` is the corners' loss
 * (0.3 = 30% darker).
 */
export function applyVignette(picture: Picture, strength: number, cx = 0.5, cy = 0.5): void {
  const { width, height, data } = picture;
  const rx = width / 2;
  const ry = height / 2;
  const { table, scale, last } = distanceTable((d) => 1 - strength * smoothstep(0.45, 1.45, d), 8);
  for (let y = 0; y < height; y++) {
    const dy = (y + 0.5 - cy * height) / ry;
    const dy2 = dy * dy;
    for (let x = 0, p = y * width * 3; x < width; x++, p += 3) {
      const dx = (x + 0.5 - cx * width) / rx;
      const fall = table[Math.min(last, ((dx * dx + dy2) * scale) | 0)]!;
      data[p] = data[p]! * fall;
      data[p + 1] = data[p + 1]! * fall;
      data[p + 2] = data[p + 2]! * fall;
    }
  }
}

/**
 * Seeded film grain: monochrome, strongest in the mid-tones, softened by averaging each sample with its
 * left and upper neighbours (pixel-sized noise looks digital). `strength` is its spread in 8-bit levels.
 */
export function applyGrain(picture: Picture, seed: number, strength: number): void {
  const { width, data } = picture;
  const above = new Float32Array(width);
  // xorshift32 inline: one number a pixel, fast and deterministic.
  let state = (seed ^ 0x5bd1e995) >>> 0 || 1;
  const midtones = new Float32Array(256).map((_, l) => strength * 4.5 * (0.35 + 2.6 * (l / 255) * (1 - l / 255)));
  let left = 0;
  for (let i = 0, p = 0; p < data.length; i++, p += 3) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    const fresh = (state >>> 0) / 4_294_967_296 - 0.5;
    const x = i % width;
    const grain = (fresh + (x > 0 ? left : fresh) + above[x]!) / 3;
    left = fresh;
    above[x] = fresh;
    const n = grain * midtones[(0.299 * data[p]! + 0.587 * data[p + 1]! + 0.114 * data[p + 2]!) | 0]!;
    data[p] = data[p]! + n;
    data[p + 1] = data[p + 1]! + n;
    data[p + 2] = data[p + 2]! + n;
  }
}

/** Local contrast: an unsharp mask of radius `sigma` px, in place. */
export async function applyClarity(picture: Picture, amount: number, sigma: number): Promise<void> {
  const soft = await blurred(picture, sigma);
  const { data } = picture;
  for (let p = 0; p < data.length; p++) data[p] = data[p]! + (data[p]! - soft[p]!) * amount;
}

/** Blends `other` over the picture in place where `weight` (one byte a pixel, 0..255) says, times `amount`. */
export function blendWhere(picture: Picture, other: Uint8ClampedArray, weight: Uint8ClampedArray | null, amount: number): void {
  const { data } = picture;
  for (let i = 0, p = 0; p < data.length; i++, p += 3) {
    const a = (weight ? weight[i]! / 255 : 1) * amount;
    if (a <= 0) continue;
    data[p] = data[p]! + (other[p]! - data[p]!) * a;
    data[p + 1] = data[p + 1]! + (other[p + 1]! - data[p + 1]!) * a;
    data[p + 2] = data[p + 2]! + (other[p + 2]! - data[p + 2]!) * a;
  }
}
