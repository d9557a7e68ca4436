import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLocalEngine } from '../local/index.js';
import { runFfmpeg, withTempDir } from '../local/ffmpeg.js';
import { localMarkOf } from '../local/render.js';
import { layersOf, type RawLayers } from '../local/layers.js';
import { figureOffset, renderFrame, type Camera } from '../local/motion.js';
import { renderSceneLayers } from '../local/text-to-image.js';
import { CAMERA, frameView, type Motion } from '../local/video.js';

const engine = createLocalEngine();

interface Frame {
  data: Buffer;
  width: number;
  height: number;
}

/** Frames `ns` of a video as raw RGB. */
async function frames(video: Buffer, ns: number[]): Promise<Frame[]> {
  return withTempDir(async (dir) => {
    const input = join(dir, 'in.mp4');
    await writeFile(input, video);
    const out: Frame[] = [];
    for (const n of ns) {
      const file = join(dir, `f${n}.png`);
      await runFfmpeg(['-i', input, '-vf', `select=eq(n\\,${n})`, '-frames:v', '1', '-y', file]);
      const { data, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      out.push({ data, width: info.width, height: info.height });
    }
    return out;
  });
}

/** Mean absolute difference of two frames over a box given in fractions of the frame. */
function meanDiff(a: Frame, b: Frame, box: { left: number; top: number; right: number; bottom: number }): number {
  const [x0, x1] = [Math.round(box.left * a.width), Math.round(box.right * a.width)];
  const [y0, y1] = [Math.round(box.top * a.height), Math.round(box.bottom * a.height)];
  let sum = 0;
  let count = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * a.width + x) * 3;
      for (let c = 0; c < 3; c++) sum += Math.abs(a.data[i + c]! - b.data[i + c]!);
      count += 3;
    }
  }
  return sum / count;
}

/** The bounding box (in pixels) of the pixels `match` picks. */
function boxOf(f: Frame, match: (r: number, g: number, b: number) => boolean) {
  let [left, top, right, bottom, count, sx] = [f.width, f.height, -1, -1, 0, 0];
  for (let y = 0; y < f.height; y++) {
    for (let x = 0; x < f.width; x++) {
      const i = (y * f.width + x) * 3;
      if (!match(f.data[i]!, f.data[i + 1]!, f.data[i + 2]!)) continue;
      [left, top, right, bottom] = [Math.min(left, x), Math.min(top, y), Math.max(right, x), Math.max(bottom, y)];
      count++;
      sx += x;
    }
  }
  return { left, top, right, bottom, height: bottom - top + 1, count, centreX: sx / Math.max(1, count) };
}

/** Frame 0 as a flat camera would show it at eased time e: the same crop and zoom of the whole picture. */
async function flatZoom(first: Frame, { zoom, x, y }: Camera): Promise<Frame> {
  const { width, height } = first;
  const data = await sharp(first.data, { raw: { width, height, channels: 3 } })
    .extract({ left: Math.round(x * width), top: Math.round(y * height), width: Math.round(width / zoom), height: Math.round(height / zoom) })
    .resize(width, height, { fit: 'fill' })
    .raw()
    .toBuffer();
  return { data, width, height };
}

/** A JPEG photo of `shapes` (SVG) in front of a wall lit from above (`top` to `bottom`), 480×720. */
function photoOnWall(top: string, bottom: string, shapes: string): Promise<Buffer> {
  const [w, h] = [480, 720];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
      <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>
      <rect width="${w}" height="${h}" fill="url(#g)"/>${shapes}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer();
}

const isDressRed = (r: number, g: number, b: number) => r > 140 && g < 60 && b < 80;

