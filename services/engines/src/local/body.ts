import sharp from 'sharp';
import { decodePicture, lumaOf, skinMask, type Picture } from './picture.js';

/** A box in the person picture's pixels. */
export interface BodyBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Where a person stands in a picture, in its pixels. */
export interface Body {
  /** Face and hair, down to the chin. */
  head: BodyBox;
  /** Shoulder line to hip line, as wide as the shoulders. */
  torso: BodyBox;
  /** The body's vertical axis (the face's centre). */
  axis: number;
  /** The face's mean colour, for telling the person's own skin (arms, hands) from a garment. */
  skin: [number, number, number];
  /** Half the torso's width per row from the shoulder line down to the hip line (row `i` is `torso.top + i`), smoothed. */
  halfWidths: number[];
  /** What differs from the backdrop (1) on a small copy of the picture (its long side 400 px), stretched to the frame. */
  silhouette: { width: number; height: number; data: Uint8Array };
}

/** The person is found on a copy with this long side. */
const SAMPLE_SIDE = 400;
/** The backdrop surface is fitted to this band along the frame's edges first. */
const BORDER_BAND = 0.08;
/** A pixel differs from the backdrop by at least this much (RGB distance) to belong to the person. */
const MIN_RESIDUAL = 26;
/** A colour this common along the border (share of border pixels, per 4-bit RGB bin) is the backdrop's. */
const BORDER_COLOUR_SHARE = 0.004;
/**
 * Figure proportions in face widths (the skin part of the face, hair apart): the shoulders' span and
 * the shoulder-to-hip height, with the range a measured shoulder span is believed in.
 */
const SHOULDER_SPAN = 2.5;
const SHOULDER_SPAN_RANGE = [1.7, 3.3] as const;
const TORSO_HEIGHT = 3.1;
/** A row this much wider than the face below the chin is the shoulder line. */
const SHOULDER_STEP = 1.7;

/** The picture at the sampling size, what differs from its backdrop, and which of that is skin-coloured. */
async function readForeground(image: Buffer) {
  const meta = await sharp(image).metadata();
  const scale = SAMPLE_SIDE / Math.max(meta.width!, meta.height!);
  const sample = await decodePicture(
    sharp(image)
      .removeAlpha()
      .resize(Math.max(8, Math.round(meta.width! * scale)), Math.max(8, Math.round(meta.height! * scale)), { fit: 'fill' })
      .blur(0.6),
  );
  const { width: w, height: h } = sample;
  const residual = backdropResidual(sample);
  const threshold = Math.max(MIN_RESIDUAL, residualNoise(residual, w, h) * 3);
  const distinct = new Uint8Array(w * h);
  for (let i = 0; i < distinct.length; i++) distinct[i] = residual[i]! > threshold ? 1 : 0;
  const skin = skinMask(sample);
  const skinFg = new Uint8Array(w * h);
  for (let i = 0; i < skinFg.length; i++) skinFg[i] = skin[i]! > 128 && residual[i]! > threshold * 0.8 ? 1 : 0;
  return { sample, scale, residual, threshold, distinct, skinFg };
}

/** Skin in at least this share of a picture's pixels: someone may be in it (a face turned away, arms, legs). */
const SOME_SKIN = 0.003;

/**
 * Whether a picture in which no face was found may still show a person: some skin-coloured foreground. A garment's
 * product photo, a flat lay or an empty room show none (a garment of a skin colour does, and is let through).
 */
export async function showsSkin(image: Buffer): Promise<boolean> {
  const { skinFg } = await readForeground(image);
  let n = 0;
  for (const v of skinFg) n += v;
  return n >= skinFg.length * SOME_SKIN;
}

/**
 * Finds a person anywhere in a picture, at any size, without ML: the backdrop is a smooth surface
 * (fitted robustly from the border inwards, so vignettes and key lights stay backdrop) plus the colours
 * common along the border (a busy scene); the person is what differs from both. The face is the
 * skin-coloured foreground blob with a face's proportions and a body under it; hair, shoulders and hips
 * follow from the silhouette around the face's axis, kept within human proportions where the silhouette
 * is unclear (a backdrop shape behind the figure, arms against the body). Returns null when no face is found.
 */
