import { randomUUID } from 'node:crypto';
import type { AvatarJob, Character } from '@atelier/contracts';
import { createEngines, type Engines } from '@atelier/engines';
import { createMediaStore, type MediaStore } from '@atelier/kit';
import { eq, inArray, isNull, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { characters, photoshoots, poses, previews, templatePoses } from '../db/schema.js';
import { createErase } from '../erase.js';
import {
  garmentPhoto,
  personPhoto,
  recordingGallery,
  silent,
  startAccount,
  startPhotoshoot,
  userHeaders,
  waitFor,
  type TestAccount,
  type TestPhotoshoot,
} from './helpers.js';

/** The local engine, whose poses wait while the gate is closed (a photoshoot kept running). */
function gatedEngines() {
  const real = createEngines({ ENGINE: 'local' });
  let gate: Promise<void> | null = null;
  let open = () => {};
  const engines = new Proxy(real, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (prop !== 'photoshootPose' || typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        if (gate) await gate;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  }) as Engines;
  return {
    engines,
    close() {
      gate = new Promise((resolve) => (open = resolve));
    },
    open() {
      gate = null;
      open();
    },
  };
}

describe('erasing a deleted account (the service\'s own watcher, every 200 ms)', () => {
  let account: TestAccount;
  let shoot: TestPhotoshoot;
  let app: TestPhotoshoot['service']['app'];
  let media: MediaStore;
  const gated = gatedEngines();
  const gallery = recordingGallery();

  beforeAll(async () => {
    account = await startAccount();
    shoot = await startPhotoshoot(account, { env: { PHOTOSHOOT_ERASURE_INTERVAL_MS: '200' }, deps: { engines: gated.engines, gallery } });
    app = shoot.service.app;
    media = createMediaStore(shoot.config.media);
    await shoot.service.ready();
  }, 120_000);
  afterAll(async () => {
    gated.open();
    await shoot?.close();
    await account?.close();
  });

  const db = () => shoot.database.db;
  const house = async () => db().select().from(characters).where(isNull(characters.userId));
  const exists = async (url: string) => (await media.head(media.keyFromUrl(url)!)) !== null;

  async function ownCharacter(user: string, name: string): Promise<Character> {
    const made = await request(app).post('/api/avatar/characters').set(userHeaders(user)).field('name', name).attach('photo', await personPhoto(), 'me.jpg');
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return made.body as Character;
  }

  async function startShoot(user: string, characterId: string, key?: string): Promise<string> {
    const started = await request(app)
      .post('/api/avatar/generate')
      .set({ ...userHeaders(user), ...(key ? { 'Idempotency-Key': key } : {}) })
      .field('characterId', characterId)
      .attach('clothingImage', await garmentPhoto(), 'dress.png');
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    return started.body.jobId as string;
  }

  async function finished(user: string, jobId: string): Promise<AvatarJob> {
    return waitFor(
      async () => (await request(app).get(`/api/avatar/job/${jobId}`).set(userHeaders(user)).expect(200)).body as AvatarJob,
      (job) => job.status !== 'processing',
      60_000,
    );
  }

  /** Every row the user has here, by table, and every file those rows point at. */
  async function holdings(user: string) {
    const shoots = await db().select().from(photoshoots).where(eq(photoshoots.userId, user));
    const shootPoses = shoots.length ? await db().select().from(poses).where(inArray(poses.photoshootId, shoots.map((s) => s.id))) : [];
    const own = await db().select().from(characters).where(eq(characters.userId, user));
    const sets = await db().select().from(previews).where(eq(previews.userId, user));
    const keys = await shoot.database.db.execute<{ n: number }>(sql`select count(*)::int as n from idempotency_keys where owner = ${user}`);
    const limits = await shoot.database.db.execute<{ n: number }>(sql`select count(*)::int as n from rate_limits where key = ${user}`);
    const files = new Set<string>([
      ...shoots.flatMap((s) => [s.characterImageUrl, s.garmentUrl]),
      ...shootPoses.flatMap((p) => (p.imageUrl ? [p.imageUrl] : [])),
      ...own.flatMap((c) => (c.previewImageUrl ? [c.previewImageUrl] : [])),
      ...sets.flatMap((set) => (set.images ?? []).map((image) => image.imageUrl)),
    ]);
    return {
      rows: { photoshoots: shoots.length, poses: shootPoses.length, characters: own.length, previews: sets.length, idempotencyKeys: keys.rows[0]!.n, rateLimits: limits.rows[0]!.n },
      files: [...files],
    };
  }

  it("erases the user's photoshoots, poses, characters, previews, keys and counters and the files only they point at; another user's and the house's stay", async () => {
    const [ana, ben] = [await account.createUser('pro'), await account.createUser('pro')];
    const cast = await house();
    // Ana: a character of her own (made, shot, then deleted: its portrait lives on in the photoshoot), another one
    // kept, previews of a house character, a photoshoot of each kind (one sent with an Idempotency-Key).
    const gone = await ownCharacter(ana, 'Ana one');
    await ownCharacter(ana, 'Ana two');
    await request(app).post('/api/avatar/preview').set(userHeaders(ana)).send({ characterId: cast[0]!.id }).expect(200);
    const anaShoots = [await startShoot(ana, gone.id, 'ana-shoot'), await startShoot(ana, cast[1]!.id)];
    for (const id of anaShoots) expect(await finished(ana, id)).toMatchObject({ status: 'completed', errorMessage: null });
    await request(app).delete(`/api/avatar/characters/${gone.id}`).set(userHeaders(ana)).expect(204);
    // Ben: the same kinds of things.
    const bens = await ownCharacter(ben, 'Ben');
    await request(app).post('/api/avatar/preview').set(userHeaders(ben)).send({ characterId: cast[0]!.id }).expect(200);
    const benShoot = await startShoot(ben, bens.id, 'ben-shoot');
    expect(await finished(ben, benShoot)).toMatchObject({ status: 'completed', errorMessage: null });
    // A file of Ana's that a row of Ben's also points at (his photoshoot made from the same garment upload) stays.
    const [anaFirst] = await db().select().from(photoshoots).where(eq(photoshoots.id, anaShoots[0]!));
    await db().insert(photoshoots).values({
      id: randomUUID(),
      userId: ben,
      characterId: bens.id,
      characterName: 'Ben',
      characterImageUrl: bens.previewImageUrl!,
      garmentUrl: anaFirst!.garmentUrl,
      status: 'failed',
      totalPoses: 10,
      createdAt: new Date(),
      completedAt: new Date(),
    });

    const anaBefore = await holdings(ana);
    expect(anaBefore.rows).toEqual({ photoshoots: 2, poses: 20, characters: 1, previews: 1, idempotencyKeys: 1, rateLimits: 1 });
    const benBefore = await holdings(ben);
    const housePortraits = cast.map((c) => c.previewImageUrl!);
    const template = await db().select().from(templatePoses);
    expect(template).toHaveLength(10);
    const anaOnly = anaBefore.files.filter((url) => !housePortraits.includes(url) && url !== anaFirst!.garmentUrl);
    // Her two characters' portraits, 2 garments less the shared one, 20 poses, 4 previews.
    expect(anaOnly).toHaveLength(2 + 1 + 20 + 4);
    for (const url of anaBefore.files) expect(await exists(url), url).toBe(true);

    await account.deleteAccount(ana);
    expect(await account.erasuresFor('photoshoot')).toContain(ana);
    await waitFor(() => account.erasuresFor('photoshoot'), (ids) => !ids.includes(ana), 20_000);

    expect((await holdings(ana)).rows).toEqual({ photoshoots: 0, poses: 0, characters: 0, previews: 0, idempotencyKeys: 0, rateLimits: 0 });
    for (const id of anaShoots) expect(await db().select().from(poses).where(eq(poses.photoshootId, id))).toEqual([]);
    for (const url of anaOnly) expect(await exists(url), url).toBe(false);
    // Ben's rows and files, the shared garment, the house cast and the template are all there.
    expect(await holdings(ben)).toEqual(benBefore);
    for (const url of benBefore.files) expect(await exists(url), url).toBe(true);
    expect(await exists(anaFirst!.garmentUrl)).toBe(true);
    expect(await house()).toEqual(cast);
    for (const url of housePortraits) expect(await exists(url), url).toBe(true);
    expect(await db().select().from(templatePoses)).toEqual(template);
    for (const row of template) expect(await exists(row.imageUrl), row.imageUrl).toBe(true);
    // The other services still have her to erase; the row at account stays until they have.
    expect(await account.erasuresFor('create')).toContain(ana);

    // Again (a crash between the erase and its acknowledgement): nothing left, nothing breaks.
    const erase = createErase({ database: shoot.database, media, logger: silent, clock: () => new Date() });
    expect(await erase(ana)).toBe('erased');
    expect(await holdings(ben)).toEqual(benBefore);
  }, 120_000);

  it('waits while a photoshoot of theirs is being made: nothing is erased until it ends, and its photos join no gallery', async () => {
    const cleo = await account.createUser('pro');
    const own = await ownCharacter(cleo, 'Cleo');
    gated.close();
    const jobId = await startShoot(cleo, own.id);
    await account.deleteAccount(cleo);
    const before = await holdings(cleo);
    expect(before.rows).toMatchObject({ photoshoots: 1, poses: 10, characters: 1 });

    // Several rounds while it runs: still listed, nothing gone.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await account.erasuresFor('photoshoot')).toContain(cleo);
    expect(await holdings(cleo)).toEqual(before);
    for (const url of before.files) expect(await exists(url), url).toBe(true);

    gated.open();
    await waitFor(() => account.erasuresFor('photoshoot'), (ids) => !ids.includes(cleo), 60_000);
    const after = await holdings(cleo);
    expect(after.rows).toEqual({ photoshoots: 0, poses: 0, characters: 0, previews: 0, idempotencyKeys: 0, rateLimits: 0 });
    expect(await db().select().from(poses).where(eq(poses.photoshootId, jobId))).toEqual([]);
    for (const url of before.files) expect(await exists(url), url).toBe(false);
    // It completed (or would have) after the account was deleted: its photos were not handed to the gallery.
    expect(gallery.added.map((a) => a.photoshootId)).not.toContain(jobId);
  }, 120_000);

  it('says later while a set of previews is being drawn (its claim renewed), and erases once the claim is stale', async () => {
    const dana = await account.createUser('free');
    const cast = await house();
    let now = new Date();
    const erase = createErase({ database: shoot.database, media, logger: silent, clock: () => now });
    await db().insert(previews).values({ id: randomUUID(), userId: dana, characterId: cast[0]!.id, images: null, createdAt: now, heartbeatAt: now });
    expect(await erase(dana)).toBe('later');
    expect(await db().select().from(previews).where(eq(previews.userId, dana))).toHaveLength(1);
    // Its process died: the claim is no longer renewed.
    now = new Date(now.getTime() + 60_000);
    expect(await erase(dana)).toBe('erased');
    expect(await db().select().from(previews).where(eq(previews.userId, dana))).toEqual([]);
  });
});
