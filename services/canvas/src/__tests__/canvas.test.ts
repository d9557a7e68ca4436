import { randomBytes, randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import {
  CANVAS_EDIT_BODY_LIMIT_BYTES,
  canvasEditSchema,
  canvasEditsSchema,
  MAX_CANVAS_IMAGE_BYTES,
  MAX_CANVAS_IMAGE_URL_CHARS,
  type CanvasEdit,
  type CanvasEditRequestInput,
} from '@atelier/contracts';
import { createEngines, EngineFailure, type EditInput, type Engines } from '@atelier/engines';
import { createMediaStore, listen, readMedia, type MediaStore } from '@atelier/kit';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDIT_ERRORS, GENERIC_FAILURE } from '../constants.js';
import { edits } from '../db/schema.js';
import {
  dataUrl,
  picture,
  pngDeclaring,
  PUBLIC_URL,
  startAccount,
  startCanvas,
  startFakeCreate,
  storedMedia,
  userHeaders,
  waitFor,
  type FakeCreate,
  type TestAccount,
  type TestCanvas,
} from './helpers.js';

/** The local engine, except that prompts starting FAIL always throw and REFUSE are refused for good. */
function scriptedEngines() {
  const real = createEngines({ ENGINE: 'local' });
  const prompts: string[] = [];
  const engines = new Proxy(real, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (prop !== 'edit') return value;
      return async (input: EditInput, options: unknown) => {
        prompts.push(input.prompt);
        if (input.prompt.startsWith('FAIL')) throw new Error('the model crashed');
        if (input.prompt.startsWith('REFUSE')) throw new EngineFailure('the model refused this picture', { retryable: false });
        return target.edit(input, options as never);
      };
    },
  }) as Engines;
  return { engines, callsFor: (prompt: string) => prompts.filter((p) => p === prompt).length };
}

