import { randomUUID } from 'node:crypto';
import type { AvatarJob, Character, PreviewResult } from '@atelier/contracts';
import { createEngines, EngineFailure, type Engines } from '@atelier/engines';
import { createAccountClient, createMediaStore, readMedia, UNCONFIRMED_START_GRACE_MS } from '@atelier/kit';
import { prepareCastInChildProcess } from '../cast.js';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { characters, photoshoots, poses, previews } from '../db/schema.js';
import { SHOOT_START_LOST } from '../work.js';
import { PREVIEW_STALE_MS, PREVIEW_WAIT_MS } from '../previews.js';
import { garmentPhoto, personPhoto, startAccount, startPhotoshoot, userHeaders, waitFor, type TestAccount, type TestPhotoshoot } from './helpers.js';

/** The local engine, counting its calls by capability. */
function countingEngines(failPose?: number) {
  const real = createEngines({ ENGINE: 'local' });
  const calls: Record<string, number> = {};
  const engines = new Proxy(real, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function' || typeof prop !== 'string') return value;
      return (...args: unknown[]) => {
        calls[prop] = (calls[prop] ?? 0) + 1;
        if (prop === 'photoshootPose' && (args[0] as { poseIndex: number }).poseIndex === failPose) {
          return Promise.reject(new EngineFailure('the model refused this pose', { retryable: false }));
        }
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  }) as Engines;
  return { engines, calls };
}

