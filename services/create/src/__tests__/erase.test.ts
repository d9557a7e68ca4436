import { randomUUID } from 'node:crypto';
import type { Generation } from '@atelier/contracts';
import { AccountUnavailable, createMediaStore, eraseDeletedUsers, type MediaStore } from '@atelier/kit';
import { testServiceHeaders } from '@atelier/kit/testing';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_NAME } from '../config.js';
import { insertGeneration } from '../db/generations.js';
import type { NewGenerationRow } from '../db/schema.js';
import { createErase } from '../erase.js';
import { IMPORT_ACCOUNT_DOWN, IMPORT_NO_SUCH_USER } from '../routes/internal.js';
import { SECRET, silent, startAccount, startCreate, userHeaders, waitFor, type TestAccount, type TestCreate } from './helpers.js';

const finished = (g: Generation) => g.status === 'completed' || g.status === 'failed';
const keyOf = (url: string) => url.slice('/media/'.length);

describe('erasing deleted accounts (create)', () => {
  let account: TestAccount;
  /** Works on jobs (a real image is made); its own watcher asks only at start, so these tests run the rounds. */
  let create: TestCreate;
  /** Works on nothing (no workers, no sweeper, no watcher): rows stay as a test leaves them. */
  let idle: TestCreate;

  beforeAll(async () => {
    account = await startAccount();
    create = await startCreate(account, { env: { CREATE_ERASURE_INTERVAL_MS: String(60 * 60 * 1000) } });
    idle = await startCreate(account, { deps: { work: false } });
  });
  afterAll(async () => {
    await idle?.close();
    await create?.close();
    await account?.close();
  });

  const mediaOf = (service: TestCreate) => createMediaStore({ dataDir: service.dataDir });
  const eraseIn = (service: TestCreate) => createErase({ database: service.database, media: mediaOf(service), logger: silent });
  /** One round of the watcher, as the service runs it. */
  const round = (service: TestCreate) =>
    eraseDeletedUsers({
      caller: SERVICE_NAME,
      accountUrl: account.url,
      identityKeys: { current: SECRET },
      logger: silent,
      intervalMs: 60_000,
      erase: eraseIn(service),
    });
  const deleteAccount = (userId: string) => request(account.url).delete('/api/account').set(userHeaders(userId, 'account')).expect(204);
  const listedFor = async (caller: string) => {
    const response = await fetch(`${account.url}/internal/erasures`, { headers: testServiceHeaders(SECRET, caller, 'account') });
    expect(response.status).toBe(200);
    return ((await response.json()) as { userIds: string[] }).userIds;
  };
  const rowsOf = async (service: TestCreate, userId: string) =>
    (await service.database.db.execute<{ id: string }>(sql`select id from generations where user_id = ${userId} order by id`)).rows.map((row) => row.id);
  const idempotencyKeysOf = async (service: TestCreate, userId: string) =>
    (await service.database.db.execute<{ key: string }>(sql`select key from idempotency_keys where owner = ${userId}`)).rows.map((row) => row.key);
  const rateLimitsOf = async (service: TestCreate, userId: string) =>
    (await service.database.db.execute<{ name: string }>(sql`select name from rate_limits where key = ${userId}`)).rows.map((row) => row.name);
  const present = async (media: MediaStore, urls: string[]) => Promise.all(urls.map(async (url) => [url, (await media.head(keyOf(url))) !== null] as const));
  const picture = (color: string) => sharp({ create: { width: 96, height: 128, channels: 3, background: color } }).png().toBuffer();

  /** A finished generation straight in the table, with files of its own in the store. */
  async function finishedGeneration(service: TestCreate, userId: string, fields: Partial<NewGenerationRow> & Pick<NewGenerationRow, 'type'>) {
    const media = mediaOf(service);
    const image = fields.imageUrl === undefined ? (await media.put(await picture('#335577'), { contentType: 'image/png', prefix: `generations/${fields.type}` })).url : fields.imageUrl;
    const thumbnail =
      fields.thumbnailUrl === undefined ? (await media.put(await sharp(await picture('#335577')).webp().toBuffer(), { contentType: 'image/webp', prefix: 'generations/thumbs' })).url : fields.thumbnailUrl;
    const row: NewGenerationRow = {
      id: randomUUID(),
      userId,
      status: 'completed',
      prompt: 'made for the erase test',
      cost: 1,
      inputs: {},
      createdAt: new Date(),
      completedAt: new Date(),
      reservedAt: new Date(),
      ...fields,
      imageUrl: image,
      thumbnailUrl: thumbnail,
    };
    await insertGeneration(service.database.db, row);
    return row;
  }

  async function upload(service: TestCreate, userId: string, color: string): Promise<string> {
    const response = await request(service.service.app).post('/api/uploads').set(userHeaders(userId)).attach('file', await picture(color), 'photo.png');
    expect(response.status).toBe(201);
    return (response.body as { url: string }).url;
  }

  async function realImage(service: TestCreate, userId: string, key: string): Promise<Generation> {
    const app = service.service.app;
    const started = await request(app).post('/api/generations/image').set(userHeaders(userId)).set('Idempotency-Key', key).send({ prompt: 'linen suit by the sea', aspectRatio: '1:1' });
    expect(started.status).toBe(202);
    return waitFor(() => request(app).get(`/api/generations/${started.body.id}`).set(userHeaders(userId)).then((r) => r.body as Generation), finished, 120_000);
  }

  it("erases a deleted user's generations of every type, their keys and counters, and the files only they named; another user's stay", async () => {
    const app = create.service.app;
    const media = mediaOf(create);
    const [alice, bob] = [await account.createUser('free'), await account.createUser('free')];

    // Alice: a real image (the worker's own files; an Idempotency-Key), an upload (a rate-limit counter) upscaled,
    // a failed generation whose refund is still owed, an imported canvas edit (the gallery's copies) and an imported
    // photoshoot (its photo is the photoshoot service's).
    const image = await realImage(create, alice, 'alice-image-1');
    expect(image.status).toBe('completed');
    const aliceUpload = await upload(create, alice, '#aa3344');
    // And a photo she uploaded and never used: recorded as hers, so it goes too.
    const unusedUpload = await upload(create, alice, '#ddaa11');
    const upscale = await finishedGeneration(create, alice, { type: 'upscale', inputs: { image: aliceUpload } });
    const failed = await finishedGeneration(create, alice, { type: 'image', status: 'failed', imageUrl: null, errorMessage: 'Generation failed' });
    const galleryImage = await media.put(await picture('#117755'), { contentType: 'image/png', prefix: 'canvas/gallery' });
    const galleryInput = await media.put(await picture('#557711'), { contentType: 'image/png', prefix: 'canvas/gallery' });
    const canvasEditId = randomUUID();
    await request(app)
      .post('/internal/generations/import-canvas')
      .set(testServiceHeaders(SECRET, 'canvas', 'create'))
      .send({ userId: alice, canvasEditId, prompt: 'a red coat', model: 'nano-banana', imageUrl: galleryImage.url, inputImageUrl: galleryInput.url, engine: 'local', completedAt: new Date().toISOString() })
      .expect(200);
    const pose = await media.put(await picture('#775511'), { contentType: 'image/png', prefix: 'photoshoot/poses' });
    const photoshootId = randomUUID();
    await request(app)
      .post('/internal/generations/import')
      .set(testServiceHeaders(SECRET, 'photoshoot', 'create'))
      .send({ userId: alice, photoshootId, characterName: 'Amara', completedAt: new Date().toISOString(), photos: [{ poseIndex: 0, imageUrl: pose.url, engine: 'local' }] })
      .expect(200);

    // Bob: a real image, an upload he tried a garment on, and a video made from Alice's picture (he knew its address).
    const bobImage = await realImage(create, bob, 'bob-image-1');
    const bobUpload = await upload(create, bob, '#3344aa');
    const bobDressUp = await finishedGeneration(create, bob, { type: 'dressup', imageUrl: undefined, inputs: { person: bobUpload, garment: bobUpload } });
    const bobVideoFile = await media.put(Buffer.from('not really a video'), { contentType: 'video/mp4', prefix: 'generations/video' });
    const bobVideo = await finishedGeneration(create, bob, {
      type: 'video',
      imageUrl: image.imageUrl,
      videoUrl: bobVideoFile.url,
      inputs: { image: image.imageUrl!, resolution: '720p' },
    });

    // And an upscale of Alice's upscaled picture, named by its address on the public origin: the same file.
    const bobUpscale = await finishedGeneration(create, bob, { type: 'upscale', inputs: { image: `http://atelier.test/media/${keyOf(upscale.imageUrl!)}` } });

    const aliceRows = await rowsOf(create, alice);
    expect(aliceRows).toHaveLength(5);
    const imported = (await request(app).get('/api/generations?limit=50').set(userHeaders(alice)).expect(200)).body.items as Generation[];
    const importedThumbnails = imported.filter((g) => g.type === 'canvas' || g.type === 'photoshoot').map((g) => g.thumbnailUrl!);
    expect(importedThumbnails).toHaveLength(2);
    const aliceOnly = [image.thumbnailUrl!, aliceUpload, unusedUpload, upscale.thumbnailUrl!, failed.thumbnailUrl!, galleryImage.url, galleryInput.url, ...importedThumbnails];
    const bobsFiles = [bobImage.imageUrl!, bobImage.thumbnailUrl!, bobUpload, bobDressUp.imageUrl!, bobDressUp.thumbnailUrl!, bobVideoFile.url, bobVideo.thumbnailUrl!, bobUpscale.imageUrl!, bobUpscale.thumbnailUrl!];
    const stays = [image.imageUrl!, upscale.imageUrl!, pose.url];
    expect((await present(media, [...aliceOnly, ...bobsFiles, ...stays])).filter(([, there]) => !there)).toEqual([]);
    expect(await idempotencyKeysOf(create, alice)).toEqual(['alice-image-1']);
    expect(await rateLimitsOf(create, alice)).toEqual(['uploads']);
    const bobRows = await rowsOf(create, bob);

    await deleteAccount(alice);
    expect(await listedFor(SERVICE_NAME)).toContain(alice);
    expect(await round(create)).toEqual({ erased: 1, later: 0, failed: 0 });

    expect(await rowsOf(create, alice)).toEqual([]);
    expect(await idempotencyKeysOf(create, alice)).toEqual([]);
    expect(await rateLimitsOf(create, alice)).toEqual([]);
    expect(await present(media, aliceOnly)).toEqual(aliceOnly.map((url) => [url, false]));
    // Her pictures stay while Bob's video and upscale name them; the photoshoot's photo is the photoshoot service's to erase.
    expect(await present(media, stays)).toEqual(stays.map((url) => [url, true]));
    expect(await rowsOf(create, bob)).toEqual(bobRows);
    expect(await present(media, bobsFiles)).toEqual(bobsFiles.map((url) => [url, true]));
    expect(await idempotencyKeysOf(create, bob)).toEqual(['bob-image-1']);
    expect(await rateLimitsOf(create, bob)).toEqual(['uploads']);
    expect((await request(app).get(`/api/generations/${bobVideo.id}`).set(userHeaders(bob)).expect(200)).body).toMatchObject({ imageUrl: image.imageUrl });
    // Account heard it: create is done with her, the other services are not yet.
    expect(await listedFor(SERVICE_NAME)).not.toContain(alice);
    expect(await listedFor('canvas')).toContain(alice);

    // Twice is the same as once (a crash before the acknowledgement repeats it).
    expect(await eraseIn(create)(alice)).toBe('erased');
    expect(await rowsOf(create, bob)).toEqual(bobRows);
    expect(await present(media, [...stays, ...bobsFiles])).toEqual([...stays, ...bobsFiles].map((url) => [url, true]));
    expect(await round(create)).toEqual({ erased: 0, later: 0, failed: 0 });
  });

  it('leaves a user with a generation still queued or processing for later, deleting nothing; erases them once it has finished', async () => {
    const media = mediaOf(idle);
    const carol = await account.createUser('free');
    const done = await finishedGeneration(idle, carol, { type: 'image' });
    const running = await finishedGeneration(idle, carol, { type: 'image', status: 'processing', imageUrl: null, thumbnailUrl: null, completedAt: null });
    const queued = await finishedGeneration(idle, carol, { type: 'image', status: 'queued', imageUrl: null, thumbnailUrl: null, completedAt: null });
    await deleteAccount(carol);

    expect(await round(idle)).toEqual({ erased: 0, later: 1, failed: 0 });
    expect(await rowsOf(idle, carol)).toEqual([done.id, running.id, queued.id].sort());
    expect(await present(media, [done.imageUrl!, done.thumbnailUrl!])).toEqual([
      [done.imageUrl!, true],
      [done.thumbnailUrl!, true],
    ]);
    expect(await listedFor(SERVICE_NAME)).toContain(carol);

    // One finishes; one is still queued: later again.
    await idle.database.db.execute(sql`update generations set status = 'completed' where id = ${running.id}`);
    expect(await eraseIn(idle)(carol)).toBe('later');
    expect(await rowsOf(idle, carol)).toHaveLength(3);

    await idle.database.db.execute(sql`update generations set status = 'failed' where id = ${queued.id}`);
    expect(await round(idle)).toEqual({ erased: 1, later: 0, failed: 0 });
    expect(await rowsOf(idle, carol)).toEqual([]);
    expect(await present(media, [done.imageUrl!, done.thumbnailUrl!])).toEqual([
      [done.imageUrl!, false],
      [done.thumbnailUrl!, false],
    ]);
    expect(await eraseIn(idle)(carol)).toBe('erased');
    expect(await listedFor(SERVICE_NAME)).not.toContain(carol);
  });

  it('acknowledges nothing when a file cannot be deleted: the rows stay to find the files next round', async () => {
    const media = mediaOf(idle);
    const gina = await account.createUser('free');
    const row = await finishedGeneration(idle, gina, { type: 'image' });
    await deleteAccount(gina);
    const failing: MediaStore = { ...media, delete: async () => Promise.reject(new Error('media store down')) };
    const broken = createErase({ database: idle.database, media: failing, logger: silent });
    await expect(broken(gina)).rejects.toThrow('media store down');
    expect(await rowsOf(idle, gina)).toEqual([row.id]);
    expect(await listedFor(SERVICE_NAME)).toContain(gina);

    expect(await round(idle)).toEqual({ erased: 1, later: 0, failed: 0 });
    expect(await rowsOf(idle, gina)).toEqual([]);
    expect(await present(media, [row.imageUrl!, row.thumbnailUrl!])).toEqual([
      [row.imageUrl!, false],
      [row.thumbnailUrl!, false],
    ]);
  });

  it('takes back a hand-over that arrives for a deleted account (after its erase), and says 404 so the sender keeps it for its own', async () => {
    const app = idle.service.app;
    const media = mediaOf(idle);
    const dora = await account.createUser('free');
    await deleteAccount(dora);
    expect(await round(idle)).toMatchObject({ erased: 1 });

    const { readdir } = await import('node:fs/promises');
    const thumbnails = async () =>
      (await readdir(`${idle.dataDir}/media`, { recursive: true }).catch(() => [] as string[])).filter((name) => name.startsWith('generations/thumbs/') && name.endsWith('.webp'));
    const before = await thumbnails();
    const picture1 = await media.put(await picture('#117755'), { contentType: 'image/png', prefix: 'canvas/gallery' });
    const canvas = await request(app)
      .post('/internal/generations/import-canvas')
      .set(testServiceHeaders(SECRET, 'canvas', 'create'))
      .send({ userId: dora, canvasEditId: randomUUID(), prompt: 'late', model: 'nano-banana', imageUrl: picture1.url, inputImageUrl: null, engine: 'local', completedAt: new Date().toISOString() });
    expect([canvas.status, canvas.body]).toEqual([404, { error: IMPORT_NO_SUCH_USER }]);
    const photos = await request(app)
      .post('/internal/generations/import')
      .set(testServiceHeaders(SECRET, 'photoshoot', 'create'))
      .send({ userId: dora, photoshootId: randomUUID(), characterName: 'Amara', completedAt: new Date().toISOString(), photos: [{ poseIndex: 0, imageUrl: picture1.url, engine: 'local' }] });
    expect([photos.status, photos.body]).toEqual([404, { error: IMPORT_NO_SUCH_USER }]);
    expect(await rowsOf(idle, dora)).toEqual([]);
    // The thumbnails made for them went with them; the sender's file is the sender's.
    expect(await thumbnails()).toEqual(before);
    expect(await media.head(keyOf(picture1.url))).not.toBeNull();

    // A user account still knows is imported as before.
    const frank = await account.createUser('free');
    await request(app)
      .post('/internal/generations/import-canvas')
      .set(testServiceHeaders(SECRET, 'canvas', 'create'))
      .send({ userId: frank, canvasEditId: randomUUID(), prompt: 'on time', model: 'nano-banana', imageUrl: picture1.url, inputImageUrl: null, engine: 'local', completedAt: new Date().toISOString() })
      .expect(200);
    expect(await rowsOf(idle, frank)).toHaveLength(1);
    expect(await thumbnails()).toHaveLength(before.length + 1);
  });

  it('takes an import back when account cannot be asked (503: the sender tries again)', async () => {
    const down = new AccountUnavailable('account service unreachable');
    const cut = await startCreate(account, {
      deps: { work: false, account: { planOf: () => Promise.reject(down), reserve: () => Promise.reject(down), refund: () => Promise.reject(down) } },
    });
    try {
      const user = await account.createUser('free');
      const media = mediaOf(cut);
      const photo = await media.put(await picture('#117755'), { contentType: 'image/png', prefix: 'canvas/gallery' });
      const response = await request(cut.service.app)
        .post('/internal/generations/import-canvas')
        .set(testServiceHeaders(SECRET, 'canvas', 'create'))
        .send({ userId: user, canvasEditId: randomUUID(), prompt: 'x', model: 'nano-banana', imageUrl: photo.url, inputImageUrl: null, engine: 'local', completedAt: new Date().toISOString() });
      expect([response.status, response.body]).toEqual([503, { error: IMPORT_ACCOUNT_DOWN }]);
      expect(await rowsOf(cut, user)).toEqual([]);
    } finally {
      await cut.close();
    }
  });

  it('runs in the service: a deleted account is erased within a few intervals and account no longer lists it for create', async () => {
    const watching = await startCreate(account, { env: { CREATE_ERASURE_INTERVAL_MS: '200' } });
    try {
      const media = mediaOf(watching);
      const erin = await account.createUser('free');
      const row = await finishedGeneration(watching, erin, { type: 'image' });
      await deleteAccount(erin);
      await waitFor(() => listedFor(SERVICE_NAME), (ids) => !ids.includes(erin), 20_000);
      expect(await rowsOf(watching, erin)).toEqual([]);
      expect(await media.head(keyOf(row.imageUrl!))).toBeNull();
    } finally {
      await watching.close();
    }
  });

  it('answers 401 to a start that reaches create after the account went (its request in flight), keeping nothing of it', async () => {
    const dora = await account.createUser('free');
    await deleteAccount(dora);
    // The gateway vouched for her a moment before the deletion: the identity still verifies, account knows her no more.
    const started = await request(idle.service.app).post('/api/generations/image').set(userHeaders(dora)).send({ prompt: 'a late start', aspectRatio: '1:1' });
    expect(started.status).toBe(401);
    expect(await rowsOf(idle, dora)).toEqual([]);
  });
});

