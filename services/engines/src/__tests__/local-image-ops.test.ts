import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createLocalEngine } from '../local/index.js';
import { estimateTorso, NO_PERSON_TO_DRESS } from '../local/try-on.js';
import { EngineInputError } from '../index.js';
import { localBadgeBox, localMarkOf, localMarkXmp } from '../local/render.js';
import { garmentPhoto, personPhoto, productPhoto, solidPng } from './fixtures.js';

const engine = createLocalEngine();

async function regionDifference(a: Buffer, b: Buffer, region: { left: number; top: number; width: number; height: number }): Promise<number> {
  const crop = (img: Buffer) => sharp(img).removeAlpha().extract(region).raw().toBuffer();
  const [x, y] = await Promise.all([crop(a), crop(b)]);
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += Math.abs(x[i]! - y[i]!);
  return sum / x.length;
}

describe('local tryOn', () => {
  it('keeps the person image size and changes the torso, not the legs', async () => {
    const person = await personPhoto();
    const result = await engine.tryOn({ person, garment: await garmentPhoto() });
    expect([result.width, result.height, result.engine]).toEqual([800, 1200, 'local']);
    const meta = await sharp(result.data).metadata();
    expect([meta.width, meta.height]).toEqual([800, 1200]);
    const torso = estimateTorso(800, 1200);
    const box = { left: Math.round(torso.left), top: Math.round(torso.top + torso.height * 0.2), width: Math.round(torso.width), height: Math.round(torso.height * 0.5) };
    expect(await regionDifference(person, result.data, box)).toBeGreaterThan(40);
    expect(await regionDifference(person, result.data, { left: 280, top: 900, width: 90, height: 200 })).toBeLessThan(3);
  });

  it('refuses to dress a picture that shows nobody (a garment photo put where the person goes), saying so', async () => {
    for (const kind of ['dress', 'longSleeve', 'trousers'] as const) {
      await expect(engine.tryOn({ person: await productPhoto(kind, '#2f6b4f'), garment: await garmentPhoto() }), kind).rejects.toThrow(NO_PERSON_TO_DRESS);
    }
    const wall = await sharp({ create: { width: 600, height: 900, channels: 3, background: '#d9d4cc' } }).png().toBuffer();
    await expect(engine.tryOn({ person: wall, garment: await garmentPhoto() })).rejects.toBeInstanceOf(EngineInputError);
    // A person whose face is not found (skin shows) is still dressed.
    expect((await engine.tryOn({ person: await personPhoto(), garment: await garmentPhoto() })).engine).toBe('local');
  });

  it('refuses an empty or non-image garment', async () => {
    await expect(engine.tryOn({ person: await personPhoto(), garment: Buffer.alloc(0) })).rejects.toBeInstanceOf(EngineInputError);
    await expect(engine.tryOn({ person: Buffer.from('%PDF-1.7'), garment: await garmentPhoto() })).rejects.toBeInstanceOf(EngineInputError);
  });
});

