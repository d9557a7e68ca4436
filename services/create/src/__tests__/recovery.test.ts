import { randomUUID } from 'node:crypto';
import type { Generation } from '@atelier/contracts';
import { createEngines, EngineFailure, type CallOptions, type FalEngine, type TextToImageInput } from '@atelier/engines';
import { startFakeFal, type FakeFal } from '@atelier/engines/testing';
import { testServiceHeaders } from '@atelier/kit/testing';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGeneration, markReserved } from '../db/generations.js';
import { enqueueGeneration, GENERATION_QUEUE } from '../work.js';
import { SECRET, startAccount, startCreate, userHeaders, waitFor, type TestAccount } from './helpers.js';

const finished = (g: Generation) => g.status === 'completed' || g.status === 'failed';

type Leftover = Pick<Parameters<typeof insertGeneration>[1], 'id' | 'userId' | 'status' | 'prompt'>;

/** A 1-credit image generation a minute old, as a crash leaves it behind. */
const insertLeftover = (db: Parameters<typeof insertGeneration>[0], row: Leftover) =>
  insertGeneration(db, { ...row, type: 'image', aspectRatio: '2:3', inputs: {}, cost: 1, createdAt: new Date(Date.now() - 60_000) });

describe('recovery and the fal engine', () => {
  let account: TestAccount;
  let fake: FakeFal;

  beforeAll(async () => {
    account = await startAccount();
    const image = await sharp({ create: { width: 1024, height: 1536, channels: 3, background: '#884466' } }).png().toBuffer();
    fake = await startFakeFal({ image, video: Buffer.from('not used'), pollsBeforeDone: 2 });
  });
  afterAll(async () => {
    await fake?.close();
    await account?.close();
  });

  const falEngines = () => createEngines({ FAL_KEY: 'test-key', FAL_BASE_URL: fake.url, FAL_POLL_INTERVAL_MS: 20 }) as FalEngine;

  it('finishes a generation whose start request died after saving it (no reserve, no job): charged once', async () => {
    const create = await startCreate(account);
    try {
      const user = await account.createUser('free');
      const id = randomUUID();
      await insertLeftover(create.database.db, { id, userId: user, status: 'queued', prompt: 'orphaned by a crash' });
      const done = await waitFor(
        () => request(create.service.app).get(`/api/generations/${id}`).set(userHeaders(user)).then((r) => r.body as Generation),
        finished,
      );
      expect(done.status).toBe('completed');
      expect(await account.movements(id)).toEqual([{ kind: 'reserve', amount: 1, status: 200 }]);
      expect(await account.creditsOf(user)).toMatchObject({ used: 1 });
    } finally {
      await create.close();
    }
  });

  it('fails and refunds a generation whose job died for good (its last worker was killed)', async () => {
    const create = await startCreate(account, { env: { CREATE_JOB_RETRIES: '0' }, deps: { work: false } });
    try {
      const user = await account.createUser('free');
      const id = randomUUID();
      await insertLeftover(create.database.db, { id, userId: user, status: 'processing', prompt: 'lost worker' });
      const reserve = await fetch(`${account.url}/internal/credits/reserve`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...testServiceHeaders(SECRET, 'create', 'account') },
        body: JSON.stringify({ userId: user, feature: 'credits', amount: 1, key: id }),
      });
      expect(reserve.status).toBe(200);
      await markReserved(create.database.db, id, new Date());
      await enqueueGeneration(create.service.jobs, id);
      // What pg-boss's monitor does to a job whose worker stopped beating, without retries left.
      await create.service.jobs.fail(GENERATION_QUEUE, id, { message: 'job heartbeat lost' });
      expect((await create.service.jobs.findJobs(GENERATION_QUEUE, { id }))[0]?.state).toBe('failed');
      expect(await account.creditsOf(user)).toMatchObject({ used: 1 });

      // The sweeper (normally on a timer) repairs it; a refund that fails transiently is retried by the next sweep.
      const sweepThen = <T>(read: () => Promise<T>) => async () => {
        await create.service.processor.sweep();
        return read();
      };
      const done = await waitFor(
        sweepThen(() => request(create.service.app).get(`/api/generations/${id}`).set(userHeaders(user)).then((r) => r.body as Generation)),
        finished,
        30_000,
      );
      expect(done).toMatchObject({ status: 'failed', errorMessage: 'Generation failed. Your credits were refunded.' });
      await waitFor(sweepThen(() => account.creditsOf(user)), (c) => c.used === 0, 30_000);
      // A second sweep gives nothing back twice.
      await create.service.processor.sweep();
      expect((await account.movements(id)).map((m) => m.kind).sort()).toEqual(['refund', 'reserve']);
      expect(await account.creditsOf(user)).toMatchObject({ used: 0 });
    } finally {
      await create.close();
    }
  });

  it('resumes the stored fal request when a job dies after fal accepted it (the provider is paid once)', async () => {
    const fal = falEngines();
    let crashes = 1;
    const engines = Object.assign(Object.create(fal) as FalEngine, {
      textToImage: (input: TextToImageInput, options: CallOptions = {}) =>
        fal.textToImage(input, {
          ...options,
          onSubmitted: async (ref) => {
            await options.onSubmitted?.(ref);
            if (crashes-- > 0) throw new EngineFailure('worker lost its connection', { retryable: true });
          },
        }),
    });
    const before = fake.requests.length;
    const create = await startCreate(account, { deps: { engines } });
    try {
      const user = await account.createUser('free');
      const started = await request(create.service.app).post('/api/generations/image').set(userHeaders(user)).send({ prompt: 'resume me' });
      expect(started.status).toBe(202);
      const done = await waitFor(
        () => request(create.service.app).get(`/api/generations/${started.body.id}`).set(userHeaders(user)).then((r) => r.body as Generation),
        finished,
      );
      expect(done).toMatchObject({ status: 'completed', engine: 'fal' });
      expect(fake.requests.length - before).toBe(1);
      const [row] = (
        await create.database.db.execute<{ attempts: number; provider_request_id: string }>(
          sql`select attempts, provider_request_id from generations where id = ${done.id}`,
        )
      ).rows;
      expect(row!.attempts).toBe(2);
      expect(row!.provider_request_id).toBe(fake.requests.at(-1)!.id);
      // Running the job again (a duplicate delivery) changes nothing and submits nothing.
      await create.service.processor.run(done.id, false);
      expect(fake.requests.length - before).toBe(1);
      expect(await account.creditsOf(user)).toMatchObject({ used: 1 });
    } finally {
      await create.close();
    }
  });

  it('asks fal to call a per-generation webhook; the webhook needs its token and repeats are harmless', async () => {
    const create = await startCreate(account, { env: { PUBLIC_URL: 'https://atelier.example' }, deps: { engines: falEngines() } });
    try {
      const app = create.service.app;
      const user = await account.createUser('free');
      const started = await request(app).post('/api/generations/image').set(userHeaders(user)).send({ prompt: 'webhook' });
      expect(started.status).toBe(202);
      const id = started.body.id as string;
      const submitted = await waitFor(async () => fake.requests.find((r) => r.webhookUrl?.includes(id)) ?? null, (r) => r !== null);
      const hook = new URL(submitted!.webhookUrl!);
      expect(`${hook.origin}${hook.pathname}`).toBe('https://atelier.example/api/create/fal-webhook');
      expect(hook.searchParams.get('generation')).toBe(id);
      const path = `${hook.pathname}${hook.search}`;
      const body = { request_id: submitted!.id, status: 'OK', payload: {} };

      // The request id is stored before the worker waits on it.
      await waitFor(
        () => create.database.db.execute<{ p: string | null }>(sql`select provider_request_id as p from generations where id = ${id}`),
        (r) => r.rows[0]?.p === submitted!.id,
      );
      // Signed as fal signs: the exact bytes, with the fake's published key.
      const post = (url: string, payload: object, requestId = submitted!.id, sign: { timestamp?: number; unsigned?: boolean } = {}) => {
        const raw = JSON.stringify(payload);
        const headers = sign.unsigned ? { 'content-type': 'application/json' } : fake.signWebhook(raw, { requestId, ...(sign.timestamp ? { timestamp: sign.timestamp } : {}) });
        return request(app).post(url).set(headers).send(raw);
      };
      expect((await post(`${hook.pathname}?generation=${id}&token=forged`, body)).status).toBe(404);
      // A valid token is not enough: unsigned, signed long ago, or signed for other bytes is refused.
      expect((await post(path, body, submitted!.id, { unsigned: true })).status).toBe(401);
      expect((await post(path, body, submitted!.id, { timestamp: Math.floor(Date.now() / 1000) - 600 })).status).toBe(401);
      const tampered = fake.signWebhook(JSON.stringify(body), { requestId: submitted!.id });
      expect((await request(app).post(path).set(tampered).send(JSON.stringify({ ...body, status: 'ERROR' }))).status).toBe(401);
      expect((await post(path, { ...body, request_id: 'another-request' }, 'another-request')).status).toBe(404);
      expect((await post(path, { status: 'OK' })).status).toBe(400);
      expect((await post(path.replace(id, randomUUID()), body)).status).toBe(404);
      for (let i = 0; i < 3; i += 1) {
        const response = await post(path, body);
        expect(response.status).toBe(200);
      }
      const done = await waitFor(
        () => request(app).get(`/api/generations/${id}`).set(userHeaders(user)).then((r) => r.body as Generation),
        finished,
      );
      expect(done).toMatchObject({ status: 'completed', engine: 'fal' });
      const again = await post(path, body);
      expect(again.status).toBe(200);
      expect(fake.requests.filter((r) => r.webhookUrl?.includes(id))).toHaveLength(1);
      expect(await account.creditsOf(user)).toMatchObject({ used: 1 });
    } finally {
      await create.close();
    }
  });
});

describe("one user's backlog", () => {
  it("puts a user's jobs after others' with less waiting (one user's thirty videos held everyone's image behind them)", async () => {
    const account = await startAccount();
    const create = await startCreate(account, { deps: { work: false } });
    try {
      const [busy, other] = [await account.createUser('pro'), await account.createUser('free')];
      const start = async (user: string) =>
        (await request(create.service.app).post('/api/generations/image').set(userHeaders(user)).send({ prompt: 'a linen suit' }).expect(202)).body.id as string;
      const busyJobs = [await start(busy), await start(busy), await start(busy)];
      const otherJob = await start(other);
      const priorityOf = async (id: string) => (await create.service.jobs.findJobs(GENERATION_QUEUE, { id }))[0]?.priority;
      expect(await Promise.all(busyJobs.map(priorityOf))).toEqual([0, -1, -2]);
      // The other user's first goes before the busy user's second and third (pg-boss takes the highest first).
      expect(await priorityOf(otherJob)).toBe(0);
    } finally {
      await create.close();
      await account.close();
    }
  });
});
