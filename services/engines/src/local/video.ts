import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import type { EngineResult, ImageToVideoInput, VideoModel } from '../types.js';
import { VIDEO_MODELS } from '../types.js';
import { checkChoice, checkImage, checkPrompt } from '../validate.js';
import { EngineFailure } from '../errors.js';
import { runFfmpegFed, withTempDir } from './ffmpeg.js';
import { layersOf, premultiply, type RawLayers } from './layers.js';
import { BREATH, renderFrame, type Camera, type FigureMove } from './motion.js';
import { hashString } from './random.js';
import { localBadge, localBadgeBox, localMarkOf, type MarkBox } from './render.js';

export const VIDEO_SECONDS = 5;
export const VIDEO_FPS = 24;
/** 720 px wide (at most 1280 tall) keeps encoding quick on small machines. */
export const VIDEO_MAX_WIDTH = 720;
export const VIDEO_MAX_HEIGHT = 1280;

export type Motion = 'push-in' | 'pull-out' | 'pan' | 'rise';

const MOTION_WORDS: [Motion, string[]][] = [
  ['pull-out', ['pull', 'out', 'reveal', 'back', 'wide']],
  ['pan', ['pan', 'sideways', 'walk', 'walking', 'track', 'tracking']],
  ['rise', ['tilt', 'rise', 'up', 'crane', 'ascend']],
  ['push-in', ['push', 'zoom', 'in', 'close', 'closer', 'dolly']],
];

/** Each model gets its own default move, so switching models visibly changes the result. */
const MODEL_MOTION: Record<VideoModel, Motion> = { 'wan-2.5': 'push-in', 'veo-3.1': 'pan', 'sora-2': 'rise' };

export function motionFor(prompt: string, model: VideoModel): Motion {
  const words = prompt.toLowerCase().split(/[^a-z]+/);
  return MOTION_WORDS.find(([, list]) => list.some((w) => words.includes(w)))?.[0] ?? MODEL_MOTION[model];
}

/** The camera of each move at eased time e (0…1): zoom and the visible window's top-left, as fractions of the picture. */
export const CAMERA: Record<Motion, (e: number) => { zoom: number; x: number; y: number }> = {
  'push-in': (e) => centred(1 + 0.14 * e),
  'pull-out': (e) => centred(1.14 - 0.14 * e),
  pan: (e) => ({ zoom: 1.12, x: (1 - 1 / 1.12) * e, y: 0.42 - 0.42 / 1.12 }),
  rise: (e) => ({ zoom: 1.12, x: 0.5 - 0.5 / 1.12, y: (1 - 1 / 1.12) * (1 - e) }),
};
function centred(zoom: number) {
  return { zoom, x: 0.5 - 0.5 / zoom, y: 0.42 - 0.42 / zoom };
}
/**
 * A still's type stays fixed on top while the scene moves under it, so no move may lift the figure's head above
 * where the still has it (`top`, a fraction of the picture): it would slide under the title. With the figure's
 * parallax growing from its head down, the head's top lands at (top − y)·zoom + shiftY, less the breathing's lift;
 * the window is held at or above the height that keeps it at `top` (and never above the picture).
 */
export function clearOfTitle(camera: Camera, shiftY: number, top: number, figureHeight: number): Camera {
  const breathing = BREATH * figureHeight * camera.zoom;
  const lowest = top - (top - shiftY + breathing) / camera.zoom;
  return { ...camera, y: Math.max(0, Math.min(camera.y, lowest)) };
}
/**
 * The camera of a frame at eased time e and how the figure moves under it. `titled` is the figure's box when the
 * picture is a still whose type stays fixed on top: its head is kept clear of the title.
 */
export function frameView(motion: Motion, e: number, titled: FigureBox | null, groundParallax: boolean) {
  const camera = CAMERA[motion](e);
  if (!titled) return { camera, move: FIGURE_MOVE[motion], options: { groundParallax } };
  const move = TITLED_FIGURE_MOVE[motion] ?? FIGURE_MOVE[motion];
  return {
    camera: clearOfTitle(camera, move.shift(e).y, titled.top, titled.bottom - titled.top),
    move,
    options: { figureAnchor: 'head' as const },
  };
}
type FigureBox = NonNullable<RawLayers['box']>;
/** Smoothstep easing so the move starts and ends softly. */
const ease = (t: number) => t * t * (3 - 2 * t);

