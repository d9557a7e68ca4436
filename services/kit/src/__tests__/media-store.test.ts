import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../config.js';
import { readAll } from '../media/local-store.js';
import { createMediaStore, mediaEnvShape, mediaStoreConfig } from '../media/store.js';
import type { MediaStore } from '../media/types.js';
import { startFakeS3, type FakeS3 } from '../media/testing/fake-s3.js';
import { tempDir } from './helpers.js';

const KEY_SHAPE = /^uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/;
const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));

const local = tempDir();
let fake: FakeS3;
const stores: Record<'local' | 's3', () => MediaStore> = {
  local: () => createMediaStore({ dataDir: local.dir, publicUrl: 'http://127.0.0.1:8080' }),
  s3: () =>
    createMediaStore({
      dataDir: local.dir,
      publicUrl: 'http://127.0.0.1:8080',
      s3: { bucket: fake.bucket, endpoint: fake.endpoint, region: 'us-east-1', accessKeyId: 'test', secretAccessKey: 'test-secret', forcePathStyle: true },
    }),
};

beforeAll(async () => {
  fake = await startFakeS3();
});
afterAll(async () => {
  await fake.close();
  local.remove();
});

describe.each(['local', 's3'] as const)('media store on %s', (backend) => {
  it('stores a buffer under an unguessable key and reads it back whole', async () => {
    const store = stores[backend]();
    expect(store.backend).toBe(backend);
    const stored = await store.put(bytes, { contentType: 'image/png', prefix: 'uploads' });
    expect(stored.key).toMatch(KEY_SHAPE);
    expect(stored).toMatchObject({ url: `/media/${stored.key}`, size: 1000, contentType: 'image/png' });
    expect(store.urlFor(stored.key)).toBe(stored.url);

    const object = await store.get(stored.key);
    expect(object).toMatchObject({ key: stored.key, size: 1000, length: 1000, contentType: 'image/png' });
    expect((await readAll(object!.stream)).equals(bytes)).toBe(true);
    expect(await store.head(stored.key)).toMatchObject({ key: stored.key, size: 1000, contentType: 'image/png' });
  });

  it('stores a stream and serves a byte range of it', async () => {
    const store = stores[backend]();
    const stored = await store.put(Readable.from([bytes.subarray(0, 300), bytes.subarray(300)]), { contentType: 'video/mp4', prefix: 'generations' });
    expect(stored.key).toMatch(/^generations\/\d{4}\/\d{2}\/[0-9a-f]{32}\.mp4$/);
    expect(stored.size).toBe(1000);

    const part = await store.get(stored.key, { start: 100, end: 199 });
    expect(part).toMatchObject({ size: 1000, length: 100, range: { start: 100, end: 199 }, contentType: 'video/mp4' });
    expect((await readAll(part!.stream)).equals(bytes.subarray(100, 200))).toBe(true);

    const tail = await store.get(stored.key, { start: 990, end: 999 });
    expect((await readAll(tail!.stream)).equals(bytes.subarray(990))).toBe(true);
  });

  it('gives every object its own key', async () => {
    const store = stores[backend]();
    const keys = await Promise.all(Array.from({ length: 5 }, () => store.put(bytes, { contentType: 'image/jpeg' })));
    expect(new Set(keys.map((k) => k.key)).size).toBe(5);
    expect(keys[0]!.key).toMatch(/^files\/\d{4}\/\d{2}\/[0-9a-f]{32}\.jpg$/);
  });

  it('answers null for missing objects and for strings that are not keys, and deletes', async () => {
    const store = stores[backend]();
    const stored = await store.put(bytes, { contentType: 'image/webp', prefix: 'uploads' });
    await store.delete(stored.key);
    expect(await store.get(stored.key)).toBeNull();
    expect(await store.head(stored.key)).toBeNull();
    await expect(store.delete(stored.key)).resolves.toBeUndefined();
    for (const key of ['../secrets.json', 'uploads/2026/11/../../../secrets.json', '/etc/passwd', 'uploads/x.png', '']) {
      expect(await store.get(key)).toBeNull();
      expect(await store.head(key)).toBeNull();
    }
  });

  it('refuses an unknown prefix shape', async () => {
    const store = stores[backend]();
    await expect(store.put(bytes, { contentType: 'image/png', prefix: '../up' })).rejects.toThrow('Invalid media prefix');
  });

  it('accepts only its own media URLs', async () => {
    const store = stores[backend]();
    const { key, url } = await store.put(bytes, { contentType: 'image/png', prefix: 'uploads' });
    expect(store.keyFromUrl(url)).toBe(key);
    expect(store.keyFromUrl(`http://127.0.0.1:8080${url}`)).toBe(key);
    expect(store.keyFromUrl(`http://evil.example${url}`)).toBeNull();
  });
});

describe('local backend on disk', () => {
  it('writes files under <DATA_DIR>/media/<key> and leaves no temporary files', async () => {
    const store = stores.local();
    const { key } = await store.put(bytes, { contentType: 'image/png', prefix: 'uploads' });
    expect(existsSync(join(local.dir, 'media', ...key.split('/')))).toBe(true);
    expect(readdirSync(join(local.dir, 'media', '.tmp'))).toEqual([]);
  });
});

describe('S3 backend', () => {
  it('talks to the configured bucket with path-style requests and stores the type and cache policy', async () => {
    const store = stores.s3();
    const { key } = await store.put(bytes, { contentType: 'image/png', prefix: 'uploads' });
    expect(fake.requests).toContain(`PUT /${fake.bucket}/${key}`);
    expect(fake.objects.get(key)).toMatchObject({ contentType: 'image/png', cacheControl: 'public, max-age=31536000, immutable' });
    expect(fake.objects.get(key)!.data.equals(bytes)).toBe(true);
    await store.head(key);
    expect(fake.requests).toContain(`HEAD /${fake.bucket}/${key}`);
  });

  it('never sends a request for a string that is not a key', async () => {
    const store = stores.s3();
    const before = fake.requests.length;
    expect(await store.get('../other-bucket/x.png')).toBeNull();
    await store.delete('uploads/../../x');
    expect(fake.requests.length).toBe(before);
  });
});

describe('media configuration from the environment', () => {
  const schema = z.object(mediaEnvShape);

  it('uses local disk when S3_BUCKET is unset', () => {
    const parsed = loadConfig(schema, {});
    expect(mediaStoreConfig(parsed, { dataDir: '/data' })).toEqual({ dataDir: '/data' });
    expect(createMediaStore(mediaStoreConfig(parsed, { dataDir: '/data' })).backend).toBe('local');
  });

  it('uses S3 with path style by default when an endpoint is set', () => {
    const parsed = loadConfig(schema, {
      S3_BUCKET: 'media',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    const config = mediaStoreConfig(parsed, { dataDir: '/data' });
    expect(config.s3).toEqual({
      bucket: 'media',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(createMediaStore(config).backend).toBe('s3');
  });

  it('honours S3_FORCE_PATH_STYLE and S3_REGION, and names a bad variable', () => {
    const parsed = loadConfig(schema, { S3_BUCKET: 'media', S3_REGION: 'eu-west-1', S3_FORCE_PATH_STYLE: 'false' });
    expect(mediaStoreConfig(parsed, { dataDir: '/d' }).s3).toMatchObject({ region: 'eu-west-1', forcePathStyle: false });
    expect(() => loadConfig(schema, { S3_ENDPOINT: 'not a url' })).toThrow('S3_ENDPOINT');
  });
});
