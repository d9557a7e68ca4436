import { sampleOf, skinLikeness, type Picture } from './picture.js';
import { PERSON_DISTANCE, rowBackdrop } from './try-on.js';

/** Where the picture's subject is, as fractions of the frame. */
export interface Subject {
  /** The centre of interest: the face when one is found, else the figure's or the frame's centre. */
  x: number;
  y: number;
  /** The top of the figure (hair included), or of the face. */
  top: number;
  /** The figure's centre and half its width and height: what a shallow depth of field keeps sharp. */
  figure: { x: number; y: number; spanX: number; spanY: number };
  /** The figure's pixels (255) on a small copy of the frame, when a figure was found. */
  silhouette: { width: number; height: number; data: Uint8ClampedArray } | null;
  face: boolean;
}

const SAMPLE_SIDE = 160;
/** A figure covers between these fractions of the frame; outside them the reading is not trusted. */
const FIGURE_MIN = 0.02;
const FIGURE_MAX = 0.9;
/** A row (column) belongs to the figure's box when the figure covers this fraction of it. */
const FIGURE_LINE = 0.04;
/** A face is at least this fraction of the frame, and of the largest skin region. */
const FACE_MIN = 0.0015;
const FACE_SHARE = 0.15;

/**
 * Finds the subject without ML, on a small copy: the figure is what differs from each row's backdrop (as
 * try-on reads a person), the face the skin-coloured region nearest the top with a face's proportions.
 * Photos that show no such figure get the frame's centre.
 */
export async function findSubject(picture: Picture): Promise<Subject> {
  const sample = await sampleOf(picture, SAMPLE_SIDE);
  const { width: w, height: h, data } = sample;
  const figure = new Uint8ClampedArray(w * h);
  const rows = new Uint32Array(h);
  const columns = new Uint32Array(w);
  let figureCount = 0;
  for (let y = 0; y < h; y++) {
    const backdrop = rowBackdrop(data, w, y);
    for (let x = 0; x < w; x++) {
      const p = (y * w + x) * 3;
      if (Math.hypot(data[p]! - backdrop[0], data[p + 1]! - backdrop[1], data[p + 2]! - backdrop[2]) <= PERSON_DISTANCE) continue;
      figure[y * w + x] = 255;
      figureCount++;
      rows[y]!++;
      columns[x]!++;
    }
  }
  // The figure's box: rows and columns with a real share of it, so specks and small objects do not stretch it.
  const minY = rows.findIndex((n) => n >= FIGURE_LINE * w);
  const maxY = rows.findLastIndex((n) => n >= FIGURE_LINE * w);
  const minX = columns.findIndex((n) => n >= FIGURE_LINE * h);
  const maxX = columns.findLastIndex((n) => n >= FIGURE_LINE * h);
  const hasFigure = figureCount >= FIGURE_MIN * w * h && figureCount <= FIGURE_MAX * w * h && minY >= 0 && minX >= 0;

  const skin = new Uint8Array(w * h);
  for (let i = 0; i < skin.length; i++) {
    if ((!hasFigure || figure[i]) && skinLikeness(data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!) > 0.5) skin[i] = 1;
  }
  const face = findFace(skin, w, h);

  const figureBox = hasFigure
    ? { x: (minX + maxX + 1) / 2 / w, y: (minY + maxY + 1) / 2 / h, spanX: (maxX - minX + 1) / 2 / w, spanY: (maxY - minY + 1) / 2 / h }
    : null;
  const silhouette = hasFigure ? { width: w, height: h, data: figure } : null;
  if (face) {
    // Hair sits above the skin: about a third of the face's height.
    const faceTop = Math.max(0, face.top - face.height * 0.35) / h;
    const headOnly = { x: face.x / w, y: (face.y + face.height * 0.6) / h, spanX: Math.min(0.5, (face.width * 1.8) / w), spanY: Math.min(0.5, (face.height * 1.6) / h) };
    return {
      x: face.x / w,
      y: face.y / h,
      top: hasFigure ? Math.min(minY / h, faceTop) : faceTop,
      figure: figureBox ?? headOnly,
      silhouette,
      face: true,
    };
  }
  if (figureBox) return { x: figureBox.x, y: figureBox.y, top: minY / h, figure: figureBox, silhouette, face: false };
  return { x: 0.5, y: 0.45, top: 0, figure: { x: 0.5, y: 0.5, spanX: 0.3, spanY: 0.4 }, silhouette: null, face: false };
}

interface Face {
  x: number;
  y: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The face: the highest of the skin regions (4-connected) of a useful size; then only its head part, from its top down to about 1.3 face-widths (a neck, chest or arm
 * joined to it does not move the centre down).
 */
function findFace(skin: Uint8Array, w: number, h: number): Face | null {
  const label = new Int32Array(w * h).fill(-1);
  const stack: number[] = [];
  const regions: { id: number; area: number; top: number }[] = [];
  for (let start = 0, id = 0; start < skin.length; start++) {
    if (!skin[start] || label[start] !== -1) continue;
    let area = 0;
    let top = h;
    label[start] = id;
    stack.push(start);
    while (stack.length > 0) {
      const i = stack.pop()!;
      const x = i % w;
      const y = (i - x) / w;
      area++;
      top = Math.min(top, y);
      for (const n of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, y > 0 ? i - w : -1, y < h - 1 ? i + w : -1]) {
        if (n >= 0 && skin[n] && label[n] === -1) {
          label[n] = id;
          stack.push(n);
        }
      }
    }
    regions.push({ id: id++, area, top });
  }
  // The face is the highest of the sizeable skin regions (arms and legs can be larger, but sit lower).
  const largest = regions.reduce((max, r) => Math.max(max, r.area), 0);
  const sizeable = regions.filter((r) => r.area >= FACE_MIN * w * h && r.area >= FACE_SHARE * largest);
  const best = sizeable.sort((a, b) => a.top - b.top || b.area - a.area)[0];
  if (!best) return null;

  let maxWidth = 0;
  let bottom = best.top;
  let sumX = 0;
  let count = 0;
  for (let y = best.top; y < h; y++) {
    let rowCount = 0;
    let rowSumX = 0;
    for (let x = 0; x < w; x++) {
      if (label[y * w + x] === best.id) {
        rowCount++;
        rowSumX += x;
      }
    }
    if (rowCount === 0) break;
    const height = y - best.top;
    if (maxWidth > 0 && (height > 1.3 * maxWidth || (rowCount > 1.7 * maxWidth && height > 0.6 * maxWidth))) break;
    maxWidth = Math.max(maxWidth, rowCount);
    sumX += rowSumX;
    count += rowCount;
    bottom = y + 1;
  }
  const height = bottom - best.top;
  return { x: sumX / count + 0.5, y: best.top + height / 2, top: best.top, width: maxWidth, height };
}
