import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createBaseApp, createMediaStore, downloadHandler, finishApp, uploadImageHandler } from '@atelier/kit';
import type { MediaStore } from '@atelier/kit';
import { startFakeS3 } from '@atelier/kit/testing';
import type { FakeS3 } from '@atelier/kit/testing';
import { createApp } from '../app.js';
import { DEFAULT_ROUTES } from '../constants.js';
import { closeAll, silentLogger, startServer, tempDir, testConfig } from './support/servers.js';

const LONG_CACHE = 'public, max-age=31536000, immutable';
const PNG_BYTES = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(200)]);
const VIDEO_BYTES = randomBytes(64 * 1024);

let fakeS3: FakeS3;
beforeAll(async () => {
  fakeS3 = await startFakeS3('gateway-media');
});
afterAll(async () => {
  await fakeS3.close();
});
afterEach(closeAll);

/** Raw GET of a path exactly as written (no client-side normalisation of `..` or `%2e`). */
async function rawGet(app: http.RequestListener, path: string): Promise<{ status: number; body: string }> {
  const { url } = await startServer(app);
  return new Promise((resolve, reject) => {
    http
      .get(`${url}${path}`, { headers: { accept: '*/*' } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

const backends = {
  local: () => {
    const dataDir = tempDir();
    return { env: { DATA_DIR: dataDir }, dataDir };
  },
  s3: () => ({
    env: {
      DATA_DIR: tempDir(),
      S3_BUCKET: fakeS3.bucket,
      S3_ENDPOINT: fakeS3.endpoint,
      S3_ACCESS_KEY_ID: 'test',
      S3_SECRET_ACCESS_KEY: 'test-secret',
    },
    dataDir: undefined,
  }),
};

async function fixture(backend: keyof typeof backends) {
  const { env } = backends[backend]();
  const config = testConfig(env);
  // The services write with the same configuration the gateway reads.
  const store: MediaStore = createMediaStore(config.media);
  expect(store.backend).toBe(backend);
  const image = await store.put(PNG_BYTES, { contentType: 'image/png', prefix: 'uploads' });
  const video = await store.put(VIDEO_BYTES, { contentType: 'video/mp4', prefix: 'generations' });
  const app = createApp({ config, logger: silentLogger });
  return { app, store, image, video, config };
}

describe.each(['local', 's3'] as const)('GET /media from %s storage', (backend) => {
  it('serves an image with its type, a year of caching, nosniff and byte ranges offered', async () => {
    const { app, image } = await fixture(backend);
    const res = await request(app).get(image.url).buffer(true).expect(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-length']).toBe(String(PNG_BYTES.length));
    expect(res.headers['cache-control']).toBe(LONG_CACHE);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(Buffer.compare(res.body as Buffer, PNG_BYTES)).toBe(0);
  });

  it('answers ranges of a video with 206 and the right bytes', async () => {
    const { app, video } = await fixture(backend);
    const size = VIDEO_BYTES.length;
    const first = await request(app).get(video.url).set('range', 'bytes=0-99').buffer(true).expect(206);
    expect(first.headers['content-type']).toBe('video/mp4');
    expect(first.headers['content-range']).toBe(`bytes 0-99/${size}`);
    expect(first.headers['content-length']).toBe('100');
    expect(Buffer.compare(first.body as Buffer, VIDEO_BYTES.subarray(0, 100))).toBe(0);

    const middle = await request(app).get(video.url).set('range', 'bytes=1000-').buffer(true).expect(206);
    expect(middle.headers['content-range']).toBe(`bytes 1000-${size - 1}/${size}`);
    expect(Buffer.compare(middle.body as Buffer, VIDEO_BYTES.subarray(1000))).toBe(0);

    const suffix = await request(app).get(video.url).set('range', 'bytes=-10').buffer(true).expect(206);
    expect(suffix.headers['content-range']).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
    expect(Buffer.compare(suffix.body as Buffer, VIDEO_BYTES.subarray(size - 10))).toBe(0);

    const clamped = await request(app).get(video.url).set('range', `bytes=${size - 5}-${size + 500}`).buffer(true).expect(206);
    expect(clamped.headers['content-range']).toBe(`bytes ${size - 5}-${size - 1}/${size}`);
    expect((clamped.body as Buffer).length).toBe(5);
  });

  it('416 for a range beyond the end, 200 for several ranges', async () => {
    const { app, video } = await fixture(backend);
    const size = VIDEO_BYTES.length;
    const beyond = await request(app).get(video.url).set('range', `bytes=${size}-`).expect(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${size}`);
    expect(beyond.body).toEqual({ error: 'Range not satisfiable' });
    await request(app).get(video.url).set('range', `bytes=${size + 10}-${size + 20}`).expect(416);

    const several = await request(app).get(video.url).set('range', 'bytes=0-1,5-6').buffer(true).expect(200);
    expect((several.body as Buffer).length).toBe(size);
  });

  it('answers HEAD without a body and If-None-Match with 304', async () => {
    const { app, video } = await fixture(backend);
    const head = await request(app).head(video.url).expect(200);
    expect(head.headers['content-length']).toBe(String(VIDEO_BYTES.length));
    expect(head.headers['content-type']).toBe('video/mp4');
    expect(head.headers['accept-ranges']).toBe('bytes');
    expect(head.text ?? '').toBe('');
    const etag = head.headers.etag!;
    expect(etag).toBe(`"${video.key.slice(-36, -4)}"`);
    const again = await request(app).get(video.url).set('if-none-match', etag).expect(304);
    expect(again.headers['cache-control']).toBe(LONG_CACHE);
  });

  it('404 for a missing object and after a delete', async () => {
    const { app, store, image } = await fixture(backend);
    const missing = await request(app).get('/media/uploads/2026/01/0123456789abcdef0123456789abcdef.png').expect(404);
    expect(missing.body).toEqual({ error: 'Not found' });
    await store.delete(image.key);
    await request(app).get(image.url).expect(404);
  });
});

describe('GET /media refuses everything that is not a key', () => {
  it('lists no directories and reads nothing outside the media folder', async () => {
    const { app, config, image } = await fixture('local');
    writeFileSync(join(config.media.dataDir, 'secrets.json'), '{"IDENTITY_SECRET":"do-not-leak"}');
    const folder = image.key.split('/').slice(0, 3).join('/');
    const attempts = [
      '/media',
      '/media/',
      '/media/uploads',
      `/media/${folder}`,
      `/media/${folder}/`,
      '/media/.tmp/',
      '/media/../secrets.json',
      '/media/%2e%2e/secrets.json',
      '/media/%2E%2E%2Fsecrets.json',
      '/media/%252e%252e/secrets.json',
      '/media/..%5csecrets.json',
      '/media/..\\secrets.json',
      `/media/${image.key}/../../../../../secrets.json`,
      `/media/${image.key.replace('/', '%2f')}`,
      `/media/${image.key}%00.png`,
      `/media/${image.key}.json`,
      `/media//${image.key}`,
    ];
    for (const path of attempts) {
      const res = await rawGet(app, path);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
      expect(res.body).not.toContain('do-not-leak');
    }
  });

  it('405 for writes', async () => {
    const { app, image } = await fixture('local');
    const res = await request(app).put(image.url).send('x').expect(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    await request(app).delete(image.url).expect(405);
  });
});

describe('media routes of the create service', () => {
  it('sends uploads, presets and downloads to create', () => {
    expect(DEFAULT_ROUTES['/api/uploads']).toBe('create');
    expect(DEFAULT_ROUTES['/api/presets']).toBe('create');
    expect(DEFAULT_ROUTES['/api/download']).toBe('create');
  });
});

/** A real 16×16 RGB PNG (the smallest upload taken), written by hand (the gateway has no image library). */
function tinyPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  const side = 16;
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8;
  header[9] = 2;
  // Each row: filter byte 0, then RGB pixels in a gradient.
  const rows = Buffer.concat(Array.from({ length: side }, (_, y) => Buffer.from([0, ...Array.from({ length: side }, (_, x) => [x * 16, y * 16, 128]).flat()])));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe.each(['local', 's3'] as const)('upload → /media → download through the gateway (%s)', (backend) => {
  async function chain() {
    const { env } = backends[backend]();
    const createConfig = testConfig(env);
    // Plays the create service: kit's upload and download handlers on the store the gateway reads.
    const store = createMediaStore(createConfig.media);
    const service = createBaseApp({ name: 'create', logger: silentLogger });
    service.post('/api/uploads', uploadImageHandler(store));
    service.get('/api/download', downloadHandler(store, { publicUrl: createConfig.publicUrl }));
    const create = await startServer(finishApp(service, silentLogger));
    const app = createApp({ config: testConfig({ ...env, CREATE_URL: create.url }), logger: silentLogger });
    return { app, store };
  }

  it('stores an upload that the gateway then serves and downloads', async () => {
    const { app } = await chain();
    const png = tinyPng();
    const upload = await request(app).post('/api/uploads').attach('file', png, { filename: 'tiny.png', contentType: 'image/png' });
    expect(upload.status).toBe(201);
    expect(upload.body).toEqual({ url: expect.stringMatching(/^\/media\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/), width: 16, height: 16, contentType: 'image/png' });

    const served = await request(app).get(upload.body.url).buffer(true).expect(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect((served.body as Buffer).subarray(0, 8).equals(png.subarray(0, 8))).toBe(true);

    const file = await request(app).get('/api/download').query({ url: upload.body.url }).buffer(true).expect(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="atelier-[0-9a-f]{32}\.png"$/);
    expect(Buffer.compare(file.body as Buffer, served.body as Buffer)).toBe(0);

    const foreign = await request(app).get('/api/download').query({ url: `http://169.254.169.254${upload.body.url}` }).expect(400);
    expect(foreign.body).toEqual({ error: 'Only Atelier media URLs can be downloaded' });
  });

  it('passes the 413 of an upload over 10 MB back through the proxy', async () => {
    const { app } = await chain();
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0);
    tinyPng().copy(big);
    const res = await request(app).post('/api/uploads').attach('file', big, 'big.png');
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: 'File too large: images can be at most 10 MB' });
  });
});
