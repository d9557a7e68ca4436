import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { gzipSync } from 'node:zlib';

// The shell's own experience in a real Chromium: landing → login → development sign-in → app home with
// the first-visit onboarding → the mobile menu; plus the landing's JavaScript budget.

const STYLES = ['Abstract', 'Y2K Photos', 'Everyday Style', 'Beauty & Makeup', 'Vintage', 'Concept Style', 'Retro Style'];

/** gzip bytes of every JavaScript response while `action` runs. */
async function javascriptBytes(page: Page, action: () => Promise<unknown>): Promise<number> {
  const sizes: Promise<number>[] = [];
  const onResponse = (response: import('@playwright/test').Response) => {
    if (/\.m?js(\?|$)/.test(new URL(response.url()).pathname)) {
      sizes.push(response.body().then((body) => gzipSync(body, { level: 9 }).length, () => 0));
    }
  };
  page.on('response', onResponse);
  await action();
  page.off('response', onResponse);
  return (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
}

test.describe('desktop 1440x900', () => {
  test.use({ storageState: { cookies: [], origins: [] } }); // a first visit: no onboarding-shown flag yet
  test('a visitor goes from the landing to the studio; onboarding shows once', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => void (request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname)));
    const bytes = await javascriptBytes(page, async () => {
      await page.goto('/', { waitUntil: 'networkidle' });
      await expect(page.getByRole('heading', { level: 1, name: 'Your AI fashion studio' })).toBeVisible();
    });
    // The prerendered landing's own script (React and the page, no Module Federation) is all `/` loads until the
    // visitor moves on: within the 90 KB budget of gzip JavaScript.
    expect(bytes).toBeLessThan(90_000);
    expect(scripts.every((path) => path.startsWith('/light/')), scripts.join(', ')).toBe(true);

    const grid = page.getByRole('list', { name: 'Styles' });
    await expect(grid.getByRole('link')).toHaveCount(7);
    for (const title of STYLES) await expect(grid.getByText(title, { exact: true })).toBeVisible();
    await expect(page.getByText('Join 10k+ creators')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Features' }).getByRole('listitem')).toHaveCount(9);
    // Offline no scene is configured: the still placeholder stays.
    await expect(page.locator('[data-scene-status="error"]')).toHaveCount(1);
    await expect(page.getByText('Error loading scene')).toHaveCount(0);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).click();
    await page.waitForURL('**/login'); // /app sends a visitor to /login
    await expect(page.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    await page.getByRole('button', { name: 'Dev Entry' }).click();
    await page.waitForURL((url) => url.pathname === '/app');

    const onboarding = page.getByRole('dialog', { name: 'Welcome to Atelier' });
    await expect(onboarding).toBeVisible();
    for (let i = 0; i < 3; i++) await onboarding.getByRole('button', { name: 'Next' }).click();
    await expect(onboarding.getByRole('heading', { name: 'Ready to create' })).toBeVisible();
    await onboarding.getByRole('button', { name: 'Okay' }).click();
    await expect(onboarding).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Start Creating Now' })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Start Creating Now' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByRole('button', { name: 'Onboarding' }).click();
    await expect(page.getByRole('dialog', { name: 'Welcome to Atelier' }).getByRole('heading', { name: 'Welcome', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');

    // A signed-in user on / goes to /app.
    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/app');
  });

  test('the developer page resets limits and switches the test user, with toasts at the bottom right', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Dev Entry' }).click();
    await page.waitForURL((url) => url.pathname === '/app');
    await page.goto('/app/dev');
    await expect(page.getByRole('heading', { name: 'Developer tools' })).toBeVisible();
    await page.getByRole('button', { name: 'Reset limits' }).click();
    const toast = page.getByRole('region', { name: /F8/ }).getByRole('listitem');
    await expect(toast).toContainText('Limits reset successfully');
    const box = (await toast.boundingBox())!;
    expect(box.x + box.width).toBeGreaterThan(1440 - 40); // bottom right
    expect(box.y + box.height).toBeGreaterThan(900 - 40);

    const reloaded = page.waitForEvent('load'); // the page reloads 1 s after a switch
    await page.getByRole('button', { name: 'pro', exact: true }).click();
    await expect(toast).toContainText('User switched successfully');
    await expect(toast).toContainText('Now testing as pro user');
    await reloaded;
    await expect(page.getByText('Testing as pro user.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Subscription' })).toBeVisible();
  });

  test('terms and privacy are complete documents with Go Back', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(page.getByText('Effective October 5th, 2025')).toBeVisible();
    await page.getByRole('button', { name: 'Go Back' }).click();
    await page.waitForURL('**/login');

    await page.goto('/terms');
    await expect(page.getByText('Last updated October 5th, 2025')).toBeVisible();
    await expect(page.locator('main ol > li h2')).toHaveCount(23);
    await expect(page.getByRole('heading', { name: 'Contact us' })).toBeVisible();
  });
});

