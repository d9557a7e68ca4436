import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import request from 'supertest';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBaseApp, finishApp } from '../app.js';
import { MAX_UPLOAD_BYTES, UPLOAD_ERRORS, acceptImageUpload, decodingLoad, normalizeImage, uploadImageHandler } from '../media/image-upload.js';
import { createMediaStore } from '../media/store.js';
import { filesUnder, listen, makeImage, pngDeclaring } from './media-fixtures.js';
import { silentLogger, tempDir } from './helpers.js';

const data = tempDir();
const recorded: { key: string; url: string }[] = [];
const store = createMediaStore({ dataDir: data.dir });
const mediaDir = join(data.dir, 'media');
let server: Awaited<ReturnType<typeof listen>>;

function buildApp() {
  const app = createBaseApp({ name: 'upload-test', logger: silentLogger });
  app.post('/api/uploads', uploadImageHandler(store));
  // An upload recorded before it is answered; a failed record fails the upload.
  app.post('/api/recorded-uploads', uploadImageHandler(store, { onStored: async (stored, req) => {
    if (req.headers['x-fail-record']) throw new Error('record failed');
    recorded.push(stored);
  } }));
  // Another form: photoshoot's clothingImage plus a text field, through acceptImageUpload.
  app.post('/api/avatar/generate', async (req, res, next) => {
    try {
      const image = await acceptImageUpload(req, store, { field: 'clothingImage', prefix: 'garments', maxBytes: 1024 * 1024 });
      res.status(201).json(image);
    } catch (error) {
      next(error);
    }
  });
  return finishApp(app, silentLogger);
}

/** Reads back what an upload answer points at. */
async function storedImage(url: string) {
  const key = store.keyFromUrl(url);
  expect(key).not.toBeNull();
  const file = readFileSync(join(mediaDir, ...key!.split('/')));
  return { file, meta: await sharp(file).metadata() };
}

beforeAll(async () => {
  server = await listen(buildApp());
});
afterAll(async () => {
  await server.close();
  data.remove();
});

