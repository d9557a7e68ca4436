#!/usr/bin/env node
// `npm run bench`: every figure is printed beside a baseline (or a budget) measured in the same run, as a
// ratio. Writes bench/RESULTS.md with the machine and the date.
//
// Sections: gateway (a), weight (b), create (c), lighthouse (d), memory (e), dispatch (f), photoshoot (g), canvas (h), traffic (i), build (j). Run some alone
// with `npm run bench -- --only lighthouse[,weight...]` (or BENCH_ONLY=lighthouse); then only their
// sections of RESULTS.md are replaced. `--no-build` skips the turbo build when the dist folders are fresh.
// The memory section starts its own product (as `npm start` does) before the others start theirs.
import { fork, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { chromium } from 'playwright-core';
import { freePort, repoRoot, startProduct } from '../scripts/lib/processes.mjs';
import { createBench, createSection, engineTimes } from './create.mjs';
import { dispatchBench, dispatchSection } from './dispatch.mjs';
import { lighthouseBench, lighthouseSection } from './lighthouse.mjs';
import { photoshootBench, photoshootSection } from './photoshoot.mjs';
import { canvasBench, canvasSection } from './canvas.mjs';
import { memoryBench, memorySection } from './memory.mjs';
import { trafficBench, trafficSection } from './traffic.mjs';
import { buildBench, buildSection } from './build.mjs';
import { commandLine, cpuSecondsOf, procAvailable, processTree } from './procs.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = 20;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SECTIONS = ['gateway', 'weight', 'create', 'lighthouse', 'memory', 'dispatch', 'photoshoot', 'canvas', 'traffic', 'build'];
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const ratio = (a, b) => (b === 0 ? 'n/a' : (a / b).toFixed(2));
const us = (value) => (value === null ? 'n/a' : `${value.toFixed(0)} µs`);
const sumOrNull = (values) => (values.some((value) => value === null) ? null : values.reduce((a, b) => a + b, 0));
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
  const { signUserToken, serviceHeaders, IDENTITY_HEADER, SESSION_HEADER, TOKEN_TTL_SECONDS } = await import('../services/kit/dist/index.js');
  const cookie = await signIn(product.url);
  // What the gateway does for each request: resolve the session with the account service (as the
  // gateway, the only caller that route accepts), then sign the user's identity for the service.
  const resolved = await fetch(`${product.env.ACCOUNT_URL}/internal/sessions/current`, {
    headers: { [SESSION_HEADER]: cookie.split('=')[1], ...(await serviceHeaders(product.env.IDENTITY_SECRET, 'gateway', 'account')) },
  });
  if (!resolved.ok) throw new Error(`/internal/sessions/current answered ${resolved.status}`);
  const { userId, sessionId } = await resolved.json();
  // A token lives TOKEN_TTL_SECONDS: one fresh token per run, each run shorter than that; the bare proxy below holds
  // one token for its warm-up and its run, so two runs must fit.
  if (2 * DURATION_S >= TOKEN_TTL_SECONDS) throw new Error(`BENCH_DURATION_S must stay under ${TOKEN_TTL_SECONDS / 2} s (identity tokens live ${TOKEN_TTL_SECONDS} s)`);
  const identity = async () => ({ [IDENTITY_HEADER]: await signUserToken(product.env.IDENTITY_SECRET, { userId, sessionId }, { audience: 'account' }) });
  // Warm both paths so the first connections don't count.
  await load(`${product.env.ACCOUNT_URL}/api/auth/user`, await identity()).catch(() => {});
  await load(`${product.url}/api/auth/user`, { cookie }).catch(() => {});
  // CPU time of the gateway's and the account service's processes over each run, per request answered.
  const pids = procAvailable() ? processTree(process.pid).map((pid) => [pid, commandLine(pid)]) : [];
  const pidOf = (pattern) => pids.find(([, command]) => pattern.test(command))?.[0];
  const measured = { gateway: pidOf(/gateway\/dist\/server\.js/), account: pidOf(/services\/account\/dist\/server\.js/) };
  // The PostgreSQL server's processes (the postmaster and its backends: the account service reads the user on
  // each call) and this process, which runs the load generator, share the same cores.
  const postgresPids = pids.filter(([, command]) => /^postgres[: ]|\/postgres /.test(command)).map(([pid]) => pid);
  const cpu = () => ({
    ...Object.fromEntries(Object.entries(measured).map(([name, pid]) => [name, pid ? cpuSecondsOf(pid) : null])),
    postgres: postgresPids.length ? postgresPids.reduce((sum, pid) => sum + cpuSecondsOf(pid, { reaped: true }), 0) : null,
    generator: cpuSecondsOf(process.pid),
  });
  const run = async (url, headers) => {
    const before = cpu();
    const result = await load(url, headers);
    const after = cpu();
    const perRequest = (name) => (before[name] === null ? null : ((after[name] - before[name]) * 1e6) / result.requests.total);
    const cpuUs = Object.fromEntries(['gateway', 'account', 'postgres', 'generator'].map((name) => [name, perRequest(name)]));
    return { rps: result.requests.average, requests: result.requests.total, p99: result.latency.p99, non2xx: result.non2xx, cpuUs };
  };
  const direct = await run(`${product.env.ACCOUNT_URL}/api/auth/user`, await identity());
  const gateway = await run(`${product.url}/api/auth/user`, { cookie });
  // The floor: a bare node:http proxy (bench/floor-proxy.mjs) on the same path, as a process of its own, so the
  // gateway's own work can be told apart from what any Node.js hop costs on this host.
  const floorPort = await freePort();
  const floorProxy = fork(join(import.meta.dirname, 'floor-proxy.mjs'), [product.env.ACCOUNT_URL, String(floorPort), IDENTITY_HEADER, (await identity())[IDENTITY_HEADER]], { stdio: 'ignore' });
  let floor;
  try {
    await new Promise((resolve, reject) => {
      floorProxy.once('message', resolve);
      floorProxy.once('exit', (code) => reject(new Error(`floor proxy exited (${code})`)));
    });
    const floorUrl = `http://127.0.0.1:${floorPort}/api/auth/user`;
    await load(floorUrl, {}).catch(() => {});
    const before = procAvailable() ? cpuSecondsOf(floorProxy.pid) : null;
    floor = await run(floorUrl, {});
    floor.cpuUs.proxy = before === null ? null : ((cpuSecondsOf(floorProxy.pid) - before) * 1e6) / floor.requests;
  } finally {
    floorProxy.kill();
  }
  if (direct.non2xx || gateway.non2xx || floor.non2xx) throw new Error(`non-2xx answers: direct ${direct.non2xx}, gateway ${gateway.non2xx}, floor ${floor.non2xx}`);
  return { direct, gateway, floor };
}

