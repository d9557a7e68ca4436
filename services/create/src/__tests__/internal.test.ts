import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { GENERATION_THUMBNAIL_WIDTH, type GenerationsPage, type ImportCanvasEdit } from '@atelier/contracts';
import { createMediaStore } from '@atelier/kit';
import { testServiceHeaders } from '@atelier/kit/testing';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canvasGenerationId } from '../routes/internal.js';
import { SECRET, startAccount, startCreate, userHeaders, type TestAccount, type TestCreate } from './helpers.js';

describe('POST /internal/generations/import (photoshoot → gallery)', () => {
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

  it('adds a finished photoshoot\'s photos to the user\'s gallery once, tagged photoshoot; only the photoshoot service may', async () => {
    const app = create.service.app;
    const user = await account.createUser('basic');
    const photoshootId = randomUUID();
    const body = {
      userId: user,
      photoshootId,
      characterName: 'Amara',
      completedAt: new Date().toISOString(),
      photos: Array.from({ length: 10 }, (_, poseIndex) => ({
        poseIndex,
        imageUrl: `/media/photoshoot/poses/2026/11/${String(poseIndex).padStart(32, '0')}.jpg`,
        engine: 'local',
        // The sender may give the size (the gallery's tile takes its ratio); pose 1 comes without one.
        ...(poseIndex === 0 ? {} : { width: 832, height: 1248 }),
      })),
    };
    const post = (caller: string) => request(app).post('/internal/generations/import').set(testServiceHeaders(SECRET, caller, 'create')).send(body);
    await request(app).post('/internal/generations/import').send(body).expect(401);
    await post('billing').expect(403);
    await post('gateway').expect(403);
    expect((await post('photoshoot').expect(200)).body).toEqual({ imported: 10 });
    expect((await post('photoshoot').expect(200)).body).toEqual({ imported: 0 });
    const page = (await request(app).get('/api/generations?limit=50').set(userHeaders(user)).expect(200)).body as GenerationsPage;
    expect(page.items).toHaveLength(10);
    expect(page.items.every((g) => g.type === 'photoshoot' && g.status === 'completed' && g.cost === 0)).toBe(true);
    // Newest first: pose 10 first.
    expect(page.items.map((g) => g.prompt)).toEqual(Array.from({ length: 10 }, (_, i) => `Photoshoot · Amara · pose ${10 - i}`));
    expect(page.items.map((g) => [g.width, g.height])).toEqual([...Array.from({ length: 9 }, () => [832, 1248]), [null, null]]);
    expect(await account.creditsOf(user)).toMatchObject({ used: 0 });
    await request(app).post('/internal/generations/import').set(testServiceHeaders(SECRET, 'photoshoot', 'create')).send({ ...body, photos: [] }).expect(400);
  });

  it('never ends a page of the gallery inside a photoshoot\'s set: the page takes the rest of it', async () => {
    const app = create.service.app;
    const user = await account.createUser('basic');
    const older = randomUUID();
    const photos = (id: string, at: string) => ({
      userId: user,
      photoshootId: id,
      characterName: 'Amara',
      completedAt: at,
      photos: Array.from({ length: 10 }, (_, poseIndex) => ({ poseIndex, imageUrl: `/media/photoshoot/poses/2026/11/${id.replace(/-/g, '')}.jpg`, engine: 'local' })),
    });
    const post = (body: object) => request(app).post('/internal/generations/import').set(testServiceHeaders(SECRET, 'photoshoot', 'create')).send(body).expect(200);
    await post(photos(older, '2026-11-20T10:00:00.000Z'));
    const newer = randomUUID();
    await post(photos(newer, '2026-11-21T10:00:00.000Z'));
    const list = async (cursor?: string) =>
      (await request(app).get(`/api/generations?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`).set(userHeaders(user)).expect(200)).body as GenerationsPage;
    const first = await list();
    // Three asked; the set they start is ten: the page holds all ten of the newer photoshoot and ends there.
    expect(first.items).toHaveLength(10);
    expect(first.items.every((g) => g.inputs.photoshoot === newer)).toBe(true);
    expect(first.nextCursor).not.toBeNull();
    const second = await list(first.nextCursor!);
    expect(second.items).toHaveLength(10);
    expect(second.items.every((g) => g.inputs.photoshoot === older)).toBe(true);
    expect(second.nextCursor).toBeNull();
  });

  it('makes each imported photo\'s thumbnail once, and imports a photo it cannot read without one', async () => {
    const app = create.service.app;
    const user = await account.createUser('basic');
    const store = createMediaStore({ dataDir: create.dataDir });
    const photo = await sharp({ create: { width: 832, height: 1248, channels: 3, background: '#7a3b2e' } }).jpeg().toBuffer();
    const stored = await store.put(photo, { contentType: 'image/jpeg', prefix: 'photoshoot/poses' });
    const body = {
      userId: user,
      photoshootId: randomUUID(),
      characterName: 'Amara',
      completedAt: new Date().toISOString(),
      photos: [
        { poseIndex: 0, imageUrl: stored.url, engine: 'local', width: 832, height: 1248 },
        { poseIndex: 1, imageUrl: `/media/photoshoot/poses/2026/11/${'c'.repeat(32)}.jpg`, engine: 'local', width: 832, height: 1248 },
      ],
    };
    const post = () => request(app).post('/internal/generations/import').set(testServiceHeaders(SECRET, 'photoshoot', 'create')).send(body);
    const thumbnails = async () => {
      const page = (await request(app).get('/api/generations').set(userHeaders(user)).expect(200)).body as GenerationsPage;
      return page.items.map((g) => g.thumbnailUrl);
    };
    const storedFiles = async () => (await readdir(join(create.dataDir, 'media'), { recursive: true })).filter((name) => name.endsWith('.webp'));
    const before = (await storedFiles()).length;
    expect((await post().expect(200)).body).toEqual({ imported: 2 });
    const [missing, made] = await thumbnails();
    expect(missing).toBeNull();
    expect(made).toMatch(/^\/media\/generations\/thumbs\/.+\.webp$/);
    const meta = await sharp(await readFile(join(create.dataDir, 'media', made!.slice('/media/'.length)))).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: GENERATION_THUMBNAIL_WIDTH, height: Math.round((GENERATION_THUMBNAIL_WIDTH * 1248) / 832) });
    // Sent again (a retry of the hand-over): nothing imported, no second thumbnail stored.
    expect((await post().expect(200)).body).toEqual({ imported: 0 });
    expect(await thumbnails()).toEqual([null, made]);
    expect((await storedFiles()).length).toBe(before + 1);
  });

  it('adds a finished canvas edit to the user\'s gallery once, tagged canvas and free; only the canvas service may', async () => {
    const app = create.service.app;
    const user = await account.createUser('free');
    const canvasEditId = randomUUID();
    const body: ImportCanvasEdit = {
      userId: user,
      canvasEditId,
      prompt: 'Make the coat emerald velvet. Shot with Leica M6. Close-up perspective',
      model: 'nano-banana',
      imageUrl: `/media/canvas/2026/11/${'a'.repeat(32)}.png`,
      inputImageUrl: `/media/uploads/2026/11/${'b'.repeat(32)}.png`,
      engine: 'local',
      completedAt: '2026-11-23T10:00:00.000Z',
      width: 1024,
      height: 1536,
    };
    const post = (caller: string, payload: object = body) =>
      request(app).post('/internal/generations/import-canvas').set(testServiceHeaders(SECRET, caller, 'create')).send(payload);
    await request(app).post('/internal/generations/import-canvas').send(body).expect(401);
    for (const caller of ['photoshoot', 'billing', 'gateway', 'account']) await post(caller).expect(403);

    const id = canvasGenerationId(canvasEditId);
    expect((await post('canvas').expect(200)).body).toEqual({ id, imported: 1 });
    expect((await post('canvas').expect(200)).body).toEqual({ id, imported: 0 });
    const page = (await request(app).get('/api/generations').set(userHeaders(user)).expect(200)).body as GenerationsPage;
    expect(page.items).toEqual([
      {
        id,
        type: 'canvas',
        status: 'completed',
        prompt: body.prompt,
        presetId: null,
        model: 'nano-banana',
        aspectRatio: null,
        inputs: { image: body.inputImageUrl },
        imageUrl: body.imageUrl,
        videoUrl: null,
        // The picture is not in the store (this test sends made-up URLs): no thumbnail, the tile shows imageUrl.
        thumbnailUrl: null,
        engine: 'local',
        width: 1024,
        height: 1536,
        understood: null,
        cost: 0,
        errorMessage: null,
        createdAt: body.completedAt,
        completedAt: body.completedAt,
      },
    ]);
    expect(await account.creditsOf(user)).toMatchObject({ used: 0 });

    // An edit made from nothing has no input image; the fal engine's result says so too.
    const blank = { ...body, canvasEditId: randomUUID(), inputImageUrl: null, engine: 'fal' };
    expect((await post('canvas', blank).expect(200)).body).toMatchObject({ imported: 1 });
    const made = (await request(app).get(`/api/generations/${canvasGenerationId(blank.canvasEditId)}`).set(userHeaders(user)).expect(200)).body;
    expect(made).toMatchObject({ type: 'canvas', inputs: {}, engine: 'fal' });
    // A size comes with both sides or not at all.
    const halfSized = { ...body, canvasEditId: randomUUID(), width: undefined };
    expect((await post('canvas', halfSized).expect(200)).body).toMatchObject({ imported: 1 });
    const unsized = (await request(app).get(`/api/generations/${canvasGenerationId(halfSized.canvasEditId)}`).set(userHeaders(user)).expect(200)).body;
    expect(unsized).toMatchObject({ width: null, height: null });

    // Only our own media URLs reach the gallery; the body is the contract's.
    const refused: [object, RegExp][] = [
      [{ ...body, canvasEditId: randomUUID(), imageUrl: 'https://evil.example/x.png' }, /imageUrl must be an Atelier media URL/],
      [{ ...body, canvasEditId: randomUUID(), inputImageUrl: 'javascript:alert(1)' }, /inputImageUrl must be an Atelier media URL/],
      [{ ...body, canvasEditId: randomUUID(), canvasResultUrl: '//evil.example/media/x.png' }, /canvasResultUrl must be an Atelier media URL/],
      [{ ...body, canvasEditId: 'not-a-uuid' }, /canvasEditId/],
      [{ ...body, prompt: '' }, /prompt/],
      [{ ...body, completedAt: 'yesterday' }, /completedAt/],
      [{ ...body, canvasEditId: randomUUID(), width: 0 }, /width/],
    ];
    for (const [payload, message] of refused) {
      const response = await post('canvas', payload);
      expect(response.status).toBe(400);
      expect(response.body.error).toMatch(message);
    }
    expect(((await request(app).get('/api/generations').set(userHeaders(user))).body as GenerationsPage).items).toHaveLength(3);
  });

  it("tells canvas which media URLs a user may use as inputs: their uploads and what their gallery names; only canvas may ask", async () => {
    const app = create.service.app;
    const owner = await account.createUser('free');
    const other = await account.createUser('free');
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c1121f' } }).png().toBuffer();
    const upload = (await request(app).post('/api/uploads').set(userHeaders(owner)).attach('file', png, 'a.png').expect(201)).body.url as string;
    const hex = (c: string) => c.repeat(32);
    const result = `/media/canvas/edits/2026/11/${hex('c')}.png`;
    const copy = `/media/canvas/gallery/2026/11/${hex('d')}.png`;
    const body: ImportCanvasEdit = { userId: owner, canvasEditId: randomUUID(), prompt: 'Make it red', model: 'nano-banana', imageUrl: copy, inputImageUrl: null, canvasResultUrl: result, engine: 'local', completedAt: new Date().toISOString() };
    await request(app).post('/internal/generations/import-canvas').set(testServiceHeaders(SECRET, 'canvas', 'create')).send(body).expect(200);
    const ask = (caller: string, userId: string, urls: string[]) =>
      request(app).post('/internal/media/owned').set(testServiceHeaders(SECRET, caller, 'create')).send({ userId, urls });

    const urls = [upload, result, copy, `/media/uploads/2026/11/${hex('e')}.png`, 'https://evil.example/x.png'];
    expect((await ask('canvas', owner, urls).expect(200)).body).toEqual({ owned: urls.slice(0, 3) });
    expect((await ask('canvas', other, urls).expect(200)).body).toEqual({ owned: [] });
    await request(app).post('/internal/media/owned').send({ userId: owner, urls }).expect(401);
    for (const caller of ['photoshoot', 'gateway']) await ask(caller, owner, urls).expect(403);
    await ask('canvas', owner, []).expect(400);
    await ask('canvas', 'not-a-user', urls).expect(400);
  });
});
