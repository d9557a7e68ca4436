import { generateKeyPairSync } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineFailure, FAL_MODELS, VEO_IMAGE_MAX_BYTES, WAN_PROMPT_MAX, WebhookSignatureError, createFalEngine, falKeySet, seedreamSize, trimPrompt, type FalEngine } from '../index.js';
import { errorTypeOf, isFalResultUrl } from '../fal/engine.js';
import { createLocalEngine } from '../local/index.js';
import { startFakeFal, type FakeFal, type FakeRequest } from '../testing/fake-fal.js';
import { solidPng } from './fixtures.js';

/** What the fake answers for a request, by its prompt: lets one fake play every misbehaving provider. */
const outputs: Record<string, (request: FakeRequest, base: string) => unknown> = {
  'images for a video': (_r, base) => ({ images: [{ url: `${base}/outputs/x.png` }] }),
  'video for an image': (_r, base) => ({ video: { url: `${base}/outputs/x.mp4` } }),
  'png bytes for a video': (_r, base) => ({ video: { url: `${base}/outputs/x.png` } }),
  'mp4 bytes for an image': (_r, base) => ({ images: [{ url: `${base}/stream/x.mp4` }] }),
  'another host': () => ({ images: [{ url: 'https://files.example.com/x.png' }] }),
  'plain http': () => ({ images: [{ url: 'http://v3.fal.media/files/x.png' }] }),
  'redirected away': (_r, base) => ({ images: [{ url: `${base}/redirect?to=${encodeURIComponent('https://files.example.com/x.png')}` }] }),
  'redirected home': (_r, base) => ({ images: [{ url: `${base}/redirect?to=${encodeURIComponent(`${base}/outputs/x.png`)}` }] }),
  streamed: (_r, base) => ({ images: [{ url: `${base}/stream/x.png` }] }),
};

let fake: FakeFal;
let fal: FalEngine;
let portrait: Buffer;

beforeAll(async () => {
  portrait = await solidPng(600, 900, '#aa3355');
  const video = (await createLocalEngine().imageToVideo({ image: await solidPng(96, 64, '#335577'), model: 'wan-2.5' })).data;
  fake = await startFakeFal({
    image: portrait,
    video,
    pollsBeforeDone: 1,
    failing: new Set([FAL_MODELS.upscale]),
    output: (request, base) => outputs[String(request.input.prompt)]?.(request, base),
  });
  fal = createFalEngine({ key: 'test-key', baseUrl: fake.url, pollIntervalMs: 10 });
});

afterAll(async () => {
  await fake?.close();
});

const last = () => fake.requests.at(-1)!;

async function failure(promise: Promise<unknown>): Promise<EngineFailure> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EngineFailure);
  return error as EngineFailure;
}

