import sharp from 'sharp';
import type { Build, CharacterLook, HairStyle, Presentation } from '../types.js';
import { mix, toHex, type Rgb } from './colour.js';
import { PERSON_DISTANCE, rowBackdrop } from './try-on.js';

/**
 * Estimates a person's look from a photo (no ML), with the same silhouette reading as try-on: each row's
 * backdrop is the colour of its ends, the person is what differs (its largest connected part), the head is
 * the narrow top and the shoulder line the first row clearly wider than it. Skin is the main colour of the
 * face (the middle of the head), hair the main colour above it; hair length, volume and a bun come from
 * where hair-coloured pixels reach; build from the widths of waist and hips against the head.
 */

export interface LookEstimate {
  look: Omit<CharacterLook, 'eyes'>;
  /** False when no person stood out from the background: the look is then a neutral guess. */
  found: boolean;
  /** Where the head and shoulders were found, as fractions of the frame (when found). */
  head?: { top: number; shoulder: number; centre: number; width: number };
}

const SAMPLE_WIDTH = 240;
/** A row this much wider than the widest of the head above it is the shoulder line (hair makes heads wide). */
const SHOULDER_RATIO = 1.25;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const dist = (a: Rgb, b: Rgb) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** The main colour of some pixels: a small k-means (k = 3, seeded by lightness), the biggest cluster's mean. */
export function dominant(pixels: Rgb[]): Rgb | null {
  if (pixels.length === 0) return null;
  const light = (p: Rgb) => p[0] * 0.299 + p[1] * 0.587 + p[2] * 0.114;
  const sorted = [...pixels].sort((a, b) => light(a) - light(b));
  let centres: Rgb[] = [sorted[Math.floor(sorted.length * 0.15)]!, sorted[Math.floor(sorted.length * 0.5)]!, sorted[Math.floor(sorted.length * 0.85)]!];
  let counts = [0, 0, 0];
  for (let iteration = 0; iteration < 8; iteration++) {
    const sums = centres.map(() => [0, 0, 0]);
    counts = [0, 0, 0];
    for (const p of pixels) {
      let best = 0;
      for (let k = 1; k < centres.length; k++) if (dist(p, centres[k]!) < dist(p, centres[best]!)) best = k;
      counts[best]!++;
      for (let c = 0; c < 3; c++) sums[best]![c]! += p[c]!;
    }
    centres = centres.map((centre, k) => (counts[k]! > 0 ? (sums[k]!.map((s) => s / counts[k]!) as Rgb) : centre));
  }
  let best = 0;
  for (let k = 1; k < centres.length; k++) if (counts[k]! > counts[best]!) best = k;
  return centres[best]!;
}