describe('POST /api/uploads', () => {
  let filesBefore: number;
  beforeEach(() => {
    filesBefore = filesUnder(mediaDir).length;
  });
  const nothingStored = () => expect(filesUnder(mediaDir).length).toBe(filesBefore);

  it('accepts a PNG: 201 with its url, width, height and type, stored re-encoded under uploads/', async () => {
    const png = await makeImage(64, 48, 'png');
    const res = await request(server.url).post('/api/uploads').attach('file', png, { filename: 'photo.png', contentType: 'image/png' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ url: expect.stringMatching(/^\/media\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/), width: 64, height: 48, contentType: 'image/png' });
    const { meta } = await storedImage(res.body.url);
    expect(meta).toMatchObject({ format: 'png', width: 64, height: 48 });
  });

  it('accepts a WebP whatever name and type the client claims', async () => {
    const webp = await makeImage(40, 30, 'webp');
    const res = await request(server.url).post('/api/uploads').attach('file', webp, { filename: 'looks-like.jpg', contentType: 'image/jpeg' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ width: 40, height: 30, contentType: 'image/webp' });
    expect(res.body.url).toMatch(/\.webp$/);
    expect((await storedImage(res.body.url)).meta).toMatchObject({ format: 'webp', width: 40, height: 30 });
  });

  it('strips EXIF and GPS from a JPEG and turns it upright first', async () => {
    const jpeg = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#336699' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'Atelier Test Camera', Model: 'Leak 1', Copyright: 'someone' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 3/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(jpeg).metadata();
    expect(before.exif).toBeDefined();
    expect(before.exif!.toString('latin1')).toContain('Atelier Test Camera');
    expect(before.orientation).toBe(6);

    const res = await request(server.url).post('/api/uploads').attach('file', jpeg, 'gps.jpg');
    expect(res.status).toBe(201);
    // Orientation 6 means "rotate 90°": the upright image is 40 wide and 60 high.
    expect(res.body).toMatchObject({ width: 40, height: 60, contentType: 'image/jpeg' });
    const { file, meta } = await storedImage(res.body.url);
    expect(meta).toMatchObject({ format: 'jpeg', width: 40, height: 60 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(file.includes(Buffer.from('Exif\0'))).toBe(false);
    expect(file.includes(Buffer.from('Atelier Test Camera'))).toBe(false);
  });

  it('413 for a file one byte over 10 MB (counted while streaming)', async () => {
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1, 1);
    (await makeImage(8, 8, 'png')).copy(big);
    const res = await request(server.url).post('/api/uploads').attach('file', big, 'big.png');
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: UPLOAD_ERRORS.tooLarge });
    expect(UPLOAD_ERRORS.tooLarge).toBe('File too large: images can be at most 10 MB');
    nothingStored();
  });

  it('413 from Content-Length alone for a body far over the limit', async () => {
    const big = Buffer.alloc(12 * 1024 * 1024, 1);
    const res = await request(server.url).post('/api/uploads').attach('file', big, 'big.png');
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: UPLOAD_ERRORS.tooLarge });
    nothingStored();
  });

  it('413 for a chunked upload without Content-Length once the stream passes the limit', async () => {
    const boundary = 'atelier-boundary';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`);
    const png = await makeImage(8, 8, 'png');
    const megabyte = Buffer.alloc(1024 * 1024, 7);
    const body = Readable.from((function* () {
      yield head;
      yield png;
      for (let i = 0; i < 11; i += 1) yield megabyte;
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    })());
    const res = await fetch(`${server.url}/api/uploads`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: Readable.toWeb(body) as ReadableStream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: UPLOAD_ERRORS.tooLarge });
    nothingStored();
  });

  it.each([
    ['a GIF', () => makeImage(10, 10, 'gif'), 'image/gif'],
    ['text named .png', async () => Buffer.from('hello, this is not an image at all'), 'image/png'],
    ['an SVG', async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), 'image/svg+xml'],
    ['a PDF', async () => Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n'), 'application/pdf'],
  ])('415 for %s (type read from the bytes)', async (_name, make, claimed) => {
    const res = await request(server.url).post('/api/uploads').attach('file', await make(), { filename: 'x.png', contentType: claimed });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ error: 'Unsupported file type: upload a JPEG, PNG or WebP image' });
    nothingStored();
  });

  it('400 for a truncated JPEG and a truncated PNG', async () => {
    for (const format of ['jpeg', 'png'] as const) {
      const whole = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#a0522d' } })
        .composite([{ input: Buffer.from('<svg width="300" height="200"><circle cx="150" cy="100" r="80" fill="#fff"/></svg>') }])
        .toFormat(format)
        .toBuffer();
      const res = await request(server.url).post('/api/uploads').attach('file', whole.subarray(0, Math.floor(whole.length / 2)), 'cut');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'The image could not be read: it is damaged or incomplete' });
    }
    nothingStored();
  });

  it('400 for a PNG declaring 30000×30000 pixels (decompression bomb), before decoding', async () => {
    const res = await request(server.url).post('/api/uploads').attach('file', pngDeclaring(30_000, 30_000), 'bomb.png');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Image is too large: at most 40 megapixels' });
    nothingStored();
  });

  it('400 for a PNG under the pixel limit whose pixel data stops short', async () => {
    const res = await request(server.url).post('/api/uploads').attach('file', pngDeclaring(6000, 6000), 'empty.png');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: UPLOAD_ERRORS.unreadable });
  });

  it('400 for a form field whose bytes are not UTF-8 (its U+FFFD was stored), as for a JSON body', async () => {
    const image = await makeImage(32, 32, 'png');
    const part = (headers: string, body: Buffer) => Buffer.concat([Buffer.from(`--b0undary\r\n${headers}\r\n\r\n`), body, Buffer.from('\r\n')]);
    const body = Buffer.concat([
      part('Content-Disposition: form-data; name="title"', Buffer.from([0x61, 0xff, 0xfe, 0x62])),
      part('Content-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png', image),
      Buffer.from('--b0undary--\r\n'),
    ]);
    const res = await request(server.url).post('/api/uploads').set('content-type', 'multipart/form-data; boundary=b0undary').send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Invalid request: the form field "title" is not valid UTF-8' });
    nothingStored();
    // Well-formed UTF-8 beyond ASCII is a field like any other.
    const fine = Buffer.concat([part('Content-Disposition: form-data; name="title"', Buffer.from('Élodie 🌸')), part('Content-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png', image), Buffer.from('--b0undary--\r\n')]);
    const accepted = await request(server.url).post('/api/uploads').set('content-type', 'multipart/form-data; boundary=b0undary').send(fine);
    expect([accepted.status, accepted.body.error]).toEqual([201, undefined]);
  });

  it('400 without a file field, 400 for an empty file, 415 for a JSON body', async () => {
    const noFile = await request(server.url).post('/api/uploads').field('title', 'x');
    expect(noFile.status).toBe(400);
    expect(noFile.body).toEqual({ error: 'No image uploaded: send it in the form field "file"' });

    const wrongField = await request(server.url).post('/api/uploads').attach('image', await makeImage(4, 4, 'png'), 'a.png');
    expect(wrongField.status).toBe(400);
    expect(wrongField.body).toEqual({ error: UPLOAD_ERRORS.missingFile });

    // The image's field without a filename is a text part (it was refused as "characters that are not allowed").
    const asText = await request(server.url).post('/api/uploads').field('file', (await makeImage(4, 4, 'png')).toString('latin1'));
    expect([asText.status, asText.body]).toEqual([400, { error: 'No image uploaded: the form field "file" came as text; send the image as a file (with a filename)' }]);

    const empty = await request(server.url).post('/api/uploads').attach('file', Buffer.alloc(0), 'empty.png');
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ error: 'The uploaded file is empty' });

    const json = await request(server.url).post('/api/uploads').send({ file: 'x' });
    expect(json.status).toBe(415);
    expect(json.body).toEqual({ error: 'Expected a multipart/form-data upload' });
    nothingStored();
  });

  it('400 for a body that ends inside a file part, in the image field or another, and keeps running', async () => {
    const png = await makeImage(8, 8, 'png');
    for (const name of ['file', 'other']) {
      // The part's headers and the start of its bytes, then the body ends: no closing boundary.
      const body = Buffer.concat([Buffer.from(`--cut\r\nContent-Disposition: form-data; name="${name}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`), png.subarray(0, 20)]);
      const res = await fetch(`${server.url}/api/uploads`, { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=cut' }, body });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: UPLOAD_ERRORS.malformed });
    }
    nothingStored();
    await request(server.url).post('/api/uploads').attach('file', await makeImage(16, 16, 'png'), 'ok.png').expect(201);
  });

  it('400 for an image with a side under 16 pixels, which no engine takes (a 1000×1 strip, a 15×40 sliver)', async () => {
    for (const [width, height] of [
      [1000, 1],
      [15, 40],
    ] as const) {
      const res = await request(server.url).post('/api/uploads').attach('file', await makeImage(width, height, 'png'), 'strip.png');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'Image is too small: each side must be at least 16 pixels' });
    }
    nothingStored();
  });

  it('400 saying why when the form has more parts than it may (the image could be among those skipped)', async () => {
    let form = request(server.url).post('/api/uploads');
    for (let i = 0; i < 25; i++) form = form.field(`note${i}`, 'x');
    const res = await form.attach('file', await makeImage(4, 4, 'png'), 'a.png');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: UPLOAD_ERRORS.tooManyParts });
    nothingStored();
  });

  it('keeps serving on the same connection pool after refusals', async () => {
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 10, 0);
    (await makeImage(4, 4, 'png')).copy(big);
    await request(server.url).post('/api/uploads').attach('file', big, 'big.png').expect(413);
    const res = await request(server.url).post('/api/uploads').attach('file', await makeImage(17, 23, 'png'), 'ok.png');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ width: 17, height: 23 });
  });
});

