import type { Body } from './body.js';
import { parseHex } from './colour.js';
import { borderColour, keepEnclosed, standingOut } from './cutout.js';
import { blurred, blurredMask, fromYcc, skinLikeness, smoothstep, toYcc, type Picture } from './picture.js';
import type { MarkBox } from './render.js';
import type { GarmentSlot } from './vocabulary.js';

/**
 * Where a garment of each slot is looked for, in torso heights (shoulder line 0, hip line 1): the band its colour is
 * read from (near the body's axis, where nothing but the garment is), and how far down it may reach. A null slot
 * (the outfit as a whole) is read like a top and may reach the frame's bottom, as a one-piece does.
 */
const AREAS: Record<GarmentSlot | 'outfit', { seed: [number, number]; bottom: number }> = {
  top: { seed: [0.15, 0.75], bottom: 2.1 },
  outer: { seed: [0.15, 0.75], bottom: 2.8 },
  'one-piece': { seed: [0.15, 0.75], bottom: Infinity },
  outfit: { seed: [0.15, 0.75], bottom: Infinity },
  bottom: { seed: [1.15, 1.9], bottom: Infinity },
};
/** The seed band's half width, as a share of the torso's half width at each row. */
const SEED_HALF = 0.55;
/** How far sideways a garment may reach from the axis at most (sleeves, a flared skirt), in torso widths. */
const REACH = 1.6;
/** The garment's colour must be at least this share of the seed band (else it is a print or not one garment). */
const MIN_SHARE = 0.3;
/** A colour step (the largest channel's, over two pixels across and down) above this is an edge. */
const EDGE_STEP = 18;
/** The paint goes this many pixels into an edge of the garment's colour. */
const RIM_DEPTH = 3;
/** When more than this share of the seed band is of the skin's colour, the garment is (a nude dress). */
const SKIN_GARMENT = 0.7;
/** A pixel this close (see `distance`) to the garment's colour is the garment; the edge fades out to `EDGE` times it. */
const TOLERANCE = 15;
const EDGE = 1.5;
/** Luma differences count this little against chroma ones: folds and shading darken a garment without changing it. */
const LUMA_WEIGHT = 0.2;
/** ... and this much on a grey, white or black garment, which only its brightness tells from a grey backdrop. */
const NEUTRAL_LUMA_WEIGHT = 0.45;
/** A garment's mean chroma (YCbCr units) above this is a colour; below, a grey. */
const CHROMATIC = 12;
/** Weights of a pixel's distance from a coloured garment's hue line and from its saturation. */
const HUE_WEIGHT = 1;
const SATURATION_WEIGHT = 0.3;
/** The silhouette is trusted when it covers this share of the seed band (the garment differs from the backdrop). */
const TRUSTED_FIGURE = 0.6;
/**
 * The body's reach from its axis, in half torso widths: arms hang beside the torso; below the hips legs (or a skirt)
 * reach this far, a hem flaring out by `FLARE` a torso height down, up to `HEM_REACH`.
 */
const ARM_REACH = 1.9;
/** ... times this when the silhouette is trusted. */
const TRUSTED_REACH = 1.6;
const LEG_REACH = 1.25;
const FLARE = 0.8;
const HEM_REACH = 3;
/**
 * The painted width changing by this much (torso widths) within a few rows is a jump; a garment's outline has a
 * couple (a sleeve's end, a hem), paint that spilled on to a patterned backdrop has one at every stripe.
 */
const JUMP = 0.35;
const MAX_JUMPS = 3;
/** The garment covers at least this share of where it is worn (the torso; for a bottom, the legs' box). */
const MIN_COVER = 0.35;
/** A garment this close (RGB distance) to the face's colour is what the face was read from. */
const SKIN_DISTINCT = 24;
/** The figure above the face's top, in face areas (hair and a hat are one or two), that says the face was misread. */
const BODY_ABOVE = 3;
/** At most this share of the paint may fall on skin-coloured pixels. */
const MAX_SKIN = 0.1;
/** Paint at the body's reach on more than this share of its rows ran on into the backdrop. */
const LEAK_ROWS = 0.12;
/** The silhouette is widened by this many of its own pixels (a few of the frame's). */
const SILHOUETTE_MARGIN = 2;

