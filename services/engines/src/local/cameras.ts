import sharp from 'sharp';
import type { EditCamera } from '../types.js';
import type { LensGeometry } from './framing.js';
import { applyClarity, applyGrade, applyGrain, applyVignette, blendWhere, type Grade } from './grade.js';
import { blurred, distanceTable, smoothstep, type Picture } from './picture.js';
import type { Subject } from './subject.js';

/** What a camera of SPEC.md §9 does to a photo on the local engine: its lens, its depth of field, its colour. */
export interface CameraCharacter {
  /** Short words for `applied` and the model id. */
  label: string;
  key: string;
  /** Words of a prompt that name it (the composed "Shot with …" is read by its full label). */
  words: string[];
  lens?: LensGeometry;
  /** Shallow depth of field: the blur outside the subject (sigma, fraction of the short side) and the sharp zone's size. */
  depth?: { blur: number; focus: number };
  grade: Grade;
  /** Local contrast, 0..1. */
  clarity?: number;
  /** A soft glow over the highlights (portrait softness), 0..1. */
  diffusion?: number;
  vignette?: number;
  grain?: number;
}

export const CAMERA_CHARACTERS: Record<Exclude<EditCamera, 'Default'>, CameraCharacter> = {
  // A 28mm compact: a touch of wide-angle barrel, punchy contrast, strong corners, grain.
  'Ricoh GR1 28mm': {
    label: 'Ricoh GR1',
    key: 'ricoh-gr1',
    words: ['ricoh', 'gr1'],
    lens: { barrel: 0.05, zoom: 1 },
    grade: { contrast: 0.22, saturation: 1.06, gains: [1.02, 1.0, 0.97], fade: 0.02 },
    vignette: 0.38,
    grain: 7,
  },
  // Medium format at 100mm: gentle contrast with a long highlight roll-off, natural warmth, soft background.
  'Hasselblad H6D-100c 100mm f/2.2': {
    label: 'Hasselblad H6D',
    key: 'hasselblad',
    words: ['hasselblad', 'h6d'],
    depth: { blur: 0.006, focus: 1.15 },
    grade: { contrast: -0.06, highlights: -0.35, saturation: 1.02, gains: [1.03, 1.0, 0.97], shadowTint: [0.01, 0.005, 0] },
    vignette: 0.1,
  },
  // A 50mm at f/1.2: the background melts away around a sharp subject; clean, neutral colour.
  'Canon EOS R5 50mm f/1.2': {
    label: 'Canon R5 50mm f/1.2',
    key: 'canon-r5',
    words: ['canon', 'eos r5'],
    depth: { blur: 0.014, focus: 0.9 },
    grade: { contrast: 0.06, saturation: 1.08, gains: [1.01, 1.0, 0.99] },
    clarity: 0.3,
  },
  // Rich contrast and colour, deep blacks, a slight vignette, crisp micro-contrast.
  'Leica M11 35mm f/1.4': {
    label: 'Leica M11',
    key: 'leica-m11',
    words: ['leica'],
    grade: { contrast: 0.3, saturation: 1.12, gains: [1.03, 1.0, 0.96], highlights: -0.1, shadowTint: [0, -0.005, -0.01] },
    clarity: 0.4,
    vignette: 0.28,
  },
  // A 24mm wide: visible barrel distortion, crisp detail, slightly cool.
  'Sony A7R V 24mm f/1.4': {
    label: 'Sony 24mm',
    key: 'sony-24mm',
    words: ['sony', 'a7r'],
    lens: { barrel: 0.09, zoom: 1 },
    grade: { contrast: 0.1, saturation: 1.04, gains: [0.97, 1.0, 1.04] },
    clarity: 0.6,
  },
  // Medium format at 110mm: smooth roll-off, restrained colour with teal shadows, soft background.
  'Fujifilm GFX 100 110mm f/2': {
    label: 'Fujifilm GFX',
    key: 'fujifilm-gfx',
    words: ['fujifilm', 'gfx'],
    depth: { blur: 0.009, focus: 1 },
    grade: { contrast: -0.04, highlights: -0.3, saturation: 0.9, gains: [0.99, 1.01, 1.0], shadowTint: [-0.015, 0.005, 0.012], highlightTint: [0.01, 0.005, -0.01] },
  },
  // Portra 120: warm, pastel colour, lifted blacks, creamy highlights, soft grain.
  'simulated analog 120 Kodak Portra film': {
    label: 'Kodak Portra',
    key: 'portra',
    words: ['portra', 'kodak'],
    grade: { gains: [1.06, 1.01, 0.9], contrast: -0.08, fade: 0.07, highlights: -0.15, saturation: 0.9, shadowTint: [0.02, 0.01, 0], highlightTint: [0.02, 0.01, -0.01] },
    grain: 9,
  },
  // An 85mm portrait lens: a tighter view (compressed background), strong background blur, a soft glow.
  'DSLR 85mm f/1.4': {
    label: 'DSLR 85mm',
    key: 'dslr-85mm',
    words: ['85mm', 'dslr'],
    lens: { barrel: -0.015, zoom: 1.08 },
    depth: { blur: 0.012, focus: 0.85 },
    grade: { contrast: 0.02, saturation: 1.02, gains: [1.02, 1.0, 0.98] },
    diffusion: 0.25,
  },
};

