import { readFile } from 'node:fs/promises';
import { UPSCALE_MAX_SIDE, type Generation, type GenerationsPage } from '@atelier/contracts';
import { createLocalEngine, EngineFailure, type Engines, type UpscaleInput } from '@atelier/engines';
import { testServiceHeaders } from '@atelier/kit/testing';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upscaleTarget } from '../domain/upscale.js';
import { SECRET, startAccount, startCreate, userHeaders, waitFor, type TestAccount, type TestCreate } from './helpers.js';

const finished = (g: Generation) => g.status === 'completed' || g.status === 'failed';

/** A flat PNG of the given size with a diagonal, so it is a real picture to resample. */
function png(width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#f4efe6"/>
    <path d="M0 0 L${width} ${height}" stroke="#1b263b" stroke-width="4"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function upload(app: TestCreate['service']['app'], userId: string, data: Buffer): Promise<string> {
  const response = await request(app).post('/api/uploads').set(userHeaders(userId)).attach('file', data, 'source.png');
  expect(response.status).toBe(201);
  return (response.body as { url: string }).url;
}

const readGeneration = (app: TestCreate['service']['app'], userId: string, id: string) =>
  request(app).get(`/api/generations/${id}`).set(userHeaders(userId)).then((r) => r.body as Generation);

describe('upscaleTarget', () => {
  it('doubles each side, or less so the long side is the cap; nothing for a source at the cap', () => {
    expect(upscaleTarget(1024, 1536)).toEqual({ width: 2048, height: 3072, factor: 2 });
    expect(upscaleTarget(2048, 1024)).toEqual({ width: 4096, height: 2048, factor: 2 });
    expect(upscaleTarget(3000, 2000)).toEqual({ width: 4096, height: 2731, factor: 4096 / 3000 });
    expect(upscaleTarget(4095, 10)).toMatchObject({ width: 4096, height: 10 });
    expect(upscaleTarget(UPSCALE_MAX_SIDE, 2000)).toBeNull();
    expect(upscaleTarget(2000, 5000)).toBeNull();
  });
});

describe('POST /api/generations/upscale', () => {
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

  const upscale = (userId: string, imageUrl: unknown, headers: Record<string, string> = {}) =>
    request(app).post('/api/generations/upscale').set({ ...userHeaders(userId), ...headers }).send({ imageUrl });
  const waitDone = (userId: string, id: string) => waitFor(() => readGeneration(app, userId, id), finished, 120_000);
  const decode = async (url: string) => sharp(await readFile(`${create.dataDir}/media/${url.slice('/media/'.length)}`)).metadata();

  it('answers 401 without a signed-in user', async () => {
    const response = await request(app).post('/api/generations/upscale').send({ imageUrl: '/media/x.png' });
    expect(response.status).toBe(401);
  });

  it('makes an image twice the size as a new upscale generation for 1 credit, and upscales that again', async () => {
    const user = await account.createUser('free');
    const source = await upload(app, user, await png(300, 200));
    const started = await upscale(user, source);
    expect(started.status).toBe(202);
    expect(started.body).toEqual({ id: expect.any(String), status: 'queued' });
    const listed = (await request(app).get('/api/generations').set(userHeaders(user))).body as GenerationsPage;
    expect(listed.items[0]).toMatchObject({ id: started.body.id, type: 'upscale' });
    expect(['queued', 'processing', 'completed']).toContain(listed.items[0]!.status);

    const done = await waitDone(user, started.body.id);
    expect(done).toMatchObject({
      type: 'upscale',
      status: 'completed',
      prompt: 'Upscale 2× · 600×400',
      inputs: { image: source },
      engine: 'local',
      cost: 1,
      videoUrl: null,
      errorMessage: null,
    });
    expect(done.model).toMatch(/^local\//);
    expect(done.imageUrl).toMatch(/^\/media\/generations\/upscale\/\d{4}\/\d{2}\/[0-9a-f]{32}\.(png|jpg)$/);
    const meta = await decode(done.imageUrl!);
    expect([meta.width, meta.height]).toEqual([600, 400]);
    expect(await account.creditsOf(user)).toMatchObject({ used: 1 });
    expect(await account.movements(done.id)).toEqual([{ kind: 'reserve', amount: 1, status: 200 }]);

    // A result of ours is one of our media too.
    const again = await upscale(user, done.imageUrl);
    expect(again.status).toBe(202);
    const twice = await waitDone(user, again.body.id);
    expect(twice).toMatchObject({ status: 'completed', prompt: 'Upscale 2× · 1200×800', inputs: { image: done.imageUrl } });
    const bigger = await decode(twice.imageUrl!);
    expect([bigger.width, bigger.height]).toEqual([1200, 800]);
    expect(await account.creditsOf(user)).toMatchObject({ used: 2 });
  });

  it('refuses a source already at the cap with a clear 400, before charging', async () => {
    const user = await account.createUser('free');
    const wide = await upload(app, user, await png(UPSCALE_MAX_SIDE, 1024));
    const response = await upscale(user, wide);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'This image is already 4096×1024: upscaling makes images up to 4096 px on the long side.' });
    expect(await account.creditsOf(user)).toMatchObject({ used: 0 });
    expect((await request(app).get('/api/generations').set(userHeaders(user))).body).toEqual({ items: [], nextCursor: null });
  });

  it('takes only our own media images (400 otherwise, nothing charged)', async () => {
    const user = await account.createUser('free');
    const cases: [unknown, RegExp][] = [
      [undefined, /imageUrl/],
      ['', /Please choose an image/],
      ['https://evil.example/a.png', /imageUrl must be an image uploaded to Atelier/],
      ['/media/uploads/2025/01/00000000000000000000000000000000.png', /imageUrl must be an image uploaded to Atelier/],
      ['/media/../../etc/passwd', /imageUrl must be an image uploaded to Atelier/],
      [`/media/${'x'.repeat(500)}`, /imageUrl/],
    ];
    for (const [imageUrl, message] of cases) {
      const response = await upscale(user, imageUrl);
      expect(response.status, String(imageUrl)).toBe(400);
      expect(response.body.error).toMatch(message);
    }
    expect(await account.creditsOf(user)).toMatchObject({ used: 0 });
    expect((await request(app).get('/api/generations').set(userHeaders(user))).body).toEqual({ items: [], nextCursor: null });
  });

  it('answers 402 with limitReached when credits are short, and saves and charges nothing', async () => {
    const user = await account.createUser('free');
    const source = await upload(app, user, await png(300, 200));
    // Spend the free period's 25 credits through the account service, as another generation would.
    const spent = await fetch(`${account.url}/internal/credits/reserve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...testServiceHeaders(SECRET, 'create', 'account') },
      body: JSON.stringify({ userId: user, feature: 'credits', amount: 25, key: `spent-${user}` }),
    });
    expect(spent.status).toBe(200);
    const response = await upscale(user, source);
    expect(response.status).toBe(402);
    expect(response.body).toEqual({ error: 'Not enough credits', limitReached: true, used: 25, limit: 25 });
    expect(await account.creditsOf(user)).toMatchObject({ used: 25 });
    expect((await request(app).get('/api/generations').set(userHeaders(user))).body).toEqual({ items: [], nextCursor: null });
  });

  it('makes one generation and charges once for retries with one Idempotency-Key', async () => {
    const user = await account.createUser('free');
    const source = await upload(app, user, await png(300, 200));
    const answers = await Promise.all(Array.from({ length: 5 }, () => upscale(user, source, { 'Idempotency-Key': 'upscale-retry-1' })));
    expect(answers.map((a) => a.status)).toEqual(Array(5).fill(202));
    expect(new Set(answers.map((a) => (a.body as { id: string }).id)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(4);
    const list = (await request(app).get('/api/generations').set(userHeaders(user))).body as GenerationsPage;
    expect(list.items).toHaveLength(1);
    expect(await account.creditsOf(user)).toMatchObject({ used: 1 });
    await waitDone(user, answers[0]!.body.id);
  });
});

describe('upscale failures', () => {
  let account: TestAccount;
  beforeAll(async () => {
    account = await startAccount();
  });
  afterAll(async () => {
    await account?.close();
  });

  it('asks the engine for the cap and refunds the credit when the engine finally fails', async () => {
    const inputs: UpscaleInput[] = [];
    const local = createLocalEngine();
    const engines = Object.assign(Object.create(local) as Engines, {
      name: 'local' as const,
      upscale: async (input: UpscaleInput) => {
        inputs.push(input);
        throw new EngineFailure('upscaler overloaded', { retryable: true });
      },
    });
    const create = await startCreate(account, { env: { CREATE_JOB_RETRIES: '1' }, deps: { engines } });
    try {
      const app = create.service.app;
      const user = await account.createUser('free');
      const source = await upload(app, user, await png(2100, 1400));
      const started = await request(app).post('/api/generations/upscale').set(userHeaders(user)).send({ imageUrl: source });
      expect(started.status).toBe(202);
      const done = await waitFor(() => readGeneration(app, user, started.body.id), finished, 60_000);
      expect(done).toMatchObject({
        type: 'upscale',
        status: 'failed',
        prompt: 'Upscale to 4096 px',
        errorMessage: 'Generation failed. Your credits were refunded.',
      });
      expect(inputs).toHaveLength(2);
      expect(inputs[0]!.maxSide).toBe(UPSCALE_MAX_SIDE);
      expect((await sharp(inputs[0]!.image).metadata()).width).toBe(2100);
      await waitFor(() => account.movements(done.id), (m) => m.length === 2);
      expect([...(await account.movements(done.id))].sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([
        { kind: 'refund', amount: 1, status: 200 },
        { kind: 'reserve', amount: 1, status: 200 },
      ]);
      expect(await account.creditsOf(user)).toMatchObject({ used: 0 });
    } finally {
      await create.close();
    }
  });
});
