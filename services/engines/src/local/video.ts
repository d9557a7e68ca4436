import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import type { EngineResult, ImageToVideoInput, VideoModel } from '../types.js';
import { VIDEO_MODELS } from '../types.js';
import { checkChoice, checkImage, checkPrompt } from '../validate.js';
import { runFfmpeg, withTempDir } from './ffmpeg.js';
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
const CAMERA: Record<Motion, (e: number) => { zoom: number; x: number; y: number }> = {
  'push-in': (e) => centred(1 + 0.14 * e),
  'pull-out': (e) => centred(1.14 - 0.14 * e),
  pan: (e) => ({ zoom: 1.12, x: (1 - 1 / 1.12) * e, y: 0.42 - 0.42 / 1.12 }),
  rise: (e) => ({ zoom: 1.12, x: 0.5 - 0.5 / 1.12, y: (1 - 1 / 1.12) * (1 - e) }),
};
function centred(zoom: number) {
  return { zoom, x: 0.5 - 0.5 / zoom, y: 0.42 - 0.42 / zoom };
}
/** Smoothstep easing so the move starts and ends softly. */
const ease = (t: number) => t * t * (3 - 2 * t);

/** zoompan expressions over `on` (output frame number), the same moves as {@link CAMERA}. */
function zoompan(motion: Motion, frames: number, width: number, height: number): string {
  const t = `(on/${frames - 1})`;
  const e = `(${t}*${t}*(3-2*${t}))`;
  const centreX = 'iw/2-(iw/zoom/2)';
  const centreY = 'ih*0.42-(ih/zoom*0.42)';
  const byMotion: Record<Motion, [string, string, string]> = {
    'push-in': [`1+0.14*${e}`, centreX, centreY],
    'pull-out': [`1.14-0.14*${e}`, centreX, centreY],
    pan: ['1.12', `(iw-iw/zoom)*${e}`, centreY],
    rise: ['1.12', centreX, `(ih-ih/zoom)*(1-${e})`],
  };
  const [z, x, y] = byMotion[motion];
  return `zoompan=z='${z}':x='${x}':y='${y}':d=${frames}:s=${width}x${height}:fps=${VIDEO_FPS}`;
}

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

export async function localImageToVideo(input: ImageToVideoInput, signal?: AbortSignal): Promise<EngineResult> {
  const model = checkChoice(input.model, VIDEO_MODELS, 'model');
  const prompt = checkPrompt(input.prompt, 'prompt', false);
  const image = await checkImage(input.image, 'image');
  const { width, height } = videoSize(image.width, image.height);
  const frames = VIDEO_SECONDS * VIDEO_FPS;
  const motion = motionFor(prompt, model);
  return withTempDir(async (dir) => {
    const source = join(dir, 'source.png');
    const output = join(dir, 'video.mp4');
    // Twice the output size, so zoompan's whole-pixel crop steps stay below one output pixel.
    await sharp(input.image).rotate().resize(width * 2, height * 2, { fit: 'cover' }).removeAlpha().png({ compressionLevel: 1 }).toFile(source);
    // A local result (a still or a try-on) shows its own mark, which moves with the camera: the fixed mark
    // appears only in the frames where that one is out of view, so the two never show together.
    const runs = fixedMarkFrames(motion, frames, await localMarkOf(input.image), localBadgeBox(width, height));
    const badge = join(dir, 'badge.png');
    await sharp(localBadge(width, height)).png().toFile(badge);
    const enable = runs.length === 1 && runs[0]![0] === 0 && runs[0]![1] === frames - 1
      ? ''
      : `:enable='${runs.map(([a, b]) => `between(n,${a},${b})`).join('+') || '0'}'`;
    await runFfmpeg(
      [
        '-i', source,
        '-i', badge,
        '-filter_complex', `[0:v]${zoompan(motion, frames, width, height)}[moving];[moving][1:v]overlay=0:0${enable},format=yuv420p`,
        '-frames:v', String(frames),
        '-r', String(VIDEO_FPS),
        '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-profile:v', 'high',
        '-pix_fmt', 'yuv420p',
        '-threads', '2',
        '-movflags', '+faststart',
        '-metadata', `comment=Atelier local engine (${motion}, seed ${hashString(prompt)})`,
        '-an', '-y', output,
      ],
      signal,
    );
    const data = await readFile(output);
    return {
      data,
      contentType: 'video/mp4',
      width,
      height,
      engine: 'local',
      model: `local/ken-burns-${motion}`,
      durationSeconds: VIDEO_SECONDS,
    };
  });
}