/** A fresh context (a cold cache) whose JavaScript responses are counted as gzip -9 bytes. */
async function openCountingPage(browser, cookies = []) {
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
}

/** gzip JS bytes of `/` for a visitor, and how many of them came from a remote (served under /mf/). */
async function landingWeight(browser, url) {
  const visitor = await openCountingPage(browser);
  await visitor.page.goto(`${url}/`, { waitUntil: 'networkidle' });
  const bytes = visitor.total();
  const remoteBytes = [...visitor.seen].filter(([u]) => new URL(u).pathname.startsWith('/mf/')).reduce((a, [, b]) => a + b, 0);
  await visitor.page.context().close();
  return { bytes, remoteBytes };
}

const launchBrowser = () => chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });

/** Issue 14's page-weight budgets: gzip JavaScript of `/` and of `/app`. */
const WEIGHT_BUDGETS = { landing: 90 * 1024, app: 170 * 1024 };

/** (b) Page weight: gzip bytes of the JavaScript the browser loads, per page and per remote route. */
async function pageWeight(product) {
  const browser = await launchBrowser();
  try {
    const openPage = (cookies) => openCountingPage(browser, cookies);
    const landing = await landingWeight(browser, product.url);

    const cookie = await signIn(product.url);
    // A Basic user: Photoshoots open only with a photoshoot left (a free user meets the limit dialog).
    await fetch(`${product.url}/api/dev/switch-user`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ userType: 'basic' }) });
    const [name, value] = cookie.split('=');
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
      // A remote whose script never arrived (e.g. its dist was being rebuilt) is reported, not counted as 0.
      const remoteFolder = label.split(' ')[0];
      const loaded = [...tab.seen.keys()].some((u) => new URL(u).pathname.startsWith(`/mf/${remoteFolder}/`));
      remotes[label] = loaded ? tab.total() - before : null;
      await tab.page.context().close();
    }
    return { landing: landing.bytes, landingRemoteBytes: landing.remoteBytes, app, remotes };
  } finally {
    await browser.close();
  }
}

