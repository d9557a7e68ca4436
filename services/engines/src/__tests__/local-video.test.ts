import { describe, expect, it } from 'vitest';
import { createLocalEngine } from '../local/index.js';
import { EngineInputError, probeVideo, VIDEO_FPS, VIDEO_SECONDS } from '../index.js';
import { personPhoto } from './fixtures.js';

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
  });

  it('refuses empty, non-image and unknown-model input with EngineInputError', async () => {
    await expect(engine.imageToVideo({ image: Buffer.alloc(0), model: 'wan-2.5' })).rejects.toBeInstanceOf(EngineInputError);
    await expect(engine.imageToVideo({ image: Buffer.from('GIF89a not really'), model: 'wan-2.5' })).rejects.toBeInstanceOf(EngineInputError);
    await expect(engine.imageToVideo({ image: await personPhoto(), model: 'kling' as never })).rejects.toBeInstanceOf(EngineInputError);
  });
});