/** Where a box of the picture lands in frame `n` of the move, as fractions of the output frame. */
export function boxInFrame(motion: Motion, n: number, frames: number, box: MarkBox): MarkBox {
  const { zoom, x, y } = CAMERA[motion](ease(n / (frames - 1)));
  return { left: (box.left - x) * zoom, top: (box.top - y) * zoom, right: (box.right - x) * zoom, bottom: (box.bottom - y) * zoom };
}

const overlaps = (a: MarkBox, b: MarkBox) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * The frames that get the video's own fixed mark. A source that shows the local engine's mark (a local
 * still or try-on) carries it with the camera, so the fixed mark appears only while that one is entirely
 * out of view and cannot meet it; any other source (an uploaded photo) gets the fixed mark throughout.
 * Returns runs of frame numbers [first, last].
 */
export function fixedMarkFrames(motion: Motion, frames: number, sourceMark: MarkBox | null, fixedMark: MarkBox): [number, number][] {
  const runs: [number, number][] = [];
  const view: MarkBox = { left: 0, top: 0, right: 1, bottom: 1 };
  for (let n = 0; n < frames; n++) {
    const moving = sourceMark && boxInFrame(motion, n, frames, sourceMark);
    // A margin around the fixed mark, so the two never touch even in passing.
    const clear = !moving || (!overlaps(moving, view) && !overlaps(moving, grow(fixedMark, 0.02)));
    if (!clear) continue;
    const last = runs[runs.length - 1];
    if (last && last[1] === n - 1) last[1] = n;
    else runs.push([n, n]);
  }
  return runs;
}
const grow = (b: MarkBox, by: number): MarkBox => ({ left: b.left - by, top: b.top - by, right: b.right + by, bottom: b.bottom + by });

/** Even dimensions within VIDEO_MAX_WIDTH × VIDEO_MAX_HEIGHT, keeping the aspect ratio. */
export function videoSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(VIDEO_MAX_WIDTH / width, VIDEO_MAX_HEIGHT / height);
  const even = (n: number) => Math.max(2, Math.round((n * Math.min(1, scale)) / 2) * 2);
  return { width: even(width), height: even(height) };
}

/** How the nearer layer (the figure) moves against the backdrop in each camera move: the parallax. */
const FIGURE_MOVE: Record<Motion, FigureMove> = {
  // Pushing in, the nearer figure grows a little faster than the wall behind it; pulling out, slower.
  'push-in': { scale: (e) => 1 + 0.05 * e, shift: () => ({ x: 0, y: 0 }) },
  'pull-out': { scale: (e) => 1.05 - 0.05 * e, shift: () => ({ x: 0, y: 0 }) },
  // Tracking sideways, the nearer figure crosses the frame faster than the backdrop.
  pan: { scale: () => 1.02, shift: (e) => ({ x: 0.035 * (0.5 - e), y: 0 }) },
  // Craning up, the figure slides down the frame a little faster than the backdrop.
  rise: { scale: () => 1.02, shift: (e) => ({ x: 0, y: 0.03 * (e - 0.5) }) },
};
/** Under a still's title the figure never rises above where the still has it: a rise's slide starts there. */
const TITLED_FIGURE_MOVE: Partial<Record<Motion, FigureMove>> = {
  rise: { scale: () => 1.02, shift: (e) => ({ x: 0, y: 0.03 * e }) },
};
/** The layers are made this much larger than the video, so the camera's zoom never enlarges them. */
const LAYER_SCALE = 1.25;

/** The overlay as premultiplied RGBA at the video's size, or null. */
async function overlayPixels(png: Buffer | null, width: number, height: number): Promise<Uint8ClampedArray | null> {
  if (!png) return null;
  return premultiply(await sharp(png).resize(width, height, { fit: 'fill' }).ensureAlpha().raw().toBuffer());
}

