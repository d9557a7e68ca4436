import sharp from 'sharp';
import type { EngineResult, TryOnInput } from '../types.js';
import { EngineInputError } from '../errors.js';
import { checkImage } from '../validate.js';
import { findBody, showsSkin, type Body } from './body.js';
import { analyseGarment, isCoat, type GarmentArt } from './garment.js';
import { blurredMask, decodePicture, lumaOf, sharpOf, skinLikeness, type Picture } from './picture.js';
import { localBadgeBox, localBadgeLayer, localMarkOf, localMarkXmp, type MarkBox } from './render.js';
import { localStillWearing, readLocalRecipe, type WornGarment } from './text-to-image.js';

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

/** How the garment sits on the body: its axis, the row its top is drawn at, its scale and a width factor per row. */
interface Fit {
  axis: number;
  top: number;
  /** Image pixels per garment pixel, across and down. */
  scaleX: number;
  scaleY: number;
  /** Extra horizontal scale for the output row `top + i` (the torso's own width), 1 past the end. */
  widthFactor: number[];
}

/** The collar sits this fraction of the torso's height above the shoulder line. */
const COLLAR_LIFT = 0.03;
/** A top ends at the hip line: this fraction of the shoulder-to-hip height below the shoulders. */
const TOP_LENGTH = 1.04;
/** The torso's width from row to row may pull a garment in or let it out this much. */
const WIDTH_FOLLOW = [0.82, 1.15] as const;
/** A garment's print may be stretched or squashed vertically this much to fit the torso. */
const STRETCH = [0.6, 1.6] as const;

const clamp = (value: number, [low, high]: readonly [number, number]) => Math.min(high, Math.max(low, value));

/** Maps the garment's front panel onto the torso: tops from the shoulder line to just below the hips, dresses at their own length, skirts and trousers from the waist. */
function fitGarment(art: GarmentArt, torso: TorsoBox, halfWidths: number[], axis: number): Fit {
  const panel = art.panel;
  const onHips = art.shape === 'skirt' || art.shape === 'trousers';
  const chestWidth = onHips ? torso.width * 0.88 : torso.width;
  const scaleX = chestWidth / Math.max(1, panel.chest);
  const top = onHips ? torso.top + torso.height * 0.62 : torso.top - torso.height * COLLAR_LIFT;
  const scaleY = art.shape === 'top' ? scaleX * clamp((torso.height * (TOP_LENGTH + COLLAR_LIFT)) / (panel.height * scaleX), STRETCH) : scaleX;
  const reference = torso.width / 2;
  const widthFactor = halfWidths.map((half) => clamp(half / reference, WIDTH_FOLLOW));
  // Rows of the garment above the shoulder line keep the shoulders' width; skirts and trousers start at the waist's.
  const offset = Math.round(torso.top - top);
  const rows = offset >= 0 ? [...new Array<number>(offset).fill(widthFactor[0] ?? 1), ...widthFactor] : widthFactor.slice(-offset);
  return { axis, top, scaleX, scaleY, widthFactor: rows };
}

/**
 * The garment of the local engine's vocabulary a product photo reads as, by its silhouette, in its main colour. A
 * long garment that opens down its front is a coat (isCoat). A top that does is a shirt when its sleeves stand out
 * (a button-front shirt read as a long coat); when they hang at its sides, part of its outline, a jacket, or a coat
 * when it is long (it was read as a tank top).
 */
export function wornFrom(art: Pick<GarmentArt, 'shape' | 'sleeves' | 'main'> & Partial<Pick<GarmentArt, 'opensAtFront' | 'panel' | 'print'>>): WornGarment {
  // Its pattern too: a striped tee came back plain red.
  const print = art.print ? { print: art.print.kind, printHex: art.print.hex.toLowerCase() } : {};
  return { garment: garmentOf(art), hex: art.main.toLowerCase(), ...print };
}

function garmentOf(art: Pick<GarmentArt, 'shape' | 'sleeves'> & Partial<Pick<GarmentArt, 'opensAtFront' | 'panel'>>): string {
  const lengthRatio = art.panel ? art.panel.height / Math.max(1, art.panel.chest) : undefined;
  if (art.shape === 'dress') {
    if (isCoat({ ...art, opensAtFront: art.opensAtFront ?? false })) return 'coat';
    // Sleeveless: a slip dress, or a mini dress when short (a sleeveless dress came back with puff sleeves).
    if (art.sleeves === 'none') return lengthRatio !== undefined && lengthRatio < 2.6 ? 'mini dress' : 'slip dress';
    return 'dress';
  }
  if (art.shape === 'trousers' || art.shape === 'skirt') return art.shape;
  if (art.opensAtFront) {
    if (art.sleeves === 'long') return 'shirt';
    return lengthRatio !== undefined && lengthRatio > 1.6 ? 'coat' : 'jacket';
  }
  return art.sleeves === 'none' ? 'tank top' : art.sleeves === 'long' ? 'shirt' : 'tee';
}

