import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { startTestProduct, type RunningProduct } from '../support/product';

async function signInThroughDevEntry(page: Page) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Dev Entry' }).click();
  await page.waitForURL('**/app');
}

const remoteRoutes = [
  { path: '/app/image', remote: 'mf_create' },
  { path: '/app/video', remote: 'mf_create' },
  { path: '/app/dress-up', remote: 'mf_create' },
  { path: '/app/photoshoots', remote: 'mf_photoshoot' },
  { path: '/app/canvas', remote: 'mf_canvas' },
  { path: '/pricing', remote: 'mf_pricing' },
];

test('a new visitor signs in through development sign-in and opens every remote from its own build', async ({ page }) => {
  const manifestsLoaded = new Set<string>();
  page.on('response', (response) => {
    const match = /\/mf\/(mf-[a-z]+)\/mf-manifest\.json/.exec(response.url());
    if (match && response.ok()) manifestsLoaded.add(match[1]!);
  });
  const consoleErrors: string[] = [];
  page.on('console', (msg) => msg.type() === 'error' && consoleErrors.push(msg.text()));

  await page.goto('/');
  await page.getByRole('link', { name: 'Login' }).first().click();
  // Signed out, /app sends the visitor to /login.
  await page.waitForURL('**/login');
  await page.getByRole('button', { name: 'Dev Entry' }).click();
  await page.waitForURL((url) => url.pathname === '/app');
  await expect(page.getByRole('heading', { name: 'Start Creating Now' })).toBeVisible();
  // Photoshoots open only with a photoshoot left (a free user gets the limit dialog): a Basic user has 2.
  const switched = await page.request.post('/api/dev/switch-user', { data: { userType: 'basic' } });
  expect(switched.status()).toBe(200);

  for (const { path, remote } of remoteRoutes) {
    await page.goto(path);
    await expect(page.locator(`section[data-remote="${remote}"]`)).toBeVisible();
  }
  expect([...manifestsLoaded].sort()).toEqual(['mf-canvas', 'mf-create', 'mf-photoshoot', 'mf-pricing']);

  // A remote's stylesheet must not undo the shell's responsive classes: the desktop tabs stay visible
  // after remotes have loaded, also across client-side navigation between them.
  await page.goto('/app/canvas');
  await expect(page.locator('section[data-remote="mf_canvas"]')).toBeVisible();
  const tabs = page.getByRole('navigation').first();
  await tabs.getByRole('link', { name: 'Image' }).click();
  await expect(page.locator('section[data-remote="mf_create"]')).toBeVisible();
  await expect(tabs.getByRole('link', { name: 'Canvas' })).toBeVisible();
  expect(consoleErrors.filter((e) => /Invalid hook call|more than one copy of React/i.test(e))).toEqual([]);
});

test("a visitor's pages (the prerendered landing, pricing, a protected route) ask for no session and log no error", async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
  const asked: string[] = [];
  page.on('request', (request) => request.url().includes('/api/auth/user') && asked.push(request.url()));
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Explore Now' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Signed out, a protected route goes to /login, known at once from the page (the gateway's visitor mark).
  await page.goto('/app/image');
  await page.waitForURL('**/login');
  await page.waitForLoadState('networkidle');
  expect(asked).toEqual([]);
  expect(errors).toEqual([]);
});

test('signed out, /app/canvas goes to /login', async ({ page }) => {
  await page.goto('/app/canvas');
  await page.waitForURL('**/login');
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
});

test('a signed-in user on / is sent to /app, and logout ends the session', async ({ page }) => {
  await signInThroughDevEntry(page);
  await page.goto('/');
  await page.waitForURL((url) => url.pathname === '/app');
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await page.waitForURL((url) => url.pathname === '/');
  const response = await page.request.get('/api/auth/user');
  expect(response.status()).toBe(401);
});

test.describe('with one remote missing', () => {
  let product: RunningProduct;
  test.beforeAll(async () => {
    product = await startTestProduct({ REMOTE_MF_CANVAS_DIR: '/nonexistent/mf-canvas' });
  });
  test.afterAll(async () => {
    await product?.stop();
  });

  test('its route shows the fallback and the other remotes still work', async ({ page }) => {
    await page.goto(`${product.url}/login`);
    await page.getByRole('button', { name: 'Dev Entry' }).click();
    await page.waitForURL((url) => url.pathname === '/app');
    await page.goto(`${product.url}/app/canvas`);
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    await page.goto(`${product.url}/app/image`);
    await expect(page.locator('section[data-remote="mf_create"]')).toBeVisible();
    await page.goto(`${product.url}/pricing`);
    await expect(page.locator('section[data-remote="mf_pricing"]')).toBeVisible();
  });
});
