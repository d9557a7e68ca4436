import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { join } from 'node:path';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { VISITOR_META } from '@atelier/contracts/visitor';
import { createApp } from '../app.js';
import { chooseEncoding } from '../static/compressed-files.js';
import { closeAll, silentLogger, tempDir, testConfig } from './support/servers.js';

const INDEX = '<!doctype html><title>Atelier</title><div id="root"></div>';
const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

afterEach(closeAll);

function fixture(env: Record<string, string> = {}) {
  const shell = tempDir();
  writeFileSync(join(shell, 'index.html'), INDEX);
  mkdirSync(join(shell, 'static/js'), { recursive: true });
  writeFileSync(join(shell, 'static/js/main.3f9a1c2e.js'), 'console.log("main")');
  writeFileSync(join(shell, 'static/js/app.css'), 'body{}');
  writeFileSync(join(shell, 'favicon.ico'), 'ico');

  const canvas = tempDir();
  writeFileSync(join(canvas, 'mf-manifest.json'), '{"id":"mf_canvas"}');
  writeFileSync(join(canvas, 'remoteEntry.js'), 'var mf_canvas;');
  mkdirSync(join(canvas, 'static/js/async'), { recursive: true });
  writeFileSync(join(canvas, 'static/js/async/412.0a1b2c3d4e.js'), 'chunk');

  const app = createApp({
    config: testConfig({ SHELL_DIR: shell, REMOTE_MF_CANVAS_DIR: canvas, REMOTE_MF_CREATE_DIR: tempDir(), ...env }),
    logger: silentLogger,
  });
  return { app, shell, canvas };
}