test.describe('phone 390x844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the landing carousel has dots; the studio menu slides in and closes', async ({ page }) => {
    await page.goto('/');
    const carousel = page.getByRole('group', { name: 'Styles' });
    await expect(carousel).toBeVisible();
    await carousel.getByRole('button', { name: 'Show Vintage' }).click();
    await expect(carousel.getByText('Vintage', { exact: true })).toBeVisible();
    const width = await page.evaluate<number>('document.documentElement.scrollWidth');
    expect(width).toBeLessThanOrEqual(390); // nothing overflows sideways

    await page.goto('/login');
    await page.getByRole('button', { name: 'Dev Entry' }).click();
    await page.waitForURL((url) => url.pathname === '/app');

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: /Atelier/ });
    await expect(menu).toBeVisible();
    await expect(menu.getByText('pre-alpha')).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Log Out' })).toBeVisible();
    expect(await page.evaluate<string>('getComputedStyle(document.body).overflow')).toBe('hidden'); // scroll locked
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Video' }).click();
    await page.waitForURL('**/app/video');
    await expect(menu).toBeHidden();
  });
});

test.describe('prerendered public pages', () => {
  test.use({ javaScriptEnabled: false, storageState: { cookies: [], origins: [] } });
  test('/ and /login are in the HTML, styled, before any script runs', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Your AI fashion studio' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Explore Now' })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Checking your session' })).toHaveCount(0);
    // The stylesheet is linked from the head: the dark hero is painted without JavaScript.
    const background = await page.evaluate(() => {
      const browser = globalThis as unknown as { document: { body: unknown }; getComputedStyle(el: unknown): { backgroundColor: string } };
      return browser.getComputedStyle(browser.document.body).backgroundColor;
    });
    expect(background).not.toBe('rgba(0, 0, 0, 0)');
    await page.goto('/login');
    await expect(page.getByText('Dress the idea. Shoot the look.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
  });

  test('/terms and /privacy are whole documents in the HTML', async ({ page }) => {
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    await expect(page.locator('main ol > li h2')).toHaveCount(23);
    await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(page.getByText('Effective October 5th, 2025')).toBeVisible();
  });
});

test.describe('remote routes\' first paint', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('/pricing paints its screen, styled, before any script runs', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/pricing');
    await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
    await expect(page.getByText('Monthly credits for images, videos, Dress Up and Photoshoots.')).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading plans…' })).toBeVisible();
    // The remote's own stylesheet is linked from the head: its utilities (scoped to [data-remote]) apply at once.
    const heading = await page.evaluate(() => {
      const browser = globalThis as unknown as {
        document: { querySelector(selector: string): unknown };
        getComputedStyle(el: unknown): { textAlign: string };
      };
      return browser.getComputedStyle(browser.document.querySelector('[data-remote="mf_pricing"] header')).textAlign;
    });
    expect(heading).toBe('center');
    await context.close();
  });

  test('the app takes the first paint\'s place once the remote has drawn, and works', async ({ page }) => {
    const response = await page.goto('/pricing');
    expect(await response!.text()).toContain('data-first-paint');
    await expect(page.getByRole('button', { name: 'Get Basic' })).toBeVisible();
    await expect(page.locator('[data-first-paint]')).toHaveCount(0);
    await expect(page.locator('#root')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toHaveCount(1);
    await page.getByRole('button', { name: 'Get Basic' }).click(); // a visitor is sent to sign in
    await page.waitForURL((url) => url.pathname === '/login');
  });

  test('/app/image has one for a session, none without', async ({ page }) => {
    const plain = await page.request.get('/app/image', { headers: { accept: 'text/html' } });
    expect(await plain.text()).not.toContain('data-first-paint');
    await page.goto('/login');
    await page.getByRole('button', { name: 'Dev Entry' }).click();
    await page.waitForURL((url) => url.pathname === '/app');
    const html = await (await page.request.get('/app/image', { headers: { accept: 'text/html' } })).text();
    expect(html).toContain('data-first-paint');
    expect(html).toContain('Write the picture, choose a look, and let the studio shoot it.');
    await page.goto('/app/image');
    await expect(page.locator('[data-first-paint]')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Account' })).toBeVisible(); // the app's header, signed in
    await expect(page.getByRole('textbox', { name: 'Prompt' })).toBeEditable();
  });
});

test.describe('prerendered legal pages, hydrated', () => {
  test.use({ storageState: { cookies: [], origins: [] } });
  test('Go Back works on a legal page opened by its address, without the full app', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    await page.getByRole('button', { name: 'Go Back' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.getByRole('heading', { level: 1, name: 'Your AI fashion studio' })).toBeVisible();
    // Only the light pages' scripts: the federated entry (main.*.js) was never needed.
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.every((path) => path.startsWith('/light/')), scripts.join(', ')).toBe(true);

    await page.goto('/privacy');
    await page.getByRole('button', { name: 'Go Back' }).click();
    await page.waitForURL((url) => url.pathname === '/'); // opened by its address: nothing of ours behind it
  });
});