/**
 * Paints the garment of `slot` (null: the main garment, whatever it is) `hex`, keeping its folds and shading: the
 * garment is the region of one colour, read in a band of the torso (or below the hips for a bottom), that grows from
 * that band across what is connected to it and of its colour, within the body's reach — the head, the person's own
 * skin and a mark's box (`keepOut`, fractions of the frame) kept out. Each pixel keeps its brightness relative to
 * the garment's mean and its saturation relative to the garment's, in the new colour's hue. In place; false when the
 * garment cannot be found (out of frame, or no colour dominates where it should be).
 */
export async function recolourGarment(
  picture: Picture,
  body: Body,
  slot: GarmentSlot | null,
  hex: string,
  keepOut: MarkBox | null = null,
): Promise<boolean> {
  const { width, height, data } = picture;
  const { torso, axis, head } = body;
  const area = AREAS[slot ?? 'outfit'];
  const rowAt = (share: number) => torso.top + share * torso.height;
  const halfAt = (y: number) =>
    body.halfWidths[Math.max(0, Math.min(body.halfWidths.length - 1, Math.round(y - torso.top)))] ??
    torso.width / 2;
  /** The pixels of a band of rows near the body's axis, where nothing but the garment is. */
  const bandPixels =
    (from: number, to: number) =>
    (each: (x: number, y: number, p: number) => void): void => {
      for (let y = from; y < Math.min(height, to); y++) {
        const half = halfAt(y) * SEED_HALF;
        for (let x = Math.max(0, Math.round(axis - half)); x < Math.min(width, Math.round(axis + half)); x++)
          each(x, y, (y * width + x) * 3);
      }
    };
  const seedTop = Math.max(0, Math.round(rowAt(area.seed[0])));
  const seedBottom = Math.min(height, Math.round(rowAt(area.seed[1])));
  if (seedBottom - seedTop < 4) return false;
  const seedPixels = bandPixels(seedTop, seedBottom);
  const found = dominantColour(data, seedPixels, body.skin);
  if (!found) return false;
  const { skinLike, seedCount, bandCount } = found;
  const [ym, cbm, crm] = found.colour;
  // A bottom of the same colour as the torso's garment is the torso's garment reaching down (a long blazer over the
  // trousers, a dress): which of them is the bottom cannot be told here.
  if (slot === 'bottom') {
    const chest = AREAS.top.seed;
    const above = dominantColour(
      data,
      bandPixels(Math.max(0, Math.round(rowAt(chest[0]))), Math.round(rowAt(chest[1]))),
      body.skin,
    );
    if (above && yccDistance(above.colour, found.colour) < TOLERANCE) return false;
  }
  // The colour found is the face's own: what was read as the face is the garment (hair, a wooden floor).
  const garmentRgb = fromYcc(ym, cbm, crm);
  if (
    Math.hypot(garmentRgb[0] - body.skin[0], garmentRgb[1] - body.skin[1], garmentRgb[2] - body.skin[2]) <
    SKIN_DISTINCT
  )
    return false;
  // A face has no body above it: much of the figure over what was read as the face means the reading is wrong.
  if (figureAbove(body, width) > BODY_ABOVE) return false;

  // How far each pixel's colour is from the garment's. A coloured garment keeps its hue in light and shade (its
  // chroma and brightness change together), so the hue counts most; a grey one is told apart by its brightness.
  const meanChroma = Math.hypot(cbm - 128, crm - 128);
  const coloured = meanChroma > CHROMATIC;
  const lumaWeight = coloured ? LUMA_WEIGHT : NEUTRAL_LUMA_WEIGHT;
  const distance = (p: number) => {
    const [l, cb, cr] = toYcc(data[p]!, data[p + 1]!, data[p + 2]!);
    if (!coloured) return Math.hypot((l - ym) * lumaWeight, cb - cbm, cr - crm);
    const u = cb - 128;
    const v = cr - 128;
    const chroma = Math.hypot(u, v);
    // The chroma across the garment's hue (0 on its hue line), and how far its saturation strays, with brightness.
    const across = Math.abs(u * (crm - 128) - v * (cbm - 128)) / meanChroma;
    const along = (u * (cbm - 128) + v * (crm - 128)) / meanChroma;
    if (along <= 0) return Infinity;
    return Math.hypot(
      across * (meanChroma / Math.max(chroma, 8)) * HUE_WEIGHT,
      (chroma - meanChroma) * SATURATION_WEIGHT,
      (l - ym) * lumaWeight,
    );
  };
  const top = Math.max(0, Math.round(slot === 'bottom' ? rowAt(0.85) : head.top + head.height));
  const bottom = Math.min(height, Math.round(rowAt(area.bottom)));
  const left = Math.max(0, Math.round(axis - torso.width * REACH));
  const right = Math.min(width, Math.round(axis + torso.width * REACH));
  const kept = keepOut && {
    left: keepOut.left * width,
    right: keepOut.right * width,
    top: keepOut.top * height,
    bottom: keepOut.bottom * height,
  };
  // The person, a little wider than found (the silhouette is read on a small copy), when it can be trusted: a garment
  // of the backdrop's colours (a camel coat before brown buildings) is not told from it, and then only the body's
  // reach (below) keeps the paint off the backdrop.
  const figure = dilate(body.silhouette, SILHOUETTE_MARGIN);
  const sx = figure.width / width;
  const sy = figure.height / height;
  const inFigure = (x: number, y: number) =>
    figure.data[
      Math.min(figure.height - 1, (y * sy) | 0) * figure.width + Math.min(figure.width - 1, (x * sx) | 0)
    ] === 1;
  let seedInFigure = 0;
  seedPixels((x, y) => {
    if (inFigure(x, y)) seedInFigure++;
  });
  const trustFigure = seedInFigure >= TRUSTED_FIGURE * bandCount;
  // The body's reach, row by row: the torso and the arms beside it above the hips; legs, or a skirt flaring, below.
  const hipY = rowAt(1);
  const hipHalf = halfAt(hipY - 1);
  const reach = new Float32Array(height);
  // A trusted silhouette bounds the garment itself: the reach is then only a wide sanity limit.
  const wider = trustFigure ? TRUSTED_REACH : 1;
  for (let y = 0; y < height; y++)
    reach[y] =
      wider *
      (y < hipY
        ? halfAt(y) * ARM_REACH
        : hipHalf * Math.min(HEM_REACH, LEG_REACH + ((y - hipY) / torso.height) * FLARE));
  const open = (x: number, y: number, p: number) =>
    Math.abs(x - axis) <= reach[y]! &&
    (!trustFigure || inFigure(x, y)) &&
    !(kept && x >= kept.left && x < kept.right && y >= kept.top && y < kept.bottom) &&
    !skinLike(data[p]!, data[p + 1]!, data[p + 2]!);

  // Edges (the garment's outline, a seam) stop the growth: a backdrop of the garment's colour is reached only across
  // one. The paint goes a few pixels into an edge of the garment's colour (its anti-aliased rim), never through it.
  const edges = await edgesOf(picture);
  // The garment: grown from the seed band's pixels of its colour across connected pixels of its colour.
  const alpha = new Uint8ClampedArray(width * height);
  const seen = new Uint8Array(width * height);
  const queue = new Int32Array(width * height);
  let next = 0;
  let tail = 0;
  /** Starts the growth from a pixel of the garment's own colour within the growth's bounds. */
  const seedAt = (x: number, y: number, p: number) => {
    const i = p / 3;
    if (seen[i] || y < top || y >= bottom || x < left || x >= right) return;
    if (distance(p) <= TOLERANCE && open(x, y, p)) {
      seen[i] = 1;
      queue[tail++] = i;
    }
  };
  seedPixels(seedAt);
  const depth = new Uint8Array(width * height);
  let painted = 0;
  const grow = () => {
    while (next < tail) {
      const i = queue[next++]!;
      const x = i % width;
      const y = (i - x) / width;
      const d = distance(i * 3);
      alpha[i] = Math.round(255 * (1 - smoothstep(TOLERANCE, TOLERANCE * EDGE, d)));
      painted++;
      const onEdge = edges[i] === 1;
      if (onEdge && depth[i]! >= RIM_DEPTH) continue;
      const around = [
        x > left ? i - 1 : -1,
        x < right - 1 ? i + 1 : -1,
        y > top ? i - width : -1,
        y < bottom - 1 ? i + width : -1,
      ];
      for (const j of around) {
        if (j < 0 || seen[j]) continue;
        // From an edge only further along the rim.
        if (onEdge && edges[j] !== 1) continue;
        const jx = j % width;
        if (distance(j * 3) <= TOLERANCE * EDGE && open(jx, (j - jx) / width, j * 3)) {
          seen[j] = 1;
          depth[j] = edges[j] === 1 ? depth[i]! + 1 : 0;
          queue[tail++] = j;
        }
      }
    }
  };
  grow();
  // Where the garment is worn: the torso, or for a bottom the legs' box below the hips.
  const [wornTop, wornBottom] = slot === 'bottom' ? [rowAt(1), rowAt(1.8)] : [rowAt(0), rowAt(1)];
  const wornHalf = (y: number) => (slot === 'bottom' ? hipHalf : halfAt(y));
  const wornPixels = (each: (x: number, y: number, p: number) => void) => {
    for (let y = Math.max(0, Math.round(wornTop)); y < Math.min(height, Math.round(wornBottom)); y++) {
      const half = wornHalf(y);
      for (let x = Math.max(0, Math.round(axis - half)); x < Math.min(width, Math.round(axis + half)); x++)
        each(x, y, (y * width + x) * 3);
    }
  };
  // Pieces of the garment's own colour where it is worn that a seam kept the paint from (a bodice above a waist
  // seam, a pocket's flap) are grown from too.
  wornPixels((x, y, p) => edges[p / 3] !== 1 && seedAt(x, y, p));
  grow();
  if (painted < MIN_SHARE * seedCount) return false;
  // The garment covers where it is worn: most of the torso (or of the legs' box for a bottom). Paint that found
  // something else of one colour there (long hair over a black jacket, the floor between trouser legs) does not.
  let wornArea = 0;
  let wornPainted = 0;
  wornPixels((_x, _y, p) => {
    wornArea++;
    if (alpha[p / 3]! > 128) wornPainted++;
  });
  if (wornArea === 0 || wornPainted < MIN_COVER * wornArea) return false;
  // Paint on skin means the body was misread (a face taken for hair, a wooden floor for a face): unless the garment
  // itself is of a skin's colour, a garment is not skin.
  if (skinLikeness(...garmentRgb) < 0.3) {
    let onSkin = 0;
    for (let i = 0; i < alpha.length; i++)
      if (alpha[i]! > 128 && skinLikeness(data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!) > 0.5) onSkin++;
    if (onSkin > MAX_SKIN * painted) return false;
  }
  // Paint that spilled sideways row by row (a striped floor at the hem, a railing at the sleeve): the painted width
  // jumps up and down again between near rows, as a garment's outline never does.
  const extents: number[] = [];
  for (let y = top; y < bottom; y++) {
    const row = y * width;
    let first = -1;
    let last = -1;
    for (let x = left; x < right; x++) {
      if (alpha[row + x]! > 128) {
        if (first < 0) first = x;
        last = x;
      }
    }
    extents.push(first < 0 ? 0 : last - first + 1);
  }
  const step = Math.max(2, Math.round(height * 0.004));
  let jumps = 0;
  // Count each step once: the rows where the width changed by more than a jump since `step` rows before.
  for (let i = step; i < extents.length; i++) {
    const [before, here] = [extents[i - step]!, extents[i]!];
    if (
      before > 0 &&
      here > 0 &&
      Math.abs(here - before) > JUMP * torso.width &&
      !(Math.abs(extents[i - 1]! - extents[i - 1 - step]!) > JUMP * torso.width)
    )
      jumps++;
  }
  if (jumps > MAX_JUMPS) return false;
  // A garment has its own outline inside the body's reach; paint that ran on to the reach's limit over many rows
  // found the backdrop (of the garment's colour, with no edge between them): better no edit than a painted wall.
  let clipped = 0;
  for (let y = top; y < bottom; y++) {
    const limit = reach[y]!;
    let atLimit = false;
    for (const x of [Math.floor(axis - limit), Math.ceil(axis + limit)]) {
      for (let dx = -2; dx <= 2; dx++) {
        const xx = x + dx;
        if (xx >= left && xx < right && Math.abs(xx - axis) <= limit && alpha[y * width + xx]! > 128)
          atLimit = true;
      }
    }
    if (atLimit) clipped++;
  }
  if (clipped > LEAK_ROWS * extents.filter((extent) => extent > 0).length) return false;
  const soft = await blurredMask(alpha, width, height, Math.max(0.8, Math.min(width, height) / 900));
  paintMask(data, soft, [ym, cbm, crm], hex);
  return true;
}