export async function findBody(image: Buffer): Promise<Body | null> {
  const { sample, scale, residual, threshold, distinct, skinFg } = await readForeground(image);
  const { width: w, height: h } = sample;
  const foreground = majority(foregroundMask(sample, residual, threshold), w, h);

  const face = findFace(sample, skinFg, distinct);
  if (!face) return null;
  const faceColour = meanColour(sample, skinFg, face);

  // Hair: foreground rows above the face, over its span.
  let headTop = face.top;
  const faceTop = Math.floor(face.top);
  const hairLeft = Math.max(0, Math.round(face.left - face.width * 0.3));
  const hairRight = Math.min(w - 1, Math.round(face.left + face.width * 1.3));
  for (let y = faceTop - 1; y >= Math.max(0, faceTop - Math.max(face.height, face.width) * 1.2); y--) {
    let n = 0;
    for (let x = hairLeft; x <= hairRight; x++) n += distinct[y * w + x]!;
    if (n < face.width * 0.25) break;
    headTop = y;
  }
  const axis = face.left + face.width / 2;
  const chin = face.top + face.height;

  // The shoulder line: the first rows below the chin clearly wider than the face (the neck is narrower).
  const run = (y: number) => runAround(foreground, w, y, axis, 1);
  let shoulder = -1;
  for (let y = Math.round(chin); y < Math.min(h - 1, chin + face.height * 1.2); y++) {
    if (run(y).width >= face.width * SHOULDER_STEP && run(y + 1).width >= face.width * SHOULDER_STEP) {
      shoulder = y;
      break;
    }
  }
  if (shoulder < 0) shoulder = Math.round(chin + face.height * 0.45);
  const spanRows = Array.from({ length: Math.max(1, Math.round(face.height * 0.5)) }, (_, i) => shoulder + 1 + i).filter((y) => y < h);
  const measured = median(spanRows.map((y) => run(y).width));
  const [minSpan, maxSpan] = SHOULDER_SPAN_RANGE.map((k) => k * face.width) as [number, number];
  const span = measured >= minSpan && measured <= maxSpan ? measured : SHOULDER_SPAN * face.width;
  const torsoHeight = Math.min(h - shoulder, hipLine(sample, axis, face.width, shoulder, TORSO_HEIGHT * face.width) - shoulder);

  // The torso's width row by row, within sensible bounds of the shoulders (arms and backdrop shapes joined to it are cut off).
  const rawHalf: number[] = [];
  for (let y = shoulder; y < shoulder + torsoHeight; y++) {
    const r = run(Math.min(h - 1, y));
    const half = r.width > 0 ? Math.min(Math.abs(r.left - axis), Math.abs(r.right + 1 - axis)) : span / 2;
    // The chest is no wider than the shoulders; the hips may be a little wider.
    const limit = rawHalf.length < torsoHeight * 0.6 ? span * 0.5 : span * 0.56;
    rawHalf.push(Math.min(limit, Math.max(span * 0.36, half)));
  }
  // A running median drops an arm or hand crossing a few rows; the average smooths what is left.
  const window = Math.max(1, Math.round(face.height * 0.5));
  const smooth = movingAverage(runningMedian(rawHalf, window), window);

  const back = 1 / scale;
  const halfWidths: number[] = [];
  const fullRows = Math.round(torsoHeight * back);
  for (let i = 0; i < fullRows; i++) halfWidths.push((smooth[Math.min(smooth.length - 1, Math.floor(i * scale))] ?? span / 2) * back);
  const headWidth = Math.max(face.width * 1.3, face.width + 2);
  return {
    head: { left: (axis - headWidth / 2) * back, top: headTop * back, width: headWidth * back, height: (chin - headTop) * back },
    torso: { left: (axis - span / 2) * back, top: shoulder * back, width: span * back, height: fullRows },
    axis: axis * back,
    skin: faceColour,
    halfWidths,
    silhouette: { width: w, height: h, data: foreground },
  };
}

/**
 * Each pixel's RGB distance from the backdrop: first a smooth surface (quadratic in x and y per channel)
 * fitted from the border band inwards over whatever agrees with it, then a coarse grid of medians of the
 * agreeing pixels (a key light or vignette is not quadratic), cells the figure covers filled from their neighbours.
 */