export async function estimateLook(image: Buffer): Promise<LookEstimate> {
  const { data, info } = await sharp(image).rotate().resize({ width: SAMPLE_WIDTH }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width: sw, height: sh } = info;
  const px = (x: number, y: number): Rgb => {
    const p = (y * sw + x) * 3;
    return [data[p]!, data[p + 1]!, data[p + 2]!];
  };
  // The wall: the ends of the upper rows.
  const wallPixels: Rgb[] = [];
  for (let y = 0; y < sh * 0.4; y += 2) wallPixels.push(rowBackdrop(data, sw, y));
  const wall = dominant(wallPixels) ?? [220, 216, 210];
  const backdrop = mix(toHex(wall), '#ece7e0', 0.55);

  // The person: pixels unlike their row's backdrop, the largest 8-connected part of them.
  const mask = new Uint8Array(sw * sh);
  for (let y = 0; y < sh; y++) {
    const back = rowBackdropCurve(data, sw, y);
    for (let x = 0; x < sw; x++) if (dist(px(x, y), back(x)) > PERSON_DISTANCE * 0.7) mask[y * sw + x] = 1;
  }
  const component = fillHoles(largestComponent(mask, sw, sh), sw, sh);
  const area = component.reduce((sum, v) => sum + v, 0);
  const neutral = (): LookEstimate => {
    const stats = averageOf(data);
    return {
      look: { skin: '#c99a78', hair: '#3b2619', hairStyle: 'short', build: 'average', presentation: 'androgynous', backdrop: mix(toHex(stats), '#efeae4', 0.7), outfit: '#3d4650' },
      found: false,
    };
  };
  if (area < sw * sh * 0.02 || area > sw * sh * 0.75) return neutral();

  const count = new Array<number>(sh).fill(0);
  const first = new Array<number>(sh).fill(-1);
  const last = new Array<number>(sh).fill(-1);
  for (let y = 0; y < sh; y++) {
    for (let x = 0; x < sw; x++) {
      if (!component[y * sw + x]) continue;
      count[y]!++;
      if (first[y] === -1) first[y] = x;
      last[y] = x;
    }
  }
  let top = -1;
  for (let y = 0; y < sh - 1 && top < 0; y++) if (count[y]! >= 2 && count[y + 1]! >= 2) top = y;
  if (top < 0 || top > sh * 0.6) return neutral();
  // Widths smoothed over three rows; the head is the top until the neck narrows it, the shoulder line the
  // first row clearly wider than the head (or than the neck, when one shows).
  const width = (y: number) => {
    const values = [count[y - 1] ?? 0, count[y]!, count[y + 1] ?? 0].sort((a, b) => a - b);
    return values[1]!;
  };
  let head = 0;
  let neck = Infinity;
  let shoulder = -1;
  const minHeadRows = Math.max(3, Math.round(sh * 0.03));
  for (let y = top; y < sh - 1; y++) {
    const w = width(y);
    const tall = y - top >= minHeadRows && y - top >= head * 0.9;
    if (tall && head > 0 && (w >= head * SHOULDER_RATIO || (neck < head * 0.75 && w >= neck * 1.8 && w >= head * 0.95))) {
      shoulder = y;
      break;
    }
    if (neck === Infinity || w > head) head = Math.max(head, w);
    if (y - top >= head * 0.6 && w < head * 0.75) neck = Math.min(neck, w);
  }
  if (shoulder < 0) shoulder = sh - 1;
  let headHeight = shoulder - top;
  if (headHeight < sh * 0.04) return neutral();
  const headRows = Array.from({ length: headHeight }, (_, i) => top + i);
  const centres = headRows.filter((y) => count[y]! > 0).map((y) => (first[y]! + last[y]!) / 2);
  const centre = centres.sort((a, b) => a - b)[Math.floor(centres.length / 2)] ?? sw / 2;
  const inside = (x: number, y: number) => x >= 0 && x < sw && y >= 0 && y < sh && component[y * sw + x] === 1;
  const region = (y0: number, y1: number, halfWidth: number) => {
    const out: Rgb[] = [];
    for (let y = Math.max(0, Math.round(y0)); y <= Math.min(sh - 1, Math.round(y1)); y++) {
      for (let x = Math.round(centre - halfWidth); x <= Math.round(centre + halfWidth); x++) if (inside(x, y)) out.push(px(x, y));
    }
    return out;
  };

  // A head unit: an eighth of the figure when its feet are in the frame, else from the head and neck.
  let bottom = sh - 1;
  while (bottom > top && count[bottom]! < 2) bottom--;
  const fullFigure = bottom < sh * 0.97 && bottom - top > sh * 0.3;
  const unit = fullFigure ? (bottom - top) / 8.05 : headHeight / 1.6;
  // Long hair can hide the shoulder line: then it is where a figure's usually is.
  if (fullFigure && (headHeight > unit * 2.2 || headHeight < unit * 1.1)) {
    shoulder = Math.round(top + unit * 1.6);
    headHeight = shoulder - top;
  }
  const rowAt = (u: number) => Math.round(top + u * unit);

  // Skin: the middle of the face (cheeks to mouth). Hair: the crown.
  const [faceTop, faceBottom] = fullFigure ? [rowAt(0.55), rowAt(0.85)] : [top + headHeight * 0.3, top + headHeight * 0.58];
  const skin = dominant(region(faceTop, faceBottom, Math.max(1, head * 0.16))) ?? [200, 160, 130];
  const crown = region(top, top + Math.max(1, headHeight * 0.1), Math.max(1, head * 0.25));
  const hairPixels = crown.filter((p) => dist(p, skin) > 40);
  const hasHair = hairPixels.length >= Math.max(3, crown.length * 0.3);
  const hair = hasHair ? dominant(hairPixels)! : ([Math.max(0, skin[0] * 0.35), Math.max(0, skin[1] * 0.3), Math.max(0, skin[2] * 0.28)] as Rgb);
  const isHair = (p: Rgb) => dist(p, hair) < 55 && dist(p, hair) < dist(p, skin) * 0.8;

  // The top's colour, so a dark top is not read as dark hair falling over it.
  const chest = dominant(region(rowAt(2.1), rowAt(2.6), Math.max(1, unit * 0.2)));
  const hairLikeTop = chest !== null && dist(chest, hair) < 30;
  const matches = (p: Rgb) => dist(p, hair) < 42 && dist(p, hair) < dist(p, skin) * 0.8 && (chest === null || hairLikeTop || dist(p, hair) < dist(p, chest));

  // Where hair shows: how wide the head is with it, beside the cheeks, beside the neck (each side), and
  // how thick it is on the crown.
  const sideHair = (u0: number, u1: number, inner: number, outer: number) => {
    let left = 0;
    let right = 0;
    let total = 0;
    for (let y = rowAt(u0); y <= rowAt(u1); y++) {
      for (let x = Math.round(centre - unit * outer); x <= Math.round(centre + unit * outer); x++) {
        if (Math.abs(x - centre) / unit < inner || x < 0 || x >= sw || y < 0 || y >= sh) continue;
        total++;
        if (!inside(x, y) || !matches(px(x, y))) continue;
        if (x < centre) left++;
        else right++;
      }
    }
    return { left: (2 * left) / Math.max(1, total), right: (2 * right) / Math.max(1, total) };
  };
  let headWidth = 0;
  for (let y = top; y <= Math.min(rowAt(1.0), shoulder - 1); y++) headWidth = Math.max(headWidth, width(y));
  headWidth /= unit;
  const cheeks = sideHair(0.75, 0.95, 0.34, 0.5);
  const besideNeck = sideHair(1.12, 1.3, 0.24, 0.6);
  const belowShoulders = sideHair(1.65, 2.0, 0.3, 0.62);
  let thickness = 0;
  for (let y = top; y < Math.min(shoulder, rowAt(1)); y++) if (isHair(px(Math.round(centre), y))) thickness++;
  thickness /= unit;
  // A bun: a narrow knot on the crown, so the head takes longer than usual to reach its width.
  let narrowTop = 0;
  while (top + narrowTop < shoulder && width(top + narrowTop) < headWidth * unit * 0.6) narrowTop++;
  const bun = narrowTop / unit > 0.25;
  let hairStyle: HairStyle;
  if (!hasHair) hairStyle = 'buzz';
  else if (!hairLikeTop && belowShoulders.left > 0.12 && belowShoulders.right > 0.12) hairStyle = 'long';
  else if (headWidth > 1.3) hairStyle = 'curly';
  else if (besideNeck.left > 0.15 && besideNeck.right > 0.15) hairStyle = 'long';
  else if (Math.max(besideNeck.left, besideNeck.right, hairLikeTop ? 0 : belowShoulders.left, hairLikeTop ? 0 : belowShoulders.right) > 0.15) hairStyle = 'ponytail';
  else if (cheeks.left > 0.2 && cheeks.right > 0.2) hairStyle = 'bob';
  else if (bun) hairStyle = 'bun';
  else if (thickness < 0.2) hairStyle = 'buzz';
  else hairStyle = 'short';

  // Build: the widths through the middle at the waist and the hips, in head units.
  const runAt = (y: number) => {
    if (y < 0 || y >= sh || !inside(Math.round(centre), y)) return 0;
    let l = Math.round(centre);
    let r = l;
    while (inside(l - 1, y)) l--;
    while (inside(r + 1, y)) r++;
    return r - l + 1;
  };
  const widthAround = (u: number) => median([-2, -1, 0, 1, 2].map((d) => runAt(rowAt(u) + d))) / unit;
  const waist = Math.min(...[2.5, 2.65, 2.8, 2.95, 3.1].map(widthAround).filter((w) => w > 0));
  const hips = widthAround(3.7);
  if (process.env.DEBUG_ESTIMATE) console.log(JSON.stringify({ fullFigure, unit, headWidth, thicknessPx: thickness * unit, besideNeck, belowShoulders, hairLikeTop, cheeks, thickness, narrowTop: narrowTop / unit, waist, hips }));
  let build: Build;
  if (!(waist > 0) || !(hips > 0)) build = 'average';
  else if (hips / waist > 1.32 && hips > 1.65) build = 'curvy';
  else if (waist > 1.6) build = 'broad';
  else if (hips < 1.52 && waist < 1.3) build = 'slim';
  else build = 'average';
  const presentation: Presentation =
    hairStyle === 'long' || hairStyle === 'bob' || hairStyle === 'bun' || hairStyle === 'ponytail' || build === 'curvy'
      ? 'woman'
      : (hairStyle === 'short' || hairStyle === 'buzz') && hips / waist < 1.2
        ? 'man'
        : 'androgynous';

  const outfit = chest ?? [61, 70, 80];
  return {
    look: { skin: toHex(skin), hair: toHex(hair), hairStyle, build, presentation, backdrop, outfit: toHex(outfit) },
    found: true,
    head: { top: top / sh, shoulder: shoulder / sh, centre: centre / sw, width: head / sw },
  };
}