/**
 * Paints the pixels of `mask` (0–255 per pixel) `hex`, keeping the folds and shading: each pixel keeps its
 * brightness relative to the garment's mean colour (`mean`, Y'CbCr) and its saturation relative to the garment's, in
 * the new colour's hue.
 */
function paintMask(data: Uint8ClampedArray, mask: ArrayLike<number>, [ym, cbm, crm]: [number, number, number], hex: string): void {
  const meanChroma = Math.hypot(cbm - 128, crm - 128);
  const [tr, tg, tb] = parseHex(hex);
  const [yt, cbt, crt] = toYcc(tr, tg, tb);
  // Folds keep their depth: a black garment painted white has its few levels of shading spread wider.
  const gain = Math.max(0.5, Math.min(2.2, (yt + 30) / (ym + 30)));
  for (let i = 0; i < mask.length; i++) {
    const a = mask[i]! / 255;
    if (a <= 0) continue;
    const p = i * 3;
    const r = data[p]!;
    const g = data[p + 1]!;
    const b = data[p + 2]!;
    const [l, cb, cr] = toYcc(r, g, b);
    const y2 = Math.max(0, Math.min(255, yt + (l - ym) * gain));
    // Saturation follows the garment's own (shadows are greyer), or for a grey garment the new brightness.
    const k =
      meanChroma > 10
        ? Math.max(0.2, Math.min(1.5, Math.hypot(cb - 128, cr - 128) / meanChroma))
        : Math.max(0.3, Math.min(1.2, (y2 + 10) / (yt + 10)));
    const [nr, ng, nb] = fromYcc(y2, 128 + (cbt - 128) * k, 128 + (crt - 128) * k);
    data[p] = Math.round(r + (nr - r) * a);
    data[p + 1] = Math.round(g + (ng - g) * a);
    data[p + 2] = Math.round(b + (nb - b) * a);
  }
}

