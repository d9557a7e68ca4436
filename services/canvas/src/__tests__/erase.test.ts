import { randomUUID } from 'node:crypto';
import { canvasEditSchema } from '@atelier/contracts';
import { createMediaStore, eraseDeletedUsers, type MediaStore } from '@atelier/kit';
import { testServiceHeaders } from '@atelier/kit/testing';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_PREFIX, SERVICE_NAME } from '../constants.js';
import { edits, type EditRow } from '../db/schema.js';
import { createErase } from '../erase.js';
import {
  dataUrl,
  picture,
  PUBLIC_URL,
  SECRET,
  silent,
  startAccount,
  startCanvas,
  startFakeCreate,
  userHeaders,
  waitFor,
  type FakeCreate,
  type TestAccount,
  type TestCanvas,
} from './helpers.js';

const keyOf = (url: string) => url.replace(/^.*?\/media\//, '');

describe('erasing deleted accounts (canvas)', () => {
  let account: TestAccount;
  let create: FakeCreate;
  /** Works on edits and hands them to the gallery; its own watcher asks only at start, so these tests run the rounds. */
  let canvas: TestCanvas;
  /** Works on nothing (no workers, no sweeper, no watcher): rows stay as a test leaves them. */
  let idle: TestCanvas;

  beforeAll(async () => {
    account = await startAccount();
    create = await startFakeCreate();
    canvas = await startCanvas(account, { env: { CREATE_URL: create.url, CANVAS_ERASURE_INTERVAL_MS: String(60 * 60 * 1000) } });
    idle = await startCanvas(account, { deps: { work: false } });
  }, 60_000);
  afterAll(async () => {
    await idle?.close();
    await canvas?.close();
    await create?.close();
    await account?.close();
  });

  const mediaOf = (service: TestCanvas) => createMediaStore(service.config.media);
  const eraseIn = (service: TestCanvas) => createErase({ database: service.database, media: mediaOf(service), logger: silent });
  /** One round of the watcher, as the service runs it. */
  const round = (service: TestCanvas) =>
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
  const rowsOf = async (service: TestCanvas, userId: string) =>
    (await service.database.db.select({ id: edits.id }).from(edits).where(eq(edits.userId, userId)).orderBy(edits.id)).map((row) => row.id);
  const rowOf = async (service: TestCanvas, id: string) => (await service.database.db.select().from(edits).where(eq(edits.id, id)))[0];
  const idempotencyKeysOf = async (service: TestCanvas, userId: string) =>
    (await service.database.db.execute<{ key: string }>(sql`select key from idempotency_keys where owner = ${userId}`)).rows.map((row) => row.key);
  const rateLimitsOf = async (service: TestCanvas, userId: string) =>
    (await service.database.db.execute<{ name: string }>(sql`select name from rate_limits where key = ${userId}`)).rows.map((row) => row.name);
  const present = async (media: MediaStore, urls: string[]) => Promise.all(urls.map(async (url) => [url, (await media.head(keyOf(url))) !== null] as const));
  const filesOf = (row: EditRow) => [...row.inputImages, row.outputUrl, row.galleryImageUrl, row.galleryInputUrl].filter((url): url is string => url !== null);

  /** A real edit through the API (the local engine), finished and handed to the gallery. */
  async function realEdit(userId: string, idempotencyKey: string): Promise<EditRow> {
    const app = canvas.service.app;
    const body = { prompt: 'Warm golden hour', inputImages: [dataUrl(await picture(120, 160)), dataUrl(await picture(80, 80))] };
    const started = await request(app).post('/api/canvas/edit').set(userHeaders(userId)).set('Idempotency-Key', idempotencyKey).send(body).expect(202);
    const id = started.body.id as string;
    const read = async () => canvasEditSchema.parse((await request(app).get(`/api/canvas/edit/${id}`).set(userHeaders(userId)).expect(200)).body);
    expect((await waitFor(read, (e) => e.status === 'completed' || e.status === 'failed', 60_000)).status).toBe('completed');
    return (await waitFor(() => rowOf(canvas, id), (row) => Boolean(row?.galleryAt), 30_000))!;
  }

  /** A finished edit straight in the table, with files of its own (unless given). */
  async function finishedEdit(service: TestCanvas, userId: string, fields: Partial<EditRow> = {}): Promise<EditRow> {
    const media = mediaOf(service);
    const put = async (prefix: string) => (await media.put(await picture(64, 64), { contentType: 'image/jpeg', prefix })).url;
    const [row] = await service.database.db
      .insert(edits)
      .values({
        id: randomUUID(),
        userId,
        status: 'completed',
        prompt: 'made for the erase test',
        model: 'nano-banana',
        camera: 'None',
        shotType: 'None',
        inputImages: fields.inputImages ?? [await put(MEDIA_PREFIX.inputs)],
        outputUrl: fields.outputUrl === undefined ? await put(MEDIA_PREFIX.outputs) : fields.outputUrl,
        engine: 'local',
        reservedAt: new Date(),
        createdAt: new Date(),
        completedAt: new Date(),
        ...fields,
      })
      .returning();
    return row!;
  }

  it("erases a deleted user's edits, their keys and counters, and the files only they named; another user's stay", async () => {
    const media = mediaOf(canvas);
    const [alice, bob] = [await account.createUser('free'), await account.createUser('free')];

    // Alice: a real edit (stored inputs, a result, the gallery's copies; an Idempotency-Key and a rate-limit counter),
    // a failed one whose refund is owed, and one more already in the gallery.
    const aliceEdit = await realEdit(alice, 'alice-edit-1');
    expect(aliceEdit.galleryImageUrl).toMatch(/^\/media\/canvas\/gallery\//);
    const aliceFailed = await finishedEdit(canvas, alice, { status: 'failed', outputUrl: null, errorMessage: 'Photo editing failed' });
    const unsent = await finishedEdit(canvas, alice, {
      galleryImageUrl: (await media.put(await picture(64, 64), { contentType: 'image/jpeg', prefix: MEDIA_PREFIX.gallery })).url,
      galleryAt: new Date(),
    });

    // Bob: a real edit, and one that names Alice's result (by its address on the public origin): it must stay.
    const bobEdit = await realEdit(bob, 'bob-edit-1');
    const bobOfAlice = await finishedEdit(canvas, bob, { inputImages: [`${PUBLIC_URL}${aliceEdit.outputUrl!}`], galleryAt: new Date() });

    const aliceOnly = [...filesOf(aliceEdit).filter((url) => url !== aliceEdit.outputUrl), ...filesOf(aliceFailed), ...filesOf(unsent)];
    expect(aliceOnly).toHaveLength(4 + 1 + 3);
    const bobsFiles = [...filesOf(bobEdit), ...filesOf(bobOfAlice).filter((url) => !url.startsWith(PUBLIC_URL))];
    expect((await present(media, [...aliceOnly, ...bobsFiles, aliceEdit.outputUrl!])).filter(([, there]) => !there)).toEqual([]);
    expect(await idempotencyKeysOf(canvas, alice)).toEqual(['alice-edit-1']);
    expect(await rateLimitsOf(canvas, alice)).toEqual(['edits']);
    const bobRows = await rowsOf(canvas, bob);

    await deleteAccount(alice);
    expect(await listedFor(SERVICE_NAME)).toContain(alice);
    expect(await round(canvas)).toEqual({ erased: 1, later: 0, failed: 0 });

    expect(await rowsOf(canvas, alice)).toEqual([]);
    expect(await idempotencyKeysOf(canvas, alice)).toEqual([]);
    expect(await rateLimitsOf(canvas, alice)).toEqual([]);
    expect(await present(media, aliceOnly)).toEqual(aliceOnly.map((url) => [url, false]));
    // Her result stays while Bob's edit names it.
    expect(await present(media, [aliceEdit.outputUrl!])).toEqual([[aliceEdit.outputUrl!, true]]);
    expect(await rowsOf(canvas, bob)).toEqual(bobRows);
    expect(await present(media, bobsFiles)).toEqual(bobsFiles.map((url) => [url, true]));
    expect(await idempotencyKeysOf(canvas, bob)).toEqual(['bob-edit-1']);
    expect(await rateLimitsOf(canvas, bob)).toEqual(['edits']);
    await request(canvas.service.app).get(`/api/canvas/edit/${bobEdit.id}`).set(userHeaders(bob)).expect(200);
    // Account heard it: canvas is done with her, create is not yet.
    expect(await listedFor(SERVICE_NAME)).not.toContain(alice);
    expect(await listedFor('create')).toContain(alice);

    // Twice is the same as once (a crash before the acknowledgement repeats it).
    expect(await eraseIn(canvas)(alice)).toBe('erased');
    expect(await rowsOf(canvas, bob)).toEqual(bobRows);
    expect(await present(media, [aliceEdit.outputUrl!, ...bobsFiles])).toEqual([aliceEdit.outputUrl!, ...bobsFiles].map((url) => [url, true]));
    expect(await round(canvas)).toEqual({ erased: 0, later: 0, failed: 0 });
  }, 120_000);

  it('leaves a user with an edit still queued or processing for later, deleting nothing; erases them once it has finished', async () => {
    const media = mediaOf(idle);
    const carol = await account.createUser('free');
    const done = await finishedEdit(idle, carol);
    const running = await finishedEdit(idle, carol, { status: 'processing', outputUrl: null, completedAt: null });
    const queued = await finishedEdit(idle, carol, { status: 'queued', outputUrl: null, completedAt: null });
    await deleteAccount(carol);

    expect(await round(idle)).toEqual({ erased: 0, later: 1, failed: 0 });
    expect(await rowsOf(idle, carol)).toEqual([done.id, running.id, queued.id].sort());
    const carolsFiles = [...filesOf(done), ...filesOf(running), ...filesOf(queued)];
    expect(await present(media, carolsFiles)).toEqual(carolsFiles.map((url) => [url, true]));
    expect(await listedFor(SERVICE_NAME)).toContain(carol);

    // One finishes; one is still queued: later again.
    await idle.database.db.update(edits).set({ status: 'completed' }).where(eq(edits.id, running.id));
    expect(await eraseIn(idle)(carol)).toBe('later');
    expect(await rowsOf(idle, carol)).toHaveLength(3);

    await idle.database.db.update(edits).set({ status: 'failed' }).where(eq(edits.id, queued.id));
    expect(await round(idle)).toEqual({ erased: 1, later: 0, failed: 0 });
    expect(await rowsOf(idle, carol)).toEqual([]);
    expect(await present(media, carolsFiles)).toEqual(carolsFiles.map((url) => [url, false]));
    expect(await eraseIn(idle)(carol)).toBe('erased');
    expect(await listedFor(SERVICE_NAME)).not.toContain(carol);
  });

  it('acknowledges nothing when a file cannot be deleted: the rows stay to find the files next round', async () => {
    const media = mediaOf(idle);
    const gina = await account.createUser('free');
    const row = await finishedEdit(idle, gina);
    await deleteAccount(gina);
    const failing: MediaStore = { ...media, delete: async () => Promise.reject(new Error('media store down')) };
    await expect(createErase({ database: idle.database, media: failing, logger: silent })(gina)).rejects.toThrow('media store down');
    expect(await rowsOf(idle, gina)).toEqual([row.id]);
    expect(await listedFor(SERVICE_NAME)).toContain(gina);

    expect(await round(idle)).toEqual({ erased: 1, later: 0, failed: 0 });
    expect(await rowsOf(idle, gina)).toEqual([]);
    expect(await present(media, filesOf(row))).toEqual(filesOf(row).map((url) => [url, false]));
  });

  it('runs in the service: a deleted account is erased within a few intervals and account no longer lists it for canvas', async () => {
    const watching = await startCanvas(account, { env: { CANVAS_ERASURE_INTERVAL_MS: '200' } });
    try {
      const erin = await account.createUser('free');
      const row = await finishedEdit(watching, erin);
      await deleteAccount(erin);
      await waitFor(() => listedFor(SERVICE_NAME), (ids) => !ids.includes(erin), 20_000);
      expect(await rowsOf(watching, erin)).toEqual([]);
      expect(await present(mediaOf(watching), filesOf(row))).toEqual(filesOf(row).map((url) => [url, false]));
    } finally {
      await watching.close();
    }
  });
});
