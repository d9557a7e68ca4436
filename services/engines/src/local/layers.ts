import sharp from 'sharp';
import * as textToImage from './text-to-image.js';
import { reachableFromBorder } from './flood.js';

/**
 * A picture as two layers for the video's parallax: the backdrop with nothing standing in front of it
 * and the figure with its own alpha, both PNGs (or any image sharp reads) of the same size.
 */
export interface SceneLayers {
  backdrop: Buffer;
  figure: Buffer;
  /** What lies over the scene and stays still (a local still's type, frame and caption), when there is any. */
  overlay?: Buffer;
  width: number;
  height: number;
  /** Whether the figure's lower garment hangs free (a skirt or a dress): a video may ripple it. Unknown: it may. */
  flows?: boolean;
}

/**
 * What the local text-to-image engine may export to hand its still over in layers: the recipe written
 * into a still's metadata, and the backdrop and figure redrawn from it. Optional: any export missing
 * (or failing) means the still is split like any other picture.
 */
export interface LayerSource {
  readLocalRecipe(png: Buffer): unknown;
  renderSceneLayers(recipe: never): unknown;
}

/** The layer source text-to-image.ts provides, when it exports both functions. */
export function localLayerSource(): LayerSource | null {
  const module = textToImage as unknown as Partial<Record<keyof LayerSource, unknown>>;
  if (typeof module.readLocalRecipe !== 'function' || typeof module.renderSceneLayers !== 'function') return null;
  return module as LayerSource;
}

/** Raw layers at the render size: the backdrop as RGB, the figure as premultiplied RGBA (or none). */
export interface RawLayers {
  width: number;
  height: number;
  backdrop: Uint8ClampedArray;
  figure: Uint8ClampedArray | null;
  /** The figure's extent as fractions of the frame; feet at `bottom`. */
  box: { left: number; top: number; right: number; bottom: number } | null;
  from: 'layers' | 'split' | 'flat';
  /** The still's overlay (PNG with alpha, the still's size), drawn fixed over every frame; null when split. */
  overlay: Buffer | null;
  /** False when the figure's lower garment must not ripple (trousers, seated, two people); else it may. */
  flows?: boolean;
}

/**
 * The picture's layers at width × height: redrawn from a local still's recipe when the local engine can,
 * else split from the pixels (see {@link splitLayers}).
 */
export async function layersOf(image: Buffer, width: number, height: number, source = localLayerSource()): Promise<RawLayers> {
  const fromRecipe = source ? await recipeLayers(image, source).catch(() => null) : null;
  if (fromRecipe) {
    const aspect = fromRecipe.width / fromRecipe.height;
    // The redrawn layers must be the still's own framing, or the video would not start on the still.
    if (Math.abs(aspect - width / height) < 0.02) {
      const raw = await rawLayers(fromRecipe.backdrop, fromRecipe.figure, width, height);
      if (raw.box) return { ...raw, from: 'layers', overlay: Buffer.isBuffer(fromRecipe.overlay) ? fromRecipe.overlay : null, ...(fromRecipe.flows === false ? { flows: false } : {}) };
    }
  }
  return splitLayers(image, width, height);
}

async function recipeLayers(image: Buffer, source: LayerSource): Promise<SceneLayers | null> {
  const recipe = await source.readLocalRecipe(image);
  if (recipe === null || recipe === undefined) return null;
  const layers = (await source.renderSceneLayers(recipe as never)) as Partial<SceneLayers> | null;
  if (!layers || !Buffer.isBuffer(layers.backdrop) || !Buffer.isBuffer(layers.figure) || !layers.width || !layers.height) return null;
  return layers as SceneLayers;
}

/** RGBA as premultiplied RGBA (colour times alpha), ready to draw over a frame. */
export function premultiply(rgba: Uint8Array): Uint8ClampedArray {
  const out = new Uint8ClampedArray(rgba.length);
  for (let i = 0; i < rgba.length; i += 4) {
    const a = rgba[i + 3]! / 255;
    out[i] = rgba[i]! * a;
    out[i + 1] = rgba[i + 1]! * a;
    out[i + 2] = rgba[i + 2]! * a;
    out[i + 3] = rgba[i + 3]!;
  }
  return out;
}