/** A product photo's background is this even at most (the border's colours' mean distance from their median). */
const PRODUCT_BORDER_SPREAD = 14;
/** The product covers between these shares of the frame. */
const PRODUCT_MIN = 0.04;
const PRODUCT_MAX = 0.85;

/**
 * Paints a garment photographed alone (no one wearing it: a product shot, a flat lay) `hex`: on a background of one
 * even colour, what stands out from it and what it encloses is the garment (cutout.ts's reading), painted as a worn
 * one is. In place; false when the photo is not such a shot (an uneven background, nothing or nearly everything
 * standing out). Called only when no person was found (a person on a studio backdrop would be painted whole).
 */
export async function recolourProduct(picture: Picture, hex: string, keepOut: MarkBox | null = null): Promise<boolean> {
  const { width, height, data } = picture;
  const { colour: background, spread } = borderColour(data, width, height);
  if (spread > PRODUCT_BORDER_SPREAD) return false;
  const alpha = standingOut(data, background);
  keepEnclosed(alpha, width, height);
  if (keepOut) {
    for (let y = Math.max(0, Math.floor(keepOut.top * height)); y < Math.min(height, Math.ceil(keepOut.bottom * height)); y++)
      for (let x = Math.max(0, Math.floor(keepOut.left * width)); x < Math.min(width, Math.ceil(keepOut.right * width)); x++) alpha[y * width + x] = 0;
  }
  // The garment's mean colour, over its solid pixels.
  let [n, sy, scb, scr] = [0, 0, 0, 0];
  for (let i = 0; i < alpha.length; i++) {
    if (alpha[i]! < 250) continue;
    const [l, cb, cr] = toYcc(data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!);
    [n, sy, scb, scr] = [n + 1, sy + l, scb + cb, scr + cr];
  }
  if (n < PRODUCT_MIN * alpha.length || n > PRODUCT_MAX * alpha.length) return false;
  // Skin where the garment should be is a person whose face was not seen (cropped at the neck, from behind): their
  // arms and neck would be painted too. Unless the garment itself is of a skin's colour.
  if (skinLikeness(...fromYcc(sy / n, scb / n, scr / n)) < 0.3) {
    let onSkin = 0;
    for (let i = 0; i < alpha.length; i++) if (alpha[i]! >= 250 && skinLikeness(data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!) > 0.5) onSkin++;
    if (onSkin > MAX_SKIN * n) return false;
  }
  const soft = await blurredMask(alpha, width, height, Math.max(0.8, Math.min(width, height) / 900));
  paintMask(data, soft, [sy / n, scb / n, scr / n], hex);
  return true;
}

