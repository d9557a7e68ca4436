import { type Locator, type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { garmentPng, personPng } from '../support/create-images';
import { generateFromUi, settledGeneration, signInAsNewFreeUser, userLimits } from '../support/create-session';

// The create flow of SPEC.md §2–4, 7–9 in a real Chromium against the real product (local engine, offline):
// a new free user makes an image with a preset, turns it into a video, tries a garment on a person, runs
// out of credits and meets the limit dialog; plus the image page on a phone.

/** The local engine takes about 1 s per image and 5 s per video, far longer on a loaded machine. */
const IMAGE_TIMEOUT = 60_000;
const VIDEO_TIMEOUT = 120_000;

const unique = () => Math.random().toString(36).slice(2, 8);

/** Every <img> matched has decoded real pixels (naturalWidth > 0). */
async function expectImageLoads(image: Locator) {
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img: { complete: boolean; naturalWidth: number }) => img.complete && img.naturalWidth), { timeout: 15_000 }).toBeGreaterThan(0);
}

async function expectProgressBar(page: Page, label: RegExp) {
  const bar = page.getByRole('progressbar');
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('aria-label', label);
  expect(Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(1);
}

/**
 * A screenshot in the test's output folder (e2e/test-results/…) to look at. `top` scrolls up first; a full page
 * one also does (Chromium paints the form's sticky Generate bar where the viewport's bottom was, so full page
 * shots show it mid-form: look at those for the page's length, not the bar's place).
 */
async function screenshot(page: Page, name: string, mode: 'viewport' | 'top' | 'full' = 'viewport') {
  if (mode !== 'viewport') await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: mode === 'full' });
}

