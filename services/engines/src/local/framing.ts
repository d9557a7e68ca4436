import type { EditShotType } from '../types.js';
import { decodePicture, sharpOf, type Picture } from './picture.js';
import type { Subject } from './subject.js';

type Point = [number, number];
/** A quadrilateral's corners, clockwise from the top left, as fractions of the frame. */
type Quad = [Point, Point, Point, Point];

/** How a shot type reframes: a square-in-fractions crop (so the aspect ratio stays), then a perspective. */
export interface Framing {
  crop: { left: number; top: number; size: number };
  /** Where the output's corners come from inside the crop: a keystone for a change of viewpoint. */
  perspective?: Quad;
  /** Detail lost to a tight crop's enlargement is brought back. */
  sharpen?: boolean;
}

/** A lens's own geometry: barrel distortion (`barrel` > 0 bows lines outwards) and a crop-in `zoom`. */
export interface LensGeometry {
  barrel: number;
  zoom: number;
}

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));

function cropAround(size: number, centreX: number, top: number) {
  return { left: clamp(centreX - size / 2, 0, 1 - size), top: clamp(top, 0, 1 - size), size };
}

/**
 * SPEC.md §9's shot types as reframings of the photo around its subject:
 * - High Angle: seen from above, the top comes nearer (wider) than the bottom: a keystone, slightly cropped.
 * - Macro Shot: a tight crop (about a third of the frame) on the centre of interest, sharpened.
 * - Medium Close Up Shot: head and shoulders, the top 58% of the figure centred on it.
 * - Profile Shot: the subject moved to the left third with room on the side it faces, and a slight turn
 *   (the right side nearer).
 */
export function framingFor(shotType: EditShotType, subject: Subject, typeBottom = 0): Framing | null {
  // Room above the head, as a fraction of a crop of `size`: under a still's title (laid on top again) when it has one.
  const above = (size: number, room: number) => subject.top - Math.max(room, typeBottom + 0.035) * size;
  switch (shotType) {
    case 'High Angle':
      return {
        crop: cropAround(0.92, subject.x, above(0.92, 0.04 / 0.92)),
        perspective: [
          [0.1, 0],
          [0.9, 0],
          [1, 1],
          [0, 1],
        ],
      };
    case 'Macro Shot':
      return { crop: cropAround(0.36, subject.x, subject.y - 0.18), sharpen: true };
    case 'Medium Close Up Shot':
      return { crop: cropAround(0.58, subject.x, above(0.58, 0.05 / 0.58)) };
    case 'Profile Shot': {
      const size = 0.8;
      return {
        crop: { left: clamp(subject.x - size * 0.36, 0, 1 - size), top: clamp(above(size, 0.05 / size), 0, 1 - size), size },
        perspective: [
          [0, 0],
          [1, 0.07],
          [1, 0.93],
          [0, 1],
        ],
      };
    }
    case 'Default':
      return null;
  }
}

/**
 * Reframes the picture at its own size: a plain crop is enlarged with Lanczos (then the lens remaps it); a
 * crop with a perspective and the lens are one bilinear remap.
 */
export async function reframe(picture: Picture, framing: Framing | null, lens: LensGeometry | null): Promise<Picture> {
  const { width, height } = picture;
  if (framing?.perspective) {
    // A keystone's enlargement is slight: the crop goes into the same remap.
    const { left, top, size } = framing.crop;
    const quad = framing.perspective.map(([x, y]) => [left + x * size, top + y * size]) as Quad;
    return remap(picture, quad, lens);
  }
  let framed = picture;
  if (framing) {
    const { left, top, size } = framing.crop;
    const region = {
      left: Math.round(left * width),
      top: Math.round(top * height),
      width: Math.max(1, Math.round(size * width)),
      height: Math.max(1, Math.round(size * height)),
    };
    region.width = Math.min(region.width, width - region.left);
    region.height = Math.min(region.height, height - region.top);
    let pipeline = sharpOf(picture).extract(region).resize(width, height, { fit: 'fill', kernel: 'lanczos3' });
    if (framing.sharpen) pipeline = pipeline.sharpen({ sigma: 1.4, m1: 1.2, m2: 3.5 });
    framed = await decodePicture(pipeline);
  }
  return lens ? remap(framed, null, lens) : framed;
}