function backdropResidual(picture: Picture): Float32Array {
  const { width: w, height: h, data } = picture;
  const n = w * h;
  const inlier = new Uint8Array(n);
  const band = borderBand(w, h);
  inlier.set(band);
  const residual = new Float32Array(n);
  const surface = new Float32Array(n * 3);
  const update = () => {
    const sampled: number[] = [];
    for (let i = 0; i < n; i++) {
      residual[i] = Math.hypot(data[i * 3]! - surface[i * 3]!, data[i * 3 + 1]! - surface[i * 3 + 1]!, data[i * 3 + 2]! - surface[i * 3 + 2]!);
      if (band[i] && inlier[i] && i % 3 === 0) sampled.push(residual[i]!);
    }
    // Grow the backdrop from the border over everything that agrees with it.
    const limit = Math.max(MIN_RESIDUAL * 0.8, median(sampled) * 3);
    for (let i = 0; i < n; i++) inlier[i] = residual[i]! < limit ? 1 : 0;
  };
  for (let round = 0; round < 4; round++) {
    const fit = [0, 1, 2].map((c) => fitQuadratic(data, w, h, inlier, c));
    for (let y = 0, i = 0; y < h; y++) {
      for (let x = 0; x < w; x++, i++) {
        const terms = quadraticTerms(x / w, y / h);
        for (let c = 0; c < 3; c++) {
          let v = 0;
          for (let k = 0; k < 6; k++) v += fit[c]![k]! * terms[k]!;
          surface[i * 3 + c] = v;
        }
      }
    }
    update();
  }
  for (let round = 0; round < 2; round++) {
    gridSurface(data, w, h, inlier, surface);
    update();
  }
  return residual;
}

/** Cells across the long side of the backdrop grid. */
const GRID_CELLS = 12;

