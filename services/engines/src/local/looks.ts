import { applyGrade, applyVignette, type Grade, type Triple } from './grade.js';
import { blurred, blurredMask, distanceTable, lumaOf, sampleOf, skinMask, smoothstep, type Picture } from './picture.js';
import type { Subject } from './subject.js';

/**
 * The local edit's looks: what the quick chips (SPEC.md §2 canvas: Enhance Skin, Change Time of Day,
 * iPhone Flash) and the other prompt words do to a photo. Each works in place on a Picture.
 */

/** Skin retouch strength where the mask is full. */
const SKIN_SMOOTHING = 0.9;
/** Luma differences (8-bit levels) below about this are texture and get smoothed; larger ones are features. */
const SKIN_TEXTURE_LEVELS = 22;

/**
 * Enhance Skin: smooths skin and only skin. The mask comes from colour (YCbCr); the smooth version
 * averages skin pixels only (a blur of mask × image over a blur of the mask), so hair, eyes and the
 * background never bleed in, and the blurred mask feathers the edit inwards from the skin's edge.
 * Differences larger than texture (lips, eyelids, nostrils) are kept. A slight warm glow lifts the
 * smoothed skin. Only the box around the skin is worked on.
 */
export async function retouchSkin(picture: Picture): Promise<boolean> {
  const { width, height, data } = picture;
  const hard = skinMask(picture);
  let skinPixels = 0;
  let minX = width;
  let maxX = -1;
  let minY = height;
  let maxY = -1;
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i++) {
      if (hard[i] === 0) continue;
      if (hard[i]! > 127) skinPixels++;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  if (skinPixels < hard.length * 0.001) return false;

  const sigma = Math.max(1.5, Math.min(width, height) * 0.006);
  const margin = Math.ceil(sigma * 3);
  const left = Math.max(0, minX - margin);
  const top = Math.max(0, minY - margin);
  const w = Math.min(width, maxX + margin + 1) - left;
  const h = Math.min(height, maxY + margin + 1) - top;
  const premultiplied: Picture = { width: w, height: h, data: new Uint8ClampedArray(w * h * 3) };
  const mask = new Uint8ClampedArray(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0, i = y * w, source = (top + y) * width + left; x < w; x++, i++, source++) {
      const m = hard[source]!;
      mask[i] = m;
      premultiplied.data[i * 3] = (data[source * 3]! * m) / 255;
      premultiplied.data[i * 3 + 1] = (data[source * 3 + 1]! * m) / 255;
      premultiplied.data[i * 3 + 2] = (data[source * 3 + 2]! * m) / 255;
    }
  }
  const [sum, weight] = await Promise.all([blurred(premultiplied, sigma), blurredMask(mask, w, h, sigma)]);
  // How much of a luma difference is texture, by quarter levels.
  const texture = new Float32Array(1024).map((_, q) => SKIN_SMOOTHING * Math.exp(-((q / 4) ** 2) / (2 * SKIN_TEXTURE_LEVELS ** 2)));
  for (let y = 0; y < h; y++) {
    for (let x = 0, i = y * w; x < w; x++, i++) {
      const wt = weight[i]!;
      const m = Math.min(wt, mask[i]! * 2) / 255;
      if (m <= 0.01 || wt < 8) continue;
      const p = ((top + y) * width + left + x) * 3;
      const r = data[p]!;
      const g = data[p + 1]!;
      const b = data[p + 2]!;
      const br = (sum[i * 3]! * 255) / wt;
      const bg = (sum[i * 3 + 1]! * 255) / wt;
      const bb = (sum[i * 3 + 2]! * 255) / wt;
      const dy = lumaOf(r, g, b) - lumaOf(br, bg, bb);
      const a = m * texture[Math.min(1023, (Math.abs(dy) * 4) | 0)]!;
      const sr = r + (br - r) * a;
      const sg = g + (bg - g) * a;
      const sb = b + (bb - b) * a;
      // The glow: a soft lift towards warm white, more in the skin's highlights.
      const lift = m * 0.08 * (0.5 + lumaOf(sr, sg, sb) / 510);
      data[p] = sr + (255 - sr) * lift;
      data[p + 1] = sg + (246 - sg) * lift * 0.9;
      data[p + 2] = sb + (236 - sb) * lift * 0.75;
    }
  }
  return true;
}

