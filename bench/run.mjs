#!/usr/bin/env node
// `npm run bench`: every figure is printed beside a baseline measured in the same run, as a ratio.
// Writes bench/RESULTS.md with the machine and the date.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { chromium } from 'playwright-core';
import { freePort, repoRoot, startProduct } from '../scripts/lib/processes.mjs';
import { createBench, createSection } from './create.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = 20;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const ratio = (a, b) => (b === 0 ? 'n/a' : (a / b).toFixed(2));
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function load(url, headers) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

async function signIn(url) {
  const response = await fetch(`${url}/api/dev-login`, { redirect: 'manual' });
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error('development sign-in gave no cookie');
  return cookie;
}

/** (a) The gateway's cost: the same signed-in call through the gateway and straight to the service. */
async function gatewayOverhead(product) {
  const { signToken, serviceHeaders, IDENTITY_HEADER } = await import('../services/kit/dist/index.js');
  const cookie = await signIn(product.url);
  const session = await (await fetch(`${product.url}/api/auth/user`, { headers: { cookie } })).json();
  const resolved = await fetch(`${product.env.ACCOUNT_URL}/internal/sessions/current`, {
    headers: {
      'x-atelier-session': cookie.split('=')[1],
      ...serviceHeaders(product.env.IDENTITY_SECRET, 'bench'),
    },
  }).then((r) => r.json());
  const identity = signToken(
    product.env.IDENTITY_SECRET,
    { typ: 'user', uid: session.id, sid: resolved.sessionId },
    { ttlSeconds: 3600 },
  );
  // Warm both paths so the first connections don't count.
  await load(`${product.env.ACCOUNT_URL}/api/auth/user`, { [IDENTITY_HEADER]: identity }).catch(() => {});
  const direct = await load(`${product.env.ACCOUNT_URL}/api/auth/user`, { [IDENTITY_HEADER]: identity });
  const gateway = await load(`${product.url}/api/auth/user`, { cookie });
  if (direct.non2xx || gateway.non2xx) throw new Error(`non-2xx answers: direct ${direct.non2xx}, gateway ${gateway.non2xx}`);
  return {
    direct: { rps: direct.requests.average, p99: direct.latency.p99 },
    gateway: { rps: gateway.requests.average, p99: gateway.latency.p99 },
  };
}

/** (b) Page weight: gzip bytes of the JavaScript the browser loads, per page and per remote route. */
async function pageWeight(product) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  try {
    // A fresh context per page is a cold cache.
    const openPage = async (cookies = []) => {
      const context = await browser.newContext();
      await context.addCookies(cookies);
      const page = await context.newPage();
      const seen = new Map();
      page.on('response', async (response) => {
        const type = response.headers()['content-type'] ?? '';
        if (!/javascript/.test(type)) return;
        try {
          seen.set(response.url(), gzipSync(await response.body(), { level: 9 }).length);
        } catch {
          // a response without a body adds nothing
        }
      });
      const total = () => [...seen.values()].reduce((a, b) => a + b, 0);
      return { page, seen, total };
    };

    const visitor = await openPage();
    await visitor.page.goto(`${product.url}/`, { waitUntil: 'networkidle' });
    const landing = visitor.total();

    const [name, value] = (await signIn(product.url)).split('=');
    const cookies = [{ name, value, url: product.url }];
    const member = await openPage(cookies);
    await member.page.goto(`${product.url}/app`, { waitUntil: 'networkidle' });
    const app = member.total();

    const remotes = {};
    for (const [label, path] of [
      ['mf-create (/app/image)', '/app/image'],
      ['mf-photoshoot (/app/photoshoots)', '/app/photoshoots'],
      ['mf-canvas (/app/canvas)', '/app/canvas'],
      ['mf-pricing (/pricing)', '/pricing'],
    ]) {
      // Open /app cold, then navigate inside the app so only what the remote adds is counted.
      const tab = await openPage(cookies);
      await tab.page.goto(`${product.url}/app`, { waitUntil: 'networkidle' });
      const before = tab.total();
      await tab.page.evaluate((to) => {
        window.history.pushState({}, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await tab.page.waitForLoadState('networkidle');
      await tab.page.waitForTimeout(500);
      remotes[label] = tab.total() - before;
      await tab.page.context().close();
    }
    return { landing, app, remotes };
  } finally {
    await browser.close();
  }
}

function machine() {
  const cpu = cpus()[0]?.model ?? 'unknown cpu';
  return `${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${process.platform}`;
}

const build = spawnSync('npx', ['turbo', 'run', 'build', '--output-logs=errors-only'], { cwd: repoRoot, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const dataDir = mkdtempSync(join(tmpdir(), 'atelier-bench-'));
const product = await startProduct({
  env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(await freePort()), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  quiet: true,
});
let report;
try {
  console.log(`Gateway overhead: autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per side...`);
  const overhead = await gatewayOverhead(product);
  console.log('Page weight: Chromium, gzip -9 of every JavaScript response...');
  const weight = await pageWeight(product);
  console.log('Generation: local engine alone, then 50 images queued at once through the gateway...');
  const generation = await createBench(product, signIn);

  const lines = [
    `# Benchmarks`,
    ``,
    `Run: ${new Date().toISOString().slice(0, 10)} · Machine: ${machine()}`,
    ``,
    `Each figure sits beside a baseline measured in the same run; the ratio is figure ÷ baseline.`,
    ``,
    `## (a) Gateway cost — \`GET /api/auth/user\` signed in, ${CONNECTIONS} connections, ${DURATION_S} s each`,
    ``,
    `| path | requests/s | p99 latency |`,
    `|---|---|---|`,
    `| straight to the account service (baseline) | ${overhead.direct.rps.toFixed(0)} | ${overhead.direct.p99} ms |`,
    `| through the gateway | ${overhead.gateway.rps.toFixed(0)} | ${overhead.gateway.p99} ms |`,
    `| **ratio gateway ÷ direct** | **${ratio(overhead.gateway.rps, overhead.direct.rps)}** | **${ratio(overhead.gateway.p99, overhead.direct.p99)}** |`,
    ``,
    `## (b) Page weight — gzip bytes of JavaScript loaded (cold cache)`,
    ``,
    `| page | gzip JS | ratio to \`/\` (baseline) |`,
    `|---|---|---|`,
    `| \`/\` (baseline) | ${kb(weight.landing)} | 1.00 |`,
    `| \`/app\` | ${kb(weight.app)} | ${ratio(weight.app, weight.landing)} |`,
    ``,
    `| remote route opened from \`/app\` | extra gzip JS | ratio to \`/app\` |`,
    `|---|---|---|`,
    ...Object.entries(weight.remotes).map(([label, bytes]) => `| ${label} | ${kb(bytes)} | ${ratio(bytes, weight.app)} |`),
    ``,
    ...createSection(generation, ratio),
  ];
  report = lines.join('\n');
} finally {
  await product.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
writeFileSync(join(repoRoot, 'bench/RESULTS.md'), report);
console.log('\n' + report);
