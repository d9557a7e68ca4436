// The Photoshoot flow as a new user meets it: a Basic user opens Photoshoots from the home card, makes a
// character from a photo, gets 4 previews, uploads a garment, watches 10 photos arrive, views them,
// downloads them all as a zip and continues in Image. A free user typing the address meets the limit dialog.
import { readFileSync } from 'node:fs';
import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import JSZip from 'jszip';
import sharp from 'sharp';

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

async function personPhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1200">
<rect width="800" height="1200" fill="#b9c4cc"/>
<ellipse cx="400" cy="190" rx="70" ry="90" fill="#c58c6a"/>
<path d="M320,170 Q400,40 480,170 L490,330 L450,330 L450,160 Q400,110 350,160 L350,330 L310,330 Z" fill="#3b2417"/>
<rect x="370" y="270" width="60" height="50" fill="#b47a58"/>
<path d="M270,320 L530,320 L560,700 L240,700 Z" fill="#6d2e46"/>
<rect x="270" y="700" width="110" height="440" fill="#2f3e4e"/><rect x="420" y="700" width="110" height="440" fill="#2f3e4e"/>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

async function garmentPhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800"><rect width="600" height="800" fill="#ffffff"/>
<path d="M230 80 L370 80 L400 260 L520 740 L80 740 L200 260 Z" fill="#1f6f5c"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function signInAs(page: Page, userType: 'free' | 'basic') {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Dev Entry' }).click();
  await page.waitForURL((url) => url.pathname === '/app');
  const switched = await page.request.post('/api/dev/switch-user', { data: { userType } });
  expect(switched.status(), await switched.text()).toBe(200);
  await page.reload();
}