/** The person's own skin: the face's colour, lit or shaded (as try-on keeps arms and hands in front). */
function skinTest([sr, sg, sb]: [number, number, number]) {
  return (r: number, g: number, b: number) => {
    const scale = (r + g + b + 1) / (sr + sg + sb + 1);
    return scale >= 0.6 && scale <= 1.4 && Math.hypot(r - sr * scale, g - sg * scale, b - sb * scale) <= 22;
  };
}

/** A mask of 0/1 widened by `radius` pixels (a square neighbourhood): along the rows, then down the columns. */
function dilate(mask: { width: number; height: number; data: Uint8Array }, radius: number) {
  const { width, height } = mask;
  const spread = (data: Uint8Array, step: number, along: (i: number) => number, length: number) => {
    const out = new Uint8Array(data.length);
    for (let i = 0; i < data.length; i++) {
      const at = along(i);
      for (let d = -radius; d <= radius && !out[i]; d++)
        if (at + d >= 0 && at + d < length) out[i] = data[i + d * step]!;
    }
    return out;
  };
  const rows = spread(mask.data, 1, (i) => i % width, width);
  return { width, height, data: spread(rows, width, (i) => Math.floor(i / width), height) };
}

/** Where the picture has an edge (1): a colour step between neighbours, read on a lightly blurred copy (film grain is no edge). */
async function edgesOf(picture: Picture): Promise<Uint8Array> {
  const { width, height } = picture;
  const soft = await blurred(picture, Math.max(1, Math.min(width, height) / 1000));
  const edges = new Uint8Array(width * height);
  const row = width * 3;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const p = y * row + x * 3;
      let step = 0;
      for (let c = 0; c < 3; c++)
        step = Math.max(
          step,
          Math.abs(soft[p + 3 + c]! - soft[p - 3 + c]!) + Math.abs(soft[p + row + c]! - soft[p - row + c]!),
        );
      if (step > EDGE_STEP) edges[y * width + x] = 1;
    }
  }
  return edges;
}

