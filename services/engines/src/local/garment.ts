import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { parseHex, toHex } from './colour.js';
import { cutOutGarment } from './cutout.js';

/** What a product photo shows, as far as its silhouette tells. */
export type GarmentShape = 'top' | 'dress' | 'trousers' | 'skirt';
export type SleeveLength = 'none' | 'short' | 'elbow' | 'long';

/**
 * A garment ready to be worn by the local figure: its cut-out front panel (mapped onto the torso, or
 * the hips for skirts), a seamless tile of its fabric (for sleeves and trouser legs) and its main colour.
 * Sizes are in the cut-out's pixels ("garment pixels"), whatever size the embedded images have.
 */
export interface GarmentArt {
  shape: GarmentShape;
  sleeves: SleeveLength;
  /** The colour most of the garment is, `#rrggbb`. */
  main: string;
  panel: {
    href: string;
    width: number;
    height: number;
    /** Centre and width of the garment at the chest (skirts and trousers: at the waist), in panel pixels. */
    centre: number;
    chest: number;
    /** Width at the hem, in panel pixels. */
    hem: number;
  };
  fabric: { href: string; width: number; height: number };
  /**
   * The garment opens down its front (a zip or a button placket: a dark line down the middle over most of its
   * length): a jacket or a coat, whose sleeves may hang at its sides, part of its outline.
   */
  opensAtFront: boolean;
  /** A regular pattern in a second colour across its body (stripes, dots, a check), when it has one. */
  print?: { kind: 'stripes' | 'pinstripe' | 'polka dot' | 'check'; hex: string };
}

/**
 * A long garment that opens down its front with long sleeves, or hangs straight (no flare at the hem): a coat, not a
 * dress (a camel coat was worn as a dress, bare legs under it).
 */
export function isCoat(art: Pick<GarmentArt, 'shape' | 'sleeves' | 'opensAtFront'> & { panel?: Pick<GarmentArt['panel'], 'hem' | 'chest'> }): boolean {
  if (art.shape !== 'dress' || !art.opensAtFront) return false;
  return art.sleeves === 'long' || (art.panel !== undefined && art.panel.hem / Math.max(1, art.panel.chest) < 1.3);
}

const OPAQUE = 140;
const MAX_SIDE = 720;
const PANEL_MAX = 640;

const median = (values: number[]) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** The last few garments read, by the SHA-1 of their bytes: a photoshoot asks for the same one ten times. */
const recent = new Map<string, Promise<GarmentArt>>();
const RECENT_MAX = 4;

/** Cuts out and reads a product photo: shape, sleeves, main colour, a front panel and a fabric tile. */
export function analyseGarment(photo: Buffer): Promise<GarmentArt> {
  const key = createHash('sha1').update(photo).digest('hex');
  const known = recent.get(key);
  if (known) return known;
  const made = readGarment(photo);
  recent.set(key, made);
  made.catch(() => recent.delete(key));
  while (recent.size > RECENT_MAX) recent.delete(recent.keys().next().value!);
  return made;
}