for (const viewport of VIEWPORTS) {
  test(`${viewport.name} ${viewport.width}x${viewport.height}: a Basic user makes a photoshoot from a character of their own, downloads it all and continues in Image`, async ({ page }, testInfo) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const shot = async (step: string) => {
      const path = testInfo.outputPath(`photoshoot-${viewport.name}-${step}.png`);
      await page.screenshot({ path });
      await testInfo.attach(step, { path, contentType: 'image/png' });
    };
    await signInAs(page, 'basic');

    // Opened from the home card.
    await page.locator('main').getByRole('link', { name: /Photoshoots/ }).first().click();
    await expect(page.getByText('Step 1 of 5')).toBeVisible();
    const template = page.getByRole('region', { name: 'PLAIN template' });
    await expect(template.getByRole('img', { name: 'PLAIN example, pose 9' })).toBeVisible();
    await template.getByRole('button', { name: 'Next pose' }).click();
    await template.getByRole('button', { name: 'Next pose' }).click();
    await expect(template.getByRole('img', { name: 'PLAIN example, pose 1' })).toBeVisible(); // wraps around
    await expect(page.getByText('SOON')).toHaveCount(4);
    await shot('1-template');
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    // A character made from a photo of a person.
    await expect(page.getByText('Step 2 of 5')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Characters' }).getByRole('button', { name: 'Amara', exact: true })).toBeVisible();
    await page.getByRole('button', { name: /Create character/ }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create a character' });
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await personPhoto() });
    const name = `Ines ${viewport.name} ${Date.now() % 100000}`;
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Create character' }).click();
    await expect(dialog).toBeHidden({ timeout: 90_000 });
    const ines = page.getByRole('list', { name: 'Characters' }).getByRole('button', { name, exact: true });
    await expect(ines).toHaveAttribute('aria-pressed', 'true');
    await shot('2-character');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();

    // Four previews; one chosen.
    await expect(page.getByText('Step 3 of 5')).toBeVisible();
    const previews = page.getByRole('list', { name: 'Preview poses' }).getByRole('button');
    await expect(previews).toHaveCount(4, { timeout: 150_000 });
    await expect(page.getByText('Preview complete!')).toBeVisible();
    await previews.nth(1).click();
    await expect(previews.nth(1)).toHaveAttribute('aria-pressed', 'true');
    await shot('3-preview');
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    // The garment.
    await expect(page.getByText('Step 4 of 5')).toBeVisible();
    await page.getByLabel('Clothing image').setInputFiles({ name: 'dress.png', mimeType: 'image/png', buffer: await garmentPhoto() });
    await expect(page.getByText('Tap to change image')).toBeVisible();
    await shot('4-clothing');
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    // Ten photos arrive, counted as they land. The browser's Back is refused meanwhile, as Close is (SPEC §4).
    await expect(page.getByText('Step 5 of 5')).toBeVisible();
    await page.goBack();
    await expect(page.getByText('Generation in Progress').first()).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/app/photoshoots');
    await expect(page.getByText('Step 5 of 5')).toBeVisible();
    // The spec's label while the photos are made (the local engine may already be done), then the finished one.
    await expect(page.getByText(/^(Generating final photos\.\.\.|Your photo set is ready)$/)).toBeVisible();
    await expect(page.getByText('10 / 10')).toBeVisible({ timeout: 180_000 });
    await expect(page.getByText('Generation complete!')).toBeVisible();
    await expect(page.getByText('Your photo set is ready')).toBeVisible();
    const photos = page.getByRole('list', { name: 'Photos' }).getByRole('button');
    await expect(photos).toHaveCount(10);
    await shot('5-photo-set');

    // The viewer: arrows and Escape.
    await photos.first().click();
    await expect(page.getByRole('button', { name: 'Next photo' })).toBeVisible();
    await shot('5b-viewer');
    await page.getByRole('button', { name: 'Next photo' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Next photo' })).toBeHidden();

    // Download All: a zip of pose_1.jpg … pose_10.jpg, each a JPEG.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download All' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^photoshoot_\d+\.zip$/);
    const zip = await JSZip.loadAsync(readFileSync((await download.path())!));
    const names = Object.keys(zip.files).sort((a, b) => Number(/\d+/.exec(a)![0]) - Number(/\d+/.exec(b)![0]));
    expect(names).toEqual(Array.from({ length: 10 }, (_, i) => `pose_${i + 1}.jpg`));
    for (const name of names) {
      const bytes = await zip.file(name)!.async('nodebuffer');
      expect([bytes[0], bytes[1], bytes[2]], name).toEqual([0xff, 0xd8, 0xff]);
    }
    await expect(page.getByText('Download Complete').first()).toBeVisible();

    await page.getByRole('button', { name: 'Continue in Image' }).click();
    await page.waitForURL((url) => url.pathname === '/app/image');
    // The ten photos reach the gallery as one set, paged through in its viewer.
    // The newest first (the desktop and phone runs share their user).
    const set = page.getByRole('button', { name: /^Open photoshoot · .+: 10 photos$/ }).first();
    await expect(set).toBeVisible({ timeout: 30_000 });
    await set.click();
    const viewer = page.getByRole('dialog', { name: 'Photoshoot', exact: true });
    await expect(viewer.getByText('Photo 1 of 10')).toBeVisible();
    await viewer.getByRole('button', { name: 'Next photo' }).click();
    await expect(viewer.getByText('Photo 2 of 10')).toBeVisible();
    await shot('6-set-in-gallery');
  });
}

test('a free user typing /app/photoshoots gets the limit dialog, not the wizard', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, 'free');
  await page.goto('/app/photoshoots');
  await expect(page.getByRole('dialog', { name: 'Not enough credits' })).toBeVisible();
  await expect(page.getByText('Step 1 of 5')).toHaveCount(0);
  expect(new URL(page.url()).pathname).not.toBe('/app/photoshoots');
});

test('Back to /app/photoshoots once the allowance is used up stays on the page, with the limit dialog', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, 'basic');
  await page.goto('/app/image');
  await page.getByRole('navigation', { name: 'Studio' }).locator('a[href="/app/photoshoots"]').click();
  await expect(page.getByText('Step 1 of 5')).toBeVisible();
  // Closed, the flow goes back to where it was opened from.
  await page.getByRole('dialog', { name: 'Step 1 of 5' }).getByRole('button', { name: 'Close' }).click();
  await page.waitForURL((url) => url.pathname === '/app/image');

  // The allowance ends elsewhere (the account becomes a free one: 0 of 0); the app hears it from its limits poll.
  const freeLimits = page.waitForResponse(
    async (response) => response.url().endsWith('/api/user-limits') && (await response.json().catch(() => null))?.avatar?.limit === 0,
  );
  const switched = await page.request.post('/api/dev/switch-user', { data: { userType: 'free' } });
  expect(switched.status(), await switched.text()).toBe(200);
  await freeLimits;
  await page.waitForTimeout(300); // the answer reaches the app's gate

  await page.goBack();
  await expect(page.getByRole('dialog', { name: 'Not enough credits' })).toContainText('0 of 0 used');
  // Undone before the router saw it: still the image page (the route's own gate would have sent the user to /app).
  expect(new URL(page.url()).pathname).toBe('/app/image');
  await expect(page.getByText('Step 1 of 5')).toHaveCount(0);
});
