import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createLocalEngine } from '../local/index.js';
import { runFfmpeg, withTempDir } from '../local/ffmpeg.js';
import { hasLocalMark, localBadgeBox, localCaptionBox, localMarkXmp } from '../local/render.js';
import { boxInFrame, fixedMarkFrames } from '../local/video.js';
import { EngineInputError, probeVideo, readMp4, VIDEO_FPS, VIDEO_SECONDS } from '../index.js';
import { garmentPhoto, personPhoto } from './fixtures.js';

const engine = createLocalEngine();

/** Top-level MP4 boxes in file order. */
function topLevelBoxes(data: Buffer): string[] {
  const boxes: string[] = [];
  for (let offset = 0; offset + 8 <= data.length; ) {
    const size = data.readUInt32BE(offset);
    boxes.push(data.toString('latin1', offset + 4, offset + 8));
    if (size < 8) break;
    offset += size;
  }
  return boxes;
}

describe('local imageToVideo', () => {
  it('makes a 5 s, 24 fps, yuv420p H.264 MP4 with even dimensions and moov first', async () => {
    const result = await engine.imageToVideo({ image: await personPhoto(), model: 'wan-2.5', prompt: 'slow push in' });
    expect(result).toMatchObject({ contentType: 'video/mp4', engine: 'local', durationSeconds: VIDEO_SECONDS, width: 720, height: 1080 });
    expect(result.width % 2).toBe(0);
    expect(result.height % 2).toBe(0);

    const boxes = topLevelBoxes(result.data);
    expect(boxes[0]).toBe('ftyp');
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    expect(result.data.includes(Buffer.from('avc1'))).toBe(true);

    const probe = await probeVideo(result.data);
    expect(probe.codec).toBe('h264');
    expect(probe.pixelFormat).toBe('yuv420p');
    expect(probe.fps).toBe(VIDEO_FPS);
    expect([probe.width, probe.height]).toEqual([720, 1080]);
    expect(Math.abs(probe.durationSeconds - 5)).toBeLessThan(0.1);

    // The JavaScript reader (used on provider videos, which ffmpeg never sees) agrees with ffmpeg.
    const read = readMp4(result.data)!;
    expect(read.codec).toMatch(/^avc1\./);
    expect([read.width, read.height]).toEqual([720, 1080]);
    expect(read.fps).toBe(VIDEO_FPS);
    expect(Math.abs(read.durationSeconds - probe.durationSeconds)).toBeLessThan(0.05);
  });

  it('reads nothing from bytes that are not an MP4 with a video track', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).png().toBuffer();
    for (const bytes of [Buffer.alloc(0), Buffer.from('not a video at all'), png, Buffer.from('0000001866747970', 'hex')]) {
      expect(readMp4(bytes)).toBeNull();
    }
  });

  it('refuses empty, non-image and unknown-model input with EngineInputError', async () => {
    await expect(engine.imageToVideo({ image: Buffer.alloc(0), model: 'wan-2.5' })).rejects.toBeInstanceOf(EngineInputError);
    await expect(engine.imageToVideo({ image: Buffer.from('GIF89a not really'), model: 'wan-2.5' })).rejects.toBeInstanceOf(EngineInputError);
    await expect(engine.imageToVideo({ image: await personPhoto(), model: 'kling' as never })).rejects.toBeInstanceOf(EngineInputError);
  });
});