async function readGarment(photo: Buffer): Promise<GarmentArt> {
  const cut = await cutOutGarment(photo, MAX_SIDE);
  const { data, info } = await sharp(cut.png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width: w, height: h } = info;
  const alpha = (x: number, y: number) => data[(y * w + x) * 4 + 3]!;
  const opaque = (x: number, y: number) => alpha(x, y) > OPAQUE;

  // Per row: the full extent, and the run through the garment's centre column (sleeves hanging apart from
  // the body and the gap between trouser legs are outside it).
  let sumX = 0;
  let n = 0;
  for (let y = 0; y < h; y += 2) {
    for (let x = 0; x < w; x += 2) {
      if (!opaque(x, y)) continue;
      sumX += x;
      n++;
    }
  }
  const cx = n > 0 ? Math.round(sumX / n) : Math.round(w / 2);
  const full: { first: number; last: number }[] = [];
  const run: { first: number; last: number; centre: boolean }[] = [];
  for (let y = 0; y < h; y++) {
    let first = -1;
    let last = -1;
    for (let x = 0; x < w; x++) {
      if (!opaque(x, y)) continue;
      if (first < 0) first = x;
      last = x;
    }
    full.push({ first, last });
    const centre = opaque(cx, y);
    let l = cx;
    let r = cx;
    if (centre) {
      while (l > 0 && (opaque(l - 1, y) || (l > 1 && opaque(l - 2, y)))) l--;
      while (r < w - 1 && (opaque(r + 1, y) || (r < w - 2 && opaque(r + 2, y)))) r++;
    }
    run.push({ first: centre ? l : -1, last: centre ? r : -1, centre });
  }
  const rows = (from: number, to: number) => {
    const out: number[] = [];
    for (let y = Math.max(0, Math.floor(h * from)); y < Math.min(h, Math.ceil(h * to)); y++) out.push(y);
    return out;
  };
  const fullWidth = (y: number) => (full[y]!.first < 0 ? 0 : full[y]!.last - full[y]!.first + 1);
  const runWidth = (y: number) => (run[y]!.centre ? run[y]!.last - run[y]!.first + 1 : 0);

  // Trousers: the lower rows are open in the middle with fabric on both sides.
  const legRows = rows(0.62, 0.95);
  const split = legRows.filter((y) => !run[y]!.centre && full[y]!.first >= 0 && full[y]!.first < cx && full[y]!.last > cx).length;
  const isTrousers = legRows.length > 0 && split / legRows.length > 0.6;

  const lower = rows(0.55, 0.9).filter((y) => run[y]!.centre);
  const bodyWidth = Math.max(1, median(lower.map(runWidth)) || w);
  // Sleeves: upper rows clearly wider than the body below them.
  const upper = rows(0, 0.7).filter((y) => fullWidth(y) - bodyWidth > 0.22 * bodyWidth);
  let sleeves: SleeveLength = 'none';
  let sleeveEnd = 0;
  if (!isTrousers && upper.length >= Math.max(3, h * 0.03)) {
    sleeveEnd = upper[upper.length - 1]!;
    const reach = Math.max(...upper.map((y) => fullWidth(y) - bodyWidth)) / 2;
    const extent = Math.hypot(sleeveEnd / bodyWidth, reach / bodyWidth);
    sleeves = extent < 0.2 ? 'none' : extent < 0.95 ? 'short' : extent < 1.3 ? 'elbow' : 'long';
  }
  const chestRows = rows(Math.max(0.12, sleeveEnd / h + 0.02), 0.45).filter((y) => run[y]!.centre);
  const chest = Math.max(1, median((chestRows.length ? chestRows : lower).map(runWidth)) || bodyWidth);
  // The hem's width: the body's own run (sleeves hanging beside it do not count), or the whole row when
  // the middle is open (trouser legs).
  const hemRows = rows(0.88, 0.98).filter((y) => full[y]!.first >= 0);
  const hem = Math.max(1, median(hemRows.map((y) => (run[y]!.centre ? runWidth(y) : fullWidth(y)))) || bodyWidth);
  const topRows = rows(0.01, 0.06);
  const topWidth = median(topRows.map(fullWidth));
  const neckline = topRows.some((y) => !opaque(cx, y) && full[y]!.first >= 0);

  let shape: GarmentShape;
  if (isTrousers) shape = 'trousers';
  else if (sleeves === 'none' && !neckline && topWidth < hem * 0.88 && h / hem < 1.8) shape = 'skirt';
  else if (h / chest > 2.6 || (h / chest > 1.8 && hem > chest * 1.25)) shape = 'dress';
  else shape = 'top';

  // The front panel: the body's columns (sleeves cut away); skirts and trousers keep their whole width.
  let left = 0;
  let right = w - 1;
  if (shape === 'top' || shape === 'dress') {
    const below = rows(sleeveEnd / h + 0.02, 1).filter((y) => run[y]!.centre);
    if (below.length > 0) {
      left = Math.min(...below.map((y) => run[y]!.first));
      right = Math.max(...below.map((y) => run[y]!.last));
    }
  }
  const panelWidth = right - left + 1;
  const main = mainColour(data, w, h);
  const panelScale = Math.min(1, PANEL_MAX / Math.max(panelWidth, h));
  const panelPng = await sharp(await defringe(cut.png, w, h, main))
    .extract({ left, top: 0, width: panelWidth, height: h })
    .resize(Math.max(1, Math.round(panelWidth * panelScale)), Math.max(1, Math.round(h * panelScale)), { fit: 'fill' })
    .png()
    .toBuffer();
  const waistRows = rows(0.02, 0.1).filter((y) => run[y]!.centre);
  const anchorRows = shape === 'top' || shape === 'dress' ? chestRows : waistRows;
  const anchorCentre = anchorRows.length ? median(anchorRows.map((y) => (run[y]!.first + run[y]!.last) / 2)) : cx;
  const anchorWidth = shape === 'top' || shape === 'dress' ? chest : Math.max(1, median(waistRows.map(runWidth)) || topWidth || w);

  const fabric = await fabricTile(cut.png, w, h, shape, { cx: anchorCentre, chest, sleeveEnd, run }, main);
  const print = printOf(data, w, h, main, { left, right, top: Math.round(Math.max(sleeveEnd, h * 0.12)), bottom: Math.round(h * 0.92) });
  return {
    shape,
    sleeves,
    ...(print ? { print } : {}),
    opensAtFront: shape === 'top' || shape === 'dress' ? opensAtFront(data, w, h, Math.round(anchorCentre), chest) : false,
    main,
    panel: { href: dataUri(panelPng), width: panelWidth, height: h, centre: anchorCentre - left, chest: anchorWidth, hem },
    fabric,
  };
}