describe('acceptImageUpload with other field names', () => {
  it('reads the named file field, the text fields and a custom size limit', async () => {
    const res = await request(server.url)
      .post('/api/avatar/generate')
      .field('characterId', 'char-7')
      .attach('clothingImage', await makeImage(40, 20, 'jpeg'), 'shirt.jpg');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ width: 40, height: 20, contentType: 'image/jpeg', fields: { characterId: 'char-7' } });
    expect(res.body.key).toMatch(/^garments\/\d{4}\/\d{2}\/[0-9a-f]{32}\.jpg$/);

    const big = Buffer.alloc(1024 * 1024 + 1, 0);
    (await makeImage(4, 4, 'jpeg')).copy(big);
    const tooBig = await request(server.url).post('/api/avatar/generate').attach('clothingImage', big, 'shirt.jpg');
    expect(tooBig.status).toBe(413);
  });
});

describe('upload limits', () => {
  it('answers 429 with Retry-After past the per-user uploads a minute, and keeps other users going', async () => {
    const app = createBaseApp({ name: 'upload-limit', logger: silentLogger });
    app.use((req, _res, next) => {
      req.identity = { userId: String(req.headers['x-test-user']), sessionId: 's' };
      next();
    });
    app.post('/api/uploads', uploadImageHandler(store, { perMinute: 3 }));
    const limited = await listen(finishApp(app, silentLogger));
    try {
      const png = await makeImage(40, 40, 'png');
      const send = (user: string) => request(limited.url).post('/api/uploads').set('x-test-user', user).attach('file', png, 'a.png');
      for (let i = 0; i < 3; i += 1) expect((await send('ana')).status).toBe(201);
      const refused = await send('ana');
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ error: UPLOAD_ERRORS.tooMany });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await send('ben')).status).toBe(201);
    } finally {
      await limited.close();
    }
  });

  it('decodes large images one budget at a time: six 30-megapixel uploads never decode more than 48 MP at once', async () => {
    const big = await sharp({ create: { width: 6000, height: 5000, channels: 3, background: '#336699' } }).png({ compressionLevel: 9 }).toBuffer();
    let most = 0;
    let sawQueue = false;
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        const load = decodingLoad();
        most = Math.max(most, load.pixels);
        sawQueue ||= load.queued > 0;
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    const results = await Promise.all(Array.from({ length: 6 }, () => normalizeImage(big)));
    watching = false;
    await watcher;
    expect(results.every((r) => r.width === 6000 && r.height === 5000)).toBe(true);
    expect(most).toBe(30_000_000);
    expect(sawQueue).toBe(true);
  }, 120_000);
});

