import { randomUUID } from 'node:crypto';
import type { GenerationsPage } from '@atelier/contracts';
import { testServiceHeaders } from '@atelier/kit/testing';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
      photos: Array.from({ length: 10 }, (_, poseIndex) => ({ poseIndex, imageUrl: `/media/photoshoot/poses/2026/11/${String(poseIndex).padStart(32, '0')}.jpg`, engine: 'local' })),
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
    expect(await account.creditsOf(user)).toMatchObject({ used: 0 });
    await request(app).post('/internal/generations/import').set(testServiceHeaders(SECRET, 'photoshoot', 'create')).send({ ...body, photos: [] }).expect(400);
  });
});