/** A pixel this far (RGB) from the main colour is the pattern's second colour (shading and folds stay nearer). */
const PRINT_DISTANCE = 90;

/**
 * A regular pattern across the garment's body, from how often its pixels change between the main colour and one far
 * from it, per 100 px along rows and down columns (a fold's shadow changes once or twice a row). Dots: 3–30 % of the
 * body, changing as often both ways; else 8–70 % and at least 3 changes: stripes change down the columns only,
 * pinstripes along the rows only, a check both ways. The second colour is the mean of its pixels.
 */
function printOf(data: Buffer, w: number, h: number, main: string, area: { left: number; right: number; top: number; bottom: number }): GarmentArt['print'] | undefined {
  const [mr, mg, mb] = parseHex(main);
  /** 0: not the garment, 1: main colour, 2: the second colour, 3: neither (shading, a button). */
  const kind = (x: number, y: number): number => {
    const p = (y * w + x) * 4;
    if (data[p + 3]! < 200) return 0;
    const d = Math.hypot(data[p]! - mr!, data[p + 1]! - mg!, data[p + 2]! - mb!);
    return d < 45 ? 1 : d > PRINT_DISTANCE ? 2 : 3;
  };
  let garment = 0;
  let second = 0;
  const sum = [0, 0, 0];
  // Where the second colour is, by quarter of the body's width and of its height: a pattern covers them all, a logo
  // or a print in one place does not (a tee's white text read as polka dots).
  const across = new Set<number>();
  const down = new Set<number>();
  const quarter = (value: number, from: number, to: number) => Math.min(3, Math.floor(((value - from) / Math.max(1, to - from)) * 4));
  const changes = (along: 'rows' | 'columns') => {
    let count = 0;
    let scanned = 0;
    const [outer0, outer1, inner0, inner1] = along === 'rows' ? [area.top, area.bottom, area.left, area.right] : [area.left, area.right, area.top, area.bottom];
    for (let o = outer0; o < outer1; o += 3) {
      let last = 0;
      for (let i = inner0; i <= inner1; i++) {
        const k = along === 'rows' ? kind(i, o) : kind(o, i);
        if (k === 0) {
          last = 0;
          continue;
        }
        scanned++;
        if (along === 'rows') {
          garment++;
          if (k === 2) {
            second++;
            across.add(quarter(i, area.left, area.right));
            down.add(quarter(o, area.top, area.bottom));
            const p = (o * w + i) * 4;
            sum[0]! += data[p]!;
            sum[1]! += data[p + 1]!;
            sum[2]! += data[p + 2]!;
          }
        }
        if ((k === 1 || k === 2) && (last === 1 || last === 2) && k !== last) count++;
        if (k === 1 || k === 2) last = k;
      }
    }
    return scanned > 0 ? (count / scanned) * 100 : 0;
  };
  const acrossRows = changes('rows');
  const downColumns = changes('columns');
  const share = garment > 0 ? second / garment : 0;
  if (garment < 400 || share < 0.03 || share > 0.7 || across.size < 4 || down.size < 4) return undefined;
  const most = Math.max(acrossRows, downColumns);
  const least = Math.min(acrossRows, downColumns);
  // Dots: sparse, the same both ways; stripes and checks: denser changes.
  const dots = share < 0.3 && least >= 1.2 && most / least < 1.6;
  if (!dots && (share < 0.08 || most < 3)) return undefined;
  const hex = toHex([sum[0]! / second, sum[1]! / second, sum[2]! / second]);
  const kindOf = dots ? 'polka dot' : downColumns > acrossRows * 2.5 ? 'stripes' : acrossRows > downColumns * 2.5 ? 'pinstripe' : 'check';
  return { kind: kindOf, hex };
}

