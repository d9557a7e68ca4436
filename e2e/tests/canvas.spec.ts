// The canvas editor as a new user meets it (issue 11): a photo by drop and by paste, references up to the
// limit, a chip, a camera, a shot type and a model, an edit that replaces the picture, Create video, Delete,
// out of credits; and Upscale from the gallery's viewer. The processing rule itself and the hover actions
// are in canvas-processing.spec.ts.
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import sharp from 'sharp';
import { garmentPng, personPng } from '../support/create-images';
import { settledGeneration, signInAsNewFreeUser, userLimits } from '../support/create-session';

// Browser globals of the page functions below (e2e compiles without the DOM library).
declare const DataTransfer: new () => { items: { add(file: File): void } };
declare const ClipboardEvent: new (type: string, init: { clipboardData: unknown; bubbles: boolean; cancelable: boolean }) => Event;
declare const window: { dispatchEvent(event: Event): boolean };

async function expectImageLoads(image: Locator) {
  await expect
    .poll(() => image.evaluate((img: { complete: boolean; naturalWidth: number }) => img.complete && img.naturalWidth), { timeout: 15_000 })
    .toBeGreaterThan(0);
}

/** Drops a PNG on the element, as a file dragged from the desktop would be. */
async function dropPng(page: Page, target: Locator, name: string, bytes: Buffer) {
  const transfer = await page.evaluateHandle(
    ({ name, base64 }) => {
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([data], name, { type: 'image/png' }));
      return dt;
    },
    { name, base64: bytes.toString('base64') },
  );
  await target.dispatchEvent('dragenter', { dataTransfer: transfer });
  await target.dispatchEvent('dragover', { dataTransfer: transfer });
  await target.dispatchEvent('drop', { dataTransfer: transfer });
}

/** Pastes a PNG into the page, as Ctrl+V with an image on the clipboard would. */
async function pastePng(page: Page, name: string, bytes: Buffer) {
  await page.evaluate(
    ({ name, base64 }) => {
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([data], name, { type: 'image/png' }));
      window.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
    },
    { name, base64: bytes.toString('base64') },
  );
}