/** The backdrop as bilinearly interpolated per-cell medians of the inlier pixels. */
function gridSurface(data: Uint8ClampedArray, w: number, h: number, inlier: Uint8Array, surface: Float32Array): void {
  const cell = Math.ceil(Math.max(w, h) / GRID_CELLS);
  const gw = Math.ceil(w / cell);
  const gh = Math.ceil(h / cell);
  const values = new Float32Array(gw * gh * 3);
  const known = new Uint8Array(gw * gh);
  for (let gy = 0; gy < gh; gy++) {
    for (let gx = 0; gx < gw; gx++) {
      const channels: number[][] = [[], [], []];
      for (let y = gy * cell; y < Math.min(h, (gy + 1) * cell); y++) {
        for (let x = gx * cell; x < Math.min(w, (gx + 1) * cell); x++) {
          const i = y * w + x;
          if (!inlier[i]) continue;
          for (let c = 0; c < 3; c++) channels[c]!.push(data[i * 3 + c]!);
        }
      }
      if (channels[0]!.length < cell * cell * 0.2) continue;
      known[gy * gw + gx] = 1;
      for (let c = 0; c < 3; c++) values[(gy * gw + gx) * 3 + c] = median(channels[c]!);
    }
  }
  // Cells the figure covers: the mean of their known neighbours, spreading inwards; none known keeps the surface.
  if (!known.some(Boolean)) return;
  for (let pass = 0; pass < gw + gh && known.some((k) => !k); pass++) {
    const next = known.slice();
    for (let g = 0; g < gw * gh; g++) {
      if (known[g]) continue;
      const gx = g % gw;
      const gy = (g - gx) / gw;
      const sum = [0, 0, 0];
      let count = 0;
      for (const [dx, dy] of [[-1, 0], [1, 0], [0, -1], [0, 1], [-1, -1], [1, 1], [-1, 1], [1, -1]] as const) {
        const nx = gx + dx;
        const ny = gy + dy;
        if (nx < 0 || ny < 0 || nx >= gw || ny >= gh || !known[ny * gw + nx]) continue;
        for (let c = 0; c < 3; c++) sum[c]! += values[(ny * gw + nx) * 3 + c]!;
        count++;
      }
      if (!count) continue;
      for (let c = 0; c < 3; c++) values[g * 3 + c] = sum[c]! / count;
      next[g] = 1;
    }
    known.set(next);
  }
  for (let y = 0; y < h; y++) {
    const fy = Math.min(gh - 1, Math.max(0, (y + 0.5) / cell - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(gh - 1, y0 + 1);
    const ty = fy - y0;
    for (let x = 0; x < w; x++) {
      const fx = Math.min(gw - 1, Math.max(0, (x + 0.5) / cell - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(gw - 1, x0 + 1);
      const tx = fx - x0;
      for (let c = 0; c < 3; c++) {
        const v = (gx: number, gy: number) => values[(gy * gw + gx) * 3 + c]!;
        const top = v(x0, y0) * (1 - tx) + v(x1, y0) * tx;
        const bottom = v(x0, y1) * (1 - tx) + v(x1, y1) * tx;
        surface[(y * w + x) * 3 + c] = top * (1 - ty) + bottom * ty;
      }
    }
  }
}

/**
 * The frame's top edge and the upper three quarters of its sides: where the backdrop shows. The bottom
 * edge is left out, as a half-body or close-up figure is cut off there.
 */
function borderBand(w: number, h: number): Uint8Array {
  const band = new Uint8Array(w * h);
  const size = Math.max(2, Math.round(Math.min(w, h) * BORDER_BAND));
  for (let y = 0; y < h * 0.75; y++) for (let x = 0; x < w; x++) if (x < size || y < size || x >= w - size) band[y * w + x] = 1;
  return band;
}

const quadraticTerms = (x: number, y: number) => [1, x, y, x * x, y * y, x * y];

/** Least squares for one channel over the inlier pixels (every second one), by the normal equations. */
function fitQuadratic(data: Uint8ClampedArray, w: number, h: number, inlier: Uint8Array, channel: number): number[] {
  const a = Array.from({ length: 6 }, () => new Array<number>(6).fill(0));
  const b = new Array<number>(6).fill(0);
  for (let y = 0; y < h; y += 2) {
    for (let x = y % 4 === 0 ? 0 : 1; x < w; x += 2) {
      const i = y * w + x;
      if (!inlier[i]) continue;
      const t = quadraticTerms(x / w, y / h);
      const v = data[i * 3 + channel]!;
      for (let r = 0; r < 6; r++) {
        b[r]! += t[r]! * v;
        for (let c = 0; c < 6; c++) a[r]![c]! += t[r]! * t[c]!;
      }
    }
  }
  for (let r = 0; r < 6; r++) a[r]![r]! += 1e-6;
  return solve(a, b);
}

/** Gaussian elimination with partial pivoting; a singular system gives zeros. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(a[r]![col]!) > Math.abs(a[pivot]![col]!)) pivot = r;
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    [b[col], b[pivot]] = [b[pivot]!, b[col]!];
    const p = a[col]![col]!;
    if (Math.abs(p) < 1e-12) return new Array<number>(n).fill(0);
    for (let r = col + 1; r < n; r++) {
      const f = a[r]![col]! / p;
      for (let c = col; c < n; c++) a[r]![c]! -= f * a[col]![c]!;
      b[r]! -= f * b[col]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = b[r]!;
    for (let c = r + 1; c < n; c++) s -= a[r]![c]! * x[c]!;
    x[r] = s / a[r]![r]!;
  }
  return x;
}

/** The backdrop's own variation (grain, texture): the median residual along the border band. */
function residualNoise(residual: Float32Array, w: number, h: number): number {
  const band = borderBand(w, h);
  const values: number[] = [];
  for (let i = 0; i < residual.length; i += 2) if (band[i]) values.push(residual[i]!);
  return median(values);
}

/** What differs from the backdrop surface and is not a colour common along the border. */
function foregroundMask(picture: Picture, residual: Float32Array, threshold: number): Uint8Array {
  const { width: w, height: h, data } = picture;
  const bin = (i: number) => ((data[i * 3]! >> 4) << 8) | ((data[i * 3 + 1]! >> 4) << 4) | (data[i * 3 + 2]! >> 4);
  const counts = new Uint32Array(4096);
  let border = 0;
  const band = Math.max(2, Math.round(Math.min(w, h) * 0.03));
  // Top and sides only: a figure cut off at the bottom edge is not backdrop.
  for (let y = 0; y < h * 0.75; y++) {
    for (let x = 0; x < w; x++) {
      if (x >= band && y >= band && x < w - band) continue;
      counts[bin(y * w + x)]!++;
      border++;
    }
  }
  const common = border * BORDER_COLOUR_SHARE;
  const mask = new Uint8Array(w * h);
  for (let i = 0; i < mask.length; i++) mask[i] = residual[i]! > threshold && counts[bin(i)]! < common ? 1 : 0;
  return mask;
}

/** A 3×3 majority filter: drops specks and thin lines (grain, a frame line, small type), closes pinholes. */
function majority(mask: Uint8Array, w: number, h: number): Uint8Array {
  const out = new Uint8Array(mask.length);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      let n = 0;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) n += mask[(y + dy) * w + x + dx]!;
      out[y * w + x] = n >= 5 ? 1 : 0;
    }
  }
  return out;
}

interface Face {
  left: number;
  top: number;
  width: number;
  height: number;
  /** The centre and radius of the largest circle inside the face's skin. */
  cx: number;
  cy: number;
  r: number;
}

/** Hair over a face differs from it by at least this much (RGB distance of the means), and is darker than this (luma). */
const HAIR_CONTRAST = 60;
const HAIR_LUMA = 90;
/** A face is about this much taller (brow to chin) than it is wide. */
const FACE_ASPECT = 1.25;

/**
 * The face: the widest patch of skin (the centre of the largest circle inside the skin mask, from a
 * distance transform) that has a body under it. Arms, hands and legs are thinner than a face, so a
 * raised arm or a hand touching the head does not move it; of faces nearly as wide, the highest wins
 * (a bare chest under a low neckline sits lower).
 */
function findFace(picture: Picture, skin: Uint8Array, distinct: Uint8Array): Face | null {
  const { width: w, height: h } = picture;
  const dist = distanceTransform(skin, w, h);
  const candidates: (Face & { colour: [number, number, number] })[] = [];
  const taken = new Uint8Array(w * h);
  for (let attempt = 0; attempt < 8; attempt++) {
    let best = -1;
    let r = 0;
    for (let i = 0; i < dist.length; i++) {
      if (!taken[i] && dist[i]! > r) {
        r = dist[i]!;
        best = i;
      }
    }
    if (best < 0 || r < 1.5) break;
    const cx = best % w;
    const cy = (best - cx) / w;
    const reach = Math.ceil(r * 1.5);
    for (let y = Math.max(0, cy - reach); y <= Math.min(h - 1, cy + reach); y++) {
      for (let x = Math.max(0, cx - reach); x <= Math.min(w - 1, cx + reach); x++) if ((x - cx) ** 2 + (y - cy) ** 2 <= reach * reach) taken[y * w + x] = 1;
    }
    // A body under the face: something that is not backdrop, over four face widths down about its axis.
    const chin = cy + r * FACE_ASPECT;
    let below = 0;
    let cells = 0;
    for (let y = Math.round(chin); y < Math.min(h, chin + r * 8); y++) {
      for (let x = Math.max(0, Math.round(cx - r * 2.6)); x <= Math.min(w - 1, Math.round(cx + r * 2.6)); x++) {
        below += distinct[y * w + x]!;
        cells++;
      }
    }
    if (cells === 0 || below / cells < 0.15) continue;
    const face = { left: cx + 0.5 - r, top: chin - 2 * r * FACE_ASPECT, width: 2 * r, height: 2 * r * FACE_ASPECT, cx: cx + 0.5, cy: cy + 0.5, r };
    candidates.push({ ...face, colour: meanColour(picture, skin, face) });
  }
  // Auburn or red hair passes for skin too, and a mass of it may be the widest patch: dark hair sits above
  // (and around) a lighter face, never below one.
  const luma = (c: (typeof candidates)[number]) => lumaOf(...c.colour);
  const hair = (c: (typeof candidates)[number]) =>
    luma(c) < HAIR_LUMA &&
    candidates.some(
      (f) =>
        f.cy > c.cy &&
        f.r >= c.r * 0.6 &&
        Math.abs(f.cx - c.cx) < c.r * 5 &&
        luma(f) > luma(c) + HAIR_CONTRAST * 0.8 &&
        Math.hypot(...([0, 1, 2] as const).map((i) => f.colour[i] - c.colour[i])) > HAIR_CONTRAST,
    );
  const faces = candidates.filter((c) => !hair(c));
  if (faces.length === 0) return null;
  const widest = Math.max(...faces.map((c) => c.r));
  return faces.filter((c) => c.r >= widest * 0.75).sort((a, b) => a.cy - b.cy)[0]!;
}

/** Each mask pixel's distance to the nearest pixel outside the mask (chamfer 1 / √2, two passes). */
function distanceTransform(mask: Uint8Array, w: number, h: number): Float32Array {
  const d = new Float32Array(w * h);
  const far = w + h;
  for (let i = 0; i < d.length; i++) d[i] = mask[i] ? far : 0;
  const at = (x: number, y: number) => (x < 0 || y < 0 || x >= w || y >= h ? 0 : d[y * w + x]!);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!d[i]) continue;
      d[i] = Math.min(d[i]!, at(x - 1, y) + 1, at(x, y - 1) + 1, at(x - 1, y - 1) + Math.SQRT2, at(x + 1, y - 1) + Math.SQRT2);
    }
  }
  for (let y = h - 1; y >= 0; y--) {
    for (let x = w - 1; x >= 0; x--) {
      const i = y * w + x;
      if (!d[i]) continue;
      d[i] = Math.min(d[i]!, at(x + 1, y) + 1, at(x, y + 1) + 1, at(x + 1, y + 1) + Math.SQRT2, at(x - 1, y + 1) + Math.SQRT2);
    }
  }
  return d;
}