describe('shell', () => {
  it('serves hashed assets for a year and entry files with no-cache', async () => {
    const { app } = fixture();
    const asset = await request(app).get('/static/js/main.3f9a1c2e.js').expect(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.text).toBe('console.log("main")');
    const unhashed = await request(app).get('/static/js/app.css').expect(200);
    expect(unhashed.headers['cache-control']).toBe('no-cache');
    const index = await request(app).get('/index.html').expect(200);
    expect(index.headers['cache-control']).toBe('no-cache');
  });

  it('falls back to index.html for page navigations, uncached', async () => {
    const { app } = fixture();
    for (const path of ['/', '/app', '/app/canvas', '/login', '/no/such/page']) {
      const res = await request(app).get(path).set('accept', HTML).expect(200);
      expect(res.text, path).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toMatch(/text\/html/);
    }
  });

  it('sends the prerendered /, /login, /terms and /privacy to a visitor without a session, and the plain page otherwise', async () => {
    const { app, shell } = fixture();
    const LANDING = '<!doctype html><div id="root" data-prerendered="landing"><h1>Your AI fashion studio</h1></div>';
    const LOGIN = '<!doctype html><div id="root" data-prerendered="login"><h1>Sign in</h1></div>';
    const TERMS = '<!doctype html><div id="root" data-prerendered="terms"><h1>Terms of Service</h1></div>';
    const PRIVACY = '<!doctype html><div id="root" data-prerendered="privacy"><h1>Privacy Policy</h1></div>';
    writeFileSync(join(shell, 'landing.html'), LANDING);
    writeFileSync(join(shell, 'login.html'), LOGIN);
    writeFileSync(join(shell, 'terms.html'), TERMS);
    writeFileSync(join(shell, 'privacy.html'), PRIVACY);
    const page = (path: string, cookie?: string) => {
      const req = request(app).get(path).set('accept', HTML);
      return (cookie ? req.set('cookie', cookie) : req).expect(200);
    };
    const landing = await page('/');
    expect(landing.text).toBe(LANDING);
    expect(landing.headers['cache-control']).toBe('no-cache');
    expect(landing.headers.vary).toMatch(/Cookie/);
    expect((await page('/login')).text).toBe(LOGIN);
    expect((await page('/terms')).text).toBe(TERMS);
    expect((await page('/privacy')).text).toBe(PRIVACY);
    expect((await page('/privacy', `atelier_sid=${'a'.repeat(43)}`)).text).toBe(INDEX);
    expect((await page('/', 'theme=dark')).text).toBe(LANDING);
    // A session (either cookie name), or a query the page reads, gets the plain page and its session check.
    expect((await page('/', `atelier_sid=${'a'.repeat(43)}`)).text).toBe(INDEX);
    expect((await page('/', `theme=dark; __Host-atelier_sid=${'a'.repeat(43)}`)).text).toBe(INDEX);
    expect((await page('/login?error=access_denied')).text).toBe(INDEX);
    expect((await page('/app')).text).toBe(INDEX);
    expect((await page('/pricing')).text).toBe(INDEX);
  });

  it('sends a remote route with its first paint: the shell\'s frame, the remote\'s screen and its stylesheet', async () => {
    const shell = tempDir();
    const pricing = tempDir();
    const create = tempDir();
    const INDEX_WITH_HEAD = '<!doctype html><html><head><title>Atelier</title></head><body><div id="root"></div></body></html>';
    writeFileSync(join(shell, 'index.html'), INDEX_WITH_HEAD);
    writeFileSync(
      join(shell, 'first-paint.json'),
      JSON.stringify({
        frame: '<div class="frame"><!--first-paint--></div>',
        slot: '<!--first-paint-->',
        routes: {
          '/pricing': { remote: 'mf_pricing', screen: 'PricingPage?variant=select', session: false },
          '/pricing/in': { remote: 'mf_pricing', screen: 'PricingPage?variant=in', session: false },
          '/app/image': { remote: 'mf_create', screen: 'CreateScreen?tab=image', session: true },
        },
      }),
    );
    // `$&` and `$'` would be replacement patterns to String#replace: the screen's HTML goes in as it is.
    const SCREEN = '<section data-remote="mf_pricing"><h1>Pricing</h1><p>From $8 — $&amp; $\' $$</p></section>';
    writeFileSync(join(pricing, 'first-paint.json'), JSON.stringify({ screens: { 'PricingPage?variant=select': SCREEN }, css: ['expose.1a2b3c4d.css'] }));
    writeFileSync(join(create, 'first-paint.json'), JSON.stringify({ screens: { 'CreateScreen?tab=image': '<h1>Generate Images</h1>' }, css: [] }));
    const app = createApp({
      config: testConfig({ SHELL_DIR: shell, REMOTE_MF_PRICING_DIR: pricing, REMOTE_MF_CREATE_DIR: create }),
      logger: silentLogger,
    });
    const page = async (path: string, cookie?: string) => {
      const req = request(app).get(path).set('accept', HTML);
      const res = await (cookie ? req.set('cookie', cookie) : req).expect(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toMatch(/Cookie/);
      return res.text;
    };
    const SESSION = `atelier_sid=${'a'.repeat(43)}`;
    // Without a session cookie every page says the visitor is signed out (VISITOR_META), so the shell does not ask.
    const VISITOR_INDEX = INDEX_WITH_HEAD.replace('</head>', `${VISITOR_META}</head>`);

    expect(await page('/pricing')).toBe(
      `<!doctype html><html><head><title>Atelier</title><link rel="stylesheet" href="/mf/mf-pricing/expose.1a2b3c4d.css">${VISITOR_META}</head>` +
        `<body><div id="root" data-first-paint=""><div class="frame">${SCREEN}</div></div></body></html>`,
    );
    const member = await page('/pricing?checkout=cancelled', SESSION);
    expect(member).toContain(SCREEN); // public: a member gets it too, unmarked
    expect(member).not.toContain(VISITOR_META);
    // An /app route only with a session: without one the app is on its way to /login.
    expect(await page('/app/image', SESSION)).toContain('<div id="root" data-first-paint=""><div class="frame"><h1>Generate Images</h1>');
    expect(await page('/app/image')).toBe(VISITOR_INDEX);
    // A screen the remote's build does not have, a route with none, a remote build without the file: the plain page.
    expect(await page('/pricing/in')).toBe(VISITOR_INDEX);
    expect(await page('/app/video', SESSION)).toBe(INDEX_WITH_HEAD);
    // A remote redeployed alone: its new screen is sent from then on, with no restart.
    const REDEPLOYED = '<section data-remote="mf_pricing"><h1>Plans</h1></section>';
    writeFileSync(join(pricing, 'first-paint.json'), JSON.stringify({ screens: { 'PricingPage?variant=select': REDEPLOYED }, css: ['expose.5e6f7a8b.css'] }));
    utimesSync(join(pricing, 'first-paint.json'), new Date(), new Date(Date.now() + 5_000));
    const redeployed = await page('/pricing');
    expect(redeployed).toContain(REDEPLOYED);
    expect(redeployed).toContain('href="/mf/mf-pricing/expose.5e6f7a8b.css"');
    // A half-written file during a deploy: the plain page, not an error.
    writeFileSync(join(pricing, 'first-paint.json'), '{"screens": {');
    utimesSync(join(pricing, 'first-paint.json'), new Date(), new Date(Date.now() + 10_000));
    expect(await page('/pricing')).toBe(VISITOR_INDEX);
    // A file of another shape (an older or a newer build): the plain page too.
    writeFileSync(join(pricing, 'first-paint.json'), JSON.stringify({ screens: { 'PricingPage?variant=select': SCREEN }, css: 'expose.css' }));
    utimesSync(join(pricing, 'first-paint.json'), new Date(), new Date(Date.now() + 15_000));
    expect(await page('/pricing')).toBe(VISITOR_INDEX);
    writeFileSync(join(shell, 'first-paint.json'), JSON.stringify({ frame: '', slot: '' }));
    utimesSync(join(shell, 'first-paint.json'), new Date(), new Date(Date.now() + 15_000));
    expect(await page('/pricing')).toBe(VISITOR_INDEX);
    // HEAD gets the headers of the same page.
    await request(app).head('/pricing').set('accept', HTML).expect(200).expect('content-type', /text\/html/);
  });

  it('sends a remote served from elsewhere (REMOTE_<NAME>_URL) without a first paint: its build is not here', async () => {
    const shell = tempDir();
    writeFileSync(join(shell, 'index.html'), '<html><head></head><body><div id="root"></div></body></html>');
    writeFileSync(
      join(shell, 'first-paint.json'),
      JSON.stringify({ frame: '<!--first-paint-->', slot: '<!--first-paint-->', routes: { '/pricing': { remote: 'mf_pricing', screen: 'PricingPage?variant=select', session: false } } }),
    );
    const pricing = tempDir();
    writeFileSync(join(pricing, 'first-paint.json'), JSON.stringify({ screens: { 'PricingPage?variant=select': '<h1>Pricing</h1>' }, css: [] }));
    const app = createApp({
      config: testConfig({ SHELL_DIR: shell, REMOTE_MF_PRICING_DIR: pricing, REMOTE_MF_PRICING_URL: 'https://cdn.example.com/mf-pricing/' }),
      logger: silentLogger,
    });
    const res = await request(app).get('/pricing').set('accept', HTML).expect(200);
    expect(res.text).not.toContain('data-first-paint');
  });

  it('answers / with the page whatever the Accept header, and an app route asked for any type', async () => {
    const { app } = fixture();
    for (const accept of [undefined, '*/*', 'application/json', 'image/png']) {
      const req = request(app).get('/');
      const res = await (accept ? req.set('accept', accept) : req.unset('accept')).expect(200);
      expect(res.text, accept ?? 'no Accept').toBe(INDEX);
      expect(res.headers['content-type']).toMatch(/text\/html/);
    }
    expect((await request(app).get('/app/image').unset('accept').expect(200)).text).toBe(INDEX);
    expect((await request(app).get('/app/image').set('accept', '*/*').expect(200)).text).toBe(INDEX);
  });

  it('hides the builds\' source maps in production (unless SERVE_SOURCE_MAPS=1) and serves them in development', async () => {
    const withMaps = (env: Record<string, string>) => {
      const built = fixture(env);
      writeFileSync(join(built.shell, 'static/js/main.3f9a1c2e.js.map'), '{"version":3}');
      writeFileSync(join(built.canvas, 'static/js/async/412.0a1b2c3d4e.js.map'), '{"version":3}');
      return built.app;
    };
    const production = withMaps({ NODE_ENV: 'production' });
    expect((await request(production).get('/static/js/main.3f9a1c2e.js.map').expect(404)).body).toEqual({ error: 'Not found' });
    await request(production).get('/mf/mf-canvas/static/js/async/412.0a1b2c3d4e.js.map').expect(404);
    await request(production).get('/static/js/main.3f9a1c2e.js').expect(200);
    const development = withMaps({});
    await request(development).get('/static/js/main.3f9a1c2e.js.map').expect(200);
    await request(development).get('/mf/mf-canvas/static/js/async/412.0a1b2c3d4e.js.map').expect(200);
    await request(withMaps({ NODE_ENV: 'production', SERVE_SOURCE_MAPS: '1' })).get('/static/js/main.3f9a1c2e.js.map').expect(200);
  });

  it('answers a missing asset or a non-HTML request with a JSON 404, not the page', async () => {
    const { app } = fixture();
    const res = await request(app).get('/static/js/missing.1234abcd.js').set('accept', '*/*').expect(404);
    expect(res.body).toEqual({ error: 'Not found' });
    await request(app).get('/app').set('accept', 'application/json').expect(404);
  });

  it('never falls back for /api, /mf, /media or /internal', async () => {
    const { app } = fixture();
    expect((await request(app).get('/api/nope').set('accept', HTML).expect(404)).body).toEqual({ error: 'Not found' });
    expect((await request(app).get('/mf/mf-canvas/nope.js').set('accept', HTML).expect(404)).body).toEqual({
      error: 'Not found',
    });
    const media = await request(app).get('/media/a/b.png').set('accept', HTML).expect(404);
    expect(media.body.error).toMatch(/^Not found/);
    await request(app).get('/internal/sessions/current').set('accept', HTML).expect(404);
  });

  it('refuses other methods on pages with 405 JSON', async () => {
    const { app } = fixture();
    const res = await request(app).post('/app').send('x').expect(405);
    expect(res.body).toEqual({ error: 'Method not allowed' });
    expect(res.headers.allow).toBe('GET, HEAD');
    await request(app).delete('/healthz').expect(405);
  });

  it('says so when the shell is not built', async () => {
    const app = createApp({ config: testConfig(), logger: silentLogger });
    const res = await request(app).get('/app').set('accept', HTML).expect(503);
    expect(res.body.error).toMatch(/shell is not built/);
  });
});

describe('/mf', () => {
  it('lists the local remotes in remotes.json by default', async () => {
    const { app } = fixture();
    const res = await request(app).get('/mf/remotes.json').expect(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toEqual({
      remotes: [
        { name: 'mf_create', entry: '/mf/mf-create/mf-manifest.json' },
        { name: 'mf_photoshoot', entry: '/mf/mf-photoshoot/mf-manifest.json' },
        { name: 'mf_canvas', entry: '/mf/mf-canvas/mf-manifest.json' },
        { name: 'mf_pricing', entry: '/mf/mf-pricing/mf-manifest.json' },
      ],
    });
  });

  it('points a remote at its configured URL', async () => {
    const { app } = fixture({ REMOTE_MF_CANVAS_URL: 'https://cdn.example/x' });
    const res = await request(app).get('/mf/remotes.json').expect(200);
    expect(res.body.remotes).toContainEqual({ name: 'mf_canvas', entry: 'https://cdn.example/x/mf-manifest.json' });
    expect(res.body.remotes).toContainEqual({ name: 'mf_create', entry: '/mf/mf-create/mf-manifest.json' });
  });

  it('serves a remote’s build with the caching rules and open CORS', async () => {
    const { app } = fixture();
    const manifest = await request(app).get('/mf/mf-canvas/mf-manifest.json').expect(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.headers['access-control-allow-origin']).toBe('*');
    const entry = await request(app).get('/mf/mf-canvas/remoteEntry.js').expect(200);
    expect(entry.headers['cache-control']).toBe('no-cache');
    const chunk = await request(app).get('/mf/mf-canvas/static/js/async/412.0a1b2c3d4e.js').expect(200);
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(chunk.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('answers a missing file, a remote without a build or an unknown remote with a plain 404', async () => {
    const { app } = fixture();
    await request(app).get('/mf/mf-canvas/missing.js').expect(404);
    await request(app).get('/mf/mf-create/mf-manifest.json').expect(404);
    await request(app).get('/mf/mf-pricing/mf-manifest.json').expect(404);
    const res = await request(app).get('/mf/mf-unknown/x.js').set('accept', HTML).expect(404);
    expect(res.body).toEqual({ error: 'Not found' });
    await request(app).put('/mf/remotes.json').send('{}').expect(405);
  });
});

describe('compression', () => {
  it('gzips the shell and remote text assets for a browser that accepts it, and only then', async () => {
    const { app, shell, canvas } = fixture();
    const big = `console.log(${JSON.stringify('atelier '.repeat(2000))});`;
    writeFileSync(join(shell, 'static/js/big.0123abcd.js'), big);
    const gz = await request(app).get('/static/js/big.0123abcd.js').set('accept-encoding', 'gzip').expect(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.text).toBe(big); // supertest inflates it: the same bytes arrive
    expect(gz.headers['vary']).toMatch(/accept-encoding/i);
    const plain = await request(app).get('/static/js/big.0123abcd.js').set('accept-encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(big);
    writeFileSync(join(canvas, 'static/js/async/77.0a1b2c3d4e.js'), big);
    const remote = await request(app).get('/mf/mf-canvas/static/js/async/77.0a1b2c3d4e.js').set('accept-encoding', 'gzip').expect(200);
    expect(remote.headers['content-encoding']).toBe('gzip');
    // A range is served from the file's own bytes, uncompressed, so Content-Range means what it says.
    const range = await request(app).get('/static/js/big.0123abcd.js').set('accept-encoding', 'gzip').set('range', 'bytes=0-99').expect(206);
    expect(range.headers['content-encoding']).toBeUndefined();
    expect(range.headers['content-range']).toBe(`bytes 0-99/${Buffer.byteLength(big)}`);
    expect(range.text).toBe(big.slice(0, 100));
    // Small files are not worth it.
    const small = await request(app).get('/static/js/main.3f9a1c2e.js').set('accept-encoding', 'gzip').expect(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe('compressed once, sent from memory', () => {
  const big = `console.log(${JSON.stringify('atelier studio '.repeat(3000))});`;
  it('sends brotli to a browser that takes it, gzip to one that takes only gzip, and none when refused', async () => {
    const { app, shell } = fixture();
    writeFileSync(join(shell, 'static/js/big.0123abcd.js'), big);
    // supertest inflates what arrives: the same text comes back, from a much shorter body.
    const br = await request(app).get('/static/js/big.0123abcd.js').set('accept-encoding', 'gzip, deflate, br').expect(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.text).toBe(big);
    expect(Number(br.headers['content-length'])).toBe(brotliCompressSync(big, { params: { [zlib.BROTLI_PARAM_QUALITY]: 10, [zlib.BROTLI_PARAM_SIZE_HINT]: big.length } }).length);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    const gz = await request(app).get('/static/js/big.0123abcd.js').set('accept-encoding', 'gzip').expect(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.text).toBe(big);
    expect(Number(gz.headers['content-length'])).toBe(gzipSync(big, { level: 9 }).length);
    const refused = await request(app).get('/static/js/big.0123abcd.js').set('accept-encoding', 'br;q=0, gzip;q=0').expect(200);
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.text).toBe(big);
  });

  it('sends the new file once it changes, answers a matching ETag with 304, and keeps remote headers', async () => {
    const { app, shell, canvas } = fixture();
    const file = join(shell, 'static/js/app.js');
    writeFileSync(file, big);
    const first = await request(app).get('/static/js/app.js').set('accept-encoding', 'gzip').expect(200);
    expect(first.text).toBe(big);
    const again = await request(app).get('/static/js/app.js').set('accept-encoding', 'gzip').set('if-none-match', first.headers['etag'] as string).expect(304);
    expect(again.text).toBe('');
    const changed = `${big}// changed`;
    writeFileSync(file, changed);
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const second = await request(app).get('/static/js/app.js').set('accept-encoding', 'gzip').expect(200);
    expect(second.text).toBe(changed);
    expect(second.headers['etag']).not.toBe(first.headers['etag']);
    writeFileSync(join(canvas, 'static/js/async/78.0a1b2c3d4e.js'), big);
    const remote = await request(app).get('/mf/mf-canvas/static/js/async/78.0a1b2c3d4e.js').set('accept-encoding', 'br').expect(200);
    expect(remote.headers['content-encoding']).toBe('br');
    expect(remote.headers['access-control-allow-origin']).toBe('*');
    expect(remote.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('never serves a file outside the folder or a dotfile', async () => {
    const { app, shell } = fixture();
    writeFileSync(join(shell, '.secret.js'), big);
    writeFileSync(join(shell, '..', 'outside.js'), big);
    for (const path of ['/.secret.js', '/..%2foutside.js', '/static/..%2f..%2foutside.js']) {
      const res = await request(app).get(path).set('accept-encoding', 'br');
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.text, path).not.toContain('atelier studio');
    }
  });

  it('reads Accept-Encoding with its weights', () => {
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*;q=0')).toBeNull();
  });
});

describe('security headers', () => {
  it('sends a CSP allowing self and the configured remote origins, inline styles but no inline scripts', async () => {
    const { app } = fixture({ REMOTE_MF_CANVAS_URL: 'https://cdn.example/x/', REMOTE_MF_PRICING_URL: 'https://pricing.example:8443/' });
    const res = await request(app).get('/').set('accept', HTML).expect(200);
    const csp = res.headers['content-security-policy'] as string;
    const directive = (name: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? '';
    for (const name of ['script-src', 'style-src', 'connect-src', 'img-src', 'font-src']) {
      expect(directive(name), name).toContain("'self'");
      expect(directive(name), name).toContain('https://cdn.example');
      expect(directive(name), name).toContain('https://pricing.example:8443');
    }
    expect(directive('script-src')).not.toContain('unsafe');
    expect(directive('style-src')).toContain("'unsafe-inline'");
    expect(directive('img-src')).toContain('data:');
    expect(directive('img-src')).toContain('blob:');
    expect(directive('default-src')).toBe("default-src 'self'");
    expect(directive('object-src')).toBe("object-src 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('allows the configured scene script and analytics tag, and nothing third-party otherwise', async () => {
    const cspOf = async (env: Record<string, string>) => {
      const res = await request(fixture(env).app).get('/').set('accept', HTML).expect(200);
      const csp = res.headers['content-security-policy'] as string;
      return (name: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? '';
    };
    const plain = await cspOf({});
    expect(plain('script-src')).toBe("script-src 'self'");
    expect(plain('connect-src')).toBe("connect-src 'self'");
    expect(plain('worker-src')).toBe('');
    expect(plain('frame-src')).toBe('');

    const scene = await cspOf({
      ATELIER_SCENE_SCRIPT_URL: 'https://scene.example:444/runtime/v1.js',
      ATELIER_SCENE_ASSET_ORIGINS: 'https://assets.scene.example, https://fonts.example',
    });
    // The script by its exact URL, never the whole CDN origin.
    expect(scene('script-src')).toBe("script-src 'self' https://scene.example:444/runtime/v1.js 'wasm-unsafe-eval'");
    for (const name of ['connect-src', 'img-src', 'font-src']) {
      expect(scene(name), name).toContain('https://scene.example:444');
      expect(scene(name), name).toContain('https://assets.scene.example');
      expect(scene(name), name).toContain('https://fonts.example');
    }
    expect(scene('script-src')).not.toContain('googletagmanager');
    expect(scene('worker-src')).toBe("worker-src 'self' blob:");

    const tag = await cspOf({ ATELIER_GA_MEASUREMENT_ID: 'G-ABC1234' });
    expect(tag('script-src')).toBe("script-src 'self' https://www.googletagmanager.com");
    expect(tag('connect-src')).toContain('https://*.google-analytics.com');
    expect(tag('img-src')).toContain('https://www.google-analytics.com');
    expect(tag('script-src')).not.toContain('unsafe');

    // Stripe.js only when the publishable key is configured: its script and its frames, nothing else.
    const stripe = await cspOf({ STRIPE_PUBLISHABLE_KEY: 'pk_test_51Atelier' });
    expect(stripe('script-src')).toBe("script-src 'self' https://js.stripe.com");
    expect(stripe('frame-src')).toBe("frame-src 'self' https://js.stripe.com");
    expect(stripe('connect-src')).toBe("connect-src 'self'");
    expect(plain('script-src')).not.toContain('stripe');
  });

  it('refuses a scene script that is not https, and asset origins that are not https origins', () => {
    expect(() => fixture({ ATELIER_SCENE_SCRIPT_URL: 'http://scene.example/x.js' })).toThrow(/ATELIER_SCENE_SCRIPT_URL/);
    for (const bad of ['http://a.example', 'https://a.example/path', 'not a url']) {
      expect(() => fixture({ ATELIER_SCENE_ASSET_ORIGINS: bad }), bad).toThrow(/ATELIER_SCENE_ASSET_ORIGINS/);
    }
  });

  it('turns on HSTS and upgrade-insecure-requests over https', async () => {
    const { app } = fixture({ PUBLIC_URL: 'https://atelier.example' });
    const res = await request(app).get('/healthz').expect(200);
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});