/** Decodes a backdrop and a figure with alpha to raw layers of the render size. */
export async function rawLayers(backdrop: Buffer, figure: Buffer, width: number, height: number): Promise<RawLayers> {
  const back = await sharp(backdrop).resize(width, height, { fit: 'cover' }).removeAlpha().raw().toBuffer();
  const premultiplied = premultiply(await sharp(figure).resize(width, height, { fit: 'cover' }).ensureAlpha().raw().toBuffer());
  return { width, height, backdrop: new Uint8ClampedArray(back), figure: premultiplied, box: alphaBox(premultiplied, width, height), from: 'layers', overlay: null };
}

function alphaBox(rgba: Uint8ClampedArray, width: number, height: number): RawLayers['box'] {
  let [left, top, right, bottom] = [width, height, -1, -1];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (rgba[(y * width + x) * 4 + 3]! < 24) continue;
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
  }
  if (right < 0) return null;
  return { left: left / width, top: top / height, right: (right + 1) / width, bottom: (bottom + 1) / height };
}

/** The long side of the copy the figure is found on. */
const SPLIT_SIDE = 200;
/** A pixel this far (RGB distance) from the smooth backdrop estimate belongs to something in front of it. */
const FOREGROUND_DISTANCE = 34;
/** A figure covers between these fractions of the frame; outside them the picture is animated flat. */
const FIGURE_MIN = 0.02;
const FIGURE_MAX = 0.7;

/**
 * Splits any picture into backdrop and figure without ML. On a small copy, the backdrop is estimated as a
 * smooth surface (a masked wide blur, refined three times so the figure stops counting toward it); what
 * stands out from it, closed, with its holes filled and kept to the largest region (plus large parts near
 * it, such as a hand), is the figure. Its alpha is that mask enlarged and softened; the backdrop behind it
 * is filled row by row from the colours either side of it, then blurred, so it looks like the wall or
 * ground continuing. A picture with no such figure comes back flat (backdrop only).
 */
