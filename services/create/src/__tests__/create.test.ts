import { randomUUID } from 'node:crypto';
import { GENERATION_THUMBNAIL_WIDTH, type Generation, type GenerationsPage, type Preset } from '@atelier/contracts';
import { EngineFailure, EngineInputError, createLocalEngine, probeVideo, type Engines } from '@atelier/engines';
import { createMediaStore, type MediaStore } from '@atelier/kit';
import { testServiceHeaders } from '@atelier/kit/testing';
import { createRequire } from 'node:module';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeGeneration, insertGeneration } from '../db/generations.js';
import { DELETE_NOT_YET, PREMIUM_MODEL_MESSAGE } from '../routes/generations.js';
import { loadCreateConfig } from '../config.js';
import { SECRET, startAccount, startCreate, tempDir, testDatabaseUrl, userHeaders, waitFor, type TestAccount, type TestCreate } from './helpers.js';

/** Where @atelier/artwork's build put the preset thumbnails (the shell's build copies them to /art/). */
const ARTWORK_DIR = join(dirname(createRequire(import.meta.url).resolve('@atelier/artwork/package.json')), 'dist/art');

const finished = (g: Generation) => g.status === 'completed' || g.status === 'failed';

async function garmentPng(): Promise<Buffer> {
  // A red T-shirt shape on a white ground, as a shop photo would show a garment.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="700"><rect width="600" height="700" fill="#ffffff"/>
    <path d="M150 120 L250 80 Q300 120 350 80 L450 120 L540 250 L460 300 L440 260 L440 640 L160 640 L160 260 L140 300 L60 250 Z" fill="#c1121f"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

describe('create service with a real account service', () => {
  let account: TestAccount;
  let create: TestCreate;
  let app: TestCreate['service']['app'];

  beforeAll(async () => {
    account = await startAccount();
    create = await startCreate(account);
    app = create.service.app;
  });
  afterAll(async () => {
    await create?.close();
    await account?.close();
  });

  const get = (userId: string, id: string) =>
    request(app).get(`/api/generations/${id}`).set(userHeaders(userId)).then((r) => r.body as Generation);
  const waitDone = (userId: string, id: string) => waitFor(() => get(userId, id), finished, 120_000);

  async function upload(userId: string, data: Buffer, name = 'file.png'): Promise<string> {
    const response = await request(app).post('/api/uploads').set(userHeaders(userId)).attach('file', data, name);
    expect(response.status).toBe(201);
    return (response.body as { url: string }).url;
  }

  /** A generation's thumbnail as stored: its decoded metadata and size in bytes. */
  async function thumbnailOf(generation: Generation) {
    expect(generation.thumbnailUrl).toMatch(/^\/media\/generations\/thumbs\/\d{4}\/\d{2}\/[0-9a-f]{32}\.webp$/);
    const data = await import('node:fs/promises').then((fs) => fs.readFile(`${create.dataDir}/media/${generation.thumbnailUrl!.slice('/media/'.length)}`));
    return { meta: await sharp(data).metadata(), bytes: data.length };
  }

  it('answers 401 to every route without a signed-in user', async () => {
    const calls = [
      request(app).post('/api/generations/image').send({ prompt: 'x' }),
      request(app).post('/api/generations/video').send({ imageUrl: 'x' }),
      request(app).post('/api/generations/dressup').send({ personImageUrl: 'x', garmentImageUrl: 'y' }),
      request(app).get('/api/generations'),
      request(app).get('/api/generations/00000000-0000-4000-8000-000000000000'),
      request(app).post('/api/dev/generate-test-content'),
      request(app).post('/api/uploads'),
      request(app).get('/api/download?url=/media/x'),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: 'Unauthorized' });
    }
  });

  it('serves at least 40 presets across the seven landing styles, each with a thumbnail of what it makes', async () => {
    const response = await request(app).get('/api/presets');
    expect(response.status).toBe(200);
    const presets = response.body as Preset[];
    expect(presets.length).toBeGreaterThanOrEqual(40);
    expect(new Set(presets.map((p) => p.id)).size).toBe(presets.length);
    expect(new Set(presets.map((p) => p.style))).toEqual(
      new Set(['Abstract', 'Y2K Photos', 'Everyday Style', 'Beauty & Makeup', 'Vintage', 'Concept Style', 'Retro Style']),
    );
    for (const preset of presets) {
      expect(preset.name.length).toBeGreaterThan(0);
      expect(preset.prompt.length).toBeGreaterThan(10);
      // Drawn by the engine from the preset's recipe when @atelier/artwork was built; the gateway serves /art/.
      expect(preset.thumbnailUrl).toMatch(/^\/art\/preset-[a-z0-9-]+-320\.[0-9a-f]{10}\.webp$/);
      const meta = await sharp(join(ARTWORK_DIR, preset.thumbnailUrl.slice('/art/'.length))).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 480]);
    }
  });

  it('answers 400 with a message for every invalid start request', async () => {
    const user = await account.createUser('pro');
    const own = await upload(user, await garmentPng());
    const cases: [string, unknown, RegExp][] = [
      ['image', {}, /prompt/],
      ['image', { prompt: '   ' }, /Please enter a prompt/],
      ['image', { prompt: 'x'.repeat(2001) }, /prompt/],
      ['image', { prompt: 'a coat', aspectRatio: '5:1' }, /aspectRatio/],
      ['image', { prompt: 'a coat', presetId: 'no-such-preset' }, /Unknown preset: no-such-preset/],
      ['video', {}, /imageUrl/],
      ['video', { imageUrl: '' }, /Please choose an image/],
      ['video', { imageUrl: 'https://evil.example/a.png' }, /imageUrl must be an image uploaded to Atelier/],
      ['video', { imageUrl: '/media/uploads/2025/01/00000000000000000000000000000000.png' }, /imageUrl must be an image uploaded to Atelier/],
      ['video', { imageUrl: own, model: 'kling' }, /model/],
      ['video', { imageUrl: own, prompt: 'y'.repeat(2001) }, /prompt/],
      ['dressup', { garmentImageUrl: own }, /personImageUrl/],
      ['dressup', { personImageUrl: '', garmentImageUrl: own }, /Please add a photo of a person/],
      ['dressup', { personImageUrl: own, garmentImageUrl: '' }, /Please add a garment/],
      ['dressup', { personImageUrl: own, garmentImageUrl: 'file:///etc/passwd' }, /garmentImageUrl must be an image uploaded to Atelier/],
    ];
    for (const [type, body, message] of cases) {
      const response = await request(app).post(`/api/generations/${type}`).set(userHeaders(user)).send(body as object);
      expect(response.status, `${type} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
      expect(response.body.error).toMatch(message);
    }
    const notJson = await request(app).post('/api/generations/image').set(userHeaders(user)).set('content-type', 'text/plain').send('prompt');
    expect(notJson.status).toBe(415);
    const badJson = await request(app).post('/api/generations/image').set(userHeaders(user)).set('content-type', 'application/json').send('{"prompt":');
    expect(badJson.status).toBe(400);
    // Nothing was charged and nothing was saved.
    expect(await account.creditsOf(user)).toMatchObject({ used: 0 });
    const list = await request(app).get('/api/generations').set(userHeaders(user));
    expect(list.body).toEqual({ items: [], nextCursor: null });
  });

  it("takes only the user's own pictures as inputs: another user's reads as none, and nothing is charged", async () => {
    const owner = await account.createUser('pro');
    const other = await account.createUser('pro');
    const media = createMediaStore(create.config.media);
    const ownerUpload = await upload(owner, await garmentPng());
    // A canvas edit of the owner's in their gallery: the gallery's copy, and the canvas result it copies.
    const canvasResult = (await media.put(await garmentPng(), { contentType: 'image/png', prefix: 'canvas/outputs' })).url;
    const galleryCopy = (await media.put(await garmentPng(), { contentType: 'image/png', prefix: 'canvas/gallery' })).url;
    await request(app)
      .post('/internal/generations/import-canvas')
      .set(testServiceHeaders(SECRET, 'canvas', 'create'))
      .send({ userId: owner, canvasEditId: randomUUID(), prompt: 'Make it red', model: 'nano-banana', imageUrl: galleryCopy, inputImageUrl: null, canvasResultUrl: canvasResult, engine: 'local', completedAt: new Date().toISOString() })
      .expect(200);
    const otherUpload = await upload(other, await garmentPng());

    for (const theirs of [ownerUpload, canvasResult, galleryCopy]) {
      const starts: [string, object, string][] = [
        ['video', { imageUrl: theirs }, 'imageUrl'],
        ['upscale', { imageUrl: theirs }, 'imageUrl'],
        ['dressup', { personImageUrl: theirs, garmentImageUrl: otherUpload }, 'personImageUrl'],
        ['dressup', { personImageUrl: otherUpload, garmentImageUrl: theirs }, 'garmentImageUrl'],
      ];
      for (const [type, body, field] of starts) {
        const response = await request(app).post(`/api/generations/${type}`).set(userHeaders(other)).send(body);
        expect(response.status, `${type} ${theirs}`).toBe(400);
        // The same words as for a picture that does not exist: the answer says nothing about someone else's files.
        expect(response.body.error).toBe(`${field} must be an image uploaded to Atelier`);
      }
    }
    expect(await account.creditsOf(other)).toMatchObject({ used: 0 });
    // Their owner may use each of them (the canvas result named by the gallery's import too); finished before the
    // next test, so their work does not run behind it.
    for (const mine of [ownerUpload, canvasResult, galleryCopy]) {
      const { id } = (await request(app).post('/api/generations/video').set(userHeaders(owner)).send({ imageUrl: mine }).expect(202)).body as { id: string };
      await waitDone(owner, id);
    }
  });

  it('keeps VEO 3.1 and SORA 2 for Advanced and Pro (403 with a clear message otherwise)', async () => {
    for (const plan of ['free', 'basic'] as const) {
      const user = await account.createUser(plan);
      const image = await upload(user, await garmentPng());
      for (const model of ['veo-3.1', 'sora-2']) {
        const response = await request(app).post('/api/generations/video').set(userHeaders(user)).send({ imageUrl: image, model });
        expect(response.status).toBe(403);
        expect(response.body).toMatchObject({ error: PREMIUM_MODEL_MESSAGE });
      }
      expect(await account.creditsOf(user)).toMatchObject({ used: 0 });
    }
    const advanced = await account.createUser('advanced');
    const image = await upload(advanced, await garmentPng());
    const allowed = await request(app).post('/api/generations/video').set(userHeaders(advanced)).send({ imageUrl: image, model: 'sora-2' });
    expect(allowed.status).toBe(202);
    const done = await waitDone(advanced, allowed.body.id);
    expect(done).toMatchObject({ status: 'completed', model: 'sora-2', cost: 20 });
    // The plan's resolution is kept with the video for a hosted model: 1080p on Advanced and Pro, else 720p.
    expect(done.inputs).toMatchObject({ resolution: '1080p' });
    const basic = await account.createUser('basic');
    const wan = await request(app).post('/api/generations/video').set(userHeaders(basic)).send({ imageUrl: await upload(basic, await garmentPng()), model: 'wan-2.5' });
    expect(wan.status).toBe(202);
    expect((await waitDone(basic, wan.body.id)).inputs).toMatchObject({ resolution: '720p' });
  });

  it('refuses a start image too long and thin for a video (400, nothing charged), and takes one up to 4:1', async () => {
    const user = await account.createUser('free');
    const strip = async (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#b48c64' } }).png().toBuffer();
    const thin = await request(app).post('/api/generations/video').set(userHeaders(user)).send({ imageUrl: await upload(user, await strip(1600, 16)) });
    expect(thin.status).toBe(400);
    expect(thin.body.error).toBe('imageUrl: this image (1600×16) is too long and thin for a video: its long side can be at most 4 times its short side. Crop it and try again.');
    expect((await request(app).post('/api/generations/video').set(userHeaders(user)).send({ imageUrl: await upload(user, await strip(40, 400)) })).status).toBe(400);
    expect(await account.creditsOf(user)).toMatchObject({ used: 0 });
    expect((await request(app).get('/api/generations').set(userHeaders(user))).body.items).toEqual([]);
    const wide = await request(app).post('/api/generations/video').set(userHeaders(user)).send({ imageUrl: await upload(user, await strip(640, 160)) });
    expect(wide.status).toBe(202);
    expect(await waitDone(user, wide.body.id)).toMatchObject({ status: 'completed' });
  });

  it('refuses a Dress Up photo too small or too long and thin before any charge (a 16×2000 garment was charged, then failed)', async () => {
    const user = await account.createUser('free');
    const strip = async (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#b48c64' } }).png().toBuffer();
    const person = await upload(user, await garmentPng());
    const dressUp = async (garment: Buffer, asPerson = false) => {
      const url = await upload(user, garment);
      return request(app).post('/api/generations/dressup').set(userHeaders(user)).send(asPerson ? { personImageUrl: url, garmentImageUrl: person } : { personImageUrl: person, garmentImageUrl: url });
    };
    const thin = await dressUp(await strip(16, 2000));
    expect([thin.status, thin.body.error]).toEqual([400, 'The garment photo (16×2000) is too small: each side must be at least 64 pixels.']);
    const long = await dressUp(await strip(100, 1000), true);
    expect([long.status, long.body.error]).toEqual([400, 'The photo of the person (100×1000) is too long and thin: its long side can be at most 4 times its short side. Crop it and try again.']);
    expect(await account.creditsOf(user)).toMatchObject({ used: 0 });
    expect((await request(app).get('/api/generations').set(userHeaders(user))).body.items).toEqual([]);
  });

  it('deletes a finished generation and the files it made — not one a video made from it still shows; only its owner can', async () => {
    const user = await account.createUser('free');
    const other = await account.createUser('free');
    const exists = (url: string) =>
      import('node:fs/promises').then((fs) => fs.access(`${create.dataDir}/media/${url.slice('/media/'.length)}`).then(() => true, () => false));
    const del = (who: string, id: string) => request(app).delete(`/api/generations/${id}`).set(userHeaders(who));

    const image = await waitDone(user, (await request(app).post('/api/generations/image').set(userHeaders(user)).send({ prompt: 'linen suit' })).body.id);
    const video = await waitDone(user, (await request(app).post('/api/generations/video').set(userHeaders(user)).send({ imageUrl: image.imageUrl })).body.id);
    expect(video.imageUrl).toBe(image.imageUrl);
    await del(other, image.id).expect(404);
    await del(user, 'not-a-uuid').expect(404);

    // The image goes; its picture stays while the video uses it as its start image; its thumbnail goes.
    await del(user, image.id).expect(204);
    await request(app).get(`/api/generations/${image.id}`).set(userHeaders(user)).expect(404);
    expect(await exists(image.imageUrl!)).toBe(true);
    expect(await exists(image.thumbnailUrl!)).toBe(false);
    await del(user, image.id).expect(404);
    // The video goes with its video and thumbnail, and the start image no one shows any more.
    await del(user, video.id).expect(204);
    for (const url of [video.videoUrl!, video.thumbnailUrl!, image.imageUrl!]) expect(await exists(url), url).toBe(false);
    expect((await request(app).get('/api/generations').set(userHeaders(user))).body.items).toEqual([]);
    // Credits spent stay spent.
    expect(await account.creditsOf(user)).toMatchObject({ used: 21 });
  });

  it('does not delete a generation still running, nor a failed one whose refund is still owed', async () => {
    const user = await account.createUser('free');
    const base = { userId: user, type: 'image' as const, cost: 1, prompt: 'x', presetId: null, aspectRatio: '2:3', model: null, inputs: {}, createdAt: new Date() };
    const [running, owed, refunded] = [randomUUID(), randomUUID(), randomUUID()];
    await insertGeneration(create.database.db, { ...base, id: running, status: 'processing', reservedAt: new Date() });
    await insertGeneration(create.database.db, { ...base, id: owed, status: 'failed', reservedAt: new Date() });
    await insertGeneration(create.database.db, { ...base, id: refunded, status: 'failed', reservedAt: new Date(), refundedAt: new Date() });
    for (const id of [running, owed]) {
      const refused = await request(app).delete(`/api/generations/${id}`).set(userHeaders(user));
      expect([refused.status, refused.body]).toEqual([409, { error: DELETE_NOT_YET }]);
    }
    await request(app).delete(`/api/generations/${refunded}`).set(userHeaders(user)).expect(204);
  });

  it('the account lookup of a plan is for services only', async () => {
    const user = await account.createUser('pro');
    expect((await fetch(`${account.url}/internal/users/${user}`)).status).toBe(401);
    const ok = await fetch(`${account.url}/internal/users/${user}`, { headers: testServiceHeaders(SECRET, 'create', 'account') });
    expect(await ok.json()).toEqual({ id: user, plan: 'pro' });
    const missing = await fetch(`${account.url}/internal/users/00000000-0000-4000-8000-000000000000`, { headers: testServiceHeaders(SECRET, 'create', 'account') });
    expect(missing.status).toBe(404);
  });

  it('makes a real image of at least 1024×1536, charges 1 credit and lists it', async () => {
    const user = await account.createUser('free');
    const started = await request(app)
      .post('/api/generations/image')
      .set(userHeaders(user))
      .send({ prompt: 'Camel wool coat on a rainy boulevard', presetId: 'everyday-street' });
    expect(started.status).toBe(202);
    expect(started.body).toEqual({ id: expect.any(String), status: 'queued' });
    const done = await waitDone(user, started.body.id);
    expect(done).toMatchObject({
      type: 'image',
      status: 'completed',
      prompt: 'Camel wool coat on a rainy boulevard',
      presetId: 'everyday-street',
      aspectRatio: '2:3',
      engine: 'local',
      cost: 1,
      videoUrl: null,
      errorMessage: null,
    });
    expect(done.imageUrl).toMatch(/^\/media\/generations\/image\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
    const key = done.imageUrl!.slice('/media/'.length);
    const file = await import('node:fs/promises').then((fs) => fs.readFile(`${create.dataDir}/media/${key}`));
    const meta = await sharp(file).metadata();
    expect(meta.width).toBeGreaterThanOrEqual(1024);
    expect(meta.height).toBeGreaterThanOrEqual(1536);
    // The gallery's tile: a WebP of the same picture at GENERATION_THUMBNAIL_WIDTH, a small part of its bytes.
    const thumbnail = await thumbnailOf(done);
    expect(thumbnail.meta).toMatchObject({ format: 'webp', width: GENERATION_THUMBNAIL_WIDTH, height: Math.round((GENERATION_THUMBNAIL_WIDTH * meta.height!) / meta.width!) });
    expect(thumbnail.bytes).toBeLessThan(file.length / 20);
    expect(await account.creditsOf(user)).toMatchObject({ used: 1, limit: 25 });
    expect(await account.movements(done.id)).toEqual([{ kind: 'reserve', amount: 1, status: 200 }]);
    expect(await account.noteOf(done.id)).toBe('Camel wool coat on a rainy boulevard'); // the history's line
    const list = await request(app).get('/api/generations').set(userHeaders(user));
    expect((list.body as GenerationsPage).items.map((g) => g.id)).toEqual([done.id]);
    // Another user cannot read it.
    const other = await account.createUser('free');
    expect((await request(app).get(`/api/generations/${done.id}`).set(userHeaders(other))).status).toBe(404);
    expect((await request(app).get('/api/generations/not-a-uuid').set(userHeaders(other))).status).toBe(404);
    // And it can be downloaded as a file.
    const download = await request(app).get(`/api/download?url=${encodeURIComponent(done.imageUrl!)}`).set(userHeaders(user));
    expect(download.status).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment/);

    // A video of it with no motion asked for is named in the history by the still it was made from.
    const video = await request(app).post('/api/generations/video').set(userHeaders(user)).send({ imageUrl: done.imageUrl, model: 'wan-2.5' });
    expect(video.status).toBe(202);
    expect(await account.noteOf(video.body.id as string)).toBe('Of: Camel wool coat on a rainy boulevard');
    expect(await waitDone(user, video.body.id as string)).toMatchObject({ status: 'completed' });
  });

  it('renders 4:5 images at their own size (not cut from a 2:3 render, which clipped the masthead)', async () => {
    const user = await account.createUser('free');
    const started = await request(app).post('/api/generations/image').set(userHeaders(user)).send({ prompt: 'Beauty close-up', aspectRatio: '4:5' });
    const done = await waitDone(user, started.body.id);
    expect(done.status).toBe('completed');
    const file = await import('node:fs/promises').then((fs) => fs.readFile(`${create.dataDir}/media/${done.imageUrl!.slice(7)}`));
    const meta = await sharp(file).metadata();
    expect(meta.width! / meta.height!).toBeCloseTo(4 / 5, 2);
    expect([meta.width, meta.height]).toEqual([1120, 1400]);
  });

  it('turns an uploaded image into a 5 s, 24 fps H.264 video for 20 credits', async () => {
    const user = await account.createUser('free');
    const image = await upload(user, await garmentPng());
    const started = await request(app).post('/api/generations/video').set(userHeaders(user)).send({ imageUrl: image, prompt: 'slow push-in' });
    expect(started.status).toBe(202);
    const done = await waitDone(user, started.body.id);
    expect(done).toMatchObject({ type: 'video', status: 'completed', model: 'wan-2.5', cost: 20, imageUrl: image, inputs: { image } });
    expect(done.videoUrl).toMatch(/^\/media\/generations\/video\/\d{4}\/\d{2}\/[0-9a-f]{32}\.mp4$/);
    const file = await import('node:fs/promises').then((fs) => fs.readFile(`${create.dataDir}/media/${done.videoUrl!.slice(7)}`));
    const probe = await probeVideo(file);
    expect(probe.codec).toMatch(/h264/);
    expect(probe.fps).toBe(24);
    expect(probe.durationSeconds).toBeGreaterThan(4.8);
    expect(probe.durationSeconds).toBeLessThan(5.2);
    // Its tile's poster: a thumbnail of the source image (600×700, so never enlarged).
    expect((await thumbnailOf(done)).meta).toMatchObject({ format: 'webp', width: 600, height: 700 });
    expect(await account.creditsOf(user)).toMatchObject({ used: 20 });
  });

  it('answers 402 with limitReached when credits are short, and saves nothing', async () => {
    const user = await account.createUser('free');
    const image = await upload(user, await garmentPng());
    const first = await request(app).post('/api/generations/video').set(userHeaders(user)).send({ imageUrl: image });
    expect(first.status).toBe(202);
    const second = await request(app).post('/api/generations/video').set(userHeaders(user)).send({ imageUrl: image });
    expect(second.status).toBe(402);
    expect(second.body).toEqual({ error: 'Not enough credits', limitReached: true, used: 20, limit: 25 });
    const list = (await request(app).get('/api/generations').set(userHeaders(user))).body as GenerationsPage;
    expect(list.items.map((g) => g.id)).toEqual([first.body.id]);
    await waitDone(user, first.body.id);
  });

  it('tries a garment on a person (dress-up) for 1 credit', async () => {
    const user = await account.createUser('free');
    const person = await createLocalEngine().textToImage({ prompt: 'full-body studio portrait', aspectRatio: '2:3', seed: 7 });
    const personUrl = await upload(user, person.data, 'person.png');
    const garmentUrl = await upload(user, await garmentPng(), 'garment.png');
    const started = await request(app).post('/api/generations/dressup').set(userHeaders(user)).send({ personImageUrl: personUrl, garmentImageUrl: garmentUrl });
    expect(started.status).toBe(202);
    const done = await waitDone(user, started.body.id);
    // The person is a local still sent back: its upload kept the engine's own XMP (and only that), so the figure
    // itself is dressed in the garment and the still drawn again.
    expect(done).toMatchObject({ type: 'dressup', status: 'completed', cost: 1, model: 'local/redress', inputs: { person: personUrl, garment: garmentUrl } });
    const read = (url: string) => import('node:fs/promises').then((fs) => fs.readFile(`${create.dataDir}/media/${url.slice(7)}`));
    const file = await read(done.imageUrl!);
    const meta = await sharp(file).metadata();
    expect([meta.width, meta.height]).toEqual([1024, 1536]);
    const uploadedXmp = (await sharp(await read(personUrl)).metadata()).xmp!.toString('utf8');
    expect(uploadedXmp).toMatch(/atelier:recipe="[A-Za-z0-9_-]+"/);
    expect(uploadedXmp).toMatch(/atelier:localMark="[0-9. ]+"/);
    // Any other XMP an upload brings is dropped with the rest of its metadata.
    const tagged = await sharp(await garmentPng()).withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="52,22.1N"/></rdf:RDF></x:xmpmeta>').png().toBuffer();
    expect((await sharp(await read(await upload(user, tagged, 'tagged.png'))).metadata()).xmp).toBeUndefined();
    expect(await account.creditsOf(user)).toMatchObject({ used: 1 });
  });

  it('pages generations newest first with a cursor', async () => {
    const user = await account.createUser('free');
    const made = await request(app).post('/api/dev/generate-test-content').set(userHeaders(user));
    expect(made.status).toBe(200);
    expect(made.body).toEqual({ count: 4 });
    const started = await request(app).post('/api/generations/image').set(userHeaders(user)).send({ prompt: 'newest' });
    await waitDone(user, started.body.id);
    const seen: Generation[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await request(app)
        .get('/api/generations')
        .query({ limit: 2, ...(cursor ? { cursor } : {}) })
        .set(userHeaders(user));
      expect(response.status).toBe(200);
      const page = response.body as GenerationsPage;
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(5);
    expect(new Set(seen.map((g) => g.id)).size).toBe(5);
    expect(seen[0]!.id).toBe(started.body.id);
    const times = seen.map((g) => Date.parse(g.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // Test content is free and made by the local engine.
    expect(seen.slice(1).every((g) => g.cost === 0 && g.engine === 'local' && g.status === 'completed')).toBe(true);
    expect(await account.creditsOf(user)).toMatchObject({ used: 1 });
    for (const query of [{ limit: 0 }, { limit: 101 }, { limit: 'x' }, { cursor: 'bm9wZQ' }]) {
      const response = await request(app).get('/api/generations').query(query).set(userHeaders(user));
      expect(response.status).toBe(400);
    }
  });
});

describe('failures', () => {
  let account: TestAccount;
  beforeAll(async () => {
    account = await startAccount();
  });
  afterAll(async () => {
    await account?.close();
  });

  function failingEngines(error: () => Error, calls: { n: number }): Engines {
    const local = createLocalEngine();
    return Object.assign(Object.create(local) as Engines, {
      name: 'local' as const,
      textToImage: async () => {
        calls.n += 1;
        throw error();
      },
    });
  }

  it('refunds a generation whose job finally fails after its retries', async () => {
    const calls = { n: 0 };
    const create = await startCreate(account, {
      env: { CREATE_JOB_RETRIES: '1' },
      deps: { engines: failingEngines(() => new EngineFailure('provider overloaded', { retryable: true }), calls) },
    });
    try {
      const user = await account.createUser('free');
      const started = await request(create.service.app).post('/api/generations/image').set(userHeaders(user)).send({ prompt: 'doomed' });
      expect(started.status).toBe(202);
      const done = await waitFor(
        () => request(create.service.app).get(`/api/generations/${started.body.id}`).set(userHeaders(user)).then((r) => r.body as Generation),
        finished,
        60_000,
      );
      expect(done).toMatchObject({ status: 'failed', errorMessage: 'Generation failed. Your credits were refunded.' });
      expect(calls.n).toBe(2);
      await waitFor(() => account.movements(done.id), (m) => m.length === 2);
      const movements = await account.movements(done.id);
      expect([...movements].sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([
        { kind: 'refund', amount: 1, status: 200 },
        { kind: 'reserve', amount: 1, status: 200 },
      ]);
      expect(await account.creditsOf(user)).toMatchObject({ used: 0 });
    } finally {
      await create.close();
    }
  });

  it('deletes what an attempt stored when another attempt finished the generation first (its files named nothing)', async () => {
    const target: { id?: string; create?: TestCreate } = {};
    const local = createLocalEngine();
    const engines = Object.assign(Object.create(local) as Engines, {
      name: 'local' as const,
      textToImage: async (input: Parameters<Engines['textToImage']>[0]) => {
        const made = await local.textToImage(input);
        while (!target.id) await new Promise((done) => setTimeout(done, 10));
        // Another attempt (this one was taken for dead) finishes first.
        await completeGeneration(target.create!.database.db, target.id, { imageUrl: '/media/generations/image/winner.png', videoUrl: null, engine: 'local', model: null, completedAt: new Date() });
        return made;
      },
    });
    // The media store the service writes through, watched: the losing attempt's puts and deletes are seen whenever
    // they happen (the check raced them: it looked before the loser had stored anything).
    const data = tempDir();
    const store = createMediaStore(loadCreateConfig({ IDENTITY_SECRET: SECRET, ACCOUNT_URL: account.url, DATA_DIR: data.dir, DATABASE_URL: testDatabaseUrl() }).media);
    const [puts, deletes] = [[] as string[], [] as string[]];
    const media: MediaStore = Object.assign(Object.create(store) as MediaStore, {
      put: async (...args: Parameters<MediaStore['put']>) => {
        const stored = await store.put(...args);
        puts.push(stored.key);
        return stored;
      },
      delete: async (key: string) => {
        await store.delete(key);
        deletes.push(key);
      },
    });
    const create = await startCreate(account, { env: { DATA_DIR: data.dir }, deps: { engines, media } });
    target.create = create;
    try {
      const user = await account.createUser('free');
      const started = await request(create.service.app).post('/api/generations/image').set(userHeaders(user)).send({ prompt: 'a race lost' });
      target.id = started.body.id;
      const done = await waitFor(
        () => request(create.service.app).get(`/api/generations/${started.body.id}`).set(userHeaders(user)).then((r) => r.body as Generation),
        finished,
      );
      expect(done.imageUrl).toBe('/media/generations/image/winner.png');
      // The losing attempt stored its picture and thumbnail, then deleted both once it learnt it had lost.
      await waitFor(async () => puts.length, (n) => n >= 2, 10_000);
      await waitFor(async () => deletes.length, (n) => n >= puts.length, 10_000);
      expect(deletes.sort()).toEqual(puts.sort());
      const files = readdirSync(join(data.dir, 'media'), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
      expect(files).toEqual([]);
    } finally {
      await create.close();
      data.remove();
    }
  });

  it('fails at once, with the reason, when retrying cannot help', async () => {
    const calls = { n: 0 };
    const create = await startCreate(account, { deps: { engines: failingEngines(() => new EngineInputError('prompt is not allowed'), calls) } });
    try {
      const user = await account.createUser('free');
      const started = await request(create.service.app).post('/api/generations/image').set(userHeaders(user)).send({ prompt: 'bad' });
      const done = await waitFor(
        () => request(create.service.app).get(`/api/generations/${started.body.id}`).set(userHeaders(user)).then((r) => r.body as Generation),
        finished,
      );
      expect(done).toMatchObject({ status: 'failed', errorMessage: 'prompt is not allowed' });
      expect(calls.n).toBe(1);
      await waitFor(() => account.creditsOf(user), (c) => c.used === 0);
    } finally {
      await create.close();
    }
  });

  it('answers 503 when the account service cannot be reached, and leaves a failed generation to be refunded', async () => {
    const create = await startCreate(account, { env: { ACCOUNT_URL: 'http://127.0.0.1:9' } });
    try {
      const user = await account.createUser('free');
      const response = await request(create.service.app).post('/api/generations/image').set(userHeaders(user)).send({ prompt: 'account is down' });
      expect(response.status).toBe(503);
      expect(response.body).toEqual({ error: 'Credits could not be checked right now. Please try again.' });
      const list = (await request(create.service.app).get('/api/generations').set(userHeaders(user))).body as GenerationsPage;
      expect(list.items).toHaveLength(1);
      expect(list.items[0]).toMatchObject({ status: 'failed', errorMessage: 'Credits could not be checked right now. Please try again.' });
      expect(await account.creditsOf(user)).toMatchObject({ used: 0 });
    } finally {
      await create.close();
    }
  });

  it('hides development tools in production unless DEV_TOOLS=1', async () => {
    const user = await account.createUser('free');
    const production = await startCreate(account, { env: { NODE_ENV: 'production' } });
    try {
      const response = await request(production.service.app).post('/api/dev/generate-test-content').set(userHeaders(user));
      expect(response.status).toBe(404);
    } finally {
      await production.close();
    }
    const forced = await startCreate(account, { env: { NODE_ENV: 'production', DEV_TOOLS: '1' } });
    try {
      const response = await request(forced.service.app).post('/api/dev/generate-test-content').set(userHeaders(user));
      expect(response.body).toEqual({ count: 4 });
    } finally {
      await forced.close();
    }
  });
});

describe('create service: credits and pages end to end', () => {
  let account: TestAccount;
  let create: TestCreate;
  beforeAll(async () => {
    account = await startAccount();
    create = await startCreate(account);
  });
  afterAll(async () => {
    await create?.close();
    await account?.close();
  });

  it('completes an image, answers 402 past the limit and pages the list', async () => {
    const app = create.service.app;
    const user = await account.createUser('free');
    const started = await request(app).post('/api/generations/image').set(userHeaders(user)).send({ prompt: 'on postgres', aspectRatio: '1:1' });
    expect(started.status).toBe(202);
    const done = await waitFor(
      () => request(app).get(`/api/generations/${started.body.id}`).set(userHeaders(user)).then((r) => r.body as Generation),
      finished,
      120_000,
    );
    expect(done).toMatchObject({ status: 'completed', engine: 'local', cost: 1 });
    const image = (await request(app).post('/api/uploads').set(userHeaders(user)).attach('file', await garmentPng(), 'g.png')).body.url as string;
    expect((await request(app).post('/api/generations/video').set(userHeaders(user)).send({ imageUrl: image })).status).toBe(202);
    const refused = await request(app).post('/api/generations/video').set(userHeaders(user)).send({ imageUrl: image });
    expect(refused.status).toBe(402);
    expect(refused.body).toEqual({ error: 'Not enough credits', limitReached: true, used: 21, limit: 25 });
    const first = (await request(app).get('/api/generations').query({ limit: 1 }).set(userHeaders(user))).body as GenerationsPage;
    expect(first.items).toHaveLength(1);
    const second = (await request(app).get('/api/generations').query({ limit: 1, cursor: first.nextCursor }).set(userHeaders(user))).body as GenerationsPage;
    expect(second.items.map((g) => g.id)).toEqual([done.id]);
    await waitFor(
      () => request(app).get(`/api/generations/${first.items[0]!.id}`).set(userHeaders(user)).then((r) => r.body as Generation),
      finished,
      120_000,
    );
  });
});