describe('photoshoot service', () => {
  let account: TestAccount;
  let shoot: TestPhotoshoot;
  let counted: ReturnType<typeof countingEngines>;
  let app: TestPhotoshoot['service']['app'];

  beforeAll(async () => {
    account = await startAccount();
    counted = countingEngines();
    shoot = await startPhotoshoot(account, { env: { PHOTOSHOOT_PREVIEWS_PER_DAY: '3' }, deps: { engines: counted.engines } });
    app = shoot.service.app;
    await shoot.service.ready();
  }, 120_000);
  afterAll(async () => {
    await shoot?.close();
    await account?.close();
  });

  const list = async (user: string) => (await request(app).get('/api/avatar/characters').set(userHeaders(user)).expect(200)).body as Character[];
  const job = async (user: string, id: string) => (await request(app).get(`/api/avatar/job/${id}`).set(userHeaders(user)).expect(200)).body as AvatarJob;
  const decodes = async (url: string) => {
    const bytes = await readMedia((await import('@atelier/kit')).createMediaStore(shoot.config.media), url);
    expect(bytes, url).not.toBeNull();
    return sharp(bytes!).metadata();
  };

  it('answers 401 to every route without a signed-in user, and serves the template publicly', async () => {
    for (const call of [
      request(app).get('/api/avatar/characters'),
      request(app).post('/api/avatar/characters'),
      request(app).post('/api/avatar/preview').send({ characterId: 'x' }),
      request(app).post('/api/avatar/generate'),
      request(app).get(`/api/avatar/job/${randomUUID()}`),
    ]) {
      expect((await call).status).toBe(401);
    }
    const template = await request(app).get('/api/avatar/template').expect(200);
    expect(template.body.poses.map((p: { poseIndex: number }) => p.poseIndex)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect((await decodes(template.body.poses[8].imageUrl)).format).toBe('jpeg');
  });

  it('lists a house cast of at least 6 with portraits for every user, the same for everyone', async () => {
    const [ana, ben] = [await account.createUser('free'), await account.createUser('basic')];
    const cast = await list(ana);
    expect(cast.length).toBeGreaterThanOrEqual(6);
    expect(cast.every((c) => c.house && c.previewImageUrl && c.characterId === c.id)).toBe(true);
    expect(new Set(cast.map((c) => c.name)).size).toBe(cast.length);
    expect(await list(ben)).toEqual(cast);
    expect((await decodes(cast[0]!.previewImageUrl!)).width).toBeGreaterThan(500);
  });

  it('makes a character from a photo, renames it, deletes it; only its owner can', async () => {
    const owner = await account.createUser('free');
    const other = await account.createUser('free');
    const made = await request(app).post('/api/avatar/characters').set(userHeaders(owner)).field('name', 'Ines').attach('photo', await personPhoto(), 'me.jpg');
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const character = made.body as Character;
    expect(character).toMatchObject({ name: 'Ines', house: false, characterId: character.id });
    expect((await decodes(character.previewImageUrl!)).height).toBeGreaterThan(500);
    expect((await list(owner)).at(-1)).toEqual(character);
    expect((await list(other)).some((c) => c.id === character.id)).toBe(false);

    await request(app).patch(`/api/avatar/characters/${character.id}`).set(userHeaders(other)).send({ name: 'Mine' }).expect(404);
    await request(app).delete(`/api/avatar/characters/${character.id}`).set(userHeaders(other)).expect(404);
    const house = (await list(owner))[0]!;
    await request(app).delete(`/api/avatar/characters/${house.id}`).set(userHeaders(owner)).expect(404);
    const renamed = await request(app).patch(`/api/avatar/characters/${character.id}`).set(userHeaders(owner)).send({ name: '  Ines B  ' }).expect(200);
    expect(renamed.body.name).toBe('Ines B');
    // A name of zero-width spaces is refused with the name's own words (it read "Invalid body: name: Please name …").
    const blank = await request(app).patch(`/api/avatar/characters/${character.id}`).set(userHeaders(owner)).send({ name: '\u200b\u200b' });
    expect([blank.status, blank.body]).toEqual([400, { error: 'Please name the character' }]);
    const notText = await request(app).patch(`/api/avatar/characters/${character.id}`).set(userHeaders(owner)).send({ name: 7 });
    expect([notText.status, notText.body]).toEqual([400, { error: 'Please name the character' }]);
    await request(app).patch(`/api/avatar/characters/${character.id}`).set(userHeaders(owner)).send({ name: '' }).expect(400);
    await request(app).delete(`/api/avatar/characters/${character.id}`).set(userHeaders(owner)).expect(204);
    expect((await list(owner)).some((c) => c.id === character.id)).toBe(false);
    // Its portrait (a likeness of a real person) goes with it: no photoshoot was made of it.
    const store = (await import('@atelier/kit')).createMediaStore(shoot.config.media);
    expect(await store.head(store.keyFromUrl(character.previewImageUrl!)!)).toBeNull();
  });

  it('refuses bad character photos with the upload rules, and a 21st character with 409', async () => {
    const user = await account.createUser('free');
    const post = () => request(app).post('/api/avatar/characters').set(userHeaders(user));
    expect((await post().field('name', 'X').attach('photo', Buffer.from('not an image at all'), 'x.png')).status).toBe(415);
    const jpeg = await personPhoto();
    expect((await post().field('name', 'X').attach('photo', jpeg.subarray(0, jpeg.length / 2), 'half.jpg')).status).toBe(400);
    expect((await post().field('name', 'X')).body).toEqual({ error: 'Please choose a photo of the person' });
    expect((await post().attach('photo', jpeg, 'me.jpg')).body).toEqual({ error: 'Please name the character' });
    // Twenty of one's own already (straight in the table), then one more.
    await shoot.database.db.insert(characters).values(
      Array.from({ length: 20 }, (_, i) => ({ id: randomUUID(), userId: user, name: `C${i}`, createdAt: new Date() })),
    );
    const refused = await post().field('name', 'One more').attach('photo', jpeg, 'me.jpg');
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/at most 20 characters/);
  });

  it('answers 400 with the reason for a photo the engine refuses, and keeps the cap when characters are made at once', async () => {
    const user = await account.createUser('free');
    const post = () => request(app).post('/api/avatar/characters').set(userHeaders(user));
    const flat = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#8a6f5a' } }).jpeg().toBuffer();
    const refused = await post().field('name', 'Flat').attach('photo', flat, 'flat.jpg');
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: 'Photo shows no person (it is one flat colour)' });
    // Eighteen of one's own, then six made at once: two fit.
    await shoot.database.db.insert(characters).values(
      Array.from({ length: 18 }, (_, i) => ({ id: randomUUID(), userId: user, name: `C${i}`, createdAt: new Date() })),
    );
    const jpeg = await personPhoto();
    const made = await Promise.all(Array.from({ length: 6 }, (_, i) => post().field('name', `At once ${i}`).attach('photo', jpeg, 'me.jpg')));
    expect(made.map((r) => r.status).sort()).toEqual([201, 201, 409, 409, 409, 409]);
    expect((await list(user)).filter((c) => !c.house)).toHaveLength(20);
  });

  it('makes 4 previews that decode, answers a repeat without the engine, and limits previews a day', async () => {
    const user = await account.createUser('free');
    const cast = await list(user);
    const first = await request(app).post('/api/avatar/preview').set(userHeaders(user)).send({ characterId: cast[1]!.characterId });
    expect(first.status).toBe(200);
    const result = first.body as PreviewResult;
    expect(result.previewImages.map((p) => p.poseIndex)).toEqual([0, 3, 5, 8]);
    for (const image of result.previewImages) {
      const meta = await decodes(image.imageUrl);
      expect(meta.format).toBe('jpeg');
      expect(meta.xmp?.toString('utf8')).toMatch(/atelier:look="/);
    }
    const before = counted.calls.characterPreview ?? 0;
    const again = await request(app).post('/api/avatar/preview').set(userHeaders(user)).send({ characterId: cast[1]!.characterId });
    expect(again.body).toEqual(result);
    expect(counted.calls.characterPreview ?? 0).toBe(before);

    await request(app).post('/api/avatar/preview').set(userHeaders(user)).send({ characterId: cast[2]!.characterId }).expect(200);
    await request(app).post('/api/avatar/preview').set(userHeaders(user)).send({ characterId: cast[3]!.characterId }).expect(200);
    const limited = await request(app).post('/api/avatar/preview').set(userHeaders(user)).send({ characterId: cast[4]!.characterId });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatch(/3 sets of previews a day/);
    // Unknown, malformed or another user's character.
    await request(app).post('/api/avatar/preview').set(userHeaders(user)).send({ characterId: randomUUID() }).expect(404);
    await request(app).post('/api/avatar/preview').set(userHeaders(user)).send({ characterId: 'nope' }).expect(404);
    await request(app).post('/api/avatar/preview').set(userHeaders(user)).send({}).expect(400);
  });

  it('makes one set for previews asked at once, and keeps the day\'s limit when sets for several characters are asked at once', async () => {
    const user = await account.createUser('free');
    const cast = await list(user);
    const before = counted.calls.characterPreview ?? 0;
    const ask = (characterId: string) => request(app).post('/api/avatar/preview').set(userHeaders(user)).send({ characterId });
    const same = await Promise.all(Array.from({ length: 8 }, () => ask(cast[0]!.characterId)));
    expect(same.map((r) => r.status)).toEqual(Array.from({ length: 8 }, () => 200));
    expect(new Set(same.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect((counted.calls.characterPreview ?? 0) - before).toBe(4);
    // One set made today, 3 allowed: of 5 other characters asked at once, 2 get a set.
    const others = await Promise.all(cast.slice(1, 6).map((c) => ask(c.characterId)));
    expect(others.map((r) => r.status).sort()).toEqual([200, 200, 429, 429, 429]);
    expect((counted.calls.characterPreview ?? 0) - before).toBe(12);
  });

  it("takes over a set whose process stopped renewing its claim (it died mid-drawing) instead of waiting it out", async () => {
    const user = await account.createUser('free');
    const cast = await list(user);
    const before = counted.calls.characterPreview ?? 0;
    const ask = (characterId: string) => request(app).post('/api/avatar/preview').set(userHeaders(user)).send({ characterId });
    const now = Date.now();
    // A claim last renewed 30 s ago: taken over at once.
    await shoot.database.db.insert(previews).values({ id: randomUUID(), userId: user, characterId: cast[0]!.characterId, images: null, createdAt: new Date(now - 30_000), heartbeatAt: new Date(now - 30_000) });
    let startedAt = Date.now();
    expect((await ask(cast[0]!.characterId)).status).toBe(200);
    expect(Date.now() - startedAt).toBeLessThan(PREVIEW_STALE_MS / 2);
    // A claim renewed 15 s ago by a process that then died: waited on until it goes stale (~5 s), then taken over.
    await shoot.database.db.insert(previews).values({ id: randomUUID(), userId: user, characterId: cast[1]!.characterId, images: null, createdAt: new Date(now - 15_000), heartbeatAt: new Date(now - 15_000) });
    startedAt = Date.now();
    expect((await ask(cast[1]!.characterId)).status).toBe(200);
    expect(Date.now() - startedAt).toBeLessThan(PREVIEW_WAIT_MS / 2);
    expect((counted.calls.characterPreview ?? 0) - before).toBe(8);
    // The dead claims gave their place in the day's count to the sets made instead.
    const rows = await shoot.database.db.select().from(previews).where(eq(previews.userId, user));
    expect(rows.map((r) => Boolean(r.images))).toEqual([true, true]);
  }, 40_000);

  it('gates generate: 403 requiresPaidPlan for free, 402 with none left, 400 without clothing, 404 for a foreign character', async () => {
    const free = await account.createUser('free');
    const cast = await list(free);
    const generate = (user: string, characterId: string) =>
      request(app).post('/api/avatar/generate').set(userHeaders(user)).field('characterId', characterId).attach('clothingImage', garment, 'dress.png');
    const garment = await garmentPhoto();
    const refused = await generate(free, cast[0]!.characterId);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'Avatar generation is only available for paid users.', requiresPaidPlan: true });

    const basic = await account.createUser('basic');
    await request(app).post('/api/avatar/generate').set(userHeaders(basic)).field('characterId', cast[0]!.characterId).expect(400);
    expect((await request(app).post('/api/avatar/generate').set(userHeaders(basic)).field('characterId', cast[0]!.characterId).attach('clothingImage', Buffer.from('text'), 'a.png')).status).toBe(415);
    await generate(basic, randomUUID()).expect(404);
    // A garment photo too small to dress anyone (a 40×50 one gave a blur on every pose) is refused before the charge.
    const tiny = await sharp({ create: { width: 40, height: 50, channels: 3, background: '#c1121f' } }).png().toBuffer();
    const small = await request(app).post('/api/avatar/generate').set(userHeaders(basic)).field('characterId', cast[0]!.characterId).attach('clothingImage', tiny, 'tiny.png');
    expect([small.status, small.body]).toEqual([400, { error: 'Image is too small: each side must be at least 128 pixels' }]);
    const othersOwn = randomUUID();
    await shoot.database.db.insert(characters).values({ id: othersOwn, userId: free, name: 'Not yours', createdAt: new Date() });
    await generate(basic, othersOwn).expect(404);
    expect(await account.avatarOf(basic)).toMatchObject({ used: 0, limit: 2 });

    // Basic has 2 photoshoots a period: the third is refused with limitReached.
    const ids: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const started = await request(app).post('/api/avatar/generate').set(userHeaders(basic)).field('characterId', cast[i]!.characterId).attach('clothingImage', garment, `d${i}.png`);
      expect(started.status).toBe(202);
      ids.push(started.body.jobId);
    }
    const third = await generate(basic, cast[2]!.characterId);
    expect(third.status).toBe(402);
    expect(third.body).toMatchObject({ limitReached: true, used: 2, limit: 2 });
    for (const id of ids) await waitFor(() => job(basic, id), (j) => j.status !== 'processing', 120_000);
  }, 240_000);

  it('makes 10 poses, each once, reported as they land; only the owner sees the job; the allowance is charged once', async () => {
    const user = await account.createUser('advanced');
    const other = await account.createUser('advanced');
    const cast = await list(user);
    const started = await request(app)
      .post('/api/avatar/generate')
      .set({ ...userHeaders(user), 'Idempotency-Key': 'shoot-1' })
      .field('characterId', cast[3]!.characterId)
      .attach('clothingImage', await garmentPhoto(), 'dress.png');
    expect(started.status).toBe(202);
    const jobId = started.body.jobId as string;
    // A retry of the same request (same key, same character and clothing) is the same photoshoot.
    const retried = await request(app)
      .post('/api/avatar/generate')
      .set({ ...userHeaders(user), 'Idempotency-Key': 'shoot-1' })
      .field('characterId', cast[3]!.characterId)
      .attach('clothingImage', await garmentPhoto(), 'dress.png');
    expect(retried.body).toEqual({ jobId });
    await request(app).get(`/api/avatar/job/${jobId}`).set(userHeaders(other)).expect(404);
    await request(app).get('/api/avatar/job/not-a-uuid').set(userHeaders(user)).expect(404);

    const seen = new Set<number>();
    const done = await waitFor(
      async () => {
        const current = await job(user, jobId);
        seen.add(current.completedPoses);
        return current;
      },
      (j) => j.status !== 'processing',
      120_000,
    );
    expect(done).toMatchObject({ status: 'completed', completedPoses: 10, totalPoses: 10, errorMessage: null });
    expect(done.generations.map((g) => g.poseIndex)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(new Set(done.generations.map((g) => g.imageUrl)).size).toBe(10);
    expect(seen.size).toBeGreaterThan(1); // it rose as poses landed
    for (const g of done.generations.slice(0, 3)) {
      const meta = await decodes(g.imageUrl);
      expect(meta.format).toBe('jpeg');
      // The local engine's own XMP stays with the photo (a download brought back to the canvas keeps one mark).
      expect(meta.xmp?.toString('utf8')).toMatch(/atelier:localMark="[0-9. ]+"/);
    }
    const rows = await shoot.database.db.execute<{ attempts: number }>(sql`select attempts from poses where photoshoot_id = ${jobId}`);
    expect(rows.rows.every((r) => r.attempts === 1)).toBe(true);
    expect(await account.avatarOf(user)).toMatchObject({ used: 1 });
    expect(await account.movements(jobId)).toEqual([{ kind: 'reserve', amount: 1, status: 200 }]);
    expect(await account.noteOf(jobId)).toBe(cast[3]!.name); // the history's line: the character
  }, 180_000);

  it('the sweeper fails and refunds a start cut off before its reserve was confirmed, and never renders it', async () => {
    const user = await account.createUser('advanced');
    const [character] = await list(user);
    const client = createAccountClient({ accountUrl: account.url, identityKeys: shoot.config.identityKeys, caller: 'photoshoot' });
    // Two starts the process died in: one before the reserve reached the account service, one after it landed.
    const [unreserved, reserved] = [randomUUID(), randomUUID()];
    expect(await client.reserve({ userId: user, feature: 'avatar', amount: 1, key: reserved })).toMatchObject({ ok: true });
    expect(await account.avatarOf(user)).toMatchObject({ used: 1 });
    const posesBefore = counted.calls.photoshootPose ?? 0;
    // A real garment and portrait: drawn, they would make a complete photoshoot.
    const garment = await createMediaStore(shoot.config.media).put(await garmentPhoto(), { contentType: 'image/png', prefix: 'photoshoot/garments' });
    expect(character!.previewImageUrl).toBeTruthy();
    for (const id of [unreserved, reserved]) {
      await shoot.database.db.insert(photoshoots).values({
        id,
        userId: user,
        characterId: character!.characterId,
        characterName: character!.name,
        characterImageUrl: character!.previewImageUrl!,
        garmentUrl: garment.url,
        status: 'processing',
        totalPoses: 10,
        createdAt: new Date(Date.now() - UNCONFIRMED_START_GRACE_MS - 5_000),
      });
      await shoot.database.db.insert(poses).values(Array.from({ length: 10 }, (_, poseIndex) => ({ photoshootId: id, poseIndex })));
    }
    for (const id of [unreserved, reserved]) {
      const settled = await waitFor(() => job(user, id), (j) => j.status !== 'processing', 30_000);
      expect(settled).toMatchObject({ status: 'failed', completedPoses: 0, errorMessage: SHOOT_START_LOST });
    }
    await waitFor(() => account.avatarOf(user), (a) => a.used === 0, 30_000);
    expect((await account.movements(reserved)).map((m) => m.kind).sort()).toEqual(['refund', 'reserve']);
    expect(await account.movements(unreserved)).toEqual([]);
    await new Promise((r) => setTimeout(r, 2_500)); // two more sweeps: still nothing drawn
    expect(counted.calls.photoshootPose ?? 0).toBe(posesBefore);
  }, 60_000);
});