export async function splitLayers(image: Buffer, width: number, height: number): Promise<RawLayers> {
  const full = new Uint8ClampedArray(await sharp(image).rotate().resize(width, height, { fit: 'cover' }).removeAlpha().raw().toBuffer());
  const scale = SPLIT_SIDE / Math.max(width, height);
  const sw = Math.max(8, Math.round(width * scale));
  const sh = Math.max(8, Math.round(height * scale));
  const small = new Uint8ClampedArray(await sharp(full, { raw: { width, height, channels: 3 } }).resize(sw, sh, { fit: 'fill' }).raw().toBuffer());
  const mask = await figureMask(small, sw, sh);
  const area = mask ? mask.reduce((sum, v) => sum + (v ? 1 : 0), 0) / (sw * sh) : 0;
  if (!mask || area < FIGURE_MIN || area > FIGURE_MAX) return { width, height, backdrop: full, figure: null, box: null, from: 'flat', overlay: null };

  // Alpha at full size: the mask enlarged smoothly and softened by about a pixel and a half.
  const alpha = await sharp(Buffer.from(mask), { raw: { width: sw, height: sh, channels: 1 } })
    .resize(width, height, { fit: 'fill', kernel: 'cubic' })
    .blur(Math.max(0.8, 0.6 / scale))
    .extractChannel(0)
    .raw()
    .toBuffer();
  const figure = new Uint8ClampedArray(width * height * 4);
  for (let i = 0, p = 0; i < width * height; i++, p += 3) {
    const a = alpha[i]!;
    figure[i * 4] = (full[p]! * a) / 255;
    figure[i * 4 + 1] = (full[p + 1]! * a) / 255;
    figure[i * 4 + 2] = (full[p + 2]! * a) / 255;
    figure[i * 4 + 3] = a;
  }

  // The hole to fill: the mask grown by a few sample pixels, so the figure's soft edge is not stretched.
  const grown = dilate(mask, sw, sh, 3);
  const hole = await sharp(Buffer.from(grown), { raw: { width: sw, height: sh, channels: 1 } })
    .resize(width, height, { fit: 'fill', kernel: 'nearest' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  const backdrop = await fillBehind(full, hole, width, height);
  return { width, height, backdrop, figure, box: alphaBox(figure, width, height), from: 'split', overlay: null };
}

/** The figure's mask (255 inside) on the small copy, or null when nothing stands out. */
async function figureMask(rgb: Uint8ClampedArray, w: number, h: number): Promise<Uint8Array | null> {
  const n = w * h;
  let weight: Uint8ClampedArray<ArrayBufferLike> = new Uint8ClampedArray(n).fill(255);
  let distance = new Float32Array(n);
  const sigma = Math.max(w, h) * 0.08;
  for (let round = 0; round < 3; round++) {
    const premultiplied = new Uint8ClampedArray(n * 3);
    for (let i = 0; i < n; i++) for (let c = 0; c < 3; c++) premultiplied[i * 3 + c] = (rgb[i * 3 + c]! * weight[i]!) / 255;
    const [sum, total] = await Promise.all([
      sharp(premultiplied, { raw: { width: w, height: h, channels: 3 } }).blur(sigma).raw().toBuffer(),
      sharp(weight, { raw: { width: w, height: h, channels: 1 } }).blur(sigma).extractChannel(0).raw().toBuffer(),
    ]);
    distance = new Float32Array(n);
    const next = new Uint8ClampedArray(n);
    for (let i = 0; i < n; i++) {
      const t = Math.max(1, total[i]!) / 255;
      const d = Math.hypot(rgb[i * 3]! - sum[i * 3]! / t, rgb[i * 3 + 1]! - sum[i * 3 + 1]! / t, rgb[i * 3 + 2]! - sum[i * 3 + 2]! / t);
      distance[i] = d;
      next[i] = d < FOREGROUND_DISTANCE ? 255 : 0;
    }
    weight = next;
  }
  let mask: Uint8Array = new Uint8Array(n);
  for (let i = 0; i < n; i++) mask[i] = distance[i]! >= FOREGROUND_DISTANCE ? 255 : 0;
  mask = erode(dilate(mask, w, h, 2), w, h, 2);
  mask = fillHoles(mask, w, h);
  return keepFigure(mask, w, h);
}

function dilate(mask: Uint8Array, w: number, h: number, r: number): Uint8Array {
  return morph(mask, w, h, r, 255);
}
function erode(mask: Uint8Array, w: number, h: number, r: number): Uint8Array {
  return morph(mask, w, h, r, 0);
}
/** A square-window max (grow) or min (shrink), done as a horizontal then a vertical pass. */
function morph(mask: Uint8Array, w: number, h: number, r: number, hit: 0 | 255): Uint8Array {
  const across = new Uint8Array(mask.length);
  const out = new Uint8Array(mask.length);
  const miss = hit === 255 ? 0 : 255;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let v = miss;
      for (let dx = Math.max(0, x - r); dx <= Math.min(w - 1, x + r); dx++) if (mask[y * w + dx] === hit) v = hit;
      across[y * w + x] = v;
    }
  }
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let v = miss;
      for (let dy = Math.max(0, y - r); dy <= Math.min(h - 1, y + r); dy++) if (across[dy * w + x] === hit) v = hit;
      out[y * w + x] = v;
    }
  }
  return out;
}

/**
 * Backdrop regions not reachable from the top or the sides are holes in the figure: a garment as light as the wall,
 * or the middle of a large plain one cut by the picture's bottom edge (read as backdrop, it stayed behind as the
 * figure's outline swayed over it, a ghost arch in the video).
 */
function fillHoles(mask: Uint8Array, w: number, h: number): Uint8Array {
  const outside = reachableFromBorder(w, h, (i) => !mask[i], { bottom: false });
  return mask.map((_, i) => (outside[i] ? 0 : 255));
}