describe('canvas service', () => {
  let account: TestAccount;
  let create: FakeCreate;
  let canvas: TestCanvas;
  let app: TestCanvas['service']['app'];
  let media: MediaStore;
  let scripted: ReturnType<typeof scriptedEngines>;
  let main: string;

  beforeAll(async () => {
    account = await startAccount();
    create = await startFakeCreate();
    scripted = scriptedEngines();
    canvas = await startCanvas(account, { env: { CREATE_URL: create.url, CANVAS_JOB_RETRIES: '1' }, deps: { engines: scripted.engines } });
    app = canvas.service.app;
    media = createMediaStore(canvas.config.media);
    main = dataUrl(await picture(96, 128));
  }, 60_000);
  afterAll(async () => {
    await canvas?.close();
    await create?.close();
    await account?.close();
  });

  const start = (user: string, body: CanvasEditRequestInput | Record<string, unknown>, headers: Record<string, string> = {}) =>
    request(app)
      .post('/api/canvas/edit')
      .set({ ...userHeaders(user), ...headers })
      .send(body);
  const read = async (user: string, id: string) => canvasEditSchema.parse((await request(app).get(`/api/canvas/edit/${id}`).set(userHeaders(user)).expect(200)).body);
  const finished = (user: string, id: string) => waitFor(() => read(user, id), (e) => e.status === 'completed' || e.status === 'failed', 60_000);
  const rowOf = async (id: string) => (await canvas.database.db.select().from(edits).where(eq(edits.id, id)))[0];
  const metadataOf = async (url: string) => sharp((await readMedia(media, url))!).metadata();

  it('answers 401 to every route without a signed-in user, a large body before reading it', async () => {
    for (const call of [
      request(app).post('/api/canvas/edit').send({ prompt: 'x', inputImages: [main] }),
      request(app).post('/api/canvas/edit').send({ prompt: 'x', inputImages: ['A'.repeat(300_000)] }),
      request(app).get(`/api/canvas/edit/${randomUUID()}`),
      request(app).get('/api/canvas/edits'),
      request(app).delete(`/api/canvas/edit/${randomUUID()}`),
    ]) {
      const response = await call;
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: 'Unauthorized' });
    }
  });

  it('refuses every bad request with 400 naming the field, and stores and charges nothing', async () => {
    const jpeg = await picture(200, 150);
    const gif = await picture(40, 40, 'gif');
    const strip = await sharp({ create: { width: 16_000, height: 16, channels: 3, background: '#888888' } }).png().toBuffer();
    const hex = randomBytes(16).toString('hex');
    const prompt = 'Make it golden hour';
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['no image', { prompt, inputImages: [] }, /^Invalid body: inputImages: Please upload a main image first$/],
      ['no inputImages at all', { prompt }, /^Invalid body: inputImages: /],
      ['6 images', { prompt, inputImages: Array.from({ length: 6 }, () => main) }, /^Invalid body: inputImages: At most 4 reference images/],
      ['an empty prompt', { prompt: '   ', inputImages: [main] }, /^Invalid body: prompt: Please enter a prompt$/],
      ['an unknown model', { prompt, model: 'dall-e-3', inputImages: [main] }, /^Invalid body: model: /],
      ['an unknown camera', { prompt, camera: 'iPhone 15 Pro', inputImages: [main] }, /^Invalid body: camera: /],
      ['an unknown shot type', { prompt, shotType: 'Dutch Angle', inputImages: [main] }, /^Invalid body: shotType: /],
      ['a non-image data URL', { prompt, inputImages: ['data:text/plain;base64,aGVsbG8='] }, /^Invalid body: inputImages\.0: must be a PNG, JPEG or WebP data URL/],
      ['an SVG data URL', { prompt, inputImages: [main, dataUrl(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml')] }, /inputImages\.1: must be a PNG/],
      ['a data URL that is not base64', { prompt, inputImages: ['data:image/png;base64,@@@@'] }, /^Invalid body: inputImages\.0: is not valid base64$/],
      ['a GIF that says it is a PNG', { prompt, inputImages: [main, dataUrl(gif, 'image/png')] }, /^Invalid body: inputImages\.1: does not hold a PNG, JPEG or WebP image$/],
      ['HTML that says it is a JPEG', { prompt, inputImages: [dataUrl(Buffer.from('<html><script>alert(1)</script></html>'), 'image/jpeg')] }, /inputImages\.0: does not hold a PNG/],
      ['a truncated JPEG', { prompt, inputImages: [dataUrl(jpeg.subarray(0, Math.floor(jpeg.length / 2)))] }, /^Invalid body: inputImages\.0: The image could not be read: it is damaged or incomplete$/],
      ['a pixel bomb', { prompt, inputImages: [main, dataUrl(pngDeclaring(30_000, 30_000), 'image/png')] }, /^Invalid body: inputImages\.1: Image is too large: at most 40 megapixels$/],
      ['a strip too thin once fitted to 2048 px', { prompt, inputImages: [dataUrl(strip, 'image/png')] }, /^Invalid body: inputImages\.0: is too long and thin: fitted to 2048 px it would be 2048×2, /],
      ['an image over 6 MB', { prompt, inputImages: [`data:image/png;base64,${'A'.repeat(MAX_CANVAS_IMAGE_URL_CHARS)}`] }, /^Invalid body: inputImages\.0: An image is too large \(at most 6 MB\)$/],
      ['another host', { prompt, inputImages: [`https://evil.example/media/uploads/2026/01/${hex}.png`] }, /inputImages\.0: must be a PNG, JPEG or WebP data URL .* or one of our own \/media\/ URLs/],
      ['our host with userinfo', { prompt, inputImages: [`http://atelier.test:8080@evil.example/media/uploads/2026/01/${hex}.png`] }, /inputImages\.0: must be/],
      ['a protocol-relative URL', { prompt, inputImages: [`//evil.example/media/uploads/2026/01/${hex}.png`] }, /inputImages\.0: must be/],
      ['javascript:', { prompt, inputImages: ['javascript:alert(1)'] }, /inputImages\.0: must be/],
      ['file:', { prompt, inputImages: ['file:///etc/passwd'] }, /inputImages\.0: must be/],
      ['path traversal', { prompt, inputImages: [main, '/media/../../etc/passwd'] }, /inputImages\.1: must be/],
      ['encoded traversal', { prompt, inputImages: ['/media/uploads/%2e%2e/%2e%2e/secrets.json'] }, /inputImages\.0: must be/],
      ['our own media that does not exist', { prompt, inputImages: [`/media/uploads/2026/01/${hex}.png`] }, /^Invalid body: inputImages\.0: could not be found/],
    ];
    const users: string[] = [];
    for (const [what, body, message] of cases) {
      // A user per case: the edit rate limit (10 a minute) is not what this test is about.
      const user = await account.createUser('free');
      users.push(user);
      const response = await start(user, body);
      expect(response.status, what).toBe(400);
      expect(response.body.error, what).toMatch(message);
    }
    for (const user of users) expect(await account.creditsOf(user)).toMatchObject({ used: 0 });
    expect(await canvas.database.db.select().from(edits)).toEqual([]);
    expect(storedMedia(canvas.dataDir)).toEqual([]);
  });

  it('refuses a body over the limit with 413 (declared or chunked), and takes 5 images of the largest size', async () => {
    const user = await account.createUser('pro');
    const oversize = `{"prompt":"x","inputImages":["data:image/png;base64,${'A'.repeat(CANVAS_EDIT_BODY_LIMIT_BYTES)}"]}`;
    const declared = await request(app).post('/api/canvas/edit').set(userHeaders(user)).set('content-type', 'application/json').send(oversize);
    expect(declared.status).toBe(413);
    expect(declared.body.error).toMatch(/^Request body too large/);

    // Without a declared length the parser's own limit stops it.
    const server = await listen(app, { port: 0, host: '127.0.0.1' });
    try {
      const chunked = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(
          { host: '127.0.0.1', port: (server.address() as AddressInfo).port, path: '/api/canvas/edit', method: 'POST', headers: { 'content-type': 'application/json', ...userHeaders(user) } },
          (res) => {
            let body = '';
            res.on('data', (chunk: Buffer) => (body += chunk.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        req.on('error', reject);
        Readable.from((function* () {
          for (let sent = 0; sent < oversize.length; sent += 1 << 20) yield oversize.slice(sent, sent + (1 << 20));
        })()).pipe(req);
      });
      expect(chunked.status).toBe(413);
      expect(JSON.parse(chunked.body)).toEqual({ error: 'Request body too large' });
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }

    // Other routes take no large body at all.
    const elsewhere = await request(app).post('/api/canvas/edits').set(userHeaders(user)).send({ filler: 'x'.repeat(200_000) });
    expect(elsewhere.status).toBe(413);

    // The largest processed image the contract allows (an uncompressible PNG just under 6 MB), five times.
    const noise = randomBytes(1020 * 1536 * 4);
    const largest = await sharp(noise, { raw: { width: 1020, height: 1536, channels: 4 } }).png({ compressionLevel: 0 }).toBuffer();
    expect(largest.length).toBeLessThanOrEqual(MAX_CANVAS_IMAGE_BYTES);
    expect(largest.length).toBeGreaterThan(MAX_CANVAS_IMAGE_BYTES * 0.99);
    const body = { prompt: 'Enhance Skin', inputImages: Array.from({ length: 5 }, () => dataUrl(largest, 'image/png')) };
    expect(Buffer.byteLength(JSON.stringify(body))).toBeGreaterThan(CANVAS_EDIT_BODY_LIMIT_BYTES * 0.99);
    const accepted = await start(user, body);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
    expect((await finished(user, accepted.body.id)).status).toBe('completed');
  }, 120_000);

  it('edits from data URLs and our own media: types read from the bytes, inputs stored clean, charged once under a repeated Idempotency-Key, handed to the gallery', async () => {
    const user = await account.createUser('free');
    // A JPEG with EXIF, sent as a PNG data URL (a misnamed file): its bytes decide.
    const withExif = await sharp(await picture(320, 240)).withExif({ IFD0: { Copyright: 'private', Artist: 'someone' } }).jpeg().toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    // An earlier upload, referred to by its absolute URL on the site's own origin.
    const upload = await media.put(await picture(300, 300, 'webp'), { contentType: 'image/webp', prefix: 'uploads' });
    create.own(user, upload.url);
    // A reference larger than the editor sends: fitted to 2048 px on our side.
    const wide = await picture(3000, 600, 'png');
    const body = {
      prompt: 'Warm golden hour, Shot with Leica M11 35mm f/1.4',
      model: 'nano-banana',
      camera: 'Leica M11 35mm f/1.4',
      shotType: 'High Angle',
      inputImages: [dataUrl(withExif, 'image/png'), `${PUBLIC_URL}${upload.url}`, dataUrl(wide, 'image/png')],
    } satisfies CanvasEditRequestInput;

    const key = { 'Idempotency-Key': `edit-${randomUUID()}` };
    const [first, second] = await Promise.all([start(user, body, key), start(user, body, key)]);
    expect([first.status, second.status]).toEqual([202, 202]);
    expect(first.body).toEqual({ id: expect.any(String) });
    expect(second.body).toEqual(first.body);
    const id = first.body.id as string;
    const third = await start(user, body, key);
    expect(third.headers['idempotent-replayed']).toBe('true');
    expect(third.body).toEqual({ id });

    const done = await finished(user, id);
    expect(done).toMatchObject({
      id,
      status: 'completed',
      errorMessage: null,
      prompt: body.prompt,
      model: 'nano-banana',
      camera: 'Leica M11 35mm f/1.4',
      shotType: 'High Angle',
      engine: 'local',
    });
    expect(done.outputImageUrl).toMatch(/^\/media\/canvas\/edits\/\d{4}\/\d{2}\/[0-9a-f]{32}\.(jpg|png)$/);
    expect(done.outputImageStorageUrl).toBe(done.outputImageUrl);
    expect(['jpeg', 'png']).toContain((await metadataOf(done.outputImageUrl!)).format);
    expect(scripted.callsFor(body.prompt)).toBe(1);

    const row = (await rowOf(id))!;
    expect(row.inputImages).toHaveLength(3);
    expect(done.inputImageUrl).toBe(row.inputImages[0]);
    const [mainMeta, uploadMeta, wideMeta] = await Promise.all(row.inputImages.map(metadataOf));
    expect(mainMeta).toMatchObject({ format: 'jpeg', width: 320, height: 240 });
    expect(mainMeta!.exif).toBeUndefined();
    expect(row.inputImages[0]).toMatch(/^\/media\/canvas\/inputs\/.*\.jpg$/);
    expect(uploadMeta).toMatchObject({ format: 'webp', width: 300 });
    expect(row.inputImages[1]).not.toBe(upload.url); // a copy the edit owns
    expect(wideMeta).toMatchObject({ format: 'png', width: 2048, height: 410 }); // under 1,000,000 pixels: PNG

    expect(await account.creditsOf(user)).toMatchObject({ used: 1 });
    expect(await account.movements(id)).toEqual([{ kind: 'reserve', amount: 1, status: 200 }]);
    expect(await account.noteOf(id)).toBe(body.prompt); // the history's line

    const imported = await waitFor(async () => create.imported.find((i) => i.canvasEditId === id), Boolean, 30_000);
    expect(imported).toEqual({
      userId: user,
      canvasEditId: id,
      prompt: body.prompt,
      model: 'nano-banana',
      imageUrl: expect.stringMatching(/^\/media\/canvas\/gallery\//),
      inputImageUrl: expect.stringMatching(/^\/media\/canvas\/gallery\/.*\.jpg$/),
      canvasResultUrl: done.outputImageUrl,
      engine: 'local',
      completedAt: done.completedAt,
    });
    expect((await readMedia(media, imported!.imageUrl))!.equals((await readMedia(media, done.outputImageUrl!))!)).toBe(true);
  }, 60_000);

  it("takes a picture by URL only when it is the user's: their edits' images, or what create vouches for", async () => {
    const owner = await account.createUser('free');
    const other = await account.createUser('free');
    const upload = (await media.put(await picture(200, 200), { contentType: 'image/jpeg', prefix: 'uploads' })).url;
    create.own(owner, upload);
    const first = (await start(owner, { prompt: 'studio white', inputImages: [main] }).expect(202)).body.id as string;
    const result = (await finished(owner, first)).outputImageUrl!;
    const [storedInput] = (await rowOf(first))!.inputImages;

    // The owner edits on from their result, the edit's stored input and their upload.
    const chained = await start(owner, { prompt: 'warmer light', inputImages: [result, storedInput!, `${PUBLIC_URL}${upload}`] }).expect(202);
    expect((await finished(owner, chained.body.id as string)).status).toBe('completed');

    // Another user: each reads as a picture that does not exist, in its place among the inputs; nothing is charged.
    for (const theirs of [result, storedInput!, upload]) {
      const refused = await start(other, { prompt: 'make it blue', inputImages: [main, theirs] });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ error: `Invalid body: inputImages.1: ${EDIT_ERRORS.mediaMissing}` });
    }
    expect(await account.creditsOf(other)).toMatchObject({ used: 0 });

    // Create cannot be asked: 503, nothing charged (the user's own edits' images need no asking).
    create.ownershipDown = true;
    try {
      const down = await start(owner, { prompt: 'cooler light', inputImages: [upload] });
      expect(down.status).toBe(503);
      expect(down.body).toEqual({ error: EDIT_ERRORS.galleryDown });
      await start(owner, { prompt: 'cooler light', inputImages: [result] }).expect(202);
    } finally {
      create.ownershipDown = false;
    }
    await waitFor(() => account.creditsOf(owner), (c) => c.used === 3, 30_000);
  }, 90_000);

  it("recolours a garment: a local still keeps its own XMP and is drawn again; a photo with no one in it fails with the reason and is refunded", async () => {
    const user = await account.createUser('free');
    const still = (await createEngines({ ENGINE: 'local' }).textToImage({ prompt: 'red silk slip dress, studio, full body', aspectRatio: '2:3', seed: 3 })).data;
    const gps = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#b9c4cc' } })
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="52,22.1N"/></rdf:RDF></x:xmpmeta>')
      .png()
      .toBuffer();
    const body = { prompt: 'change the dress to emerald', inputImages: [dataUrl(still, 'image/png')] };
    const id = (await start(user, body).expect(202)).body.id as string;
    const done = await finished(user, id);
    expect(done).toMatchObject({ status: 'completed', engine: 'local', errorMessage: null });
    const xmpOf = async (url: string) => (await metadataOf(url)).xmp?.toString('utf8');
    // The stored input kept the engine's XMP (its recipe); the result is the still drawn again, the dress recorded.
    expect(await xmpOf((await rowOf(id))!.inputImages[0]!)).toMatch(/atelier:recipe="/);
    const recipe = (await xmpOf(done.outputImageUrl!))!.match(/atelier:recipe="([A-Za-z0-9_-]+)"/)![1]!;
    expect(JSON.parse(Buffer.from(recipe, 'base64url').toString('utf8')).wearing).toEqual([{ garment: 'slip dress', hex: '#0f7a52', dyed: true }]);

    // Any other XMP is dropped; a photo without a person to find is refused with the reason, the credit given back.
    const lost = (await start(user, { prompt: 'make the dress red', inputImages: [dataUrl(gps, 'image/png')] }).expect(202)).body.id as string;
    expect(await xmpOf((await rowOf(lost))!.inputImages[0]!)).toBeUndefined();
    expect(await finished(user, lost)).toMatchObject({ status: 'failed', errorMessage: expect.stringMatching(/^The local engine could not pick out the dress in this photo/) });
    await waitFor(() => account.creditsOf(user), (c) => c.used === 1, 30_000);
  }, 60_000);

  it('answers 402 with the account’s numbers when credits are short, and charges and keeps nothing', async () => {
    const user = await account.createUser('free');
    await account.spend(user, 25);
    const inputsBefore = storedMedia(canvas.dataDir).filter((f) => f.startsWith('canvas/inputs/')).length;
    const refused = await start(user, { prompt: 'iPhone Flash', inputImages: [main] });
    expect(refused.status).toBe(402);
    expect(refused.body).toEqual({ error: expect.any(String), limitReached: true, used: 25, limit: 25 });
    expect(await account.creditsOf(user)).toEqual({ used: 25, limit: 25 });
    expect((await request(app).get('/api/canvas/edits').set(userHeaders(user)).expect(200)).body).toEqual({ items: [] });
    expect(storedMedia(canvas.dataDir).filter((f) => f.startsWith('canvas/inputs/')).length).toBe(inputsBefore);
  });

  it('shows, lists and deletes an edit for its owner only (404 for anyone else and for malformed ids)', async () => {
    const [owner, other] = [await account.createUser('free'), await account.createUser('free')];
    const started = await start(owner, { prompt: 'Change Time of Day', inputImages: [main] }).expect(202);
    const id = started.body.id as string;
    await finished(owner, id);
    for (const path of [`/api/canvas/edit/${id}`, '/api/canvas/edit/not-an-id', `/api/canvas/edit/${randomUUID()}`]) {
      expect((await request(app).get(path).set(userHeaders(other))).status, path).toBe(404);
      expect((await request(app).delete(path).set(userHeaders(other))).status, path).toBe(404);
    }
    expect((await request(app).get('/api/canvas/edit/not-an-id').set(userHeaders(owner))).body).toEqual({ error: EDIT_ERRORS.notFound });
    expect((await request(app).get('/api/canvas/edits').set(userHeaders(other))).body).toEqual({ items: [] });
    await request(app).get(`/api/canvas/edit/${id}`).set(userHeaders(owner)).expect(200);
  });

  it('lists edits newest first; deletes a finished one with the media it owns; refuses to delete a running one', async () => {
    const user = await account.createUser('free');
    const ids: string[] = [];
    for (const prompt of ['first black and white', 'second film', 'third night']) {
      ids.push((await start(user, { prompt, inputImages: [main, main] }).expect(202)).body.id);
    }
    for (const id of ids) await finished(user, id);
    const list = canvasEditsSchema.parse((await request(app).get('/api/canvas/edits').set(userHeaders(user)).expect(200)).body);
    expect(list.items.map((e) => e.id)).toEqual([...ids].reverse());
    expect(list.items.map((e) => e.prompt)).toEqual(['third night', 'second film', 'first black and white']);
    const two = (await request(app).get('/api/canvas/edits?limit=2').set(userHeaders(user)).expect(200)).body as { items: CanvasEdit[] };
    expect(two.items.map((e) => e.id)).toEqual([ids[2], ids[1]]);
    expect((await request(app).get('/api/canvas/edits?limit=0').set(userHeaders(user))).status).toBe(400);
    expect((await request(app).get('/api/canvas/edits?limit=51').set(userHeaders(user))).status).toBe(400);

    const doomed = ids[1]!;
    await waitFor(async () => (await rowOf(doomed))?.galleryAt, Boolean, 30_000);
    const row = (await rowOf(doomed))!;
    const owned = [...row.inputImages, row.outputUrl!];
    for (const url of owned) expect(await readMedia(media, url), url).not.toBeNull();
    await request(app).delete(`/api/canvas/edit/${doomed}`).set(userHeaders(user)).expect(204);
    for (const url of owned) expect(await readMedia(media, url), url).toBeNull();
    // The gallery keeps its own copies.
    expect(await readMedia(media, row.galleryImageUrl!)).not.toBeNull();
    await request(app).get(`/api/canvas/edit/${doomed}`).set(userHeaders(user)).expect(404);
    await request(app).delete(`/api/canvas/edit/${doomed}`).set(userHeaders(user)).expect(404);
    expect(((await request(app).get('/api/canvas/edits').set(userHeaders(user))).body as { items: CanvasEdit[] }).items.map((e) => e.id)).toEqual([ids[2], ids[0]]);
    expect(await account.creditsOf(user)).toMatchObject({ used: 3 }); // a finished edit is not refunded by deleting it

    const running = randomUUID();
    await canvas.database.db.insert(edits).values({
      id: running,
      userId: user,
      status: 'processing',
      prompt: 'busy',
      model: 'flux-kontext-max',
      camera: 'Default',
      shotType: 'Default',
      inputImages: [],
      createdAt: new Date(),
    });
    const refused = await request(app).delete(`/api/canvas/edit/${running}`).set(userHeaders(user));
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: EDIT_ERRORS.stillRunning });
    await canvas.database.db.delete(edits).where(eq(edits.id, running));
  }, 90_000);

  it('an engine that keeps throwing: retried, then failed and refunded once; one that refuses fails at once; deleting them refunds nothing more', async () => {
    const user = await account.createUser('free');
    const crashing = (await start(user, { prompt: 'FAIL please', inputImages: [main] }).expect(202)).body.id as string;
    const refusing = (await start(user, { prompt: 'REFUSE please', inputImages: [main] }).expect(202)).body.id as string;
    const crashed = await finished(user, crashing);
    expect(crashed).toMatchObject({ status: 'failed', errorMessage: GENERIC_FAILURE, outputImageUrl: null });
    expect(scripted.callsFor('FAIL please')).toBe(2); // the first attempt and its one retry
    const refused = await finished(user, refusing);
    expect(refused).toMatchObject({ status: 'failed', errorMessage: 'Photo editing failed: the model refused this picture' });
    expect(scripted.callsFor('REFUSE please')).toBe(1);

    await waitFor(() => account.creditsOf(user), (c) => c.used === 0, 30_000);
    for (const id of [crashing, refusing]) {
      await waitFor(async () => (await rowOf(id))?.refundedAt, Boolean, 30_000);
      const moved = async () => (await account.movements(id)).map((m) => `${m.kind}:${m.amount}`);
      expect(await moved()).toEqual(['reserve:1', 'refund:1']);
      await request(app).delete(`/api/canvas/edit/${id}`).set(userHeaders(user)).expect(204);
      expect(await moved()).toEqual(['reserve:1', 'refund:1']);
    }
    expect(await account.creditsOf(user)).toMatchObject({ used: 0 });
    expect(create.imported.some((i) => i.canvasEditId === crashing || i.canvasEditId === refusing)).toBe(false);
  }, 60_000);

  it('limits edits to 10 a minute per user (429); a retry of a start is answered, and a refused body does not count', async () => {
    const user = await account.createUser('free');
    const other = await account.createUser('free');
    // Bodies refused by validation use none of the budget.
    for (let i = 0; i < 12; i += 1) expect((await start(user, { prompt: 'x', model: 'nope', inputImages: [main] })).status).toBe(400);
    const ids: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      const started = await start(user, { prompt: `studio ${i}`, inputImages: [main] }, { 'Idempotency-Key': `burst-${i}` });
      expect(started.status).toBe(202);
      ids.push(started.body.id as string);
    }
    const limited = await start(user, { prompt: 'one more', inputImages: [main] }, { 'Idempotency-Key': 'burst-10' });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: EDIT_ERRORS.tooMany });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // A retry of an accepted start gets its answer again, not the 429; the 429's key stays free for later.
    const replayed = await start(user, { prompt: 'studio 3', inputImages: [main] }, { 'Idempotency-Key': 'burst-3' });
    expect([replayed.status, replayed.body.id]).toEqual([202, ids[3]]);
    expect((await start(user, { prompt: 'one more', inputImages: [main] }, { 'Idempotency-Key': 'burst-10' })).status).toBe(429);
    expect((await start(other, { prompt: 'x', model: 'nope', inputImages: [main] })).status).toBe(400);
    expect(await account.creditsOf(user)).toMatchObject({ used: 10 });
    for (const id of ids) await finished(user, id);
  }, 120_000);

  it('the sweeper: retries a failed hand-over, runs an edit whose job was lost, settles a start that never confirmed its reserve', async () => {
    const user = await account.createUser('free');
    create.failNext(2);
    const handed = (await start(user, { prompt: 'studio bright', inputImages: [main] }).expect(202)).body.id as string;
    await finished(user, handed);
    const imported = await waitFor(async () => create.imported.find((i) => i.canvasEditId === handed), Boolean, 30_000);
    // The hand-over is recorded once create has answered it: a moment after create saw the request.
    const row = (await waitFor(() => rowOf(handed), (r) => Boolean(r?.galleryAt), 30_000))!;
    expect(row.galleryAt).not.toBeNull();
    expect(imported!.imageUrl).toBe(row.galleryImageUrl); // the copies were made once and reused

    const input = await media.put(await picture(120, 90), { contentType: 'image/jpeg', prefix: 'canvas/inputs' });
    const base = { userId: user, model: 'flux-kontext-max', camera: 'Default', shotType: 'Default', inputImages: [input.url] };
    const lost = randomUUID();
    const unconfirmed = randomUUID();
    await canvas.database.db.insert(edits).values([
      { ...base, id: lost, prompt: 'lost job', status: 'queued', reservedAt: new Date(), createdAt: new Date(Date.now() - 10_000) },
      { ...base, id: unconfirmed, prompt: 'never confirmed', status: 'queued', createdAt: new Date(Date.now() - 120_000) },
    ]);
    expect((await finished(user, lost)).status).toBe('completed');
    const settled = await finished(user, unconfirmed);
    expect(settled).toMatchObject({ status: 'failed', errorMessage: EDIT_ERRORS.accountDown });
    await waitFor(async () => (await rowOf(unconfirmed))?.refundedAt, Boolean, 30_000);
    expect(scripted.callsFor('never confirmed')).toBe(0);
  }, 60_000);
});