describe('the house cast drawn in a child process (as `npm start` runs the service)', () => {
  it('gives every house character its portrait and the template its 10 poses, in the service\'s own schema and media', async () => {
    const account = await startAccount();
    // The service's own engines refuse to draw: only the child's can have made the cast.
    const refusing = { ...createEngines({ ENGINE: 'local' }), characterPreview: () => Promise.reject(new Error('drawn in the service process')) };
    const shoot = await startPhotoshoot(account, { castProcess: true, deps: { engines: refusing } });
    try {
      await shoot.service.ready();
      const user = await account.createUser('free');
      const cast = (await request(shoot.service.app).get('/api/avatar/characters').set(userHeaders(user)).expect(200)).body as Character[];
      expect(cast.length).toBeGreaterThanOrEqual(6);
      expect(cast.every((c) => c.house && c.previewImageUrl)).toBe(true);
      const media = (await import('@atelier/kit')).createMediaStore(shoot.config.media);
      expect((await sharp((await readMedia(media, cast[0]!.previewImageUrl!))!).metadata()).width).toBeGreaterThan(500);
      const template = await request(shoot.service.app).get('/api/avatar/template').expect(200);
      expect(template.body.poses.map((p: { poseIndex: number }) => p.poseIndex)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    } finally {
      await shoot.close();
      await account.close();
    }
  }, 180_000);

  it('rejects when the child process fails (here: an environment without the service\'s settings)', async () => {
    await expect(prepareCastInChildProcess({ env: { PATH: process.env.PATH, LOG_LEVEL: 'silent' }, schema: 'photoshoot_t_none' })).rejects.toThrow(
      /house cast's process exited \(1\)/,
    );
  }, 60_000);
});

describe('a pose that fails for good', () => {
  it('fails the photoshoot with its message and gives the photoshoot back', async () => {
    const account = await startAccount();
    const failing = countingEngines(7);
    const shoot = await startPhotoshoot(account, { deps: { engines: failing.engines } });
    try {
      await shoot.service.ready();
      const user = await account.createUser('pro');
      const cast = (await request(shoot.service.app).get('/api/avatar/characters').set(userHeaders(user))).body as Character[];
      const started = await request(shoot.service.app)
        .post('/api/avatar/generate')
        .set(userHeaders(user))
        .field('characterId', cast[0]!.characterId)
        .attach('clothingImage', await garmentPhoto(), 'dress.png');
      expect(started.status).toBe(202);
      const jobId = started.body.jobId as string;
      const done = await waitFor(
        () => request(shoot.service.app).get(`/api/avatar/job/${jobId}`).set(userHeaders(user)).then((r) => r.body as AvatarJob),
        (j) => j.status !== 'processing',
        120_000,
      );
      expect(done.status).toBe('failed');
      expect(done.errorMessage).toBe('Generation failed: the model refused this pose');
      await waitFor(() => account.avatarOf(user), (a) => a.used === 0, 30_000);
      expect((await account.movements(jobId)).map((m) => m.kind).sort()).toEqual(['refund', 'reserve']);
    } finally {
      await shoot.close();
      await account.close();
    }
  }, 180_000);
});