/**
 * A row's backdrop as a smooth curve across it (a quadratic per channel, fitted to the row and refitted
 * without the pixels far from it): studio light falls off towards the sides, which the row's ends alone
 * miss. Rows where the person covers most of the width fall back to the colour of the ends.
 */
function rowBackdropCurve(data: Buffer, width: number, y: number): (x: number) => Rgb {
  const ends = rowBackdrop(data, width, y);
  const edge = Math.max(4, Math.round(width * 0.14));
  // Start from the row's ends (backdrop in nearly every photo), then take in every pixel close to the curve.
  let keep = Array.from({ length: width }, (_, x) => x < edge || x >= width - edge);
  let coefficients: [number, number, number][] | null = null;
  const value = (x: number, c: number) => data[(y * width + x) * 3 + c]!;
  for (let iteration = 0; iteration < 3; iteration++) {
    const fit = [0, 1, 2].map((c) => fitQuadratic(width, (x) => value(x, c), keep));
    if (fit.some((q) => q === null)) break;
    const next = fit as [number, number, number][];
    const at = (x: number) => {
      const t = x / width - 0.5;
      return next.map(([a, b, q]) => a + b * t + q * t * t) as Rgb;
    };
    // A curve that strays far from the ends' colour in the middle is noise, not light.
    if (dist(at(Math.round(width / 2)), ends) > 90) break;
    coefficients = next;
    const residual = Array.from({ length: width }, (_, x) => dist([value(x, 0), value(x, 1), value(x, 2)], at(x)));
    const endResiduals = residual.filter((_, x) => x < edge || x >= width - edge).sort((a, b) => a - b);
    const limit = Math.max(14, endResiduals[Math.floor(endResiduals.length / 2)]! * 3);
    keep = residual.map((r) => r <= limit);
  }
  if (!coefficients) return () => ends;
  const curve = coefficients;
  return (x) => {
    const t = x / width - 0.5;
    return curve.map(([a, b, q]) => a + b * t + q * t * t) as Rgb;
  };
}