/**
 * Whether a dark line runs down the garment's middle (within 4 % of its chest width of the centre) on more than
 * half the rows between a fifth and 85 % of its height: on each such row the darkest pixel near the centre is
 * well darker than the garment a little to either side (a zip, a placket, the edge of one front over the other).
 */
function opensAtFront(rgba: Buffer, w: number, h: number, cx: number, chest: number): boolean {
  const luma = (x: number, y: number) => {
    const i = (y * w + x) * 4;
    return rgba[i + 3]! > OPAQUE ? 0.299 * rgba[i]! + 0.587 * rgba[i + 1]! + 0.114 * rgba[i + 2]! : null;
  };
  const near = Math.max(2, Math.round(chest * 0.04));
  const beside = Math.max(near + 3, Math.round(chest * 0.16));
  let rows = 0;
  let lined = 0;
  for (let y = Math.round(h * 0.2); y < h * 0.85; y++) {
    const sides = [luma(cx - beside, y), luma(cx + beside, y)];
    if (sides.some((v) => v === null)) continue;
    rows++;
    let darkest = 255;
    for (let x = Math.max(0, cx - near); x <= Math.min(w - 1, cx + near); x++) darkest = Math.min(darkest, luma(x, y) ?? 255);
    if (darkest < Math.min(sides[0]!, sides[1]!) - 18) lined++;
  }
  return rows > 10 && lined / rows > 0.5;
}

/**
 * Drops the cut-out's outermost pixels (anti-aliased edges are partly the photo's background colour, a
 * light or dark fringe once the garment is on a body) and gives see-through pixels the garment's main
 * colour: renderers scale images without premultiplying, so the colour hidden under alpha 0 bleeds in.
 */
async function defringe(png: Buffer, w: number, h: number, main: string): Promise<Buffer> {
  const rgb = await sharp(png).removeAlpha().raw().toBuffer();
  const raw = await sharp(png).extractChannel(3).toColourspace('b-w').raw().toBuffer();
  const alpha = await sharp(minFilter(raw, w, h, 2), { raw: { width: w, height: h, channels: 1 } }).blur(0.6).toColourspace('b-w').raw().toBuffer();
  const [mr, mg, mb] = parseHex(main);
  const out = Buffer.alloc(w * h * 4);
  for (let i = 0; i < w * h; i++) {
    const a = alpha[i]! / 255;
    out[i * 4] = Math.round(rgb[i * 3]! * a + mr * (1 - a));
    out[i * 4 + 1] = Math.round(rgb[i * 3 + 1]! * a + mg * (1 - a));
    out[i * 4 + 2] = Math.round(rgb[i * 3 + 2]! * a + mb * (1 - a));
    out[i * 4 + 3] = alpha[i]!;
  }
  return sharp(out, { raw: { width: w, height: h, channels: 4 } }).png().toBuffer();
}