export const TIMES_OF_DAY = ['golden hour', 'sunset', 'blue hour', 'night', 'morning', 'noon'] as const;
export type TimeOfDay = (typeof TIMES_OF_DAY)[number];

/** A light in or beyond the frame, screened over the picture: position in fractions, reach in half-diagonals. */
interface Light {
  x: number;
  y: number;
  reach: number;
  colour: Triple;
}

interface TimeLook {
  grade: Grade;
  light: (sunOnLeft: boolean) => Light;
  /** The side away from the light falls off by this much. */
  falloff: number;
  vignette: number;
}

const TIME_LOOKS: Record<TimeOfDay, TimeLook> = {
  // Low warm sun from the brighter side, warm lifted shadows, a long fall-off across the frame.
  'golden hour': {
    grade: { gains: [1.1, 1.0, 0.82], contrast: 0.06, fade: 0.03, saturation: 1.12, shadowTint: [0.05, 0.025, -0.01], highlightTint: [0.03, 0.01, -0.03] },
    light: (left) => ({ x: left ? -0.1 : 1.1, y: 0.12, reach: 0.9, colour: [0.55, 0.34, 0.12] }),
    falloff: 0.2,
    vignette: 0.12,
  },
  sunset: {
    grade: { exposure: 0.94, gains: [1.14, 0.95, 0.8], contrast: 0.1, saturation: 1.2, shadowTint: [0.04, 0, 0.04], highlightTint: [0.04, 0, -0.03] },
    light: (left) => ({ x: left ? -0.15 : 1.15, y: 0.42, reach: 0.85, colour: [0.6, 0.26, 0.1] }),
    falloff: 0.3,
    vignette: 0.18,
  },
  // Dusk: cool and dim, a faint warm-magenta glow low in the sky.
  'blue hour': {
    grade: { exposure: 0.75, gains: [0.88, 0.93, 1.12], contrast: 0.05, saturation: 0.9, shadowTint: [0, 0, 0.05], highlightTint: [0.03, 0, 0.02] },
    light: () => ({ x: 0.5, y: 1.25, reach: 0.9, colour: [0.32, 0.14, 0.2] }),
    falloff: 0.1,
    vignette: 0.2,
  },
  // Night: much darker, blue, cool shadows, faint moonlight from above.
  night: {
    grade: { exposure: 0.55, gains: [0.78, 0.9, 1.18], contrast: 0.12, saturation: 0.7, shadowTint: [-0.01, 0, 0.05], highlightTint: [-0.01, 0, 0.03] },
    light: (left) => ({ x: left ? 0.2 : 0.8, y: -0.25, reach: 0.8, colour: [0.1, 0.14, 0.24] }),
    falloff: 0.15,
    vignette: 0.35,
  },
  // Morning: soft, pale and slightly hazy light from high on the brighter side.
  morning: {
    grade: { exposure: 1.04, gains: [1.03, 1.01, 0.98], contrast: -0.06, fade: 0.04, saturation: 0.94, highlightTint: [0.02, 0.02, 0] },
    light: (left) => ({ x: left ? -0.1 : 1.1, y: -0.1, reach: 1.0, colour: [0.3, 0.27, 0.2] }),
    falloff: 0.08,
    vignette: 0,
  },
  // Noon: high, neutral-cool, hard light from above, deeper shadows.
  noon: {
    grade: { exposure: 1.06, gains: [1.0, 1.0, 1.03], contrast: 0.16, saturation: 1.06, shadowTint: [-0.01, 0, 0.02] },
    light: () => ({ x: 0.5, y: -0.3, reach: 0.9, colour: [0.18, 0.18, 0.18] }),
    falloff: 0.1,
    vignette: 0,
  },
};