function machine() {
  const cpu = cpus()[0]?.model ?? 'unknown cpu';
  return `${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${process.platform}`;
}

function parseArgs(argv) {
  const onlyIndex = argv.indexOf('--only');
  const onlyArg = argv.find((a) => a.startsWith('--only='))?.slice('--only='.length) ?? (onlyIndex >= 0 ? argv[onlyIndex + 1] : undefined);
  const only = (onlyArg ?? process.env.BENCH_ONLY ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = only.filter((name) => !SECTIONS.includes(name));
  if (unknown.length) {
    console.error(`Unknown section(s): ${unknown.join(', ')}. Sections: ${SECTIONS.join(', ')}.`);
    process.exit(2);
  }
  return { sections: only.length ? only : SECTIONS, partial: only.length > 0, build: !argv.includes('--no-build') };
}

/** Replaces (or adds) the `## (x)` sections of an existing RESULTS.md, keeping the others and their order. */
function mergeSections(existing, fresh) {
  const split = (text) => {
    const parts = text.split(/^(?=## \()/m);
    const head = parts[0].startsWith('## (') ? '' : parts.shift();
    return { head, sections: new Map(parts.map((part) => [part.slice(4, 5), part.replace(/\n*$/, '\n\n')])) };
  };
  const old = split(existing);
  const next = split(fresh);
  for (const [key, text] of next.sections) old.sections.set(key, text);
  const ordered = [...old.sections.keys()].sort();
  return (old.head + ordered.map((key) => old.sections.get(key)).join('')).replace(/\n+$/, '\n');
}

const options = parseArgs(process.argv.slice(2));
const wants = (name) => options.sections.includes(name);

if (options.build && !wants('build')) {
  const build = spawnSync('npx', ['turbo', 'run', 'build', '--output-logs=errors-only'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const today = new Date().toISOString().slice(0, 10);
/** Each section's lines by its letter; written in letter order whatever order they ran in. */
const sections = new Map();

// The build section times the builds itself (a forced cold one, then a cached one), before the others run.
if (wants('build')) {
  console.log('Build and start: a cold turbo build, a cached one, npm start to /healthz...');
  sections.set('j', buildSection(await buildBench(repoRoot), ratio));
}

if (wants('memory')) {
  if (!procAvailable()) throw new Error('the memory section reads /proc/<pid>/smaps_rollup (Linux)');
  console.log('Memory: the product as `npm start` runs it, idle, then 50 images...');
  sections.set('e', memorySection(await memoryBench(repoRoot), ratio));
}

if (wants('traffic')) {
  console.log('Sustained traffic: the highest mixed read rate held 60 s, one replica and two...');
  sections.set('i', trafficSection(await trafficBench(), ratio));
}

if (options.sections.some((name) => !['memory', 'traffic', 'build'].includes(name))) {
  const dataDir = mkdtempSync(join(tmpdir(), 'atelier-bench-'));
  let product;
  try {
    product = await startProduct({
      env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(await freePort()), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      quiet: true,
    });
    await runSections(product);
  } finally {
    await product?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function runSections(product) {
  if (wants('gateway')) {
    console.log(`Gateway overhead: autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per side...`);
    const overhead = await gatewayOverhead(product);
    const gatewayCpuUs = sumOrNull(Object.values(overhead.gateway.cpuUs));
    sections.set('a', [
      `## (a) Gateway cost — \`GET /api/auth/user\` signed in, ${CONNECTIONS} connections, ${DURATION_S} s each`,
      ``,
      `| path | requests/s | p99 latency | CPU per request: gateway | account service | PostgreSQL | load generator |`,
      `|---|---|---|---|---|---|---|`,
      `| straight to the account service (baseline) | ${overhead.direct.rps.toFixed(0)} | ${overhead.direct.p99} ms | — | ${us(overhead.direct.cpuUs.account)} | ${us(overhead.direct.cpuUs.postgres)} | ${us(overhead.direct.cpuUs.generator)} |`,
      `| through the gateway | ${overhead.gateway.rps.toFixed(0)} | ${overhead.gateway.p99} ms | ${us(overhead.gateway.cpuUs.gateway)} | ${us(overhead.gateway.cpuUs.account)} | ${us(overhead.gateway.cpuUs.postgres)} | ${us(overhead.gateway.cpuUs.generator)} |`,
      `| a bare node:http proxy (bench/floor-proxy.mjs: no Express, session, logging or headers) | ${overhead.floor.rps.toFixed(0)} | ${overhead.floor.p99} ms | ${us(overhead.floor.cpuUs.proxy)} (the bare proxy) | ${us(overhead.floor.cpuUs.account)} | ${us(overhead.floor.cpuUs.postgres)} | ${us(overhead.floor.cpuUs.generator)} |`,
      `| **ratio gateway ÷ direct** (budget ≥ 0.85 and ≤ 1.20) | **${ratio(overhead.gateway.rps, overhead.direct.rps)}** ${overhead.gateway.rps / overhead.direct.rps >= 0.85 ? 'within' : 'FAIL'} | **${ratio(overhead.gateway.p99, overhead.direct.p99)}** ${overhead.gateway.p99 / overhead.direct.p99 <= 1.2 ? 'within' : 'FAIL'} | | | | |`,
      ``,
      `CPU per request: each process's user + system CPU time over the run (/proc), divided by the requests answered ` +
        `(PostgreSQL: the server's processes together; load generator: this bench process, autocannon). ` +
        `The load generator, the hop, the service and PostgreSQL share the host's ${cpus().length} cores: straight to the service, ` +
        `the service's one thread is the limit (${us(1e6 / overhead.direct.rps)} of wall time per request); through the gateway, the cores are: ` +
        `${us(gatewayCpuUs)} of CPU per request in all, at most ${gatewayCpuUs === null ? 'n/a' : ((cpus().length * 1e6) / gatewayCpuUs).toFixed(0)} requests/s on ${cpus().length} cores.`,
      ``,
      `The bare proxy is the floor of any Node.js hop here: its ratio to direct is ${ratio(overhead.floor.rps, overhead.direct.rps)} (requests/s) and ` +
        `${ratio(overhead.floor.p99, overhead.direct.p99)} (p99); the gateway reaches ${ratio(overhead.gateway.rps, overhead.floor.rps)} of its requests/s.`,
      ``,
    ]);
  }
  let landingJs;
  if (wants('weight')) {
    console.log('Page weight: Chromium, gzip -9 of every JavaScript response...');
    const weight = await pageWeight(product);
    landingJs = { bytes: weight.landing, remoteBytes: weight.landingRemoteBytes };
    sections.set('b', [
      `## (b) Page weight — gzip bytes of JavaScript loaded (cold cache)`,
      ``,
      `| page | gzip JS | ratio to \`/\` (baseline) | budget (issue 14) |`,
      `|---|---|---|---|`,
      `| \`/\` (baseline) | ${kb(weight.landing)} | 1.00 | ${kb(WEIGHT_BUDGETS.landing)} (${ratio(weight.landing, WEIGHT_BUDGETS.landing)}) ${weight.landing <= WEIGHT_BUDGETS.landing ? 'within' : 'FAIL'} |`,
      `| \`/app\` | ${kb(weight.app)} | ${ratio(weight.app, weight.landing)} | ${kb(WEIGHT_BUDGETS.app)} (${ratio(weight.app, WEIGHT_BUDGETS.app)}) ${weight.app <= WEIGHT_BUDGETS.app ? 'within' : 'FAIL'} |`,
      ``,
      `| remote route opened from \`/app\` | extra gzip JS | ratio to \`/app\` |`,
      `|---|---|---|`,
      ...Object.entries(weight.remotes).map(([label, bytes]) =>
        bytes === null ? `| ${label} | **its script did not load** | n/a |` : `| ${label} | ${kb(bytes)} | ${ratio(bytes, weight.app)} |`,
      ),
      ``,
    ]);
  }
  let engine;
  if (wants('create')) {
    console.log('Generation: local engine alone, then 50 images queued at once through the gateway...');
    const generation = await createBench(product);
    engine = generation.engine;
    sections.set('c', createSection(generation, ratio));
  }
  if (wants('lighthouse')) {
    if (!landingJs) {
      // Run alone: the same measure as section (b), for `/` only.
      const browser = await launchBrowser();
      try {
        landingJs = await landingWeight(browser, product.url);
      } finally {
        await browser.close();
      }
    }
    console.log('Lighthouse: mobile emulation, simulated throttling, `/`, `/login`, `/pricing`, `/app/image` signed in...');
    const results = await lighthouseBench(product.url, { chromium: CHROMIUM, flags: CHROMIUM_ARGS, cookie: await signIn(product.url) });
    sections.set('d', lighthouseSection(results, landingJs, ratio));
    for (const page of results.pages) console.log(`  ${page.path}: full report ${page.reportFile}`);
  }
  if (wants('photoshoot')) {
    console.log('Photoshoot: one shoot of 10 poses, then Download All\'s zip in Chromium beside zip -0...');
    sections.set('g', photoshootSection(await photoshootBench(product, { signIn, launchBrowser }), ratio));
  }
  if (wants('canvas')) {
    console.log('Canvas: a 24-megapixel JPEG processed in Chromium beside sharp, then one local edit...');
    sections.set('h', canvasSection(await canvasBench(product, { signIn, launchBrowser }), ratio));
  }
  if (wants('dispatch')) {
    console.log('Job dispatch: 200 generations one at a time on the product, then kit alone...');
    engine ??= await engineTimes({ video: false });
    sections.set('f', dispatchSection(await dispatchBench(product, engine), ratio));
  }
}

const body = [...sections.keys()].sort().flatMap((key) => sections.get(key));
const resultsFile = join(repoRoot, 'bench/RESULTS.md');
const header = [
  `# Benchmarks`,
  ``,
  `Run: ${today} · Machine: ${machine()}`,
  ``,
  `Each figure sits beside a baseline (or a budget) measured in the same run; the ratio is figure ÷ baseline.`,
  ``,
];
let report;
if (options.partial && existsSync(resultsFile)) {
  const note = `_Sections ${options.sections.join(', ')} re-run alone on ${today} (\`--only\`) · Machine: ${machine()}._`;
  const fresh = body.join('\n').replace(/^(## \(.\).*\n)/gm, `$1\n${note}\n`);
  report = mergeSections(readFileSync(resultsFile, 'utf8'), fresh);
} else {
  report = [...header, ...body].join('\n');
}
writeFileSync(resultsFile, report);
console.log('\n' + body.join('\n'));
