import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBaseApp, finishApp } from '../app.js';
import { DOWNLOAD_ERRORS, downloadHandler } from '../media/download.js';
import { mediaKeyFromUrl } from '../media/keys.js';
import { createMediaStore } from '../media/store.js';
import { listen, makeImage } from './media-fixtures.js';
import { silentLogger, tempDir } from './helpers.js';

const PUBLIC_URL = 'http://127.0.0.1:8080';
const data = tempDir();
const store = createMediaStore({ dataDir: data.dir, publicUrl: PUBLIC_URL });
let server: Awaited<ReturnType<typeof listen>>;
let png: Buffer;
let image: { key: string; url: string };
let video: { key: string; url: string };

/** A server standing in for any other host: the download handler must never contact it. */
let elsewhere: { url: string; hits: number; close: () => Promise<void> };

beforeAll(async () => {
  const app = createBaseApp({ name: 'download-test', logger: silentLogger });
  app.get('/api/download', downloadHandler(store, { publicUrl: PUBLIC_URL }));
  server = await listen(finishApp(app, silentLogger));
  png = await makeImage(12, 9, 'png');
  image = await store.put(png, { contentType: 'image/png', prefix: 'generations' });
  video = await store.put(Buffer.from('not really an mp4 but bytes'), { contentType: 'video/mp4', prefix: 'generations' });

  const counter = { hits: 0 };
  const other = createServer((_req, res) => {
    counter.hits += 1;
    res.writeHead(302, { Location: `${PUBLIC_URL}${image.url}` });
    res.end();
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  elsewhere = {
    url: `http://127.0.0.1:${(other.address() as AddressInfo).port}`,
    get hits() {
      return counter.hits;
    },
    close: () => new Promise<void>((resolve) => other.close(() => resolve())),
  };
});
afterAll(async () => {
  await server.close();
  await elsewhere.close();
  data.remove();
});

const download = (url?: string) => {
  const req = request(server.url).get('/api/download');
  return url === undefined ? req : req.query({ url });
};

describe('GET /api/download', () => {
  it('streams one of our images as an attachment named atelier-<id>.<ext>', async () => {
    const res = await download(image.url).buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="atelier-${image.key.slice(-36, -4)}.png"`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-length']).toBe(String(png.length));
    expect(Buffer.compare(res.body as Buffer, png)).toBe(0);
  });

  it('accepts the absolute URL on PUBLIC_URL and videos', async () => {
    const res = await download(`${PUBLIC_URL}${video.url}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="atelier-[0-9a-f]{32}\.mp4"$/);
  });

  it('400 without a url', async () => {
    expect((await download()).body).toEqual({ error: DOWNLOAD_ERRORS.missingUrl });
    expect((await download()).status).toBe(400);
    expect((await download('')).status).toBe(400);
    expect(DOWNLOAD_ERRORS.missingUrl).toBe('Missing url: pass the media URL to download as ?url=');
  });

  it('404 for a well-formed media URL whose object does not exist', async () => {
    const res = await download('/media/generations/2026/01/0123456789abcdef0123456789abcdef.png');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Not found' });
  });

  it('400 for two url parameters', async () => {
    const res = await request(server.url).get(`/api/download?url=${encodeURIComponent(image.url)}&url=${encodeURIComponent(image.url)}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Only Atelier media URLs can be downloaded' });
  });

  // Every entry must be refused with exactly 400 { error: 'Only Atelier media URLs can be downloaded' }.
  const refused = (): Array<[string, string]> => {
    const key = image.key;
    return [
      ['another host', `http://evil.example/media/${key}`],
      ['another host over https', `https://evil.example/media/${key}`],
      ['our host on another port', `http://127.0.0.1:8081/media/${key}`],
      ['our host over another scheme', `https://127.0.0.1:8080/media/${key}`],
      ['a host that only resolves to us', `http://localhost:8080/media/${key}`],
      ['loopback', `http://127.0.0.1/media/${key}`],
      ['loopback elsewhere in 127/8', `http://127.1.2.3:8080/media/${key}`],
      ['decimal IPv4', `http://2130706433:8080/media/${key}`],
      ['hex IPv4', `http://0x7f000001:8080/media/${key}`],
      ['octal IPv4', `http://0177.0.0.1:8080/media/${key}`],
      ['short IPv4', `http://127.1:8080/media/${key}`],
      ['IPv6 loopback', `http://[::1]:8080/media/${key}`],
      ['IPv4-mapped IPv6', `http://[::ffff:127.0.0.1]:8080/media/${key}`],
      ['link-local metadata service', 'http://169.254.169.254/latest/meta-data/iam/security-credentials/'],
      ['IPv6 link-local', `http://[fe80::1]/media/${key}`],
      ['private network', `http://10.0.0.1/media/${key}`],
      ['a server that would redirect to us', `ELSEWHERE/media/${key}`],
      ['file:', 'file:///etc/passwd'],
      ['file: media-looking path', `file:///media/${key}`],
      ['data:', 'data:image/png;base64,iVBORw0KGgo='],
      ['javascript:', 'javascript:alert(document.cookie)'],
      ['ftp:', `ftp://127.0.0.1:8080/media/${key}`],
      ['userinfo: ours then @evil', `http://127.0.0.1:8080@evil.example/media/${key}`],
      ['userinfo: evil then @ours', `http://evil.example@127.0.0.1:8080/media/${key}`],
      ['userinfo with password', `http://user:pass@127.0.0.1:8080/media/${key}`],
      ['fragment trick', `http://evil.example#@127.0.0.1:8080/media/${key}`],
      ['protocol-relative', `//evil.example/media/${key}`],
      ['backslash host', `\\\\evil.example/media/${key}`],
      ['backslash scheme trick', `http:\\\\127.0.0.1:8080\\media\\${key}`],
      ['traversal', '/media/../secrets.json'],
      ['traversal inside a key', '/media/generations/2026/01/../../../../secrets.json'],
      ['encoded dots', '/media/%2e%2e/%2e%2e/secrets.json'],
      ['double-encoded dots', '/media/%252e%252e/secrets.json'],
      ['encoded slash', `/media/..%2f..%2fsecrets.json`],
      ['encoded key', `/media/${encodeURIComponent(key)}`],
      ['backslash traversal', '/media\\..\\secrets.json'],
      ['not under /media', '/api/generations'],
      ['the download route itself', `/api/download?url=${encodeURIComponent(image.url)}`],
      ['a query string', `${image.url}?x=1`],
      ['a fragment', `${image.url}#x`],
      ['leading space', ` ${image.url}`],
      ['trailing newline', `${image.url}\n`],
      ['NUL byte', `${image.url}\u0000.png`],
      ['upper-case scheme', `HTTP://127.0.0.1:8080/media/${key}`],
      ['a key with a foreign extension', '/media/generations/2026/01/0123456789abcdef0123456789abcdef.html'],
      ['a short id', '/media/generations/2026/01/0123abcd.png'],
      ['absolute path on disk', '/etc/passwd'],
    ];
  };

  it('refuses every URL that is not one of ours with 400, without contacting anything', async () => {
    for (const [name, raw] of refused()) {
      const url = raw.replace('ELSEWHERE', elsewhere.url);
      const res = await download(url);
      // A NUL is refused earlier, by the app's check of every query value, with its own message.
      const error = name === 'NUL byte' ? expect.stringMatching(/NUL characters/) : 'Only Atelier media URLs can be downloaded';
      expect({ name, status: res.status, body: res.body }).toEqual({ name, status: 400, body: { error } });
      expect(mediaKeyFromUrl(url, PUBLIC_URL)).toBeNull();
    }
    expect(elsewhere.hits).toBe(0);
  });

  it('refuses raw (unencoded) tricks in the query string as well', async () => {
    for (const query of ['url=/media/%2e%2e/%2e%2e/secrets.json', 'url=/media/%252e%252e/x', 'url[]=/media/x', 'url=http://evil.example/media/x']) {
      const res = await request(server.url).get(`/api/download?${query}`);
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
    }
  });
});
