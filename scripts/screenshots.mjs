#!/usr/bin/env node
// `npm run screenshots`: starts the product offline (as `npm start` does, on a throwaway data directory),
// makes a gallery of 12 mixed outputs with the local engine (images at several aspect ratios, a video,
// Dress Ups, an upscale) and photographs the landing, login, /app, /app/image with that gallery and the
// viewer, at 1440×900 and 390×844, into docs/screenshots/. `--no-build` skips the turbo build.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { freePort, repoRoot, startProduct } from './lib/processes.mjs';

const OUT = join(repoRoot, 'docs/screenshots');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];
/** The gallery's images: prompts a new user types, at the aspect ratios the picker offers. */
const IMAGES = [
  { prompt: 'red silk slip dress', aspectRatio: '2:3' },
  { prompt: 'man in a white linen suit on a beach at sunset', aspectRatio: '16:9' },
  { prompt: 'camel trench, crosswalk, golden hour', aspectRatio: '4:5' },
  { prompt: 'emerald sequin gown on a runway', aspectRatio: '9:16' },
  { prompt: 'cobalt denim jacket and jeans in the city at night', aspectRatio: '1:1' },
  { prompt: 'androgynous model in an ivory knit sweater, snow', aspectRatio: '3:4' },
  { prompt: 'woman in a burgundy leather coat in a garden, close-up portrait', aspectRatio: '4:5' },
];

async function api(url, cookie, method, path, body) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { cookie, ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}) },
    body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

async function settled(url, cookie, id) {
  for (let i = 0; i < 600; i += 1) {
    const generation = await api(url, cookie, 'GET', `/api/generations/${id}`);
    if (generation.status === 'completed') return generation;
    if (generation.status === 'failed') throw new Error(`generation ${id} failed: ${generation.errorMessage}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`generation ${id} did not finish`);
}

/** A garment photo as a shop would show it: a dress on white. */
function garmentPhoto() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800"><rect width="600" height="800" fill="#fbfaf8"/>
<path d="M240 90 L270 90 L300 130 L330 90 L360 90 L372 250 Q420 480 470 730 L130 730 Q180 480 228 250 Z" fill="#2f6f8f"/>
<path d="M228 250 Q300 280 372 250" stroke="#24566f" stroke-width="8" fill="none"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

/** Twelve finished outputs of every kind, oldest first. */
async function makeGallery(url, cookie) {
  const images = [];
  for (const image of IMAGES) {
    const { id } = await api(url, cookie, 'POST', '/api/generations/image', image);
    images.push(await settled(url, cookie, id));
  }
  const form = new FormData();
  form.set('file', new Blob([await garmentPhoto()], { type: 'image/jpeg' }), 'dress.jpg');
  const garment = await api(url, cookie, 'POST', '/api/uploads', form);
  for (const person of [images[0], images[1]]) {
    const { id } = await api(url, cookie, 'POST', '/api/generations/dressup', { personImageUrl: person.imageUrl, garmentImageUrl: garment.url });
    await settled(url, cookie, id);
  }
  const video = await api(url, cookie, 'POST', '/api/generations/video', { imageUrl: images[2].imageUrl, prompt: 'slow turn, wind in the coat' });
  await settled(url, cookie, video.id);
  const upscale = await api(url, cookie, 'POST', '/api/generations/upscale', { imageUrl: images[4].imageUrl });
  await settled(url, cookie, upscale.id);
  const last = await api(url, cookie, 'POST', '/api/generations/image', { prompt: 'woman in a mustard blazer and black trousers, studio, full body', aspectRatio: '2:3' });
  await settled(url, cookie, last.id);
}

async function shoot(browser, url, cookie) {
  mkdirSync(OUT, { recursive: true });
  const [name, value] = cookie.split('=');
  for (const viewport of VIEWPORTS) {
    const anonymous = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height }, reducedMotion: 'reduce' });
    const page = await anonymous.newPage();
    for (const [file, path] of [['landing', '/'], ['login', '/login']]) {
      await page.goto(`${url}${path}`, { waitUntil: 'networkidle' });
      await page.screenshot({ path: join(OUT, `${file}-${viewport.name}.png`) });
    }
    await anonymous.close();

    const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height }, reducedMotion: 'reduce' });
    await context.addCookies([{ name, value, url }]);
    // The onboarding dialog is for a first visit: these pictures show the screens behind it.
    await context.addInitScript(() => localStorage.setItem('onboardingShown', 'true'));
    const app = await context.newPage();
    await app.goto(`${url}/app`, { waitUntil: 'networkidle' });
    await app.screenshot({ path: join(OUT, `app-${viewport.name}.png`) });
    await app.goto(`${url}/app/image`, { waitUntil: 'networkidle' });
    await app.getByRole('button', { name: /^Generate/ }).first().waitFor();
    await app.waitForTimeout(1500); // the gallery's pictures
    await app.screenshot({ path: join(OUT, `image-${viewport.name}.png`), fullPage: viewport.name === 'desktop' });
    await app.getByRole('button', { name: /^Open (image|video|dress up|upscale|photoshoot|canvas)/i }).first().click();
    await app.getByRole('dialog').waitFor();
    await app.waitForTimeout(800);
    await app.screenshot({ path: join(OUT, `viewer-${viewport.name}.png`) });
    await context.close();
  }
}

const skipBuild = process.argv.includes('--no-build');
if (!skipBuild) {
  const build = spawnSync('npx', ['turbo', 'run', 'build', '--output-logs=errors-only'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const dataDir = mkdtempSync(join(tmpdir(), 'atelier-screenshots-'));
let product;
let browser;
try {
  product = await startProduct({
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(await freePort()), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    quiet: true,
  });
  const login = await fetch(`${product.url}/api/dev-login`, { redirect: 'manual' });
  const cookie = login.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error('development sign-in gave no cookie');
  await api(product.url, cookie, 'POST', '/api/dev/switch-user', { userType: 'pro' });
  console.log('Making a gallery of 12 outputs with the local engine...');
  await makeGallery(product.url, cookie);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  await shoot(browser, product.url, cookie);
  console.log(`Screenshots in ${OUT}`);
} finally {
  await browser?.close();
  await product?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
