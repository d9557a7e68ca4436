import type { RawLayers } from './layers.js';

/** A camera at one moment: zoom and the visible window's top-left, as fractions of the picture. */
export interface Camera {
  zoom: number;
  x: number;
  y: number;
}

/** How the figure layer moves on top of the camera. */
export interface FigureMove {
  /** Extra scale of the figure about its feet at eased time e: the parallax of a nearer layer. */
  scale: (e: number) => number;
  /** Extra shift of the figure, as fractions of the output frame. */
  shift: (e: number) => { x: number; y: number };
}

/** Sway: the top of the figure leans this fraction of its height either side (about 0.7°). */
const SWAY = 0.012;
const SWAY_PERIOD = 5;
/** Breathing: the figure stretches this fraction of its height about the feet. */
export const BREATH = 0.005;
const BREATH_PERIOD = 2.5;
/** Fabric: the lower garment ripples this fraction of the figure's width, in waves of this many figure heights. */
const FABRIC = 0.018;
const FABRIC_WAVE = 0.22;
const FABRIC_PERIOD = 1.7;
/** A figure whose box reaches this far down (a fraction of the picture) is cut off by its bottom edge: no feet, no hem. */
const CUT_OFF = 0.985;
/** Seconds the fabric's ripple and the hair's trail take to grow from nothing. */
const SETTLE = 0.8;
/** Hair: the top of the head trails the sway by this fraction of the figure's width. */
const HAIR = 0.012;
/** Light: a warm sweep this strong crosses the frame, and the vignette deepens by this much. */
const SWEEP = 0.07;
const VIGNETTE = 0.09;
/** A picture with no figure gets a ground-plane parallax: its bottom row zooms this much more than its top. */
const GROUND = 0.05;

/**
 * Draws one frame (RGB, width × height) of the layered move: the backdrop under the camera, the figure
 * over it with its own parallax, a sway about the feet, breathing, rippling lower garment and trailing
 * hair, then a slow light sweep and a deepening vignette. Every warp is a per-row horizontal offset plus
 * a per-row source line, so a frame costs two bilinear samples per pixel at most.
 *
 * `t` is the time in seconds, `e` the eased progress of the camera move (0…1).
 */
export function renderFrame(
  layers: RawLayers,
  out: Uint8ClampedArray,
  width: number,
  height: number,
  camera: Camera,
  figureMove: FigureMove,
  t: number,
  e: number,
  {
    groundParallax = true,
    figureAnchor = 'feet',
  }: {
    groundParallax?: boolean;
    /** Where the figure's extra scale (its parallax) is anchored: its feet, or the top of its head (under a still's title). */
    figureAnchor?: 'feet' | 'head';
  } = {},
): void {
  const { width: sw, height: sh, backdrop, figure, box } = layers;
  const ground = box === null && groundParallax ? GROUND * e : 0;
  // The backdrop: output pixel centre → picture fraction → source pixel, one line per output row.
  for (let oy = 0; oy < height; oy++) {
    const v = camera.y + (oy + 0.5) / height / camera.zoom;
    const sy = v * sh - 0.5;
    // With no figure, lower rows (nearer ground) spread more about the frame's centre.
    const rowZoom = camera.zoom * (1 + ground * ((oy + 0.5) / height));
    const centre = camera.x + 0.5 / camera.zoom;
    const a = sw / (width * rowZoom);
    const b = (centre - 0.5 / rowZoom) * sw + a * 0.5 - 0.5;
    sampleRow(backdrop, sw, sh, sy, a, b, out, oy * width * 3, width);
  }
  if (figure && box) drawFigure(layers, figure, box, out, width, height, camera, figureMove, t, e, figureAnchor);
  light(out, width, height, t, e);
}

/** Bilinear samples of an RGB layer along source line sy at x = a·ox + b, written to out from `at`. */
function sampleRow(src: Uint8ClampedArray, sw: number, sh: number, sy: number, a: number, b: number, out: Uint8ClampedArray, at: number, width: number) {
  const y = Math.min(Math.max(sy, 0), sh - 1);
  const y0 = Math.floor(y);
  const y1 = Math.min(sh - 1, y0 + 1);
  const fy = y - y0;
  const r0 = y0 * sw * 3;
  const r1 = y1 * sw * 3;
  for (let ox = 0, o = at; ox < width; ox++, o += 3) {
    const x = Math.min(Math.max(a * ox + b, 0), sw - 1);
    const x0 = Math.floor(x);
    const x1 = Math.min(sw - 1, x0 + 1) * 3;
    const fx = x - x0;
    const p0 = x0 * 3;
    for (let c = 0; c < 3; c++) {
      const top = src[r0 + p0 + c]! + (src[r0 + x1 + c]! - src[r0 + p0 + c]!) * fx;
      const bottom = src[r1 + p0 + c]! + (src[r1 + x1 + c]! - src[r1 + p0 + c]!) * fx;
      out[o + c] = top + (bottom - top) * fy;
    }
  }
}

