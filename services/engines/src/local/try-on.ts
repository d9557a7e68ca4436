import sharp from 'sharp';
import type { EngineResult, TryOnInput } from '../types.js';
import { checkImage } from '../validate.js';
import { cutOutGarment, garmentLayers } from './cutout.js';
import { localBadge, localBadgeBox, localMarkXmp } from './render.js';

export interface TorsoBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Where a torso usually sits in a person photo, as fractions of the frame: the fallback when the
 * person cannot be told from the background. Portrait photos show the whole figure more often than
 * landscape ones, so the box is narrower there. The top is the shoulder line of a typical knee-to-head
 * or full-length shot (about 27% down), not the neck.
 */
export function estimateTorso(width: number, height: number): TorsoBox {
  const portrait = height >= width;
  const box = portrait ? { x: 0.29, y: 0.27, w: 0.42, h: 0.36 } : { x: 0.36, y: 0.28, w: 0.28, h: 0.5 };
  return { left: width * box.x, top: height * box.y, width: width * box.w, height: height * box.h };
}

/** The person is found on a copy this wide. */
const SAMPLE_WIDTH = 160;
/** Colour distance from the backdrop above which a pixel belongs to the person. */
export const PERSON_DISTANCE = 48;
/** A row this much wider than the head (and neck) above it is the shoulder line. */
export const SHOULDER_RATIO = 1.8;
/** The garment photo shows sleeves too: its box is this much wider than the shoulders. */
const GARMENT_SPREAD = 1.3;

/**
 * Finds the torso of a person standing against a plain backdrop (no ML): each row's backdrop colour is
 * the median of its ends, the person is what differs from it, the head is the narrow
 * top of the silhouette and the shoulder line the first row clearly wider than the head. The box starts
 * just above the shoulder line (where a collar sits), as wide as the shoulders plus room for sleeves and
 * about three head-heights tall. Returns null when the photo does not show such a silhouette.
 */
export async function findTorso(image: Buffer): Promise<TorsoBox | null> {
  const { data, info } = await sharp(image).resize({ width: SAMPLE_WIDTH }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width: sw, height: sh } = info;
  const scale = (await sharp(image).metadata()).width! / sw;
  const first = new Array<number>(sh).fill(-1);
  const last = new Array<number>(sh).fill(-1);
  const count = new Array<number>(sh).fill(0);
  let total = 0;
  for (let y = 0; y < sh; y++) {
    // Each row's own backdrop colour, from its ends: a wall lit from above is a vertical gradient.
    const backdrop = rowBackdrop(data, sw, y);
    for (let x = 0; x < sw; x++) {
      const p = (y * sw + x) * 3;
      const d = Math.hypot(data[p]! - backdrop[0], data[p + 1]! - backdrop[1], data[p + 2]! - backdrop[2]);
      if (d <= PERSON_DISTANCE) continue;
      count[y]!++;
      if (first[y] === -1) first[y] = x;
      last[y] = x;
    }
    total += count[y]!;
  }
  // A person fills some of the frame, not none of it and not all of it.
  if (total < sw * sh * 0.03 || total > sw * sh * 0.7) return null;
  const minRow = Math.max(2, Math.round(sw * 0.03));
  // The top of the head: the first of two rows with some width.
  let top = -1;
  for (let y = 0; y < sh - 1 && top < 0; y++) if (count[y]! >= minRow && count[y + 1]! >= minRow) top = y;
  if (top < 0 || top > sh * 0.5) return null;
  // The shoulder line: the first of two rows clearly wider than the head and neck above them.
  let head = 0;
  let shoulder = -1;
  const minHeadRows = Math.max(3, Math.round(sh * 0.03));
  for (let y = top; y < sh - 1; y++) {
    const wide = head * SHOULDER_RATIO;
    if (y - top >= minHeadRows && head > 0 && count[y]! >= wide && count[y + 1]! >= wide) {
      shoulder = y;
      break;
    }
    head = Math.max(head, count[y]!);
  }
  const headHeight = shoulder - top;
  if (shoulder < 0 || head < sw * 0.04 || headHeight < sh * 0.05 || headHeight > sh * 0.45) return null;
  // The shoulders' span and centre: medians over the rows just below the shoulder line.
  const rows = Array.from({ length: Math.max(1, Math.round(headHeight * 0.5)) }, (_, i) => shoulder + i).filter((y) => y < sh && first[y]! >= 0);
  if (rows.length === 0) return null;
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const span = median(rows.map((y) => last[y]! - first[y]! + 1));
  const centre = median(rows.map((y) => (first[y]! + last[y]!) / 2));
  const boxWidth = span * GARMENT_SPREAD;
  const boxTop = shoulder - headHeight * 0.05;
  return {
    left: (centre - boxWidth / 2) * scale,
    top: boxTop * scale,
    width: boxWidth * scale,
    height: Math.min(headHeight * 2.8, sh - boxTop) * scale,
  };
}

/** A row's backdrop colour: the median of a few pixels at each end of it. */
export function rowBackdrop(data: Uint8Array | Uint8ClampedArray, width: number, y: number): [number, number, number] {
  const edge = Math.max(2, Math.round(width * 0.03));
  const xs = [...Array.from({ length: edge }, (_, i) => i), ...Array.from({ length: edge }, (_, i) => width - 1 - i)];
  return [0, 1, 2].map((c) => xs.map((x) => data[(y * width + x) * 3 + c]!).sort((a, b) => a - b)[edge]!) as [number, number, number];
}

export async function localTryOn(input: TryOnInput): Promise<EngineResult> {
  await checkImage(input.person, 'person');
  await checkImage(input.garment, 'garment');
  // Work on the upright person image (EXIF orientation applied), keeping its size.
  const base = await sharp(input.person).rotate().removeAlpha().png().toBuffer({ resolveWithObject: true });
  const { width, height } = base.info;
  const garment = await cutOutGarment(input.garment);
  const torso = (await findTorso(base.data)) ?? estimateTorso(width, height);
  const layers = await garmentLayers(garment, torso, { width, height });
  const data = await sharp(base.data)
    .composite([...layers, { input: localBadge(width, height, 'try-on'), left: 0, top: 0 }])
    .withXmp(localMarkXmp(localBadgeBox(width, height, 'try-on')))
    .png()
    .toBuffer();
  return { data, contentType: 'image/png', width, height, engine: 'local', model: 'local/cutout-composite' };
}