/** The mean colour of the skin inside the face's circle. */
function meanColour(picture: Picture, skin: Uint8Array, face: Face): [number, number, number] {
  const sum = [0, 0, 0];
  let n = 0;
  for (let y = Math.max(0, Math.floor(face.cy - face.r)); y <= Math.min(picture.height - 1, face.cy + face.r); y++) {
    for (let x = Math.max(0, Math.floor(face.cx - face.r)); x <= Math.min(picture.width - 1, face.cx + face.r); x++) {
      const i = y * picture.width + x;
      if (!skin[i] || (x - face.cx) ** 2 + (y - face.cy) ** 2 > face.r ** 2) continue;
      for (let c = 0; c < 3; c++) sum[c]! += picture.data[i * 3 + c]!;
      n++;
    }
  }
  return sum.map((s) => s / Math.max(1, n)) as [number, number, number];
}

/** Colour change (RGB distance between the rows just above and just below) that marks a hem or waistband at the hips. */
const HEM_STEP = 60;

/**
 * The hip line: where the colour down the body's axis changes most sharply (a top's hem or a waistband
 * over trousers or a skirt) within a third of the usual torso length either side of it; the usual length
 * when nothing changes (a dress).
 */
function hipLine(picture: Picture, axis: number, faceWidth: number, shoulder: number, usual: number): number {
  const { width: w, height: h, data } = picture;
  const half = Math.max(1, Math.round(faceWidth * 0.3));
  const rowColour = (y: number) => {
    const sum = [0, 0, 0];
    let n = 0;
    for (let x = Math.max(0, Math.round(axis) - half); x <= Math.min(w - 1, Math.round(axis) + half); x++) {
      for (let c = 0; c < 3; c++) sum[c]! += data[(y * w + x) * 3 + c]!;
      n++;
    }
    return sum.map((v) => v / Math.max(1, n));
  };
  const reach = Math.max(2, Math.round(faceWidth * 0.25));
  let best = shoulder + usual;
  let bestStep = HEM_STEP;
  for (let y = Math.round(shoulder + usual * 0.7); y <= Math.min(h - 1 - reach, shoulder + usual * 1.3); y++) {
    if (y - reach < 0) continue;
    const above = rowColour(y - reach);
    const below = rowColour(y + reach - 1);
    const step = Math.hypot(above[0]! - below[0]!, above[1]! - below[1]!, above[2]! - below[2]!);
    if (step > bestStep) {
      bestStep = step;
      best = y;
    }
  }
  return best;
}