/**
 * A shallow depth of field: sharp on the figure (its silhouette, softened) and inside an ellipse around
 * it, blurred beyond, with a smooth transition. A figure stands in one plane: its feet stay as sharp as its face.
 */
export async function applyDepthOfField(picture: Picture, subject: Subject, depth: { blur: number; focus: number }): Promise<void> {
  const { width, height } = picture;
  const short = Math.min(width, height);
  const soft = await blurred(picture, short * depth.blur);
  const { figure, silhouette } = subject;
  // The small silhouette enlarged to the frame and softened (sharp resizes first, then blurs).
  const inFocus = silhouette
    ? new Uint8ClampedArray(
        await sharp(silhouette.data, { raw: { width: silhouette.width, height: silhouette.height, channels: 1 } })
          .resize(width, height, { fit: 'fill', kernel: 'linear' })
          .blur(short * 0.01)
          .extractChannel(0)
          .raw()
          .toBuffer(),
      )
    : null;
  const rx = Math.max(0.12, figure.spanX * depth.focus) * width;
  const ry = Math.max(0.16, figure.spanY * depth.focus) * height;
  const weight = new Uint8ClampedArray(width * height);
  const { table, scale, last } = distanceTable((d) => 255 * smoothstep(0.75, 1.35, d), 2);
  for (let y = 0; y < height; y++) {
    const ey = (y + 0.5 - figure.y * height) / ry;
    const ey2 = ey * ey;
    for (let x = 0, i = y * width; x < width; x++, i++) {
      const ex = (x + 0.5 - figure.x * width) / rx;
      const outside = table[Math.min(last, ((ex * ex + ey2) * scale) | 0)]!;
      // The silhouette, pushed up so its softened edge is still sharp where the figure is.
      weight[i] = inFocus ? Math.min(outside, 255 - Math.min(255, inFocus[i]! * 2)) : outside;
    }
  }
  blendWhere(picture, soft, weight, 1);
}

/** The camera's rendering after the edit's looks, in place: colour, local contrast, glow, vignette, grain. */
export async function applyCameraFinish(picture: Picture, camera: CameraCharacter, seed: number): Promise<void> {
  applyGrade(picture, camera.grade);
  if (camera.clarity) await applyClarity(picture, camera.clarity, Math.max(1, Math.min(picture.width, picture.height) * 0.0012));
  if (camera.diffusion) {
    const glow = await blurred(picture, Math.min(picture.width, picture.height) * 0.012);
    const { data } = picture;
    // Only where the glow is brighter: highlights bloom into their surroundings, shadows stay.
    for (let p = 0; p < data.length; p++) if (glow[p]! > data[p]!) data[p] = data[p]! + (glow[p]! - data[p]!) * camera.diffusion;
  }
  if (camera.vignette) applyVignette(picture, camera.vignette);
  if (camera.grain) applyGrain(picture, seed, camera.grain);
}