describe('local upscale', () => {
  it('doubles the size with the local badge', async () => {
    const result = await engine.upscale({ image: await solidPng(300, 350, '#446688') });
    expect([result.width, result.height, result.contentType, result.model]).toEqual([600, 700, 'image/jpeg', 'local/lanczos3-sharpen']);
    expect(await localMarkOf(result.data)).toEqual(expect.objectContaining({ left: expect.closeTo(localBadgeBox(600, 700).left, 3) }));
  });

  it('stops the long side at the cap (4096 by default, or maxSide) and refuses an image already at it', async () => {
    const wide = await engine.upscale({ image: await solidPng(3000, 2000) });
    expect([wide.width, wide.height]).toEqual([4096, 2731]);
    const meta = await sharp(wide.data).metadata();
    expect([meta.width, meta.height]).toEqual([4096, 2731]);
    const capped = await engine.upscale({ image: await solidPng(600, 400), maxSide: 1000 });
    expect([capped.width, capped.height]).toEqual([1000, 667]);
    await expect(engine.upscale({ image: await solidPng(4096, 64) })).rejects.toThrow(/already 4096×64/);
    await expect(engine.upscale({ image: await solidPng(600, 400), maxSide: 600 })).rejects.toBeInstanceOf(EngineInputError);
    await expect(engine.upscale({ image: await solidPng(60, 40), maxSide: 10 })).rejects.toThrow(/maxSide/);
  });

  it('keeps the mark of an image that already shows it, instead of adding a second', async () => {
    const box = { left: 0.6, top: 0.9, right: 0.95, bottom: 0.95 };
    const marked = await sharp(await solidPng(200, 300)).withXmp(localMarkXmp(box)).png().toBuffer();
    expect(await localMarkOf((await engine.upscale({ image: marked })).data)).toEqual(box);
  });

  it('refuses an empty buffer and a truncated image', async () => {
    await expect(engine.upscale({ image: Buffer.alloc(0) })).rejects.toBeInstanceOf(EngineInputError);
    const png = await solidPng(100, 100);
    await expect(engine.upscale({ image: png.subarray(0, 20) })).rejects.toBeInstanceOf(EngineInputError);
  });
});

describe('local edit', () => {
  it('grades the main image by prompt keywords, keeping the size', async () => {
    const person = await personPhoto(400, 600);
    const result = await engine.edit({ prompt: 'make it golden hour', model: 'nano-banana', images: [person, await garmentPhoto(200, 200)] });
    expect([result.width, result.height, result.engine]).toEqual([400, 600, 'local']);
    expect(result.model).toContain('golden-hour');
    expect(await regionDifference(person, result.data, { left: 0, top: 300, width: 400, height: 200 })).toBeGreaterThan(3);
    const night = await engine.edit({ prompt: 'moody night', model: 'seedream-4-edit', images: [person] });
    expect(night.model).toContain('night');
  });

  it('refuses too many references and a missing prompt', async () => {
    const image = await solidPng(64, 64);
    await expect(engine.edit({ prompt: 'x', model: 'nano-banana', images: Array(6).fill(image) })).rejects.toBeInstanceOf(EngineInputError);
    await expect(engine.edit({ prompt: '', model: 'nano-banana', images: [image] })).rejects.toBeInstanceOf(EngineInputError);
    await expect(engine.edit({ prompt: 'x', model: 'nano-banana', images: [] })).rejects.toBeInstanceOf(EngineInputError);
  });
});

describe('local characterPreview and photoshootPose', () => {
  it('draws a seeded character deterministically, a different picture per pose', async () => {
    const input = { description: 'tall woman, long auburn hair, olive skin', seed: 5, poseIndex: 3 };
    const [a, b, c] = await Promise.all([
      engine.characterPreview(input),
      engine.characterPreview({ ...input }),
      engine.characterPreview({ ...input, poseIndex: 8 }),
    ]);
    expect([a.width, a.height, a.engine]).toEqual([1024, 1536, 'local']);
    expect(a.data.equals(b.data)).toBe(true);
    expect(a.data.equals(c.data)).toBe(false);
    await expect(engine.characterPreview({ ...input, poseIndex: 10 })).rejects.toBeInstanceOf(EngineInputError);
  });

  it('puts the garment on the character in the asked pose', async () => {
    const character = await personPhoto(400, 600);
    const result = await engine.photoshootPose({ characterImage: character, garment: await garmentPhoto(), poseIndex: 0 });
    expect([result.width, result.height, result.contentType]).toEqual([1024, 1536, 'image/png']);
    const other = await engine.photoshootPose({ characterImage: character, garment: await garmentPhoto(), poseIndex: 6 });
    expect(result.data.equals(other.data)).toBe(false);
    await expect(engine.photoshootPose({ characterImage: character, garment: Buffer.from('nope'), poseIndex: 0 })).rejects.toBeInstanceOf(EngineInputError);
  });
});