/** How much of the figure lies above the face's top within a few face widths of its axis, in face (head box) areas. */
function figureAbove(body: Body, frameWidth: number): number {
  const { silhouette, head, axis } = body;
  const scale = silhouette.width / Math.max(1, frameWidth);
  const top = Math.floor(head.top * scale);
  const half = head.width * 2 * scale;
  let count = 0;
  for (let y = 0; y < top; y++) {
    for (
      let x = Math.max(0, Math.round(axis * scale - half));
      x < Math.min(silhouette.width, Math.round(axis * scale + half));
      x++
    )
      count += silhouette.data[y * silhouette.width + x]!;
  }
  return count / Math.max(1, head.width * head.height * scale * scale);
}

type Pixels = (each: (x: number, y: number, p: number) => void) => void;

const yccDistance = (a: readonly number[], b: readonly number[]) =>
  Math.hypot((a[0]! - b[0]!) * LUMA_WEIGHT, a[1]! - b[1]!, a[2]! - b[2]!);

/**
 * The garment's colour in a band: the most common chroma (with its brightness), the person's skin apart unless the
 * garment is of the skin's colour (a nude dress fills the band); its mean YCbCr, or null when no colour dominates.
 */
function dominantColour(data: Uint8ClampedArray, pixels: Pixels, skin: [number, number, number]) {
  const ownSkin = skinTest(skin);
  let bandCount = 0;
  let skinCount = 0;
  pixels((_x, _y, p) => {
    bandCount++;
    if (ownSkin(data[p]!, data[p + 1]!, data[p + 2]!)) skinCount++;
  });
  const skinLike = skinCount > SKIN_GARMENT * bandCount ? () => false : ownSkin;
  const bins = new Uint32Array(64 * 64 * 8);
  let seedCount = 0;
  pixels((_x, _y, p) => {
    if (skinLike(data[p]!, data[p + 1]!, data[p + 2]!)) return;
    const [l, cb, cr] = toYcc(data[p]!, data[p + 1]!, data[p + 2]!);
    bins[(((cb >> 2) * 64 + (cr >> 2)) << 3) + (l >> 5)]!++;
    seedCount++;
  });
  if (seedCount < 16) return null;
  // Neighbouring bins count together (a colour's pixels straddle bin edges).
  let best = 0;
  let bestScore = -1;
  for (let i = 0; i < bins.length; i++) {
    if (bins[i] === 0) continue;
    const lb = i & 7;
    const crb = (i >> 3) & 63;
    const cbb = i >> 9;
    let score = 0;
    for (let dcb = -1; dcb <= 1; dcb++)
      for (let dcr = -1; dcr <= 1; dcr++)
        for (let dl = -1; dl <= 1; dl++) {
          const b = cbb + dcb;
          const r = crb + dcr;
          const l = lb + dl;
          if (b >= 0 && b < 64 && r >= 0 && r < 64 && l >= 0 && l < 8)
            score += bins[((b * 64 + r) << 3) + l]!;
        }
    if (score > bestScore) {
      bestScore = score;
      best = i;
    }
  }
  // The mean colour of the band's pixels near that bin.
  const centre = [((best & 7) + 0.5) * 32, ((best >> 9) + 0.5) * 4, (((best >> 3) & 63) + 0.5) * 4] as const;
  const mean = [0, 0, 0];
  let n = 0;
  pixels((_x, _y, p) => {
    const c = toYcc(data[p]!, data[p + 1]!, data[p + 2]!);
    if (Math.abs(c[0] - centre[0]) > 48 || Math.abs(c[1] - centre[1]) > 6 || Math.abs(c[2] - centre[2]) > 6)
      return;
    mean[0]! += c[0];
    mean[1]! += c[1];
    mean[2]! += c[2];
    n++;
  });
  if (n < MIN_SHARE * seedCount) return null;
  return { colour: mean.map((v) => v / n) as [number, number, number], skinLike, seedCount, bandCount };
}