/** The person image shows nobody to dress. */
export const NO_PERSON_TO_DRESS = 'The person image shows no person to dress. Choose a photo of someone there, and put the garment in the garment image.';

export async function localTryOn(input: TryOnInput): Promise<EngineResult> {
  await checkImage(input.person, 'person');
  await checkImage(input.garment, 'garment');
  // A local still (its recipe in its XMP): its figure is dressed in the garment and the still drawn again — the
  // garment worn as the figure's own clothes, not a photo's panel laid over them.
  const recipe = await readLocalRecipe(input.person);
  if (recipe) return localStillWearing(recipe, wornFrom(await analyseGarment(input.garment)));
  // Work on the upright person image (EXIF orientation applied), keeping its size.
  const base = await sharp(input.person).rotate().removeAlpha().png().toBuffer({ resolveWithObject: true });
  const { width, height } = base.info;
  const person = await decodePicture(sharp(base.data).removeAlpha());
  // A local picture already shows its 'Local engine' mark: keep it (and keep the garment off it) rather than add a second.
  const mark = await localMarkOf(input.person);
  const art = await analyseGarment(input.garment);
  const body = await findBody(base.data);
  let fit: Fit;
  let front: Uint8ClampedArray;
  if (body) {
    fit = fitGarment(art, body.torso, body.halfWidths, body.axis);
    front = frontMask(person, body);
  } else {
    // No face and no skin anywhere: a garment's photo or an empty scene put where the person goes. Said, not dressed.
    if (!(await showsSkin(base.data))) throw new EngineInputError(NO_PERSON_TO_DRESS);
    // No face to go by: the torso from the silhouette against a plain wall, else where it usually is.
    const box = (await findTorso(base.data)) ?? estimateTorso(width, height);
    const torso = { ...box, left: box.left + (box.width * (1 - 1 / GARMENT_SPREAD)) / 2, width: box.width / GARMENT_SPREAD };
    fit = fitGarment(art, torso, [], torso.left + torso.width / 2);
    front = new Uint8ClampedArray(width * height);
  }
  if (mark) await keepInk(person, mark, front);
  await drawGarment(person, art, fit, front);
  const data = await sharpOf(person)
    .composite(mark ? [] : [localBadgeLayer(width, height, 'try-on')])
    .withXmp(localMarkXmp(mark ?? localBadgeBox(width, height, 'try-on')))
    .png()
    .toBuffer();
  return { data, contentType: 'image/png', width, height, engine: 'local', model: 'local/cutout-composite' };
}

/** A mark's pixels this far (luma) from their blurred surroundings are its ink: thin type, not a region's colour. */
const INK_CONTRAST = 24;

/** Keeps the ink of a mark the picture already shows in front of the garment (the caption then reads over it). */
async function keepInk(person: Picture, mark: MarkBox, front: Uint8ClampedArray): Promise<void> {
  const { width, height, data } = person;
  const x0 = Math.max(0, Math.floor(mark.left * width));
  const x1 = Math.min(width, Math.ceil(mark.right * width));
  const y0 = Math.max(0, Math.floor(mark.top * height));
  const y1 = Math.min(height, Math.ceil(mark.bottom * height));
  if (x1 - x0 < 3 || y1 - y0 < 3) return;
  const w = x1 - x0;
  const h = y1 - y0;
  const luma = new Uint8ClampedArray(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    const p = ((y + y0) * width + x + x0) * 3;
    luma[y * w + x] = lumaOf(data[p]!, data[p + 1]!, data[p + 2]!);
  }
  const surroundings = await blurredMask(luma, w, h, Math.max(1.5, h / 6));
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    if (Math.abs(luma[y * w + x]! - surroundings[y * w + x]!) > INK_CONTRAST) front[(y + y0) * width + x + x0] = 255;
  }
}

/** Skin this close (RGB distance) to the face's colour is the person's own (arms, hands) and stays in front of the garment. */
const SKIN_MATCH = 80;
/** ... and this close once the brightness is matched (the same hue, lit or shaded). */
const SKIN_HUE_MATCH = 22;
/** Skin this far down the torso, near its middle, is a neckline, not an arm. */
const NECKLINE_DEPTH = 0.22;