describe('local imageToVideo mark', () => {
  /** Frame `n` of a video as raw RGB. */
  async function frame(video: Buffer, n: number) {
    return withTempDir(async (dir) => {
      const input = join(dir, 'in.mp4');
      const output = join(dir, 'frame.png');
      await writeFile(input, video);
      await runFfmpeg(['-i', input, '-vf', `select=eq(n\\,${n})`, '-frames:v', '1', '-y', output]);
      return sharp(output).raw().toBuffer({ resolveWithObject: true });
    });
  }

  /**
   * Pixels of the fixed mark's dark pill in the bottom-right corner: dark and neutral (black at 45 % over the
   * picture). A coloured edge softened by the video's chroma subsampling is neither.
   */
  async function pillPixels(video: Buffer, n: number) {
    const { data, info } = await frame(video, n);
    let count = 0;
    for (let y = Math.round(info.height * 0.9); y < info.height; y++) {
      for (let x = Math.round(info.width * 0.55); x < info.width; x++) {
        const i = (y * info.width + x) * info.channels;
        const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
        if (r < 135 && g < 135 && b < 135 && Math.abs(r - b) < 25 && Math.abs(r - g) < 25) count++;
      }
    }
    return count;
  }
  const PILL = 300;

  it('adds a fixed "Local engine" mark to a photo throughout, and to a local still only once its own mark has left the view', async () => {
    const plain = await sharp({ create: { width: 480, height: 720, channels: 3, background: '#d8d8d8' } }).png().toBuffer();
    // A stand-in local still: plain pixels, with XMP saying its mark is in the bottom-right corner.
    const marked = await sharp(plain).withXmp(localMarkXmp(localCaptionBox(480, 720, 14))).png().toBuffer();
    const fromPhoto = await engine.imageToVideo({ image: plain, model: 'wan-2.5' });
    const fromLocal = await engine.imageToVideo({ image: marked, model: 'wan-2.5' });
    expect(fromPhoto.engine).toBe('local');
    expect(fromLocal.engine).toBe('local');
    // The photo's video darkens its corner with the mark's pill from the first frame to the last.
    expect(await pillPixels(fromPhoto.data, 0)).toBeGreaterThan(PILL);
    expect(await pillPixels(fromPhoto.data, 119)).toBeGreaterThan(PILL);
    // Wan 2.5 pushes in: the still's own mark is in view at first (no pill), then leaves the frame (pill).
    expect(await pillPixels(fromLocal.data, 0)).toBeLessThan(50);
    expect(await pillPixels(fromLocal.data, 119)).toBeGreaterThan(PILL);
  });

  /** Pixels of frame `n` that are the test still's pure red mark stand-in. */
  async function redPixels(video: Buffer, n: number) {
    const { data, info } = await frame(video, n);
    let count = 0;
    for (let i = 0; i < data.length; i += info.channels) if (data[i]! > 150 && data[i + 1]! < 100 && data[i + 2]! < 100) count++;
    return count;
  }

  it("in the real video, the fixed mark shows only in frames where the still's own mark is out of view", async () => {
    // A 2:3 still whose own mark is a pure red block exactly where its XMP says the mark is: the frames
    // ffmpeg actually renders must agree with the camera table the switch frame is computed from.
    const [w, h] = [480, 720];
    const box = localCaptionBox(w, h, 14);
    const rect = { x: Math.round(box.left * w), y: Math.round(box.top * h), width: Math.round((box.right - box.left) * w), height: Math.round((box.bottom - box.top) * h) };
    const red = await sharp({ create: { width: rect.width, height: rect.height, channels: 3, background: '#ff0000' } }).png().toBuffer();
    const still = await sharp({ create: { width: w, height: h, channels: 3, background: '#d8d8d8' } })
      .composite([{ input: red, left: rect.x, top: rect.y }])
      .withXmp(localMarkXmp(box))
      .png()
      .toBuffer();
    const video = await engine.imageToVideo({ image: still, model: 'wan-2.5' }); // Wan 2.5 pushes in
    const frames = VIDEO_FPS * VIDEO_SECONDS;
    const runs = fixedMarkFrames('push-in', frames, box, localBadgeBox(video.width, video.height));
    expect(runs.length).toBeGreaterThan(0);
    const [first, last] = runs[0]!;
    expect(first).toBeGreaterThan(0);
    // At the start the still's mark is in view and the fixed one is not.
    expect(await redPixels(video.data, 0)).toBeGreaterThan(50);
    expect(await pillPixels(video.data, 0)).toBeLessThan(50);
    // Wherever the fixed mark is drawn, not one pixel of the still's mark is left in view.
    for (const n of [first, first + 1, Math.round((first + last) / 2), last]) {
      expect(await redPixels(video.data, n), `frame ${n}`).toBe(0);
      expect(await pillPixels(video.data, n), `frame ${n}`).toBeGreaterThan(PILL);
    }
  }, 120_000); // one real video and seven decoded frames

  it('never shows the fixed mark while a moving local mark is in view, for every camera move', () => {
    const frames = 120;
    const fixed = localBadgeBox(720, 1080);
    for (const [w, h, inset] of [[1024, 1536, 31], [1664, 936, 28], [1248, 1248, 37]] as const) {
      const still = localCaptionBox(w, h, inset);
      for (const motion of ['push-in', 'pull-out', 'pan', 'rise'] as const) {
        const runs = fixedMarkFrames(motion, frames, still, fixed);
        for (const [first, last] of runs) {
          for (let n = first; n <= last; n++) {
            const box = boxInFrame(motion, n, frames, still);
            const inView = box.left < 1 && box.right > 0 && box.top < 1 && box.bottom > 0;
            expect(inView, `${motion} ${w}×${h} frame ${n}`).toBe(false);
          }
        }
      }
      // The first frame of a push-in is the whole still, its own mark in view.
      expect(fixedMarkFrames('push-in', frames, still, fixed)[0]?.[0] ?? frames).toBeGreaterThan(0);
    }
    expect(fixedMarkFrames('push-in', frames, null, fixed)).toEqual([[0, frames - 1]]);
  });

  it('the engine marks its own try-on and text-to-image results', async () => {
    const still = await engine.textToImage({ prompt: 'a linen suit', aspectRatio: '2:3', seed: 1 });
    expect(await hasLocalMark(still.data)).toBe(true);
    const tryOn = await engine.tryOn({ person: await personPhoto(), garment: await garmentPhoto() });
    expect(await hasLocalMark(tryOn.data)).toBe(true);
  });
});