describe('an upload recorded by the service (onStored)', () => {
  it('is recorded with its key and url before the 201; a failed record deletes the file and fails the upload', async () => {
    const png = await makeImage(32, 32, 'png');
    const res = await request(server.url).post('/api/recorded-uploads').attach('file', png, { filename: 'a.png', contentType: 'image/png' });
    expect(res.status).toBe(201);
    expect(recorded).toEqual([{ key: store.keyFromUrl(res.body.url as string), url: res.body.url }]);
    const before = filesUnder(mediaDir).length;
    const failed = await request(server.url).post('/api/recorded-uploads').set('x-fail-record', '1').attach('file', png, { filename: 'a.png', contentType: 'image/png' });
    expect(failed.status).toBe(500);
    expect(filesUnder(mediaDir).length).toBe(before);
    expect(recorded).toHaveLength(1);
  });
});

describe('normalizeImage', () => {
  it('refuses a fully transparent image (a garment of nothing was drawn black and charged); a cut-out on a transparent background is taken', async () => {
    for (const [colour, format] of [['srgb', 'png'], ['srgb', 'webp'], ['b-w', 'png']] as const) {
      const clear = await sharp({ create: { width: 64, height: 64, channels: 4, background: { r: 200, g: 20, b: 20, alpha: 0 } } })
        .toColourspace(colour)
        .toFormat(format)
        .toBuffer();
      await expect(normalizeImage(clear), `${colour} ${format}`).rejects.toMatchObject({ status: 400, message: 'The image is fully transparent: there is nothing in it to use' });
    }
    const cutOut = await sharp({ create: { width: 64, height: 64, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: { create: { width: 20, height: 30, channels: 4, background: { r: 200, g: 20, b: 20, alpha: 1 } } }, left: 22, top: 17 }])
      .png()
      .toBuffer();
    expect(await normalizeImage(cutOut)).toMatchObject({ width: 64, height: 64, contentType: 'image/png' });
  });
});