test.describe('canvas, desktop 1440×900', () => {
  test('a new user drops and pastes a photo, adds references up to the limit, edits with a chip, a camera, a shot type and a model, then makes a video of the result', async ({ page }) => {
    test.setTimeout(240_000);
    await signInAsNewFreeUser(page);
    await page.goto('/app/canvas');
    const editButton = page.getByRole('button', { name: /Edit Photo/ });
    await expect(editButton).toContainText('25 credits left');

    // By drop: the upload area takes the file.
    const main = page.getByRole('img', { name: 'Main image' });
    await dropPng(page, page.getByRole('region', { name: 'Canvas' }), 'dropped.png', personPng());
    await expectImageLoads(main);
    const dropped = await main.getAttribute('src');

    // By paste: the pasted picture replaces it.
    await pastePng(page, 'pasted.png', garmentPng());
    await expect.poll(() => main.getAttribute('src')).not.toBe(dropped);
    await expectImageLoads(main);
    // Back to the person for the edit.
    await page.getByLabel('Main image').setInputFiles({ name: 'person.png', mimeType: 'image/png', buffer: personPng() });
    await expect.poll(() => main.getAttribute('src')).toBe(dropped);

    // References: 5 at once is one too many (SPEC §5's alert), then 4 fit and the 5th is refused.
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    const reference = (n: number) => ({ name: `ref-${n}.png`, mimeType: 'image/png', buffer: n % 2 ? garmentPng() : personPng() });
    const addReferences = page.getByLabel('Add reference images');
    await addReferences.setInputFiles([1, 2, 3, 4, 5].map(reference));
    await expect.poll(() => alerts).toContain('You can only upload 4 more image(s). Maximum 4 images total.');
    await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(0);
    await addReferences.setInputFiles([1, 2, 3, 4].map(reference));
    await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(4);
    await expect(addReferences).toHaveCount(0); // full: no more to add
    // Keep one reference (its palette is carried over by the local engine).
    for (let i = 0; i < 3; i += 1) await page.getByRole('button', { name: /^Remove / }).first().click();
    await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(1);

    // A chip fills the prompt; a camera, a shot type and a model.
    await page.getByRole('group', { name: 'Quick prompts' }).getByRole('button', { name: 'Enhance Skin' }).click();
    await expect(page.getByRole('textbox', { name: 'Prompt' })).toHaveValue('Enhance Skin');
    await page.getByRole('combobox', { name: 'Camera' }).selectOption('Leica M11 35mm f/1.4');
    await page.getByRole('combobox', { name: 'Shot Type' }).selectOption('Medium Close Up Shot');
    await page.getByRole('combobox', { name: 'Model' }).selectOption('nano-banana');

    const started = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/canvas/edit');
    await expect(editButton).toBeEnabled();
    await editButton.click();
    const body = (await started).postDataJSON() as { prompt: string; model: string; camera: string; shotType: string; inputImages: string[] };
    expect(body).toMatchObject({
      prompt: 'Enhance Skin. Shot with Leica M11 35mm f/1.4. Medium Close Up Shot perspective',
      model: 'nano-banana',
      camera: 'Leica M11 35mm f/1.4',
      shotType: 'Medium Close Up Shot',
    });
    expect(body.inputImages).toHaveLength(2);

    // The result replaces the picture, with SPEC §8's toast; the credit is spent.
    const edited = page.getByRole('img', { name: 'Edited image' });
    await expect(edited).toBeVisible({ timeout: 120_000 });
    await expectImageLoads(edited);
    await expect(page.getByText('Photo edited successfully!', { exact: true })).toBeVisible();
    const editedUrl = (await edited.getAttribute('src'))!;
    expect(editedUrl).toMatch(/^\/media\//);
    const meta = await sharp(Buffer.from(await (await page.request.get(editedUrl)).body())).metadata();
    expect(meta.width).toBeGreaterThan(0);
    await expect.poll(async () => (await userLimits(page.request)).credits.used).toBe(1);

    // It is in the gallery too, tagged Canvas.
    const listed = async () => ((await (await page.request.get('/api/generations?limit=5')).json()) as { items: { type: string }[] }).items;
    await expect.poll(async () => (await listed()).some((g) => g.type === 'canvas')).toBe(true);

    // Create video takes the edited picture to the video tab, as the user's own upload of it (create takes only the
    // user's own pictures as inputs): the same picture, at its size.
    const actions = page.getByRole('group', { name: 'Image actions' });
    await edited.hover();
    const uploaded = page.waitForResponse((response) => response.url().endsWith('/api/uploads') && response.request().method() === 'POST');
    await actions.getByRole('button', { name: 'Create video' }).click();
    const { url: handedOver } = (await (await uploaded).json()) as { url: string };
    expect(handedOver).toMatch(/^\/media\/uploads\//);
    await page.waitForURL((url) => url.pathname === '/app/video');
    await expect(page.locator(`img[src="${handedOver}"]`).first()).toBeVisible({ timeout: 15_000 });
    const copy = await sharp(Buffer.from(await (await page.request.get(handedOver)).body())).metadata();
    expect([copy.width, copy.height]).toEqual([meta.width, meta.height]);
  });

  test('Delete clears the canvas, and a user out of credits gets the limit dialog on Edit Photo', async ({ page }) => {
    test.setTimeout(120_000);
    await signInAsNewFreeUser(page);
    await page.goto('/app/canvas');
    const main = page.getByRole('img', { name: 'Main image' });
    await page.getByLabel('Main image').setInputFiles({ name: 'person.png', mimeType: 'image/png', buffer: personPng() });
    await expectImageLoads(main);
    await main.hover();
    await page.getByRole('group', { name: 'Image actions' }).getByRole('button', { name: 'Delete' }).click();
    await expect(main).toHaveCount(0);

    // The developer tools' "exhaust": nothing left of the free allowance.
    expect((await page.request.post('/api/dev/reset-limits')).status()).toBe(200);
    await page.reload();
    await page.getByLabel('Main image').setInputFiles({ name: 'person.png', mimeType: 'image/png', buffer: personPng() });
    await expectImageLoads(page.getByRole('img', { name: 'Main image' }));
    await page.getByRole('textbox', { name: 'Prompt' }).fill('warm golden hour');
    const posted: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/canvas/edit') posted.push(r.url());
    });
    await page.getByRole('button', { name: /Edit Photo/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Not enough credits' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Remove Limits' })).toBeVisible();
    expect(posted).toHaveLength(0);
  });

  test('Upscale in the gallery viewer makes an image twice the size, for 1 credit', async ({ page }) => {
    test.setTimeout(180_000);
    await signInAsNewFreeUser(page);
    const start = await page.request.post('/api/generations/image', { data: { prompt: 'ivory linen suit, studio', aspectRatio: '2:3' } });
    expect(start.status(), await start.text()).toBe(202);
    const source = await settledGeneration(page.request, ((await start.json()) as { id: string }).id, 90_000);
    expect(source.status).toBe('completed');
    const sourceMeta = await sharp(Buffer.from(await (await page.request.get(source.imageUrl!)).body())).metadata();

    await page.goto('/app/image');
    const tile = page.getByRole('button', { name: 'Open image: ivory linen suit, studio' });
    await expect(tile).toBeVisible({ timeout: 30_000 });
    await tile.click();
    const viewer = page.getByRole('dialog', { name: 'Image' });
    const upscaleStarted = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/generations/upscale');
    await viewer.getByRole('button', { name: 'Upscale' }).click();
    const response = await upscaleStarted;
    expect(response.status(), await response.text()).toBe(202);
    const upscale = await settledGeneration(page.request, ((await response.json()) as { id: string }).id, 120_000);
    expect(upscale).toMatchObject({ type: 'upscale', status: 'completed', cost: 1 });
    const meta = await sharp(Buffer.from(await (await page.request.get(upscale.imageUrl!)).body())).metadata();
    expect(meta.width).toBe(sourceMeta.width! * 2);
    expect(meta.height).toBe(sourceMeta.height! * 2);
    // Listed in the gallery, tagged Upscale.
    await expect(page.getByRole('button', { name: /^Open upscale: Upscale 2×/ }).first()).toBeVisible({ timeout: 30_000 });
    expect((await userLimits(page.request)).credits.used).toBe(2);
  });

  test('a downloaded local still picked as a file (over 2 MB, so re-encoded) has its dress recoloured: the still drawn again', async ({ page }) => {
    test.setTimeout(180_000);
    await signInAsNewFreeUser(page);
    const start = await page.request.post('/api/generations/image', { data: { prompt: 'red silk slip dress, studio, full body', aspectRatio: '2:3' } });
    expect(start.status(), await start.text()).toBe(202);
    const still = await settledGeneration(page.request, ((await start.json()) as { id: string }).id, 90_000);
    const bytes = Buffer.from(await (await page.request.get(still.imageUrl!)).body());
    expect(bytes.length).toBeGreaterThan(2 * 1024 * 1024); // the editor re-encodes it (SPEC §5)

    await page.goto('/app/canvas');
    await page.getByLabel('Main image').setInputFiles({ name: 'still.png', mimeType: 'image/png', buffer: bytes });
    await expectImageLoads(page.getByRole('img', { name: 'Main image' }));
    await page.getByRole('textbox', { name: 'Prompt' }).fill('change the dress to emerald');
    const started = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/canvas/edit');
    await page.getByRole('button', { name: /Edit Photo/ }).click();
    const sent = (await started).request().postDataJSON() as { inputImages: string[] };
    // What the editor sent is a JPEG that still carries the engine's XMP.
    const main = Buffer.from(sent.inputImages[0]!.replace(/^data:[^,]+,/, ''), 'base64');
    const sentMeta = await sharp(main).metadata();
    expect(sentMeta.format).toBe('jpeg');
    expect(sentMeta.xmp?.toString('utf8')).toMatch(/atelier:recipe="/);

    const edited = page.getByRole('img', { name: 'Edited image' });
    await expect(edited).toBeVisible({ timeout: 90_000 });
    await expect(page.getByText('Photo edited successfully!', { exact: true })).toBeVisible();
    const result = Buffer.from(await (await page.request.get((await edited.getAttribute('src'))!)).body());
    const recipe = (await sharp(result).metadata()).xmp!.toString('utf8').match(/atelier:recipe="([A-Za-z0-9_-]+)"/)![1]!;
    expect(JSON.parse(Buffer.from(recipe, 'base64url').toString('utf8')).wearing).toEqual([{ garment: 'slip dress', hex: '#0f7a52', dyed: true }]);
  });
});