/** Least-squares a + b·t + c·t² over the kept x (t = x / width − ½), or null when too few points. */
function fitQuadratic(width: number, value: (x: number) => number, keep: boolean[]): [number, number, number] | null {
  const m = [0, 0, 0, 0, 0];
  const v = [0, 0, 0];
  let n = 0;
  for (let x = 0; x < width; x++) {
    if (!keep[x]) continue;
    const t = x / width - 0.5;
    const z = value(x);
    let p = 1;
    for (let k = 0; k < 5; k++) {
      m[k]! += p;
      if (k < 3) v[k]! += z * p;
      p *= t;
    }
    n++;
  }
  if (n < 8) return null;
  // Solve the 3×3 normal equations [m0 m1 m2; m1 m2 m3; m2 m3 m4]·[a b c] = v by Cramer's rule.
  const [m0, m1, m2, m3, m4] = m as [number, number, number, number, number];
  const det = (a: number, b: number, c: number, d: number, e: number, f: number, g: number, h: number, i: number) => a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
  const D = det(m0, m1, m2, m1, m2, m3, m2, m3, m4);
  if (Math.abs(D) < 1e-12) return null;
  const [v0, v1, v2] = v as [number, number, number];
  return [det(v0, m1, m2, v1, m2, m3, v2, m3, m4) / D, det(m0, v0, m2, m1, v1, m3, m2, v2, m4) / D, det(m0, m1, v0, m1, m2, v1, m2, m3, v2) / D];
}