test.describe('create flow, desktop', () => {
  test('a new user makes an image with a preset, sees the progress bar and the result, then turns it into a video', async ({ page }) => {
    test.setTimeout(IMAGE_TIMEOUT + VIDEO_TIMEOUT + 60_000);
    await signInAsNewFreeUser(page);
    const prompt = `Ivory trench coat on a windy rooftop ${unique()}`;

    const image = await test.step('image: prompt, preset, Generate, progress, gallery', async () => {
      await page.goto('/app/image');
      await expect(page.getByRole('heading', { level: 1, name: 'Generate Images' })).toBeVisible();
      await expect(page.getByText('25 credits left')).toBeVisible();

      await page.getByRole('textbox', { name: 'Prompt' }).fill(prompt);
      const presets = page.getByRole('region', { name: 'Preset' });
      const preset = presets.getByRole('button', { name: 'Color Field', exact: true });
      await preset.click();
      await expect(preset).toHaveAttribute('aria-pressed', 'true');
      await expect(presets.getByRole('button', { name: 'Clear Color Field' })).toBeVisible();
      await screenshot(page, 'image-page-ready', 'top');

      const id = await generateFromUi(page, 'image');
      await expectProgressBar(page, /Generating image|Almost done!|Done/);
      const generation = await settledGeneration(page.request, id, IMAGE_TIMEOUT);
      expect(generation).toMatchObject({ type: 'image', engine: 'local', cost: 1, prompt });
      expect(generation.imageUrl).toMatch(/^\/media\//);

      // The gallery shows it (the list is refetched while a generation runs), marked as the local engine's.
      const tile = page.getByRole('button', { name: `Open image: ${prompt}` });
      await expect(tile).toBeVisible({ timeout: 30_000 });
      await expect(tile.getByText('Local engine')).toBeVisible();
      // The tile shows the picture's thumbnail (a small WebP); the viewer below shows the picture itself.
      expect(generation.thumbnailUrl).toMatch(/^\/media\/generations\/thumbs\/.+\.webp$/);
      await expectImageLoads(tile.locator(`img[src="${generation.thumbnailUrl}"]`));
      // Completed: the bar shows 100, then resets and disappears.
      await expect(page.getByRole('progressbar')).toBeHidden({ timeout: 15_000 });
      await expect(page.getByText('24 credits left')).toBeVisible({ timeout: 15_000 });
      await screenshot(page, 'image-result-in-gallery', 'top');

      await tile.click();
      const viewer = page.getByRole('dialog', { name: 'Image' });
      await expect(viewer).toBeVisible();
      await expectImageLoads(viewer.getByRole('img', { name: prompt }));
      await expect(viewer.getByText('Local engine (offline, on this server)')).toBeVisible();
      await expect(viewer.getByText('Color Field')).toBeVisible();
      await expect(viewer.getByRole('link', { name: 'Download' })).toHaveAttribute('href', `/api/download?url=${encodeURIComponent(generation.imageUrl!)}`);
      await screenshot(page, 'image-viewer');

      // "Create video": to /app/video with the image as the start image (pendingVideoImage, read once).
      await viewer.getByRole('button', { name: 'Create video' }).click();
      await page.waitForURL((url) => url.pathname === '/app/video');
      await expect(page.getByRole('heading', { level: 1, name: 'Generate Videos' })).toBeVisible();
      const startImage = page.getByRole('img', { name: 'Start image' });
      await expect(startImage).toHaveAttribute('src', generation.imageUrl!);
      await expectImageLoads(startImage);
      expect(await page.evaluate<string | null>("localStorage.getItem('pendingVideoImage')")).toBeNull();
      return generation;
    });

    await test.step('video: Generate, progress, a playable MP4 in the gallery', async () => {
      const motion = `Slow turn, coat catching the wind ${unique()}`;
      await page.getByRole('textbox', { name: 'Prompt' }).fill(motion);
      await expect(page.getByRole('radio', { name: /Wan 2\.5/ })).toBeChecked();
      const id = await generateFromUi(page, 'video');
      await expectProgressBar(page, /Generating video|Video generated successfully|Uploading video|Almost done!/);
      await screenshot(page, 'video-progress');
      const video = await settledGeneration(page.request, id, VIDEO_TIMEOUT);
      expect(video).toMatchObject({ type: 'video', engine: 'local', cost: 20, prompt: motion });
      expect(video.videoUrl).toMatch(/^\/media\//);

      // The file is a real MP4 served with its type.
      const file = await page.request.get(video.videoUrl!);
      expect(file.status()).toBe(200);
      expect(file.headers()['content-type']).toBe('video/mp4');
      expect((await file.body()).subarray(4, 8).toString('latin1')).toBe('ftyp');

      const tile = page.getByRole('button', { name: `Open video: ${motion}` });
      await expect(tile).toBeVisible({ timeout: 30_000 });
      await expect(tile.getByText('Local engine')).toBeVisible();
      const preview = tile.locator(`video[src="${video.videoUrl}"]`);
      // Its poster: the source image's thumbnail.
      expect(video.imageUrl).toBe(image.imageUrl);
      expect(video.thumbnailUrl).toMatch(/^\/media\/generations\/thumbs\/.+\.webp$/);
      await expect(preview).toHaveAttribute('poster', video.thumbnailUrl!);
      await preview.scrollIntoViewIfNeeded();
      // The browser read the video's metadata (HAVE_METADATA or more): its source loads.
      await expect.poll(() => preview.evaluate((v: { readyState: number }) => v.readyState), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
      expect(await preview.evaluate((v: { duration: number }) => v.duration)).toBeGreaterThan(4);
      await expect(page.getByText('4 credits left')).toBeVisible({ timeout: 15_000 });
      await screenshot(page, 'video-result-in-gallery', 'top');

      await tile.click();
      const viewer = page.getByRole('dialog', { name: 'Video' });
      const player = viewer.locator('video[controls]');
      await expect(player).toHaveAttribute('src', video.videoUrl!);
      await expect.poll(() => player.evaluate((v: { readyState: number }) => v.readyState), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
      await expect(viewer.getByText('Local engine (offline, on this server)')).toBeVisible();
      await screenshot(page, 'video-viewer');
      // The browser's Back closes the viewer and stays on the page (as a phone's user expects); the next Back leaves.
      await page.goBack();
      await expect(viewer).toBeHidden();
      expect(new URL(page.url()).pathname).toBe('/app/video');
      await expect(page.getByRole('heading', { level: 1, name: 'Generate Videos' })).toBeVisible();
      await tile.click();
      await expect(viewer).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(viewer).toBeHidden();
      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/app/image');
    });
    expect(await userLimits(page.request)).toMatchObject({ credits: { used: 21, limit: 25 } });
  });

  test('a new user tries a garment on a person in Dress Up', async ({ page }) => {
    test.setTimeout(IMAGE_TIMEOUT + 60_000);
    await signInAsNewFreeUser(page);
    await page.goto('/app/dress-up');
    await expect(page.getByRole('heading', { level: 1, name: /Virtual Try-On/ })).toBeVisible();
    const generate = page.getByRole('button', { name: 'Generate · 1 credit' });
    await expect(generate).toBeDisabled();

    // Each file is uploaded (POST /api/uploads, 201) as soon as it is chosen; Generate waits for both.
    const uploads = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/uploads');
    await page.getByLabel('Person image', { exact: true }).setInputFiles({ name: 'person.png', mimeType: 'image/png', buffer: personPng() });
    expect((await uploads).status()).toBe(201);
    await expect(generate).toBeDisabled(); // no garment yet
    const garmentUpload = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/uploads');
    await page.getByLabel('Garment image', { exact: true }).setInputFiles({ name: 'garment.png', mimeType: 'image/png', buffer: garmentPng() });
    expect((await garmentUpload).status()).toBe(201);
    await expect(page.getByText('Uploading…')).toHaveCount(0);
    await expect(generate).toBeEnabled();
    await expectImageLoads(page.getByRole('img', { name: 'Person image' }));
    await expectImageLoads(page.getByRole('img', { name: 'Garment image' }));
    await screenshot(page, 'dress-up-ready');

    const id = await generateFromUi(page, 'dressup');
    await expectProgressBar(page, /Dressing up|Almost done!|Done/);
    const result = await settledGeneration(page.request, id, IMAGE_TIMEOUT);
    expect(result).toMatchObject({ type: 'dressup', engine: 'local', cost: 1 });

    const image = page.locator(`img[src="${result.thumbnailUrl}"]`);
    await expect(image).toBeAttached({ timeout: 30_000 });
    const tile = page.getByRole('button', { name: /^Open dress up:/ }).filter({ has: image });
    await expect(tile.getByText('Local engine')).toBeVisible();
    await expectImageLoads(image);
    await screenshot(page, 'dress-up-result-in-gallery', 'top');

    await tile.click();
    const viewer = page.getByRole('dialog', { name: 'Dress Up' });
    await expect(viewer.getByText('The garment, tried on the person.')).toBeVisible();
    await expectImageLoads(viewer.getByRole('img'));
    await expect(viewer.getByText('Local engine (offline, on this server)')).toBeVisible();
    await screenshot(page, 'dress-up-viewer');
  });

  test('a new user who spent the free daily credits gets the limit dialog on Generate, and Remove Limits goes to /pricing', async ({ page }) => {
    test.setTimeout(90_000);
    await signInAsNewFreeUser(page);

    // Spend the 25 free credits through the API: one video (20) from an uploaded image, then images (1 each)
    // until the service answers 402.
    const upload = await page.request.post('/api/uploads', {
      multipart: { file: { name: 'person.png', mimeType: 'image/png', buffer: personPng() } },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const { url: imageUrl } = (await upload.json()) as { url: string };
    const video = await page.request.post('/api/generations/video', { data: { imageUrl, model: 'wan-2.5' } });
    expect(video.status(), await video.text()).toBe(202);
    let started = 0;
    for (;;) {
      const response = await page.request.post('/api/generations/image', { data: { prompt: `Spending credits ${started}` } });
      if (response.status() === 402) {
        expect(await response.json()).toMatchObject({ error: 'Not enough credits', limitReached: true, used: 25, limit: 25 });
        break;
      }
      expect(response.status(), await response.text()).toBe(202);
      started += 1;
      expect(started, 'the free plan allows 25 credits a day').toBeLessThanOrEqual(5);
    }
    expect(started).toBe(5);
    expect(await userLimits(page.request)).toMatchObject({ credits: { used: 25, limit: 25 } });

    await page.goto('/app/image');
    await expect(page.getByText('0 credits left')).toBeVisible();
    await page.getByRole('textbox', { name: 'Prompt' }).fill('One more look, please');
    await page.getByRole('button', { name: 'Generate · 1 credit' }).click();

    const dialog = page.getByRole('dialog', { name: 'Not enough credits' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("You've hit today's daily free limit. Unlock Unlimited Access.", { exact: true })).toBeVisible();
    await expect(dialog.getByText('25 of 25 used')).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await screenshot(page, 'limit-dialog');

    await dialog.getByRole('button', { name: 'Remove Limits' }).click();
    await page.waitForURL((url) => url.pathname === '/pricing');
    await expect(page.locator('section[data-remote="mf_pricing"]')).toBeVisible();
  });
});

test.describe('create flow, phone 390x844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the image page fits a phone, and its controls work', async ({ page }) => {
    test.setTimeout(IMAGE_TIMEOUT + 60_000);
    await signInAsNewFreeUser(page);
    await page.goto('/app/image');
    await expect(page.getByRole('heading', { level: 1, name: 'Generate Images' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Preset' }).getByRole('button', { name: 'Color Field', exact: true })).toBeVisible();
    await screenshot(page, 'phone-image-page');
    await screenshot(page, 'phone-image-page-full', 'full');
    // Nothing overflows sideways.
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);

    const prompt = `Pleated skirt, phone test ${unique()}`;
    const textbox = page.getByRole('textbox', { name: 'Prompt' });
    await expect(textbox).toBeInViewport();
    await textbox.fill(prompt);
    const portrait = page.getByRole('radio', { name: 'Portrait 4:5' });
    await portrait.check({ force: true }); // the radio itself is visually hidden inside its label
    await expect(portrait).toBeChecked();
    const presets = page.getByRole('region', { name: 'Preset' });
    await presets.getByRole('button', { name: 'Retro Style', exact: true }).click();
    const preset = presets.getByRole('group', { name: 'Retro Style' }).getByRole('button').first();
    await preset.click();
    await expect(preset).toHaveAttribute('aria-pressed', 'true');

    // The Generate button stays in reach (sticky at the bottom of the form).
    const generate = page.getByRole('button', { name: 'Generate · 1 credit' });
    await expect(generate).toBeInViewport();
    const id = await generateFromUi(page, 'image');
    await expectProgressBar(page, /Generating image|Almost done!|Done/);
    await screenshot(page, 'phone-progress');
    const generation = await settledGeneration(page.request, id, IMAGE_TIMEOUT);
    expect(generation).toMatchObject({ type: 'image', engine: 'local', aspectRatio: '4:5' });

    const tile = page.getByRole('button', { name: `Open image: ${prompt}` });
    await expect(tile).toBeVisible({ timeout: 30_000 });
    await expectImageLoads(tile.locator('img'));
    await expect(tile.getByText('Local engine')).toBeVisible();
    await screenshot(page, 'phone-result');
    await tile.click();
    // Exact: the delete confirmation below is "Delete this image?".
    const viewer = page.getByRole('dialog', { name: 'Image', exact: true });
    await expect(viewer).toBeVisible();
    await expect(viewer.getByRole('button', { name: 'Create video' })).toBeVisible();
    await expect(viewer.getByText('4:5', { exact: true })).toBeVisible();
    const full = viewer.getByRole('img', { name: prompt });
    await expectImageLoads(full);
    const [width, height] = await full.evaluate((img: { naturalWidth: number; naturalHeight: number }) => [img.naturalWidth, img.naturalHeight]);
    expect(width! / height!).toBeCloseTo(4 / 5, 2);
    await screenshot(page, 'phone-viewer');
    await viewer.getByRole('button', { name: 'Close' }).click();
    await expect(viewer).toBeHidden();

    // Deleted from the viewer, once confirmed: gone from the gallery and from the service, its file too.
    await tile.click();
    await viewer.getByRole('button', { name: 'Delete from my creations' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this image?' });
    await screenshot(page, 'phone-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(viewer).toBeHidden();
    await expect(tile).toBeHidden();
    expect((await page.request.get(`/api/generations/${id}`)).status()).toBe(404);
    expect((await page.request.get(generation.imageUrl!)).status()).toBe(404);
  });
});
