import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createLocalEngine } from '../local/index.js';
import { EngineInputError, IMAGE_SIZES, type TextToImageInput } from '../index.js';

const engine = createLocalEngine();
const preset = { name: 'Quiet Luxury', style: 'Minimal', palette: ['#efe9e1', '#c8b8a6', '#5c4a3a'], composition: 'full-body, rule of thirds' };

async function meanAbsoluteDifference(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all([a, b].map((img) => sharp(img).resize(128, 192, { fit: 'fill' }).removeAlpha().raw().toBuffer()));
  let sum = 0;
  for (let i = 0; i < x!.length; i++) sum += Math.abs(x![i]! - y![i]!);
  return sum / x!.length;
}

describe('local textToImage', () => {
  it('renders a 1024×1536 PNG for 2:3, marked as local, the same bytes for the same inputs', async () => {
    const input: TextToImageInput = { prompt: 'camel trench coat on a windy street', preset, aspectRatio: '2:3', seed: 11 };
    const [first, second] = await Promise.all([engine.textToImage(input), engine.textToImage({ ...input })]);
    expect(first.engine).toBe('local');
    expect(first.contentType).toBe('image/png');
    expect([first.width, first.height]).toEqual([1024, 1536]);
    const meta = await sharp(first.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1024, 1536]);
    expect(first.data.equals(second.data)).toBe(true);
  });

  it('gives visibly different images for different prompts and seeds', async () => {
    const base = { aspectRatio: '2:3' as const, seed: 1 };
    const [a, b, c] = await Promise.all([
      engine.textToImage({ ...base, prompt: 'red silk evening gown' }),
      engine.textToImage({ ...base, prompt: 'striped denim streetwear, neon night' }),
      engine.textToImage({ ...base, prompt: 'red silk evening gown', seed: 2 }),
    ]);
    expect(await meanAbsoluteDifference(a.data, b.data)).toBeGreaterThan(12);
    expect(a.data.equals(c.data)).toBe(false);
  });

  it('keeps a similar pixel count for every aspect ratio', async () => {
    for (const [ratio, size] of Object.entries(IMAGE_SIZES)) {
      const [w, h] = ratio.split(':').map(Number) as [number, number];
      expect(Math.abs(size.width / size.height - w / h)).toBeLessThan(0.01);
      expect(size.width * size.height).toBeGreaterThan(1_300_000);
      expect(size.width * size.height).toBeLessThan(1_800_000);
    }
    const wide = await engine.textToImage({ prompt: 'tailored suit', aspectRatio: '16:9', seed: 3 });
    const meta = await sharp(wide.data).metadata();
    expect([meta.width, meta.height]).toEqual([IMAGE_SIZES['16:9'].width, IMAGE_SIZES['16:9'].height]);
  });

  it('refuses bad input with EngineInputError', async () => {
    await expect(engine.textToImage({ prompt: '  ', aspectRatio: '2:3', seed: 1 })).rejects.toBeInstanceOf(EngineInputError);
    await expect(engine.textToImage({ prompt: 'x', aspectRatio: '5:4' as never, seed: 1 })).rejects.toBeInstanceOf(EngineInputError);
    await expect(engine.textToImage({ prompt: 'x', aspectRatio: '2:3', seed: 1.5 })).rejects.toBeInstanceOf(EngineInputError);
    await expect(engine.textToImage({ prompt: 'x'.repeat(3000), aspectRatio: '2:3', seed: 1 })).rejects.toBeInstanceOf(EngineInputError);
  });
});