describe('local video of a local still: its layers move', () => {
  let still: Buffer;
  let video: { data: Buffer; model: string };
  let shots: Frame[];
  beforeAll(async () => {
    still = (await engine.textToImage({ prompt: 'woman in a red silk slip dress on a beach at sunset', aspectRatio: '2:3', seed: 7 })).data;
    video = await engine.imageToVideo({ image: still, model: 'wan-2.5' }); // Wan 2.5 pushes in
    shots = await frames(video.data, [0, 60, 114, 119]);
  }, 120_000);

  it('starts on the still and is made from its layers', async () => {
    expect(video.model).toBe('local/parallax-push-in');
    const { data } = await sharp(still).resize(shots[0]!.width, shots[0]!.height, { fit: 'fill' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const whole = { left: 0, top: 0, right: 1, bottom: 1 };
    expect(meanDiff(shots[0]!, { data, width: shots[0]!.width, height: shots[0]!.height }, whole)).toBeLessThan(6);
  });

  it('grows the figure faster than the camera zooms (parallax), not as a flat zoom would', () => {
    const [first, , , last] = shots;
    const before = boxOf(first!, isDressRed);
    const after = boxOf(last!, isDressRed);
    expect(before.count).toBeGreaterThan(2000);
    const { zoom } = CAMERA['push-in'](1);
    // A flat zoom scales the dress by the camera's 1.14 each way; the nearer figure layer grows 5 % more. Its
    // area says so (the hem's ripple moves it sideways, and the lips share its red).
    expect(Math.sqrt(after.count / before.count)).toBeGreaterThan(zoom * 1.03);
  });

  it('keeps moving inside the figure while the camera has come to rest, and the backdrop beside it does not', async () => {
    const [, , resting, last] = shots;
    // The camera's ease is flat at the end: frames 114 and 119 see the same backdrop, but the figure sways.
    const dress = boxOf(last!, isDressRed);
    const figure = { left: dress.left / last!.width, top: dress.top / last!.height, right: (dress.right + 1) / last!.width, bottom: (dress.bottom + 1) / last!.height };
    const beside = { left: 0.03, top: 0.45, right: 0.14, bottom: 0.6 };
    const inFigure = meanDiff(resting!, last!, figure);
    const inBackdrop = meanDiff(resting!, last!, beside);
    expect(inFigure).toBeGreaterThan(2);
    expect(inFigure).toBeGreaterThan(inBackdrop * 3);
  });

  it("keeps the still's type and caption fixed on top while the scene moves under them", async () => {
    const mark = await localMarkOf(still);
    expect(mark).not.toBeNull();
    const [first, , , last] = shots;
    // The camera the move ends on (held high enough that the head stays under the title: frameView).
    const { box } = await layersOf(still, first!.width, first!.height);
    const flat = await flatZoom(first!, frameView('push-in', 1, box, false).camera);
    const stayed = meanDiff(first!, last!, mark!);
    const wouldHaveMoved = meanDiff(first!, flat, mark!);
    expect(stayed).toBeLessThan(wouldHaveMoved / 2);
  });
});

describe('local video of any other picture: a foreground / background split', () => {
  it('moves the person in front across the frame faster than the wall behind', async () => {
    // A wall with a dark vertical stripe on its left, and a person-like figure in front, in the middle.
    const photo = await photoOnWall(
      '#c8c2b8',
      '#a9a196',
      `<rect x="40" y="0" width="14" height="720" fill="#3a6ea5"/>
      <ellipse cx="240" cy="190" rx="38" ry="46" fill="#6b3f2a"/>
      <rect x="180" y="240" width="120" height="260" rx="40" fill="#23262b"/>
      <rect x="195" y="490" width="35" height="190" fill="#23262b"/><rect x="250" y="490" width="35" height="190" fill="#23262b"/>`,
    );
    const video = await engine.imageToVideo({ image: photo, model: 'veo-3.1' }); // Veo 3.1 pans
    expect(video.model).toBe('local/parallax-pan');
    const [first, last] = await frames(video.data, [0, 119]);
    const isPerson = (r: number, g: number, b: number) => r < 60 && g < 60 && b < 70;
    const isStripe = (r: number, g: number, b: number) => b > 130 && r < 110 && b - r > 50;
    const person = boxOf(last!, isPerson).centreX - boxOf(first!, isPerson).centreX;
    const stripe = boxOf(last!, isStripe).centreX - boxOf(first!, isStripe).centreX;
    // Both go left as the camera tracks right; the nearer person by at least 2 % of the frame more.
    expect(stripe).toBeLessThan(0);
    expect(person).toBeLessThan(stripe - 0.02 * first!.width);
  }, 60_000);

  it('moves a bust cut off by the bottom edge whole: its plain top is the figure, and its first frame is the photo', async () => {
    // A head and a large plain top reaching the bottom edge: the middle of the top was read as wall (reachable from
    // the bottom edge), stayed behind while the outline moved (a ghost arch), and the torso rippled like a skirt.
    const [w, h] = [480, 720];
    const photo = await photoOnWall(
      '#dcd6cc',
      '#b9b2a6',
      `<ellipse cx="240" cy="170" rx="62" ry="78" fill="#d9a27c"/><path d="M120,290 Q240,270 360,290 L380,${h} L100,${h} Z" fill="#2f5e4d"/>`,
    );
    const layers = await layersOf(photo, w, h);
    expect(layers.from).toBe('split');
    // The middle of the top, well inside it, is opaque figure.
    expect(layers.figure![(600 * w + 240) * 4 + 3]).toBe(255);
    expect(layers.figure![(450 * w + 240) * 4 + 3]).toBe(255);
    // The first frame shows the photo: no ripple or trail at rest (compared away from the mark in the corner).
    const video = await engine.imageToVideo({ image: photo, model: 'wan-2.5' });
    const [first] = await frames(video.data, [0]);
    const source = await sharp(photo).resize(first!.width, first!.height, { fit: 'cover' }).removeAlpha().raw().toBuffer();
    const atRest = { data: source, width: first!.width, height: first!.height };
    expect(meanDiff(first!, atRest, { left: 0.05, top: 0.05, right: 0.95, bottom: 0.85 })).toBeLessThan(3);
    // Along the top's left edge low down, where a ripple showed (3.7 with it, 1.7 without).
    expect(meanDiff(first!, atRest, { left: 0.12, top: 0.55, right: 0.32, bottom: 0.85 })).toBeLessThan(2.5);
  }, 60_000);
});

describe("a still's title stays clear of the figure's head", () => {
  // A grey backdrop and a red figure whose head's top is 14 % down the picture, just under a still's title.
  const [sw, sh] = [200, 300];
  const box = { left: 0.35, top: 0.14, right: 0.65, bottom: 0.95 };
  const figure = new Uint8ClampedArray(sw * sh * 4);
  for (let y = Math.round(box.top * sh); y < Math.round(box.bottom * sh); y++) {
    for (let x = Math.round(box.left * sw); x < Math.round(box.right * sw); x++) figure.set([200, 0, 0, 255], (y * sw + x) * 4);
  }
  const layers: RawLayers = { width: sw, height: sh, backdrop: new Uint8ClampedArray(sw * sh * 3).fill(128), figure, box, from: 'layers', overlay: null };
  const motions: Motion[] = ['push-in', 'pull-out', 'pan', 'rise'];

  /** The highest row of the frame the figure reaches, as a fraction of its height, over the whole move. */
  function highestHead(motion: Motion, titled: boolean): number {
    const [w, h] = [160, 240];
    let highest = 1;
    for (const [e, t] of [[0, 0], [0.25, 0.6], [0.5, 1.2], [0.75, 0.6], [1, 0.625]] as const) {
      const out = new Uint8ClampedArray(w * h * 3);
      const { camera, move, options } = frameView(motion, e, titled ? box : null, true);
      renderFrame(layers, out, w, h, camera, move, t, e, options);
      for (let y = 0; y < h; y++) {
        const row = out.subarray(y * w * 3, (y + 1) * w * 3);
        if (row.some((v, i) => i % 3 === 0 && v > 150 && row[i + 1]! < 60)) {
          highest = Math.min(highest, y / h);
          break;
        }
      }
    }
    return highest;
  }

  it('no move lifts the head above where the still has it (one row of slack)', () => {
    for (const motion of motions) expect(highestHead(motion, true), motion).toBeGreaterThanOrEqual(box.top - 1 / 240);
  });

  it('a photo without a title is framed by the camera alone (the head may rise)', () => {
    expect(Math.min(...motions.map((motion) => highestHead(motion, false)))).toBeLessThan(box.top - 0.03);
  });
});

describe('local video: what ripples', () => {
  it('ripples a skirt or a dress, not trousers, a seated figure and its stool, or two people (they wobbled like jelly)', async () => {
    const flows = async (prompt: string) => (await renderSceneLayers({ prompt, aspectRatio: '2:3', seed: 3 })).flows;
    expect(await flows('a woman in a red midi dress, studio, full body')).toBe(true);
    expect(await flows('a woman in a pleated skirt and a white shirt, studio, full body')).toBe(true);
    expect(await flows('a man in a navy suit, studio, full body')).toBe(false);
    expect(await flows('a woman in a red dress sitting on a stool, full body')).toBe(false);
    expect(await flows('two friends in dresses, studio')).toBe(false);
    // Not flowing: the lower rows move only with the sway, no wave through them.
    const box = { left: 0.3, top: 0.1, right: 0.7, bottom: 0.9 };
    const wave = (free: boolean) => {
      let most = 0;
      for (let py = 0.6; py < 0.88; py += 0.01) most = Math.max(most, Math.abs(figureOffset(box, py + 0.01, 2.2, free) - figureOffset(box, py, 2.2, free)));
      return most;
    };
    expect(wave(false)).toBeLessThan(0.0002);
    expect(wave(true)).toBeGreaterThan(0.001);
  }, 60_000);
});