/**
 * What stays in front of the garment, 0..255: the head down to the chin, and skin of the face's tone
 * (arms and hands crossing the body), feathered by a pixel or two.
 */
function frontMask(person: Picture, body: Body): Uint8ClampedArray {
  const { width, height, data } = person;
  const mask = new Uint8ClampedArray(width * height);
  const head = body.head;
  const pad = head.width * 0.08;
  for (let y = Math.max(0, Math.floor(head.top)); y < Math.min(height, Math.ceil(head.top + head.height)); y++) {
    mask.fill(255, y * width + Math.max(0, Math.floor(head.left - pad)), y * width + Math.min(width, Math.ceil(head.left + head.width + pad)));
  }
  const [sr, sg, sb] = body.skin;
  // Bare skin at a neckline is covered by the garment: no arm crosses the chest that high.
  const torso = body.torso;
  const necklineBottom = torso.top + torso.height * NECKLINE_DEPTH;
  const necklineHalf = torso.width * 0.4;
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i++) {
      if (y < necklineBottom && y >= head.top + head.height && Math.abs(x - body.axis) < necklineHalf) continue;
      const p = i * 3;
      const r = data[p]!;
      const g = data[p + 1]!;
      const b = data[p + 2]!;
      // Shaded and lit sides of an arm: the face's colour a little darker or lighter.
      const scale = (r + g + b + 1) / (sr + sg + sb + 1);
      if (scale < 0.65 || scale > 1.35) continue;
      if (Math.hypot(r - sr * scale, g - sg * scale, b - sb * scale) > SKIN_HUE_MATCH) continue;
      if (Math.hypot(r - sr, g - sg, b - sb) > SKIN_MATCH) continue;
      if (skinLikeness(r, g, b) > 0.3) mask[i] = 255;
    }
  }
  return mask;
}

/**
 * Draws the garment's front panel onto the person, row by row: each output row samples the panel
 * (bilinear) at the row's own width, so the garment follows the torso in and out; the sides are shaded
 * a little for volume; what `front` covers (head, arms, hands, the mark) stays the person's.
 */
async function drawGarment(person: Picture, art: GarmentArt, fit: Fit, front: Uint8ClampedArray): Promise<void> {
  const panelPng = Buffer.from(art.panel.href.slice(art.panel.href.indexOf(',') + 1), 'base64');
  const { data: panel, info } = await sharp(panelPng).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const pw = info.width;
  const ph = info.height;
  // Panel image pixels per garment pixel (the panel is stored at most 640 px).
  const px = pw / art.panel.width;
  const py = ph / art.panel.height;
  const { width, height, data } = person;
  const soft = await blurredMask(front, width, height, Math.max(0.8, width / 1200));
  const rows = Math.round(art.panel.height * fit.scaleY);
  const at = (x: number, y: number, c: number) => panel[(y * pw + x) * 4 + c]!;
  for (let j = 0; j < rows; j++) {
    const y = Math.round(fit.top) + j;
    if (y < 0 || y >= height) continue;
    const factor = fit.widthFactor[Math.min(fit.widthFactor.length - 1, j)] ?? 1;
    const sx = fit.scaleX * factor;
    const gy = Math.min(ph - 1.001, Math.max(0, (j / fit.scaleY) * py));
    const y0 = Math.floor(gy);
    const ty = gy - y0;
    const halfSpan = (art.panel.width * sx) / 2;
    const x0 = Math.max(0, Math.floor(fit.axis - (art.panel.centre + 1) * sx));
    const x1 = Math.min(width - 1, Math.ceil(fit.axis + (art.panel.width - art.panel.centre + 1) * sx));
    for (let x = x0; x <= x1; x++) {
      const gx = ((x - fit.axis) / sx + art.panel.centre) * px;
      if (gx < 0 || gx > pw - 1.001) continue;
      const xi = Math.floor(gx);
      const tx = gx - xi;
      const sample = (c: number) =>
        (at(xi, y0, c) * (1 - tx) + at(xi + 1, y0, c) * tx) * (1 - ty) + (at(xi, y0 + 1, c) * (1 - tx) + at(xi + 1, y0 + 1, c) * tx) * ty;
      const i = y * width + x;
      const alpha = (sample(3) / 255) * (1 - soft[i]! / 255);
      if (alpha <= 0.004) continue;
      const side = Math.min(1, Math.abs(x - fit.axis) / Math.max(1, halfSpan));
      const shade = 1 - 0.16 * side * side;
      for (let c = 0; c < 3; c++) data[i * 3 + c] = data[i * 3 + c]! * (1 - alpha) + sample(c) * shade * alpha;
    }
  }
}