/** Whether the left half of the picture is the brighter: where the light already comes from. */
async function lightFromLeft(picture: Picture): Promise<boolean> {
  const sample = await sampleOf(picture, 64);
  let left = 0;
  let right = 0;
  for (let y = 0; y < sample.height; y++) {
    for (let x = 0; x < sample.width; x++) {
      const p = (y * sample.width + x) * 3;
      const l = lumaOf(sample.data[p]!, sample.data[p + 1]!, sample.data[p + 2]!);
      if (x < sample.width / 2) left += l;
      else right += l;
    }
  }
  return left >= right;
}

/** Change Time of Day: a grade for the hour, and the hour's light coming from its direction. */
export async function applyTimeOfDay(picture: Picture, time: TimeOfDay): Promise<void> {
  const look = TIME_LOOKS[time];
  applyGrade(picture, look.grade);
  screenLight(picture, look.light(await lightFromLeft(picture)), look.falloff);
  if (look.vignette > 0) applyVignette(picture, look.vignette);
}

/** exp(-d²/2σ²) along one axis, for each pixel index: a Gaussian in 2D is the product of two of these. */
function gaussianAlong(length: number, centre: number, unit: number, sigma: number): Float32Array {
  const out = new Float32Array(length);
  for (let i = 0; i < length; i++) {
    const d = (i + 0.5 - centre) / unit;
    out[i] = Math.exp(-(d * d) / (2 * sigma * sigma));
  }
  return out;
}

/** Screens a light over the picture; pixels far from it darken by up to `falloff`. */
function screenLight(picture: Picture, light: Light, falloff: number): void {
  const { width, height, data } = picture;
  const halfDiagonal = Math.hypot(width, height) / 2;
  const across = gaussianAlong(width, light.x * width, halfDiagonal, light.reach);
  const down = gaussianAlong(height, light.y * height, halfDiagonal, light.reach);
  const [cr, cg, cb] = light.colour;
  for (let y = 0; y < height; y++) {
    const nearY = down[y]!;
    for (let x = 0, p = y * width * 3; x < width; x++, p += 3) {
      const near = across[x]! * nearY;
      const keep = 1 - falloff * (1 - near);
      // Screen: 1 - (1 - a)(1 - b), on 0..255.
      data[p] = 255 - (255 - data[p]! * keep) * (1 - cr * near);
      data[p + 1] = 255 - (255 - data[p + 1]! * keep) * (1 - cg * near);
      data[p + 2] = 255 - (255 - data[p + 2]! * keep) * (1 - cb * near);
    }
  }
}

/**
 * iPhone Flash: a hard on-camera flash. The light is brightest on the subject (the face) and falls off
 * fast, so the edges and the background beyond the figure go dark; contrast is high, highlights cool white
 * and the brightest skin turns specular.
 */
