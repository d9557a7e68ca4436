import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import type { EngineResult, ImageToVideoInput, VideoModel } from '../types.js';
import { VIDEO_MODELS } from '../types.js';
import { checkChoice, checkImage, checkPrompt } from '../validate.js';
import { runFfmpeg, withTempDir } from './ffmpeg.js';
import { hashString } from './random.js';
import { localBadge } from './render.js';

export const VIDEO_SECONDS = 5;
export const VIDEO_FPS = 24;
/** 720 px wide (at most 1280 tall) keeps encoding quick on small machines. */
export const VIDEO_MAX_WIDTH = 720;
export const VIDEO_MAX_HEIGHT = 1280;

type Motion = 'push-in' | 'pull-out' | 'pan' | 'rise';

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

/** zoompan expressions over `on` (output frame number) for a gentle Ken Burns move. */
function zoompan(motion: Motion, frames: number, width: number, height: number): string {
  const t = `(on/${frames - 1})`;
  // Smoothstep easing so the move starts and ends softly.
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
    // The local-engine mark stays put while the picture moves under it.
    const badge = join(dir, 'badge.png');
    await sharp(localBadge(width, height)).png().toFile(badge);
    await runFfmpeg(
      [
        '-i', source,
        '-i', badge,
        '-filter_complex', `[0:v]${zoompan(motion, frames, width, height)}[moving];[moving][1:v]overlay=0:0,format=yuv420p`,
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
