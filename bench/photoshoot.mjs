// `npm run bench` section (g): one photoshoot's makespan with the local engine beside what its engine
// work alone takes, and Download All's zip in Chromium beside `zip -0` of the same 10 photos.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const POSE_RUNS = 3;
const ZIP_RUNS = 5;
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function garmentPng() {
  const sharp = (await import('sharp')).default;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800"><rect width="600" height="800" fill="#ffffff"/>
<path d="M200,90 L400,90 L540,190 L480,280 L430,240 L430,640 L170,640 L170,240 L120,280 L60,190 Z" fill="#1f6f5c"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The local engine alone, in this process: one pose of a house character wearing the garment. */
async function poseTime(garment) {
  const { createLocalEngine, HOUSE_CAST } = await import('../services/engines/dist/index.js');
  const engine = createLocalEngine();
  const model = HOUSE_CAST[0];
  const portrait = await engine.characterPreview({ description: model.description, look: model.look, seed: 1, poseIndex: 0 });
  await engine.photoshootPose({ characterImage: portrait.data, garment, poseIndex: 0 }); // warm-up
  const times = [];
  for (let i = 0; i < POSE_RUNS; i += 1) {
    const start = performance.now();
    await engine.photoshootPose({ characterImage: portrait.data, garment, poseIndex: (i * 3 + 1) % 10 });
    times.push(performance.now() - start);
  }
  return median(times);
}

/** One photoshoot through the gateway by a Pro user, timed from the 202 to the last pose (polled every 100 ms). */
async function oneShoot(product, signIn, garment) {
  const { serviceHeaders } = await import('../services/kit/dist/index.js');
  const cookie = await signIn(product.url);
  const user = await (await fetch(`${product.url}/api/auth/user`, { headers: { cookie } })).json();
  const plan = await fetch(`${product.env.ACCOUNT_URL}/internal/plans/set`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(await serviceHeaders(product.env.IDENTITY_SECRET, 'billing', 'account')) },
    body: JSON.stringify({ userId: user.id, plan: 'pro' }),
  });
  if (!plan.ok) throw new Error(`plans/set answered ${plan.status}`);
  // The house cast's portraits exist once the template answers.
  await fetch(`${product.url}/api/avatar/template`);
  const cast = await (await fetch(`${product.url}/api/avatar/characters`, { headers: { cookie } })).json();
  const form = new FormData();
  form.set('characterId', cast[0].characterId);
  form.set('clothingImage', new Blob([new Uint8Array(garment)], { type: 'image/png' }), 'garment.png');
  const started = performance.now();
  const response = await fetch(`${product.url}/api/avatar/generate`, { method: 'POST', headers: { cookie }, body: form });
  if (response.status !== 202) throw new Error(`generate answered ${response.status}: ${await response.text()}`);
  const { jobId } = await response.json();
  const accepted = performance.now();
  for (;;) {
    const job = await (await fetch(`${product.url}/api/avatar/job/${jobId}`, { headers: { cookie } })).json();
    if (job.status === 'failed') throw new Error(`the photoshoot failed: ${job.errorMessage}`);
    if (job.status === 'completed') return { makespanMs: performance.now() - accepted, startMs: accepted - started, photos: job.generations, cookie };
    if (performance.now() - started > 10 * 60_000) throw new Error('the photoshoot did not finish within 10 minutes');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Download All's work in Chromium: fetch the 10 photos as blobs and zip them with jszip (STORE), the
 * library and options the wizard uses; beside `zip -0` of the same files on disk.
 */
async function zipTimes(product, launchBrowser, photos, cookie) {
  const jszipSource = readFileSync(createRequire(import.meta.url).resolve('jszip/dist/jszip.min.js'), 'utf8');
  const browser = await launchBrowser();
  let browser_;
  let zipBytes;
  try {
    // The bench injects jszip as an inline script (the product's CSP allows only its own scripts).
    const context = await browser.newContext({ bypassCSP: true });
    const [name, value] = cookie.split('=');
    await context.addCookies([{ name, value, url: product.url }]);
    const page = await context.newPage();
    await page.goto(`${product.url}/app`, { waitUntil: 'networkidle' });
    await page.addScriptTag({ content: jszipSource });
    const fetchRuns = [];
    const zipRuns = [];
    for (let i = 0; i < ZIP_RUNS; i += 1) {
      const result = await page.evaluate(async (urls) => {
        const start = performance.now();
        // As the wizard does (mf-photoshoot utils/download-photos.ts): each photo as a blob, its bytes to jszip.
        const photos = await Promise.all(
          urls.map(async (url) => new Uint8Array(await (await (await fetch(`${url}?run=${Math.random()}`, { cache: 'no-store' })).blob()).arrayBuffer())),
        );
        const fetched = performance.now();
        const zip = new window.JSZip();
        photos.forEach((bytes, n) => zip.file(`pose_${n + 1}.jpg`, bytes, { binary: true }));
        const out = await zip.generateAsync({ type: 'blob', compression: 'STORE', streamFiles: true, mimeType: 'application/zip' });
        return { fetchMs: fetched - start, zipMs: performance.now() - fetched, bytes: out.size };
      }, photos.map((p) => p.imageUrl));
      fetchRuns.push(result.fetchMs);
      zipRuns.push(result.zipMs);
      zipBytes = result.bytes;
    }
    browser_ = { fetchMs: median(fetchRuns), zipMs: median(zipRuns) };
  } finally {
    await browser.close();
  }

  const dir = mkdtempSync(join(tmpdir(), 'atelier-bench-zip-'));
  try {
    const files = [];
    for (const [n, photo] of photos.entries()) {
      const file = join(dir, `pose_${n + 1}.jpg`);
      writeFileSync(file, Buffer.from(await (await fetch(`${product.url}${photo.imageUrl}`)).arrayBuffer()));
      files.push(file);
    }
    if (spawnSync('zip', ['-v'], { stdio: 'ignore' }).status !== 0) return { ...browser_, zipBytes, nativeMs: null };
    const runs = [];
    for (let i = 0; i < ZIP_RUNS; i += 1) {
      rmSync(join(dir, 'out.zip'), { force: true });
      const start = performance.now();
      execFileSync('zip', ['-0', '-q', '-j', join(dir, 'out.zip'), ...files]);
      runs.push(performance.now() - start);
    }
    return { ...browser_, zipBytes, nativeMs: median(runs) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function photoshootBench(product, { signIn, launchBrowser }) {
  const garment = await garmentPng();
  const poseMs = await poseTime(garment);
  const shoot = await oneShoot(product, signIn, garment);
  const zip = await zipTimes(product, launchBrowser, shoot.photos, shoot.cookie);
  const workers = Number(product.env.PHOTOSHOOT_CONCURRENCY ?? 2);
  return { poseMs, workers, ...shoot, zip };
}

export function photoshootSection(result, ratio) {
  const ideal = (10 * result.poseMs) / result.workers;
  const zipRatio = result.zip.nativeMs ? result.zip.zipMs / result.zip.nativeMs : null;
  return [
    `## (g) Photoshoot — one shoot of 10 poses (local engine), and Download All's zip`,
    ``,
    `| figure | time | baseline | ratio |`,
    `|---|---|---|---|`,
    `| one pose, local engine alone (median of ${POSE_RUNS}) | ${result.poseMs.toFixed(0)} ms | — | — |`,
    `| one photoshoot, 202 → completed (${result.workers} workers) | ${result.makespanMs.toFixed(0)} ms | 10 × pose ÷ ${result.workers} workers = ${ideal.toFixed(0)} ms | ${ratio(result.makespanMs, ideal)} |`,
    `| the start request (upload, checks, allowance, 10 jobs) | ${result.startMs.toFixed(0)} ms | — | — |`,
    `| Download All in Chromium: fetching the 10 photos (blobs, then their bytes) (median of ${ZIP_RUNS}) | ${result.zip.fetchMs.toFixed(0)} ms | — | — |`,
    result.zip.nativeMs === null
      ? `| Download All in Chromium: jszip STORE of the 10 photos (median of ${ZIP_RUNS}) | ${result.zip.zipMs.toFixed(0)} ms | \`zip -0\` not installed | n/a |`
      : `| Download All in Chromium: jszip STORE of the 10 photos (median of ${ZIP_RUNS}) | ${result.zip.zipMs.toFixed(0)} ms | \`zip -0\` of the same files: ${result.zip.nativeMs.toFixed(0)} ms | **${zipRatio.toFixed(2)}** (budget 1.30 — ${zipRatio <= 1.3 ? 'pass' : 'FAIL'}) |`,
    ``,
    `The zip holds ${(result.zip.zipBytes / 1024).toFixed(0)} KB. The zip figure starts with the 10 photos' bytes in memory (fetched in the row above) and ends with the zip as a blob; \`zip -0\` (a process) reads them from disk and writes the zip.`,
    ``,
  ];
}