export function applyFlash(picture: Picture, subject: Subject): void {
  const { width, height, data } = picture;
  const halfDiagonal = Math.hypot(width, height) / 2;
  // The flash sits on the camera: its hotspot is a face when one was found, else near the frame's middle whatever the
  // figure reading says (a bright edge read as a figure put it there, like a light leak).
  const cx = subject.face ? subject.x : Math.min(0.65, Math.max(0.35, subject.x));
  const cy = subject.face ? subject.y : Math.min(0.55, Math.max(0.3, subject.y));
  const across = gaussianAlong(width, cx * width, halfDiagonal, 0.4);
  const down = gaussianAlong(height, cy * height, halfDiagonal, 0.4);
  // What is near the flash (the figure; without a face, whatever is around the hotspot) is lit, the wall beyond less.
  const figure = subject.face ? subject.figure : { x: cx, y: cy, spanX: 0.3, spanY: 0.4 };
  const fx = figure.x * width;
  const fy = figure.y * height;
  const frx = Math.max(0.15, figure.spanX) * width;
  const fry = Math.max(0.2, figure.spanY) * height;
  // Beyond the figure the wall is further from the flash: a little darker still.
  const { table, scale, last } = distanceTable((d) => 0.75 + 0.25 * (1 - smoothstep(0.9, 1.5, d)), 16);
  for (let y = 0; y < height; y++) {
    const ey = (y + 0.5 - fy) / fry;
    const ey2 = ey * ey;
    const nearY = down[y]!;
    for (let x = 0, p = y * width * 3; x < width; x++, p += 3) {
      const ex = (x + 0.5 - fx) / frx;
      const gain = (0.55 + 0.7 * across[x]! * nearY) * table[Math.min(last, ((ex * ex + ey2) * scale) | 0)]!;
      data[p] = data[p]! * gain;
      data[p + 1] = data[p + 1]! * gain;
      data[p + 2] = data[p + 2]! * gain;
    }
  }
  applyGrade(picture, { contrast: 0.24, saturation: 0.94, gains: [0.98, 1.0, 1.04], highlightTint: [-0.015, 0, 0.02] });
  // Specular: the brightest parts go towards cool white.
  for (let p = 0; p < data.length; p += 3) {
    const l = lumaOf(data[p]!, data[p + 1]!, data[p + 2]!) / 255;
    if (l < 0.74) continue;
    const s = smoothstep(0.74, 0.95, l) * 0.6;
    data[p] = data[p]! + (248 - data[p]!) * s;
    data[p + 1] = data[p + 1]! + (252 - data[p + 1]!) * s;
    data[p + 2] = data[p + 2]! + (255 - data[p + 2]!) * s;
  }
}

export const RECIPE_KEYS = ['film', 'monochrome', 'airy', 'moody', 'warm', 'cool'] as const;
export type RecipeKey = (typeof RECIPE_KEYS)[number];

export interface Recipe {
  label: string;
  /** Words or phrases of the prompt that ask for it. */
  words: string[];
  grade: Grade;
  grain?: number;
  vignette?: number;
}

/** The other prompt words: plain grades (and grain or vignette where the look has them). */
export const RECIPES: Record<RecipeKey, Recipe> = {
  film: {
    label: 'film',
    words: ['film', 'vintage', 'retro', 'analog', 'analogue', 'faded', '70s', '90s', 'kodachrome'],
    grade: { gains: [1.04, 1.02, 0.9], contrast: -0.06, fade: 0.08, saturation: 0.82, shadowTint: [0, 0.02, 0.03], highlightTint: [0.03, 0.02, -0.02] },
    grain: 6,
  },
  monochrome: {
    label: 'monochrome',
    words: ['monochrome', 'b&w', 'bw', 'grayscale', 'greyscale', 'noir', 'black and white'],
    grade: { saturation: 0, contrast: 0.14 },
  },
  airy: {
    label: 'bright and airy',
    words: ['bright', 'airy', 'high key'],
    grade: { exposure: 1.12, contrast: -0.08, fade: 0.02, highlights: 0.2, saturation: 0.92, gains: [0.99, 1.0, 1.02] },
  },
  moody: {
    label: 'moody',
    words: ['moody', 'dramatic', 'cinematic'],
    grade: { exposure: 0.86, contrast: 0.14, saturation: 0.78, shadowTint: [-0.01, 0.01, 0.03], highlightTint: [0.02, 0.01, -0.01] },
    vignette: 0.3,
  },
  warm: { label: 'warm', words: ['warm', 'warmer'], grade: { gains: [1.07, 1.01, 0.9] } },
  cool: { label: 'cool', words: ['cool', 'cooler', 'cold'], grade: { gains: [0.92, 0.99, 1.08] } },
};

/** When the prompt asks for nothing the local engine knows: a gentle editorial finish (contrast, colour, crispness). */
export const EDITORIAL: Grade = { contrast: 0.1, saturation: 1.06 };