/** Premultiplied RGBA over an RGB frame, in place (skipping the transparent majority). */
function drawOver(frame: Uint8ClampedArray, overlay: Uint8ClampedArray) {
  for (let i = 0, o = 0; i < overlay.length; i += 4, o += 3) {
    const a = overlay[i + 3]!;
    if (a === 0) continue;
    const keep = 1 - a / 255;
    frame[o] = overlay[i]! + frame[o]! * keep;
    frame[o + 1] = overlay[i + 1]! + frame[o + 1]! * keep;
    frame[o + 2] = overlay[i + 2]! + frame[o + 2]! * keep;
  }
}

/**
 * 5 s at 24 fps, H.264. The picture is taken apart into layers (layers.ts): a local still is redrawn from its
 * recipe as backdrop, figure and overlay; any other picture is split into a backdrop and the figure standing
 * in front of it. Each frame (motion.ts) puts the backdrop under the camera move, the figure over it with its
 * own parallax, a sway about the feet, breathing, fabric and hair movement, then a slow light change; a
 * still's overlay (its type, frame and caption) stays fixed on top. Frames go to ffmpeg as raw RGB.
 */
export async function localImageToVideo(input: ImageToVideoInput, signal?: AbortSignal): Promise<EngineResult> {
  const model = checkChoice(input.model, VIDEO_MODELS, 'model');
  const prompt = checkPrompt(input.prompt, 'prompt', false);
  const image = await checkImage(input.image, 'image');
  const { width, height } = videoSize(image.width, image.height);
  const frames = VIDEO_SECONDS * VIDEO_FPS;
  const motion = motionFor(prompt, model);
  const layers = await layersOf(input.image, Math.round(width * LAYER_SCALE), Math.round(height * LAYER_SCALE));
  const overlay = await overlayPixels(layers.overlay, width, height);
  // A still redrawn in layers keeps its own caption fixed on top: no second mark. Otherwise the picture's own
  // mark (a local result's) moves with the camera, and the fixed mark appears only where that one is out of
  // view, so the two never show together; a photo gets the fixed mark throughout.
  const sourceMark = overlay ? null : await localMarkOf(input.image);
  const runs = overlay ? [] : fixedMarkFrames(motion, frames, sourceMark, localBadgeBox(width, height));
  // A still's figure, whose head must stay clear of the fixed title.
  const titled = overlay ? layers.box : null;
  return withTempDir(async (dir) => {
    const output = join(dir, 'video.mp4');
    const badge = join(dir, 'badge.png');
    await sharp(localBadge(width, height)).png().toFile(badge);
    const enable = runs.length === 1 && runs[0]![0] === 0 && runs[0]![1] === frames - 1
      ? ''
      : `:enable='${runs.map(([a, b]) => `between(n,${a},${b})`).join('+') || '0'}'`;
    await runFfmpegFed(
      [
        '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${width}x${height}`, '-r', String(VIDEO_FPS), '-i', 'pipe:0',
        '-i', badge,
        '-filter_complex', `[0:v][1:v]overlay=0:0${enable},format=yuv420p`,
        '-frames:v', String(frames),
        '-r', String(VIDEO_FPS),
        '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-profile:v', 'high',
        '-pix_fmt', 'yuv420p',
        '-threads', '2',
        '-movflags', '+faststart',
        '-metadata', `comment=Atelier local engine (${motion}, ${layers.from}, seed ${hashString(prompt)})`,
        '-an', '-y', output,
      ],
      async (write) => {
        for (let n = 0; n < frames; n++) {
          if (signal?.aborted) throw new EngineFailure('video cancelled', { retryable: true });
          const e = ease(n / (frames - 1));
          // A fresh buffer each frame (the pipe may still hold the previous one); clamped, as light can pass 255.
          const out = new Uint8ClampedArray(width * height * 3);
          const { camera, move, options } = frameView(motion, e, titled, !sourceMark);
          renderFrame(layers, out, width, height, camera, move, n / VIDEO_FPS, e, options);
          if (overlay) drawOver(out, overlay);
          await write(Buffer.from(out.buffer, out.byteOffset, out.byteLength));
        }
      },
      signal,
    );
    const data = await readFile(output);
    return {
      data,
      contentType: 'video/mp4',
      width,
      height,
      engine: 'local',
      model: `local/${layers.from === 'flat' ? 'camera' : 'parallax'}-${motion}`,
      durationSeconds: VIDEO_SECONDS,
    };
  });
}