/** The figure's horizontal displacement at picture-fraction row `py` and time t, in picture fractions of its width. */
export function figureOffset(box: NonNullable<RawLayers['box']>, py: number, t: number, flows = true): number {
  const height = box.bottom - box.top;
  const width = box.right - box.left;
  const up = Math.min(1, Math.max(0, (box.bottom - py) / height)); // 0 at the feet, 1 at the top of the head
  const phase = (2 * Math.PI * t) / SWAY_PERIOD;
  const sway = SWAY * height * up * Math.sin(phase);
  // The lower garment: from the hips (about 45% up) down, strongest at mid-calf, calm at the feet — not on a figure
  // the picture cuts off at the bottom (a bust: its lower part is a chest, it rippled like a skirt).
  const cut = box.bottom > CUT_OFF;
  // Not trousers, a seated figure and its stool, or two people in one box (layers.flows).
  const low = up < 0.45 && !cut && flows ? Math.sin((Math.PI * up) / 0.45) ** 1.5 : 0;
  // The ripple and the hair's trail start from rest: the first frame is the picture.
  const settle = Math.min(1, t / SETTLE);
  const fabric = FABRIC * width * low * settle * Math.sin((2 * Math.PI * (py - box.top)) / (FABRIC_WAVE * height) - (2 * Math.PI * t) / FABRIC_PERIOD);
  // Hair: the top eighth of the figure trails the sway a little.
  const head = Math.max(0, (up - 0.87) / 0.13);
  const hair = HAIR * width * head * settle * Math.sin(phase - 0.9);
  return sway + fabric + hair;
}

function drawFigure(
  layers: RawLayers,
  figure: Uint8ClampedArray,
  box: NonNullable<RawLayers['box']>,
  out: Uint8ClampedArray,
  width: number,
  height: number,
  camera: Camera,
  move: FigureMove,
  t: number,
  e: number,
  anchor: 'feet' | 'head',
) {
  const { width: sw, height: sh } = layers;
  const scale = move.scale(e);
  const shift = move.shift(e);
  // Where the figure's extra scale is anchored (the feet, or the top of the head), in output fractions.
  const feetX = ((box.left + box.right) / 2 - camera.x) * camera.zoom;
  const feetY = ((anchor === 'feet' ? box.bottom : box.top) - camera.y) * camera.zoom;
  const breath = 1 + BREATH * Math.sin((2 * Math.PI * t) / BREATH_PERIOD);
  const margin = 0.04 * (box.right - box.left) + 2 / sw;
  for (let oy = 0; oy < height; oy++) {
    // Undo the parallax, the camera, then the breathing stretch about the feet.
    const qy = (oy + 0.5) / height;
    const cy = (qy - shift.y - feetY) / scale + feetY;
    const stretched = camera.y + cy / camera.zoom;
    const py = box.bottom - (box.bottom - stretched) / breath;
    if (py < box.top - 0.01 || py > box.bottom + 0.01) continue;
    const offset = figureOffset(box, py, t, layers.flows !== false);
    // px = ((qx - shift.x - feetX) / scale + feetX) / zoom + camera.x - offset, with qx = (ox + 0.5) / width
    const k = 1 / (scale * camera.zoom);
    const base = ((-shift.x - feetX) / scale + feetX) / camera.zoom + camera.x - offset;
    const a = (k / width) * sw;
    const b = (base + (0.5 / width) * k) * sw - 0.5;
    const from = Math.max(0, Math.floor(((box.left - margin) * sw - b) / a));
    const to = Math.min(width - 1, Math.ceil(((box.right + margin) * sw - b) / a));
    const sy = Math.min(Math.max(py * sh - 0.5, 0), sh - 1);
    const y0 = Math.floor(sy);
    const y1 = Math.min(sh - 1, y0 + 1);
    const fy = sy - y0;
    const r0 = y0 * sw * 4;
    const r1 = y1 * sw * 4;
    for (let ox = from; ox <= to; ox++) {
      const x = a * ox + b;
      if (x < 0 || x > sw - 1) continue;
      const x0 = Math.floor(x);
      const fx = x - x0;
      const p0 = x0 * 4;
      const p1 = Math.min(sw - 1, x0 + 1) * 4;
      const alphaTop = figure[r0 + p0 + 3]! + (figure[r0 + p1 + 3]! - figure[r0 + p0 + 3]!) * fx;
      const alphaBottom = figure[r1 + p0 + 3]! + (figure[r1 + p1 + 3]! - figure[r1 + p0 + 3]!) * fx;
      const alpha = alphaTop + (alphaBottom - alphaTop) * fy;
      if (alpha < 0.5) continue;
      const keep = 1 - alpha / 255;
      const o = (oy * width + ox) * 3;
      for (let c = 0; c < 3; c++) {
        const top = figure[r0 + p0 + c]! + (figure[r0 + p1 + c]! - figure[r0 + p0 + c]!) * fx;
        const bottom = figure[r1 + p0 + c]! + (figure[r1 + p1 + c]! - figure[r1 + p0 + c]!) * fx;
        out[o + c] = top + (bottom - top) * fy + out[o + c]! * keep;
      }
    }
  }
}

/** A warm light band crossing left to right over the clip, and a vignette that deepens as the move goes on. */
function light(out: Uint8ClampedArray, width: number, height: number, t: number, e: number) {
  const centre = -0.25 + 1.5 * (t / 5);
  const warm = new Float32Array(width * 3);
  for (let x = 0; x < width; x++) {
    const f = (x + 0.5) / width;
    const band = SWEEP * Math.exp(-(((f - centre) / 0.22) ** 2));
    const edge = VIGNETTE * e * ((f - 0.5) / 0.5) ** 2 * 0.5;
    warm[x * 3] = 1 + band * 1.1 - edge;
    warm[x * 3 + 1] = 1 + band - edge;
    warm[x * 3 + 2] = 1 + band * 0.75 - edge;
  }
  for (let y = 0; y < height; y++) {
    const edge = VIGNETTE * e * (((y + 0.5) / height - 0.5) / 0.5) ** 2 * 0.5;
    for (let x = 0, o = y * width * 3; x < width; x++, o += 3) {
      out[o] = out[o]! * (warm[x * 3]! - edge);
      out[o + 1] = out[o + 1]! * (warm[x * 3 + 1]! - edge);
      out[o + 2] = out[o + 2]! * (warm[x * 3 + 2]! - edge);
    }
  }
}