/**
 * The largest region, and the regions of at least a twentieth its size whose centre lies within its box
 * (a hand or a hem cut off by a gap); type, frame lines and specks elsewhere stay on the backdrop.
 */
function keepFigure(mask: Uint8Array, w: number, h: number): Uint8Array | null {
  const label = new Int32Array(mask.length).fill(-1);
  const regions: { area: number; sx: number; sy: number; box: [number, number, number, number] }[] = [];
  const stack: number[] = [];
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || label[start] !== -1) continue;
    const id = regions.length;
    const region = { area: 0, sx: 0, sy: 0, box: [w, h, -1, -1] as [number, number, number, number] };
    label[start] = id;
    stack.push(start);
    while (stack.length > 0) {
      const i = stack.pop()!;
      const x = i % w;
      const y = (i - x) / w;
      region.area++;
      region.sx += x;
      region.sy += y;
      region.box = [Math.min(region.box[0], x), Math.min(region.box[1], y), Math.max(region.box[2], x), Math.max(region.box[3], y)];
      for (const next of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, y > 0 ? i - w : -1, y < h - 1 ? i + w : -1]) {
        if (next >= 0 && mask[next] && label[next] === -1) {
          label[next] = id;
          stack.push(next);
        }
      }
    }
    regions.push(region);
  }
  if (regions.length === 0) return null;
  const main = regions.reduce((a, b) => (b.area > a.area ? b : a));
  const [l, t, r, b] = main.box;
  const keep = regions.map((region) => {
    if (region === main) return true;
    const [cx, cy] = [region.sx / region.area, region.sy / region.area];
    return region.area * 20 >= main.area && cx >= l && cx <= r && cy >= t && cy <= b;
  });
  return mask.map((_, i) => (label[i]! >= 0 && keep[label[i]!] ? 255 : 0));
}

/**
 * The backdrop behind the figure: each masked run of a row is replaced by a blend from the colour just
 * left of it to the colour just right (the side that exists, at a frame edge), then the filled part is
 * blurred so the rows do not streak.
 */
async function fillBehind(rgb: Uint8ClampedArray, hole: Buffer, width: number, height: number): Promise<Uint8ClampedArray> {
  const filled = rgb.slice();
  const edge = 3;
  const average = (y: number, from: number, to: number): [number, number, number] | null => {
    const [a, b] = [Math.max(0, Math.min(from, to)), Math.min(width - 1, Math.max(from, to))];
    if (b < a || (from < 0 && to < 0) || (from >= width && to >= width)) return null;
    const sum = [0, 0, 0];
    let count = 0;
    for (let x = a; x <= b; x++) {
      if (hole[y * width + x]) continue;
      for (let c = 0; c < 3; c++) sum[c]! += rgb[(y * width + x) * 3 + c]!;
      count++;
    }
    return count ? [sum[0]! / count, sum[1]! / count, sum[2]! / count] : null;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; ) {
      if (!hole[y * width + x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < width && hole[y * width + x]) x++;
      const left = average(y, start - edge, start - 1);
      const right = average(y, x, x + edge - 1);
      const from = left ?? right;
      const to = right ?? left;
      if (!from || !to) continue;
      for (let i = start; i < x; i++) {
        const f = (i - start + 0.5) / (x - start);
        for (let c = 0; c < 3; c++) filled[(y * width + i) * 3 + c] = from[c]! + (to[c]! - from[c]!) * f;
      }
    }
  }
  const soft = await sharp(filled, { raw: { width, height, channels: 3 } }).blur(Math.max(2, width / 120)).raw().toBuffer();
  // Blend in the blurred fill only inside the hole, with a feathered edge.
  const feather = await sharp(hole, { raw: { width, height, channels: 1 } }).blur(Math.max(1.5, width / 300)).extractChannel(0).raw().toBuffer();
  for (let i = 0; i < width * height; i++) {
    const f = feather[i]! / 255;
    if (f <= 0) continue;
    for (let c = 0; c < 3; c++) filled[i * 3 + c] = rgb[i * 3 + c]! * (1 - f) + soft[i * 3 + c]! * f;
  }
  return filled;
}