/** Grey-level erosion: each pixel becomes the smallest value within `radius` (a square), in two passes. */
function minFilter(values: Buffer, w: number, h: number, radius: number): Buffer {
  const across = Buffer.alloc(values.length);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let m = 255;
      for (let d = -radius; d <= radius; d++) {
        const xx = x + d;
        m = Math.min(m, xx < 0 || xx >= w ? 0 : values[y * w + xx]!);
      }
      across[y * w + x] = m;
    }
  }
  const out = Buffer.alloc(values.length);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let m = 255;
      for (let d = -radius; d <= radius; d++) {
        const yy = y + d;
        m = Math.min(m, yy < 0 || yy >= h ? 0 : across[yy * w + x]!);
      }
      out[y * w + x] = m;
    }
  }
  return out;
}

/** The most common colour of the opaque pixels (a 16-level histogram per channel, then the bin's mean). */
function mainColour(data: Buffer, w: number, h: number): string {
  const bins = new Map<number, { n: number; r: number; g: number; b: number }>();
  const step = Math.max(1, Math.floor(Math.sqrt((w * h) / 60_000)));
  for (let y = 0; y < h; y += step) {
    for (let x = 0; x < w; x += step) {
      const p = (y * w + x) * 4;
      if (data[p + 3]! < 200) continue;
      const r = data[p]!;
      const g = data[p + 1]!;
      const b = data[p + 2]!;
      const key = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
      const bin = bins.get(key) ?? { n: 0, r: 0, g: 0, b: 0 };
      bin.n++;
      bin.r += r;
      bin.g += g;
      bin.b += b;
      bins.set(key, bin);
    }
  }
  let best: { n: number; r: number; g: number; b: number } | undefined;
  for (const bin of bins.values()) if (!best || bin.n > best.n) best = bin;
  if (!best) return '#808080';
  return toHex([best.r / best.n, best.g / best.n, best.b / best.n]);
}

/**
 * A seamless square of the garment's fabric: a patch from the middle of its body (a trouser leg for
 * trousers), mirrored both ways so its repeats meet without seams, holes filled with the main colour.
 */
async function fabricTile(
  png: Buffer,
  w: number,
  h: number,
  shape: GarmentShape,
  at: { cx: number; chest: number; sleeveEnd: number; run: { first: number; last: number; centre: boolean }[] },
  main: string,
): Promise<GarmentArt['fabric']> {
  let box: { left: number; top: number; width: number; height: number };
  if (shape === 'trousers') {
    const y0 = Math.round(h * 0.45);
    const size = Math.max(4, Math.round(Math.min(w * 0.18, h * 0.15)));
    box = { left: Math.round(at.cx - w * 0.28 - size / 2), top: y0, width: size, height: size };
  } else {
    const size = Math.max(4, Math.round(at.chest * 0.45));
    const top = shape === 'skirt' ? Math.round(h * 0.35) : Math.round(Math.max(at.sleeveEnd, h * 0.22));
    box = { left: Math.round(at.cx - size / 2), top, width: size, height: size };
  }
  // Inside the cut-out, however thin it is (a garment 1 px wide asked for a 2 px patch: "bad extract area").
  box.left = Math.max(0, Math.min(w - 1, box.left));
  box.top = Math.max(0, Math.min(h - 1, box.top));
  box.width = Math.max(1, Math.min(w - box.left, box.width));
  box.height = Math.max(1, Math.min(h - box.top, box.height));
  const patch = await sharp(png).extract(box).flatten({ background: main }).png().toBuffer();
  const flop = await sharp(patch).flop().png().toBuffer();
  const row = await sharp({ create: { width: box.width * 2, height: box.height, channels: 3, background: main } })
    .composite([
      { input: patch, left: 0, top: 0 },
      { input: flop, left: box.width, top: 0 },
    ])
    .png()
    .toBuffer();
  const flip = await sharp(row).flip().png().toBuffer();
  const mirrored = await sharp({ create: { width: box.width * 2, height: box.height * 2, channels: 3, background: main } })
    .composite([
      { input: row, left: 0, top: 0 },
      { input: flip, left: 0, top: box.height },
    ])
    .png()
    .toBuffer();
  // A pipeline of its own: within one, sharp resizes before it composites.
  const tile = await sharp(mirrored)
    .resize(Math.min(256, box.width * 2), Math.min(256, box.height * 2), { fit: 'fill' })
    .png()
    .toBuffer();
  return { href: dataUri(tile), width: box.width * 2, height: box.height * 2 };
}

const dataUri = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;