describe('hosted model inputs', () => {
  it('cuts a Wan 2.5 prompt to 800 characters at a word boundary and sends its duration and resolution', async () => {
    const long = Array.from({ length: 200 }, (_, i) => `word${i}`).join(' ');
    expect(long.length).toBeGreaterThan(1200);
    await fal.imageToVideo({ image: portrait, model: 'wan-2.5', prompt: long });
    const sent = String(last().input.prompt);
    expect(sent.length).toBeLessThanOrEqual(WAN_PROMPT_MAX);
    expect(sent.length).toBeGreaterThan(WAN_PROMPT_MAX - 12);
    expect(long.startsWith(sent)).toBe(true);
    expect(long[sent.length]).toBe(' '); // cut between words
    expect(last().input).toMatchObject({ duration: '5', resolution: '720p' });

    await fal.imageToVideo({ image: portrait, model: 'wan-2.5', prompt: 'slow push in', resolution: '1080p' });
    expect(last().input).toMatchObject({ prompt: 'slow push in', resolution: '1080p' });
    expect(trimPrompt('short', 800)).toBe('short');
    expect(trimPrompt('x'.repeat(900), 800)).toHaveLength(800); // one long word: a hard cut
    // Counted in characters and never cut inside an emoji (a lone surrogate half is not text).
    expect(trimPrompt('😀'.repeat(800), 800)).toBe('😀'.repeat(800));
    const cut = trimPrompt('a' + '😀'.repeat(900), 800);
    expect([...cut]).toHaveLength(800);
    expect(cut).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/); // no lone surrogate half
  });

  it('counts a prompt\'s characters as the API does: 2000 emoji pass, 2001 do not', async () => {
    const { checkPrompt } = await import('../validate.js');
    expect(checkPrompt('😀'.repeat(2000))).toHaveLength(4000);
    expect(() => checkPrompt('😀'.repeat(2001))).toThrow('prompt is longer than 2000 characters');
    expect(() => checkPrompt('x'.repeat(2001))).toThrow('prompt is longer than 2000 characters');
  });

  it('asks Veo 3.1 for its duration, resolution, audio and aspect ratio explicitly', async () => {
    await fal.imageToVideo({ image: portrait, model: 'veo-3.1', prompt: 'walks forward' });
    expect(last().endpointId).toBe('fal-ai/veo3.1/image-to-video');
    expect(last().input).toMatchObject({ duration: '6s', resolution: '720p', generate_audio: false, aspect_ratio: '9:16' });
    await fal.imageToVideo({ image: await solidPng(900, 600), model: 'veo-3.1', resolution: '1080p' });
    expect(last().input).toMatchObject({ resolution: '1080p', aspect_ratio: '16:9' });
    await expect(fal.imageToVideo({ image: portrait, model: 'veo-3.1', resolution: '4k' as never })).rejects.toThrow(/resolution/);
  });

  it('re-encodes a Veo 3.1 image over 8 MB as a JPEG within 8 MB, and sends a smaller one as it is', async () => {
    const side = 2000;
    const noise = Buffer.alloc(side * side * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const big = await sharp(noise, { raw: { width: side, height: side, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
    expect(big.length).toBeGreaterThan(VEO_IMAGE_MAX_BYTES);
    await fal.imageToVideo({ image: big, model: 'veo-3.1' });
    const uploaded = fake.uploads.get(String(last().input.image_url).split('/').pop()!)!;
    expect(uploaded.data.length).toBeLessThanOrEqual(VEO_IMAGE_MAX_BYTES);
    expect(uploaded.contentType).toBe('image/jpeg');
    expect([...uploaded.data.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect((await sharp(uploaded.data).metadata()).width).toBeGreaterThan(1000);

    await fal.imageToVideo({ image: portrait, model: 'veo-3.1' });
    expect(fake.uploads.get(String(last().input.image_url).split('/').pop()!)!.data.equals(portrait)).toBe(true);
  }, 60_000);

  it("sends Seedream an image_size of the main image's shape", async () => {
    const landscape = await solidPng(1200, 800);
    await fal.edit({ prompt: 'brighter', model: 'seedream-4-edit', images: [portrait, landscape] });
    expect(last().input.image_size).toEqual({ width: 1360, height: 2048 });
    await fal.edit({ prompt: 'brighter', model: 'seedream-4-edit', images: [landscape] });
    expect(last().input.image_size).toEqual({ width: 2048, height: 1360 });
    // Within Seedream's 1024–4096 sides whatever the shape.
    expect(seedreamSize(1000, 5000)).toEqual({ width: 1024, height: 4096 });
    expect(seedreamSize(3000, 3000)).toEqual({ width: 2048, height: 2048 });
    // The other edit models get no size (they follow their input).
    await fal.edit({ prompt: 'brighter', model: 'nano-banana', images: [portrait] });
    expect(last().input.image_size).toBeUndefined();
  });
});

describe('hosted model results', () => {
  it('reads a video capability from `video` only, and an image capability from images only', async () => {
    const noVideo = await failure(fal.imageToVideo({ image: portrait, model: 'wan-2.5', prompt: 'images for a video' }));
    expect(noVideo.message).toMatch(/has no video/);
    expect(noVideo.retryable).toBe(false);
    const noImage = await failure(fal.textToImage({ prompt: 'video for an image', aspectRatio: '2:3', seed: 1 }));
    expect(noImage.message).toMatch(/has no image/);
  });

  it('checks the downloaded bytes against what was asked for', async () => {
    const png = await failure(fal.imageToVideo({ image: portrait, model: 'wan-2.5', prompt: 'png bytes for a video' }));
    expect(png.message).toMatch(/not an MP4 video/);
    expect(png.retryable).toBe(false);
    const mp4 = await failure(fal.textToImage({ prompt: 'mp4 bytes for an image', aspectRatio: '2:3', seed: 1 }));
    expect(mp4.message).toMatch(/not a PNG, JPEG or WebP image/);
  });

  it("downloads only from fal's hosts over HTTPS, redirects included", async () => {
    for (const prompt of ['another host', 'plain http', 'redirected away']) {
      const refused = await failure(fal.textToImage({ prompt, aspectRatio: '2:3', seed: 1 }));
      expect(refused.message, prompt).toMatch(/host we do not download from/);
      expect(refused.retryable).toBe(false);
    }
    const home = await fal.textToImage({ prompt: 'redirected home', aspectRatio: '2:3', seed: 1 });
    expect([home.width, home.height]).toEqual([600, 900]);

    const base = new URL(fake.url);
    const ok = (url: string) => isFalResultUrl(new URL(url), { base });
    expect(ok('https://v3.fal.media/files/lion/x.png')).toBe(true);
    expect(ok('https://fal.media/files/x.png')).toBe(true);
    expect(ok('https://storage.googleapis.com/falserverless/out/x.mp4')).toBe(true);
    expect(ok('https://storage.googleapis.com/someone-else/x.mp4')).toBe(false);
    expect(ok('https://fal.media.example.com/x.png')).toBe(false);
    expect(ok('https://evilfal.media/x.png')).toBe(false);
    expect(ok('https://v3.fal.media:8443/x.png')).toBe(false);
    expect(ok('https://user:pw@v3.fal.media/x.png')).toBe(false);
    expect(isFalResultUrl(new URL('https://cdn.example.com/x.png'), { extraHosts: ['.example.com'] })).toBe(true);
  });

  it('stops a download at the size cap, with or without Content-Length', async () => {
    const small = createFalEngine({ key: 'test-key', baseUrl: fake.url, pollIntervalMs: 10, maxDownloadBytes: 1000 });
    const declared = await failure(small.textToImage({ prompt: 'plain result', aspectRatio: '2:3', seed: 1 }));
    expect(declared.message).toMatch(/larger than/);
    const streamed = await failure(small.textToImage({ prompt: 'streamed', aspectRatio: '2:3', seed: 1 }));
    expect(streamed.message).toMatch(/larger than/);
    expect(streamed.retryable).toBe(false);
    // Under the cap the streamed one arrives whole.
    const whole = await fal.textToImage({ prompt: 'streamed', aspectRatio: '2:3', seed: 1 });
    expect(whole.data.equals(portrait)).toBe(true);
  });

  it('does not poll a request again once fal reports it failed with an error_type', async () => {
    const failed = await failure(fal.upscale({ image: await solidPng(200, 300) }));
    expect(failed.retryable).toBe(false);
    expect(failed.message).toMatch(/internal_error/);
    expect(last().polls).toBe(2); // IN_QUEUE, then the failure: no further poll
    // Resuming the same request (a job retry) reads the failure once and stops.
    const again = await failure(fal.upscale({ image: await solidPng(200, 300) }, { resume: { provider: 'fal', capability: 'upscale', endpointId: FAL_MODELS.upscale, requestId: last().id } }));
    expect(again.retryable).toBe(false);
    expect(last().polls).toBe(3);
    expect(errorTypeOf({ detail: [{ type: 'content_policy_violation' }] })).toBe('content_policy_violation');
    expect(errorTypeOf({ error_type: 'image_too_large' })).toBe('image_too_large');
    expect(errorTypeOf({ detail: 'Not found' })).toBeNull();
  });
});

describe('fal webhook signatures', () => {
  const body = (requestId: string, extra: Record<string, unknown> = {}) => Buffer.from(JSON.stringify({ request_id: requestId, status: 'OK', payload: {}, ...extra }));

  it("accepts a webhook signed by fal's published key within five minutes", async () => {
    const raw = body('req-1');
    const event = await fal.verifyWebhook(fake.signWebhook(raw, { requestId: 'req-1' }), raw);
    expect(event).toEqual({ requestId: 'req-1', ok: true });
    // A retried run: signed with the gateway's request id.
    const retried = body('req-2', { gateway_request_id: 'gw-2' });
    expect(await fal.verifyWebhook(fake.signWebhook(retried, { requestId: 'gw-2' }), retried)).toMatchObject({ requestId: 'req-2' });
  });

  it('refuses a forged, altered, replayed, unsigned or misdirected webhook', async () => {
    const raw = body('req-1');
    const now = Math.floor(Date.now() / 1000);
    const refused = async (headers: Record<string, string>, bytes = raw) => {
      const error = await fal.verifyWebhook(headers, bytes).then(() => null, (e: unknown) => e);
      expect(error).toBeInstanceOf(WebhookSignatureError);
      return (error as Error).message;
    };
    const forger = generateKeyPairSync('ed25519').privateKey;
    expect(await refused(fake.signWebhook(raw, { requestId: 'req-1', key: forger }))).toMatch(/does not match/);
    expect(await refused(fake.signWebhook(raw, { requestId: 'req-1' }), body('req-1', { status: 'ERROR' }))).toMatch(/does not match/);
    // A minute past the window either way: a loaded machine may take seconds between here and the check.
    expect(await refused(fake.signWebhook(raw, { requestId: 'req-1', timestamp: now - 360 }))).toMatch(/five minutes/);
    expect(await refused(fake.signWebhook(raw, { requestId: 'req-1', timestamp: now + 360 }))).toMatch(/five minutes/);
    const { 'x-fal-webhook-signature': _dropped, ...unsigned } = fake.signWebhook(raw, { requestId: 'req-1' });
    expect(await refused(unsigned)).toMatch(/not signed/);
    expect(await refused({ ...fake.signWebhook(raw, { requestId: 'req-1' }), 'x-fal-webhook-signature': 'zz' })).toMatch(/malformed/);
    // Validly signed, but for another request than the body names.
    const other = body('req-9');
    expect(await refused(fake.signWebhook(other, { requestId: 'req-1' }), other)).toMatch(/another request/);
    // Within the window at its edge.
    await expect(fal.verifyWebhook(fake.signWebhook(raw, { requestId: 'req-1', timestamp: now - 290 }), raw)).resolves.toMatchObject({ requestId: 'req-1' });
  });

  it('fetches the key set once, keeps it, and reports an unreachable one as a failure to retry', async () => {
    const engine = createFalEngine({ key: 'test-key', baseUrl: fake.url });
    const before = fake.jwksFetches;
    const raw = body('req-1');
    await Promise.all([0, 1, 2].map(() => engine.verifyWebhook(fake.signWebhook(raw, { requestId: 'req-1' }), raw)));
    for (let i = 0; i < 3; i++) await engine.verifyWebhook(fake.signWebhook(raw, { requestId: 'req-1' }), raw);
    // A forged one within the minute does not fetch again either.
    const forged = fake.signWebhook(raw, { requestId: 'req-1', key: generateKeyPairSync('ed25519').privateKey });
    await expect(engine.verifyWebhook(forged, raw)).rejects.toBeInstanceOf(WebhookSignatureError);
    expect(fake.jwksFetches - before).toBe(1);
    const unreachable = createFalEngine({ key: 'test-key', webhookKeys: falKeySet({ url: 'http://127.0.0.1:9/jwks.json' }) });
    const error = await unreachable.verifyWebhook(fake.signWebhook(raw, { requestId: 'req-1' }), raw).then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(EngineFailure);
    expect((error as EngineFailure).retryable).toBe(true);
  });
});