/**
 * The silhouette with the face-like holes it encloses (a face as light as the wall, framed by hair and
 * collar): holes near its top and at least an eighth of its width. Narrow gaps (between an arm and the
 * body) stay open.
 */
function fillHoles(component: Uint8Array, w: number, h: number): Uint8Array {
  let minX = w;
  let maxX = -1;
  let minY = h;
  let maxY = -1;
  for (let i = 0; i < component.length; i++) {
    if (!component[i]) continue;
    const x = i % w;
    const y = (i - x) / w;
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  if (maxX < 0) return component;
  const label = new Int32Array(w * h);
  const out = Uint8Array.from(component);
  let next = 0;
  for (let start = 0; start < component.length; start++) {
    if (component[start] || label[start]) continue;
    next++;
    const members: number[] = [];
    const stack = [start];
    label[start] = next;
    let touchesBorder = false;
    let hx0 = w;
    let hx1 = -1;
    let hy0 = h;
    while (stack.length) {
      const p = stack.pop()!;
      members.push(p);
      const x = p % w;
      const y = (p - x) / w;
      if (x === 0 || y === 0 || x === w - 1 || y === h - 1) touchesBorder = true;
      hx0 = Math.min(hx0, x);
      hx1 = Math.max(hx1, x);
      hy0 = Math.min(hy0, y);
      for (const q of [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, y > 0 ? p - w : -1, y < h - 1 ? p + w : -1]) {
        if (q < 0 || component[q] || label[q]) continue;
        label[q] = next;
        stack.push(q);
      }
    }
    const faceLike = !touchesBorder && hx1 - hx0 + 1 >= (maxX - minX + 1) / 8 && hy0 <= minY + (maxY - minY) * 0.3;
    if (faceLike) for (const p of members) out[p] = 1;
  }
  return out;
}

function largestComponent(mask: Uint8Array, w: number, h: number): Uint8Array {
  const label = new Int32Array(w * h);
  let best = 0;
  let bestSize = 0;
  let next = 0;
  const stack: number[] = [];
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i] || label[i]) continue;
    next++;
    let size = 0;
    label[i] = next;
    stack.push(i);
    while (stack.length) {
      const p = stack.pop()!;
      size++;
      const x = p % w;
      const y = (p - x) / w;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
          const q = ny * w + nx;
          if (mask[q] && !label[q]) {
            label[q] = next;
            stack.push(q);
          }
        }
      }
    }
    if (size > bestSize) {
      bestSize = size;
      best = next;
    }
  }
  const out = new Uint8Array(w * h);
  for (let i = 0; i < out.length; i++) if (label[i] === best && best > 0) out[i] = 1;
  return out;
}

function averageOf(data: Buffer): Rgb {
  const sum = [0, 0, 0];
  const n = data.length / 3;
  for (let i = 0; i < data.length; i += 3) for (let c = 0; c < 3; c++) sum[c]! += data[i + c]!;
  return sum.map((s) => s / Math.max(1, n)) as Rgb;
}