/** Heckbert's unit square → quadrilateral projective map. */
function squareToQuad([[x0, y0], [x1, y1], [x2, y2], [x3, y3]]: Quad) {
  const dx1 = x1 - x2;
  const dx2 = x3 - x2;
  const dx3 = x0 - x1 + x2 - x3;
  const dy1 = y1 - y2;
  const dy2 = y3 - y2;
  const dy3 = y0 - y1 + y2 - y3;
  let g = 0;
  let h = 0;
  if (Math.abs(dx3) > 1e-12 || Math.abs(dy3) > 1e-12) {
    const det = dx1 * dy2 - dx2 * dy1;
    g = (dx3 * dy2 - dx2 * dy3) / det;
    h = (dx1 * dy3 - dx3 * dy1) / det;
  }
  return { a: x1 - x0 + g * x1, b: x3 - x0 + h * x3, c: x0, d: y1 - y0 + g * y1, e: y3 - y0 + h * y3, f: y0, g, h };
}

/** Each output pixel looks up its source (lens first, then perspective) and samples it bilinearly. */
function remap(picture: Picture, perspective: Quad | null, lens: LensGeometry | null): Picture {
  const { width, height, data } = picture;
  const out = new Uint8ClampedArray(data.length);
  const m = squareToQuad(
    perspective ?? [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
    ],
  );
  const barrel = lens?.barrel ?? 0;
  const zoom = lens?.zoom ?? 1;
  const diagonal2 = (width * width + height * height) / 4;
  const maxX = width - 1.001;
  const maxY = height - 1.001;
  for (let oy = 0; oy < height; oy++) {
    const cy = oy + 0.5 - height / 2;
    const cy2 = cy * cy;
    for (let ox = 0, o = oy * width * 3; ox < width; ox++, o += 3) {
      const cx = ox + 0.5 - width / 2;
      // Barrel distortion pulls the edges in; the corners still land inside the frame.
      const scale = (1 + (barrel * (cx * cx + cy2)) / diagonal2) / (1 + barrel) / zoom;
      const u = (cx * scale) / width + 0.5;
      const v = (cy * scale) / height + 0.5;
      const w = m.g * u + m.h * v + 1;
      let sx = ((m.a * u + m.b * v + m.c) / w) * width - 0.5;
      let sy = ((m.d * u + m.e * v + m.f) / w) * height - 0.5;
      sx = sx < 0 ? 0 : sx > maxX ? maxX : sx;
      sy = sy < 0 ? 0 : sy > maxY ? maxY : sy;
      const x0 = sx | 0;
      const y0 = sy | 0;
      const fx = sx - x0;
      const fy = sy - y0;
      const p00 = (y0 * width + x0) * 3;
      const p01 = p00 + width * 3;
      const w00 = (1 - fx) * (1 - fy);
      const w10 = fx * (1 - fy);
      const w01 = (1 - fx) * fy;
      const w11 = fx * fy;
      out[o] = data[p00]! * w00 + data[p00 + 3]! * w10 + data[p01]! * w01 + data[p01 + 3]! * w11;
      out[o + 1] = data[p00 + 1]! * w00 + data[p00 + 4]! * w10 + data[p01 + 1]! * w01 + data[p01 + 4]! * w11;
      out[o + 2] = data[p00 + 2]! * w00 + data[p00 + 5]! * w10 + data[p01 + 2]! * w01 + data[p01 + 5]! * w11;
    }
  }
  return { width, height, data: out };
}
