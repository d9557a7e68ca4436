import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CAPABILITIES,
  createEngines,
  createFalEngine,
  describeLook,
  EngineFailure,
  EngineInputError,
  FAL_MODELS,
  HOUSE_CAST,
  isFalEngine,
  parseCharacterLook,
  type FalEngine,
  type ProviderJobRef,
} from '../index.js';
import { createLocalEngine } from '../local/index.js';
import { startFakeFal, type FakeFal } from '../testing/fake-fal.js';
import { garmentPhoto, personPhoto, solidPng } from './fixtures.js';

let fake: FakeFal;
let fal: FalEngine;

beforeAll(async () => {
  const image = await solidPng(832, 1248, '#aa3355');
  // A small real MP4 for the fake's video results.
  const video = (await createLocalEngine().imageToVideo({ image: await solidPng(96, 64, '#335577'), model: 'wan-2.5' })).data;
  fake = await startFakeFal({ image, video, pollsBeforeDone: 2, failing: new Set([FAL_MODELS.edit['seedream-4-edit']]) });
  fal = createFalEngine({ key: 'test-key', baseUrl: fake.url, pollIntervalMs: 20 });
});

afterAll(async () => {
  await fake?.close();
});

describe('fal engine against a fake of its queue API', () => {
  it('submits, polls and downloads a text-to-image result into a Buffer', async () => {
    const result = await fal.textToImage({ prompt: 'red silk gown', aspectRatio: '2:3', seed: 7 });
    expect(result.engine).toBe('fal');
    expect(result.model).toBe('fal-ai/flux/dev');
    expect(result.contentType).toBe('image/png');
    expect([result.width, result.height]).toEqual([832, 1248]);
    expect(Buffer.isBuffer(result.data)).toBe(true);
    const request = fake.requests.at(-1)!;
    expect(request.endpointId).toBe('fal-ai/flux/dev');
    expect(request.authorization).toBe('Key test-key');
    expect(request.input).toMatchObject({ prompt: 'red silk gown', seed: 7, image_size: { width: 1024, height: 1536 } });
    expect(request.polls).toBe(3); // IN_QUEUE, IN_PROGRESS, COMPLETED
    expect(request.webhookUrl).toBeNull();
  });

  it('exposes the request id before the request completes, and resumes it without paying twice', async () => {
    let seen: ProviderJobRef | undefined;
    const before = fake.requests.length;
    const result = await fal.upscale(
      { image: await solidPng(200, 300) },
      {
        onSubmitted: async (ref) => {
          seen = ref;
          // The provider has the request but nobody has asked about it yet: still queued.
          expect((await fal.status(ref)).state).toBe('IN_QUEUE');
        },
      },
    );
    expect(seen).toMatchObject({ provider: 'fal', capability: 'upscale', endpointId: 'fal-ai/clarity-upscaler' });
    expect(seen!.requestId).toBe(fake.requests.at(-1)!.id);
    expect(result.model).toBe('fal-ai/clarity-upscaler');

    const again = await fal.upscale({ image: await solidPng(200, 300) }, { resume: seen! });
    expect(again.data.equals(result.data)).toBe(true);
    expect(fake.requests.length).toBe(before + 1);
  });

  it('uploads input images to storage and passes their URLs', async () => {
    const result = await fal.tryOn({ person: await personPhoto(), garment: await garmentPhoto() });
    const request = fake.requests.at(-1)!;
    expect(request.endpointId).toBe('fal-ai/fashn/tryon/v1.6');
    expect(String(request.input.model_image)).toMatch(new RegExp(`^${fake.url}/files/`));
    expect(String(request.input.garment_image)).toMatch(new RegExp(`^${fake.url}/files/`));
    const uploaded = fake.uploads.get(String(request.input.model_image).split('/').pop()!)!;
    expect(uploaded.contentType).toBe('image/jpeg');
    expect(uploaded.data.equals(await personPhoto())).toBe(true);
    expect(result.contentType).toBe('image/png');
  });

  it('maps each edit model and video model to its endpoint', async () => {
    const main = await solidPng(300, 300);
    await fal.edit({ prompt: 'golden hour', model: 'nano-banana', images: [main, main] });
    expect(fake.requests.at(-1)!.endpointId).toBe('fal-ai/nano-banana/edit');
    expect((fake.requests.at(-1)!.input.image_urls as string[]).length).toBe(2);
    await fal.edit({ prompt: 'golden hour', model: 'flux-kontext-max', images: [main] });
    expect(fake.requests.at(-1)!.endpointId).toBe('fal-ai/flux-pro/kontext/max');
    await fal.edit({ prompt: 'golden hour', model: 'flux-kontext-max', images: [main, main] });
    expect(fake.requests.at(-1)!.endpointId).toBe('fal-ai/flux-pro/kontext/max/multi');

    const video = await fal.imageToVideo({ image: main, model: 'veo-3.1', prompt: 'slow pan' });
    expect(fake.requests.at(-1)!.endpointId).toBe('fal-ai/veo3.1/image-to-video');
    expect(video.contentType).toBe('video/mp4');
    expect([video.width, video.height]).toEqual([96, 64]);
    expect(video.durationSeconds).toBeCloseTo(5, 0);
  });

  it("sends an edit's camera and shot type in the prompt once, and the references after the main image", async () => {
    const [main, reference] = [await solidPng(300, 300), await solidPng(200, 200, '#d9822b')];
    const composed = 'Enhance Skin. Shot with Leica M11 35mm f/1.4. Macro Shot perspective';
    await fal.edit({ prompt: composed, model: 'nano-banana', images: [main, reference], camera: 'Leica M11 35mm f/1.4', shotType: 'Macro Shot' });
    const request = fake.requests.at(-1)!;
    expect(request.input.prompt).toBe(composed);
    const urls = request.input.image_urls as string[];
    expect(urls).toHaveLength(2);
    expect(fake.uploads.get(urls[1]!.split('/').pop()!)!.data.equals(reference)).toBe(true);

    await fal.edit({ prompt: 'Enhance Skin', model: 'seedream-4-edit', images: [main], camera: 'DSLR 85mm f/1.4', shotType: 'High Angle' }).catch(() => undefined);
    expect(fake.requests.at(-1)!.input.prompt).toBe('Enhance Skin. Shot with DSLR 85mm f/1.4. High Angle perspective');
    await fal.edit({ prompt: 'Enhance Skin', model: 'flux-kontext-max', images: [main], camera: 'Default', shotType: 'Default' });
    expect(fake.requests.at(-1)!.input).toMatchObject({ prompt: 'Enhance Skin' });

    const before = fake.requests.length;
    await expect(fal.edit({ prompt: 'x', model: 'nano-banana', images: [main], camera: 'Polaroid' })).rejects.toBeInstanceOf(EngineInputError);
    expect(fake.requests.length).toBe(before);
  });

  it('asks the upscaler for 2×, or less so the long side stays within the cap; an image at the cap is refused before any request', async () => {
    await fal.upscale({ image: await solidPng(200, 300) });
    expect(fake.requests.at(-1)!.input.upscale_factor).toBe(2);
    await fal.upscale({ image: await solidPng(3000, 2000) });
    expect(fake.requests.at(-1)!.input.upscale_factor).toBe(1.365);
    await fal.upscale({ image: await solidPng(600, 400), maxSide: 1000 });
    expect(fake.requests.at(-1)!.input.upscale_factor).toBeCloseTo(1.666, 3);
    const before = fake.requests.length;
    await expect(fal.upscale({ image: await solidPng(4096, 100) })).rejects.toBeInstanceOf(EngineInputError);
    expect(fake.requests.length).toBe(before);
  });

  it('turns a failed run into a non-retryable EngineFailure that carries the request id', async () => {
    const error = await fal
      .edit({ prompt: 'something', model: 'seedream-4-edit', images: [await solidPng(300, 300)] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineFailure);
    expect((error as EngineFailure).retryable).toBe(false);
    expect((error as EngineFailure).requestId).toBe(fake.requests.at(-1)!.id);
    expect((error as Error).message).toMatch(/Internal error/);
  });

  it('reports a rejected key as a non-retryable failure and bad input before any request', async () => {
    const wrongKey = createFalEngine({ key: 'nope', baseUrl: fake.url, pollIntervalMs: 20 });
    const error = await wrongKey.textToImage({ prompt: 'x', aspectRatio: '1:1', seed: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineFailure);
    expect((error as EngineFailure).retryable).toBe(false);

    const before = fake.requests.length;
    await expect(fal.upscale({ image: Buffer.alloc(0) })).rejects.toBeInstanceOf(EngineInputError);
    await expect(fal.tryOn({ person: Buffer.from('not an image at all'), garment: await garmentPhoto() })).rejects.toBeInstanceOf(EngineInputError);
    await expect(fal.photoshootPose({ characterImage: await solidPng(64, 64), garment: await solidPng(64, 64), poseIndex: 10 })).rejects.toBeInstanceOf(EngineInputError);
    expect(fake.requests.length).toBe(before);
  });

  it('asks for a webhook when PUBLIC_URL is set and reads webhook bodies', async () => {
    const engines = createEngines({ FAL_KEY: 'test-key', FAL_BASE_URL: fake.url, PUBLIC_URL: 'https://atelier.example', FAL_POLL_INTERVAL_MS: 20 });
    expect(isFalEngine(engines)).toBe(true);
    const ref = await (engines as FalEngine).submit('characterPreview', { description: 'tall, short black hair', seed: 3, poseIndex: 2 });
    expect(fake.requests.at(-1)!.webhookUrl).toBe('https://atelier.example/internal/engines/fal-webhook');
    expect(fal.parseWebhook({ request_id: ref.requestId, status: 'OK', payload: {} })).toEqual({ requestId: ref.requestId, ok: true });
    expect(fal.parseWebhook({ request_id: 'r1', status: 'ERROR', error: 'boom' })).toEqual({ requestId: 'r1', ok: false, error: 'boom' });
    expect(() => fal.parseWebhook({})).toThrow(EngineInputError);
    const result = await (engines as FalEngine).wait(ref);
    expect(result.engine).toBe('fal');
  });

  it('photoshoot poses go to the edit model with the character and the garment', async () => {
    const result = await fal.photoshootPose({ characterImage: await personPhoto(), garment: await garmentPhoto(), poseIndex: 4 });
    const request = fake.requests.at(-1)!;
    expect(request.endpointId).toBe(FAL_MODELS.photoshootPose);
    expect(request.input.prompt).toMatch(/arms crossed/);
    expect((request.input.image_urls as string[]).length).toBe(2);
    expect((await sharp(result.data).metadata()).width).toBe(832);
  });
});

describe('fal characters', () => {
  it('turns a photo of a person into a studio portrait with the edit model, and reads the look from it', async () => {
    expect(CAPABILITIES).toContain('characterFromPhoto');
    let seen: ProviderJobRef | undefined;
    const result = await fal.characterFromPhoto({ photo: await personPhoto(), name: 'Ada' }, { onSubmitted: (ref) => void (seen = ref) });
    const request = fake.requests.at(-1)!;
    expect(request.endpointId).toBe(FAL_MODELS.characterFromPhoto);
    expect(seen).toMatchObject({ capability: 'characterFromPhoto', requestId: request.id });
    expect(request.input.prompt).toMatch(/studio portrait of the same person/);
    expect(String(request.input.prompt)).not.toContain('Ada');
    expect((request.input.image_urls as string[]).length).toBe(1);
    expect(result.engine).toBe('fal');
    expect(parseCharacterLook(result.look)).toEqual(result.look);
    // Resuming the same request gives the same portrait and look, without a new request.
    const before = fake.requests.length;
    const again = await fal.characterFromPhoto({ photo: await personPhoto() }, { resume: seen! });
    expect(again.look).toEqual(result.look);
    expect(fake.requests.length).toBe(before);
  });

  it('describes a given look in the preview and pose prompts', async () => {
    const { look, description } = HOUSE_CAST[0]!;
    await fal.characterPreview({ description, seed: 2, poseIndex: 1, look });
    expect(fake.requests.at(-1)!.input.prompt).toContain(describeLook(look));
    await fal.photoshootPose({ characterImage: await personPhoto(), garment: await garmentPhoto(), poseIndex: 2, look });
    expect(fake.requests.at(-1)!.input.prompt).toContain(describeLook(look));
    expect(describeLook(look)).toBe('a woman with deep brown skin, voluminous curly black hair, curvy build');
  });

  it('refuses a bad photo, name or look before any request', async () => {
    const before = fake.requests.length;
    await expect(fal.characterFromPhoto({ photo: Buffer.from('not an image') })).rejects.toBeInstanceOf(EngineInputError);
    await expect(fal.characterFromPhoto({ photo: await personPhoto(), name: 'x'.repeat(200) })).rejects.toBeInstanceOf(EngineInputError);
    const look = { ...HOUSE_CAST[0]!.look, hairStyle: 'mohawk' } as unknown as (typeof HOUSE_CAST)[number]['look'];
    await expect(fal.characterPreview({ description: 'x', seed: 1, poseIndex: 0, look })).rejects.toBeInstanceOf(EngineInputError);
    expect(fake.requests.length).toBe(before);
  });
});

describe('createEngines', () => {
  it('uses the local engine without FAL_KEY and fal with it', () => {
    expect(createEngines({}).name).toBe('local');
    expect(createEngines({ FAL_KEY: 'k' }).name).toBe('fal');
    expect(createEngines({ FAL_KEY: 'k', ENGINE: 'local' }).name).toBe('local');
    expect(() => createEngines({ ENGINE: 'fal' })).toThrow(/FAL_KEY/);
  });
});
