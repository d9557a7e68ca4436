import { randomBytes } from 'node:crypto';
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import sharp from 'sharp';
import { personPng } from '../support/create-images';
import { signInAsNewFreeUser } from '../support/create-session';

// The canvas editor in a real Chromium against the real product: SPEC.md §5's processing rule run by the
// remote's Web Worker (loaded from the remote's own path, /mf/mf-canvas/) on files generated at the rule's
// boundaries, then an edit through the canvas service with the actions on the image, at 1440×900 and 390×844.

const MB2 = 2 * 1024 * 1024;
const EDIT_TIMEOUT = 120_000;

interface Fixture {
  name: string;
  mimeType: 'image/jpeg' | 'image/png';
  buffer: Buffer;
}

/**
 * An RGB picture: a gradient, a block of noise in its lower left third (so it weighs something), and, with
 * `marker`, a pure red block in the stored top-left corner (to see where EXIF orientation put it).
 */
function raw(width: number, height: number, { marker = false, noisy = true } = {}): ReturnType<typeof sharp> {
  const pixels = Buffer.alloc(width * height * 3);
  const noise = randomBytes(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = (y * width + x) * 3;
      if (marker && x < width / 10 && y < height / 10) {
        pixels[p] = 255;
        pixels[p + 1] = 0;
        pixels[p + 2] = 0;
      } else if (noisy && x < width / 3 && y > height / 2) {
        pixels[p] = noise[p]!;
        pixels[p + 1] = noise[p + 1]!;
        pixels[p + 2] = noise[p + 2]!;
      } else {
        pixels[p] = Math.round((x / width) * 200) + 30;
        pixels[p + 1] = Math.round((y / height) * 200) + 30;
        pixels[p + 2] = 140;
      }
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

/** Pads a JPEG with comment segments (after its APPn segments) to exactly `size` bytes: the pixels stay the same. */
function padJpeg(jpeg: Buffer, size: number): Buffer {
  let at = 2; // after SOI
  while (jpeg[at] === 0xff && ((jpeg[at + 1]! >= 0xe0 && jpeg[at + 1]! <= 0xef) || jpeg[at + 1] === 0xfe)) at += 2 + jpeg.readUInt16BE(at + 2);
  let missing = size - jpeg.length;
  if (missing < 4) throw new Error(`cannot pad a ${jpeg.length}-byte JPEG to ${size} bytes`);
  const segments: Buffer[] = [];
  while (missing > 0) {
    let data = Math.min(missing - 4, 65_533);
    if (missing - (data + 4) > 0 && missing - (data + 4) < 4) data -= 4; // leave room for a last whole segment
    const segment = Buffer.alloc(4 + data, 0x20);
    segment[0] = 0xff;
    segment[1] = 0xfe; // COM
    segment.writeUInt16BE(data + 2, 2);
    segments.push(segment);
    missing -= segment.length;
  }
  return Buffer.concat([jpeg.subarray(0, at), ...segments, jpeg.subarray(at)]);
}

const jpeg = async (width: number, height: number, size?: number) => {
  const buffer = await raw(width, height).jpeg({ quality: 80 }).toBuffer();
  return size === undefined ? buffer : padJpeg(buffer, size);
};
const png = (width: number, height: number, noisy = true) => raw(width, height, { noisy }).png({ compressionLevel: 9 }).toBuffer();

interface Sent {
  mime: string;
  bytes: Buffer;
  format: string | undefined;
  width: number | undefined;
  height: number | undefined;
}

/** Chooses the file as the main image and reads back what the canvas shows (and an edit would send). */
async function processOnCanvas(page: Page, fixture: Fixture): Promise<Sent> {
  const image = page.getByRole('img', { name: 'Main image' });
  const shown = async () => ((await image.count()) > 0 ? await image.getAttribute('src') : null);
  const before = await shown();
  await page.getByLabel('Main image').setInputFiles(fixture);
  await expect.poll(shown, { timeout: 30_000, message: `${fixture.name} was not shown` }).not.toBe(before);
  const dataUrl = (await shown())!;
  const match = /^data:([^;]+);base64,(.*)$/s.exec(dataUrl);
  expect(match, `${fixture.name}: a base64 data URL`).not.toBeNull();
  const bytes = Buffer.from(match![2]!, 'base64');
  const meta = await sharp(bytes).metadata();
  return { mime: match![1]!, bytes, format: meta.format, width: meta.width, height: meta.height };
}

/** The IJG standard luminance quantisation table scaled for a quality (libjpeg's jpeg_set_quality), sorted. */
function ijgLuminanceTable(quality: number): number[] {
  const standard = [
    16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62,
    18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
  ];
  const scale = quality < 50 ? 5000 / quality : 200 - quality * 2;
  return standard.map((value) => Math.min(255, Math.max(1, Math.floor((value * scale + 50) / 100)))).sort((a, b) => a - b);
}

/** The JPEG's first (luminance) quantisation table, sorted (order does not matter for the comparison). */
function luminanceTable(jpegBytes: Buffer): number[] {
  for (let at = 2; at < jpegBytes.length - 4; ) {
    if (jpegBytes[at] !== 0xff) throw new Error(`no marker at ${at}`);
    const marker = jpegBytes[at + 1]!;
    const length = jpegBytes.readUInt16BE(at + 2);
    if (marker === 0xdb && (jpegBytes[at + 4]! & 0x0f) === 0 && jpegBytes[at + 4]! >> 4 === 0) {
      return [...jpegBytes.subarray(at + 5, at + 5 + 64)].sort((a, b) => a - b);
    }
    at += 2 + length;
  }
  throw new Error('no 8-bit luminance quantisation table');
}

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

/** Every <img> matched has decoded real pixels. */
async function expectImageLoads(image: Locator) {
  await expect
    .poll(() => image.evaluate((img: { complete: boolean; naturalWidth: number }) => img.complete && img.naturalWidth), { timeout: 15_000 })
    .toBeGreaterThan(0);
}

test.describe('canvas image processing (SPEC §5) in the remote worker', () => {
  test('files at the rule boundaries go as they are or are scaled and re-encoded as PNG or JPEG 0.95, EXIF orientation honoured', async ({ page, baseURL }) => {
    test.setTimeout(240_000);
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    await signInAsNewFreeUser(page);
    await page.goto('/app/canvas');
    await expect(page.getByRole('heading', { level: 1, name: 'Canvas Editing' })).toBeVisible();

    await test.step('under 2 MB, both sides 2048: as it is, byte for byte', async () => {
      const under = { name: 'under-2mb.jpg', mimeType: 'image/jpeg', buffer: await jpeg(2048, 2048, MB2 - 1) } as const;
      expect(under.buffer.length).toBe(MB2 - 1);
      const sent = await processOnCanvas(page, under);
      expect(sent.mime).toBe('image/jpeg');
      expect(sent.bytes.equals(under.buffer)).toBe(true);

      const small = { name: 'small-2048.png', mimeType: 'image/png', buffer: await png(2048, 2048, false) } as const;
      expect(small.buffer.length).toBeLessThan(MB2);
      const sentPng = await processOnCanvas(page, small);
      expect(sentPng.mime).toBe('image/png');
      expect(sentPng.bytes.equals(small.buffer)).toBe(true);
    });

    // The worker did it, loaded from the remote's publicPath, not the page's.
    expect(workers.some((url) => url.startsWith(`${baseURL}/mf/mf-canvas/canvas-image-processing.`))).toBe(true);

    await test.step('exactly 2 MB and just over, sides 2048: re-encoded as JPEG (4.2 MP) at the same size', async () => {
      for (const size of [MB2, MB2 + 1]) {
        const fixture = { name: `${size}.jpg`, mimeType: 'image/jpeg', buffer: await jpeg(2048, 2048, size) } as const;
        const sent = await processOnCanvas(page, fixture);
        expect(sent).toMatchObject({ mime: 'image/jpeg', format: 'jpeg', width: 2048, height: 2048 });
        expect(sent.bytes.equals(fixture.buffer)).toBe(false);
      }
    });

    await test.step('a 2049 px side, however small the file: scaled to fit 2048 × 2048', async () => {
      const wide = await processOnCanvas(page, { name: 'wide.png', mimeType: 'image/png', buffer: await png(2049, 1000) });
      expect(wide).toMatchObject({ mime: 'image/jpeg', format: 'jpeg', width: 2048, height: 1000 }); // 2,048,000 px
      const tall = await processOnCanvas(page, { name: 'tall.png', mimeType: 'image/png', buffer: await png(1000, 2049) });
      expect(tall).toMatchObject({ mime: 'image/jpeg', format: 'jpeg', width: 1000, height: 2048 });
    });

    await test.step('results just under and just over 1,000,000 pixels: PNG, then JPEG', async () => {
      const under = await processOnCanvas(page, { name: 'strip-under.png', mimeType: 'image/png', buffer: await png(4096, 976) });
      expect(under).toMatchObject({ mime: 'image/png', format: 'png', width: 2048, height: 488 }); // 999,424 px
      const over = await processOnCanvas(page, { name: 'strip-over.png', mimeType: 'image/png', buffer: await png(4096, 978) });
      expect(over).toMatchObject({ mime: 'image/jpeg', format: 'jpeg', width: 2048, height: 489 }); // 1,001,472 px

      // Over 2 MB at their own size (not scaled): 999 × 1000 is under 1,000,000 pixels, 1000 × 1000 is not.
      const pngSized = await processOnCanvas(page, { name: '999x1000.jpg', mimeType: 'image/jpeg', buffer: await jpeg(999, 1000, MB2 + 1000) });
      expect(pngSized).toMatchObject({ mime: 'image/png', format: 'png', width: 999, height: 1000 });
      const jpegSized = await processOnCanvas(page, { name: '1000x1000.jpg', mimeType: 'image/jpeg', buffer: await jpeg(1000, 1000, MB2 + 1000) });
      expect(jpegSized).toMatchObject({ mime: 'image/jpeg', format: 'jpeg', width: 1000, height: 1000 });
    });

    await test.step('JPEG at quality 0.95: the quantisation table is libjpeg\'s for quality 95', async () => {
      const sent = await processOnCanvas(page, { name: 'q.jpg', mimeType: 'image/jpeg', buffer: await jpeg(2100, 1400) });
      expect(sent).toMatchObject({ format: 'jpeg', width: 2048, height: 1365 });
      expect(luminanceTable(sent.bytes)).toEqual(ijgLuminanceTable(95));
      expect(luminanceTable(sent.bytes)).not.toEqual(ijgLuminanceTable(92)); // Chromium's default
    });

    await test.step('EXIF orientation 6: re-encoded upright (sides swapped, the stored top-left now top-right)', async () => {
      const stored = await raw(3000, 2000, { marker: true, noisy: false }).jpeg({ quality: 85 }).withMetadata({ orientation: 6 }).toBuffer();
      expect((await sharp(stored).metadata()).orientation).toBe(6);
      const sent = await processOnCanvas(page, { name: 'rotated.jpg', mimeType: 'image/jpeg', buffer: stored });
      expect(sent).toMatchObject({ mime: 'image/jpeg', width: 1365, height: 2048 });
      expect((await sharp(sent.bytes).metadata()).orientation ?? 1).toBe(1);
      const { data, info } = await sharp(sent.bytes).raw().toBuffer({ resolveWithObject: true });
      const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
      const [r, g, b] = pixel(info.width - 40, 40);
      expect(r).toBeGreaterThan(200);
      expect(g! + b!).toBeLessThan(80);
      expect(pixel(40, 40)[0]).toBeLessThan(150); // the stored bottom-left: gradient, not the red block
    });

    await test.step('a 24-megapixel photo: decoded at a reduced scale, yet the same picture as a full-size resize', async () => {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="6000" height="4000">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#c9a27e"/><stop offset="1" stop-color="#2b2f3a"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/><circle cx="2000" cy="1800" r="900" fill="#7a2232"/><rect x="3600" y="600" width="1600" height="2600" fill="#e8e2d6"/>
<text x="3700" y="2000" font-size="420" font-family="sans-serif" fill="#1d1d1f">ATELIER</text>
${Array.from({ length: 40 }, (_, i) => `<rect x="${300 + i * 36}" y="3300" width="18" height="500" fill="#111"/>`).join('')}</svg>`;
      const photo = await sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
      const sent = await processOnCanvas(page, { name: 'photo-24mp.jpg', mimeType: 'image/jpeg', buffer: photo });
      expect(sent).toMatchObject({ mime: 'image/jpeg', format: 'jpeg', width: 2048, height: 1365 });
      const reference = await sharp(photo).resize(2048, 1365, { fit: 'fill' }).raw().toBuffer();
      const got = await sharp(sent.bytes).raw().toBuffer();
      let squared = 0;
      for (let i = 0; i < got.length; i++) squared += (got[i]! - reference[i]!) ** 2;
      const psnr = 10 * Math.log10((255 * 255) / (squared / got.length));
      expect(psnr, 'PSNR against sharp\'s Lanczos resize of the full image').toBeGreaterThan(30);
    });

    await test.step('EXIF orientation 6, small: as it is (its EXIF kept), shown upright', async () => {
      const stored = await raw(1200, 800, { marker: true }).jpeg({ quality: 85 }).withMetadata({ orientation: 6 }).toBuffer();
      const sent = await processOnCanvas(page, { name: 'rotated-small.jpg', mimeType: 'image/jpeg', buffer: stored });
      expect(sent.bytes.equals(stored)).toBe(true);
      const image = page.getByRole('img', { name: 'Main image' });
      await expectImageLoads(image);
      expect(await image.evaluate((img: { naturalWidth: number; naturalHeight: number }) => [img.naturalWidth, img.naturalHeight])).toEqual([800, 1200]);
    });
  });
});

test.describe('canvas editor, desktop 1440×900', () => {
  test('edits a photo through the canvas service, with the actions on hover and by keyboard, and goes back to it by ?imageUrl=', async ({ page }) => {
    test.setTimeout(EDIT_TIMEOUT + 90_000);
    await signInAsNewFreeUser(page);
    await page.goto('/app/canvas');
    await expect(page.getByRole('button', { name: /Edit Photo/ })).toContainText('25 credits left');
    await expect(page.getByRole('button', { name: /Edit Photo/ })).toBeDisabled();

    // The selectors show their full names.
    await page.getByRole('combobox', { name: 'Camera' }).selectOption('simulated analog 120 Kodak Portra film');
    const form = page.getByRole('form', { name: 'Edit' });
    for (const text of ['simulated analog 120 Kodak Portra film', 'Flux Kontext Max', 'Prompt Perfect']) {
      const shown = form.locator('span', { hasText: text }).first();
      await expect(shown).toBeVisible();
      expect(await shown.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    }

    await page.getByLabel('Main image').setInputFiles({ name: 'person.png', mimeType: 'image/png', buffer: personPng() });
    const main = page.getByRole('img', { name: 'Main image' });
    await expectImageLoads(main);

    // The actions show on hover (and stay hidden otherwise on a mouse screen).
    const actions = page.getByRole('group', { name: 'Image actions' });
    await page.mouse.move(5, 5);
    await expect(actions).toHaveCSS('opacity', '0');
    await main.hover();
    await expect(actions).toHaveCSS('opacity', '1');
    await screenshot(page, 'canvas-desktop-hover-actions');

    // …and on keyboard focus; Preview opens the full-screen viewer, Escape closes it.
    await page.mouse.move(5, 5);
    await page.getByRole('button', { name: 'Replace' }).focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(actions.getByRole('button', { name: 'Preview' })).toBeFocused();
    await expect(actions).toHaveCSS('opacity', '1');
    await page.keyboard.press('Enter');
    const viewer = page.getByRole('dialog', { name: 'Main image' });
    await expect(viewer).toBeVisible();
    await expectImageLoads(viewer.getByRole('img', { name: 'Main image' }));
    await screenshot(page, 'canvas-desktop-preview');
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await expect(actions.getByRole('button', { name: 'Preview' })).toBeFocused();

    const prompt = `Warm golden hour light ${Math.random().toString(36).slice(2, 7)}`;
    await page.getByRole('textbox', { name: 'Prompt' }).fill(prompt);
    await page.getByRole('combobox', { name: 'Shot Type' }).selectOption('High Angle');
    // The local engine is quick: the first status read is answered "processing" so the progress can be seen.
    let polls = 0;
    await page.route('**/api/canvas/edit/*', async (route) => {
      const real = await route.fetch();
      polls += 1;
      if (polls > 1) return route.fulfill({ response: real });
      return route.fulfill({ response: real, json: { ...(await real.json()), status: 'processing', outputImageUrl: null, outputImageStorageUrl: null } });
    });
    const started = page.waitForResponse((response) => response.url().endsWith('/api/canvas/edit') && response.request().method() === 'POST');
    await page.getByRole('button', { name: /Edit Photo/ }).click();
    const response = await started;
    expect(response.status(), await response.text()).toBe(202);
    const body = response.request().postDataJSON() as { prompt: string; inputImages: string[]; camera: string; shotType: string };
    expect(body).toMatchObject({
      prompt: `${prompt}. Shot with simulated analog 120 Kodak Portra film. High Angle perspective`,
      camera: 'simulated analog 120 Kodak Portra film',
      shotType: 'High Angle',
    });
    expect(body.inputImages).toHaveLength(1);
    await expect(page.getByRole('status', { name: 'Editing photo' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Prompt' })).toBeDisabled();
    await expect(page.getByText('0:02')).toBeVisible(); // the elapsed time ticks
    await screenshot(page, 'canvas-desktop-editing');

    const edited = page.getByRole('img', { name: 'Edited image' });
    await expect(edited).toBeVisible({ timeout: EDIT_TIMEOUT });
    await expectImageLoads(edited);
    await expect(page.getByText('Photo edited successfully!', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: `Show edit: ${prompt}. Shot with`, exact: false })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: /Edit Photo/ })).toContainText('24 credits left', { timeout: 15_000 });
    const editedUrl = (await edited.getAttribute('src'))!;
    expect(editedUrl).toMatch(/^\/media\//);
    await expect(actions.getByRole('link', { name: 'Download' })).toHaveAttribute('href', `/api/download?url=${encodeURIComponent(editedUrl)}`);
    await edited.hover();
    await screenshot(page, 'canvas-desktop-edited');

    // /app/canvas?imageUrl= loads our image and leaves the address bar clean.
    await page.goto(`/app/canvas?imageUrl=${encodeURIComponent(editedUrl)}`);
    await expect(page.getByRole('img', { name: 'Main image' })).toHaveAttribute('src', editedUrl);
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await page.goto(`/app/canvas?imageUrl=${encodeURIComponent('https://example.com/media/x.png')}`);
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await expect(page.getByText('Upload a photo')).toBeVisible();
  });
});

test.describe('canvas editor, phone 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the actions are always shown under the picture and the selectors stack full width', async ({ page }) => {
    await signInAsNewFreeUser(page);
    await page.goto('/app/canvas');
    await expect(page.getByText('Upload a photo')).toBeVisible();
    await screenshot(page, 'canvas-phone-empty');
    await page.getByLabel('Main image').setInputFiles({ name: 'person.png', mimeType: 'image/png', buffer: personPng() });
    await expectImageLoads(page.getByRole('img', { name: 'Main image' }));
    const actions = page.getByRole('group', { name: 'Image actions' });
    await expect(actions).toHaveCSS('opacity', '1');
    for (const name of ['Preview', 'Upscale', 'Create video', 'Delete']) await expect(actions.getByRole('button', { name })).toBeInViewport();
    await screenshot(page, 'canvas-phone-image');

    const widths = await Promise.all(
      ['Camera', 'Shot Type', 'Model'].map((name) => page.getByRole('combobox', { name }).evaluate((el) => el.getBoundingClientRect().width)),
    );
    const formWidth = await page.getByRole('form', { name: 'Edit' }).evaluate((el) => el.getBoundingClientRect().width);
    for (const width of widths) expect(width).toBeGreaterThan(formWidth - 60);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await page.getByRole('combobox', { name: 'Camera' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'canvas-phone-form');

    await actions.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByRole('dialog', { name: 'Main image' })).toBeVisible();
    await screenshot(page, 'canvas-phone-preview');
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
  });
});