/** The foreground run through `axis` on row `y` (gaps up to `gap` pixels bridged); width 0 when the axis is off the figure. */
function runAround(mask: Uint8Array, w: number, y: number, axis: number, gap: number): { left: number; right: number; width: number } {
  const row = y * w;
  const cx = Math.min(w - 1, Math.max(0, Math.round(axis)));
  let seed = -1;
  for (let d = 0; d <= gap * 2 && seed < 0; d++) {
    if (cx - d >= 0 && mask[row + cx - d]) seed = cx - d;
    else if (cx + d < w && mask[row + cx + d]) seed = cx + d;
  }
  if (seed < 0) return { left: cx, right: cx - 1, width: 0 };
  let left = seed;
  let right = seed;
  const filled = (x: number) => x >= 0 && x < w && mask[row + x] === 1;
  for (;;) {
    let step = 0;
    for (let d = 1; d <= gap + 1; d++) if (filled(left - d)) step = d;
    if (!step) break;
    left -= step;
  }
  for (;;) {
    let step = 0;
    for (let d = 1; d <= gap + 1; d++) if (filled(right + d)) step = d;
    if (!step) break;
    right += step;
  }
  return { left, right, width: right - left + 1 };
}

function runningMedian(values: number[], radius: number): number[] {
  return values.map((_, i) => median(values.slice(Math.max(0, i - radius), i + radius + 1)));
}

function movingAverage(values: number[], radius: number): number[] {
  return values.map((_, i) => {
    let s = 0;
    let n = 0;
    for (let j = Math.max(0, i - radius); j <= Math.min(values.length - 1, i + radius); j++) {
      s += values[j]!;
      n++;
    }
    return s / n;
  });
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
