// Sign-in through a real OpenID Connect provider running in the test, against a second copy of the
// product configured for it (the shared product keeps development sign-in for the other tests).
import { type Page, type Response } from '@playwright/test';
import { expect, test } from '../support/test';
import { freePort } from '../../scripts/lib/processes.mjs';
import { startTestProvider, type TestProvider } from '@atelier/account/testing';
import { startTestProduct, type RunningProduct } from '../support/product';

let provider: TestProvider;
let product: RunningProduct;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  const site = `http://127.0.0.1:${port}`;
  provider = await startTestProvider({ redirectUri: `${site}/api/auth/callback` });
  provider.people.set('ada', { given_name: 'Ada', name: 'Ada Lovelace', email: 'ada@example.com' });
  provider.people.set('grace', { given_name: 'Grace', email: 'grace@example.com' });
  product = await startTestProduct({
    PORT: String(port),
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
  });
});

test.afterEach(() => {
  delete provider.tamper.state;
  delete provider.tamper.nonce;
});

test.afterAll(async () => {
  await product?.stop();
  await provider?.close();
});

/** From the login screen through the provider's form; resolves with the product's callback response. */
async function signIn(page: Page, login: string): Promise<Response> {
  await page.goto(`${product.url}/login`);
  const isCallback = (url: string) => url.startsWith(`${product.url}/api/auth/callback`);
  const callbackResponse = page.waitForResponse((r) => isCallback(r.url()));
  const callbackRequest = page.waitForRequest((r) => isCallback(r.url()));
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  // The provider asks for a login unless it still has a session for this browser.
  const form = page.locator('input[name="login"]');
  const asked = form.waitFor().then(
    () => 'form' as const,
    () => 'none' as const,
  );
  const back = callbackRequest.then(
    () => 'callback' as const,
    () => 'callback' as const,
  );
  if ((await Promise.race([asked, back])) === 'form') {
    await form.fill(login);
    await page.locator('input[name="password"]').fill('any password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
  }
  return callbackResponse;
}

async function currentUserId(page: Page): Promise<string | null> {
  const res = await page.request.get(`${product.url}/api/auth/user`);
  if (res.status() === 401) return null;
  return ((await res.json()) as { id: string }).id;
}

test('first sign-in lands on /app?new_login=1, then a clean /app; a second sign-in reuses the user', async ({
  browser,
}) => {
  // Three sign-ins through the provider, a logout and a reload: ~25 s alone, over a minute on a loaded 2-core CI.
  test.setTimeout(180_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  const events: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/track-event') && r.method() === 'POST')
      events.push((r.postDataJSON() as { eventType: string }).eventType);
  });
  const count = (type: string) => events.filter((e) => e === type).length;

  const first = await signIn(page, 'ada');
  expect(first.status()).toBe(302);
  expect(first.headers().location).toBe('/app?new_login=1');
  // A first visit may open the onboarding dialog (SPEC §1) over the home screen.
  const skip = page.getByRole('dialog').getByRole('button', { name: 'Skip' });
  const home = page.getByRole('heading', { name: 'Start Creating Now' });
  await expect(skip.or(home)).toBeVisible();
  if (await skip.isVisible()) await skip.click();
  await expect(home).toBeVisible();
  // The parameter is gone from the address bar, replaced rather than pushed.
  await expect.poll(() => new URL(page.url()).search).toBe('');
  expect(new URL(page.url()).pathname).toBe('/app');
  await expect.poll(() => count('user_signup')).toBe(1);
  await expect.poll(() => count('user_login')).toBe(1); // every sign-in, the first one too
  await expect(page.getByText('Ada', { exact: true })).toBeVisible();
  const adaId = await currentUserId(page);
  expect(adaId).toEqual(expect.any(String));

  // Logout ends the session on the server.
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  expect(await currentUserId(page)).toBeNull();
  expect(count('user_logout')).toBe(1);

  // The same person again: the same user, no new_login.
  const second = await signIn(page, 'ada');
  expect(second.headers().location).toBe('/app');
  await expect(page.getByRole('heading', { name: 'Start Creating Now' })).toBeVisible();
  expect(await currentUserId(page)).toBe(adaId);
  await expect.poll(() => count('user_login')).toBe(2);
  expect(count('user_signup')).toBe(1);
  // A reload is neither a sign-in nor a new browser session.
  const sessionsBefore = count('session_started');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Start Creating Now' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(count('user_login')).toBe(2);
  expect(count('session_started')).toBe(sessionsBefore);
  await context.close();

  // Another person in another browser is another user.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  expect((await signIn(otherPage, 'grace')).headers().location).toBe('/app?new_login=1');
  await otherPage.waitForURL((url) => url.pathname === '/app' && url.search === '');
  const graceId = await currentUserId(otherPage);
  expect(graceId).not.toBeNull();
  expect(graceId).not.toBe(adaId);
  await other.close();
});

test('a forged state is refused and lands on /login with a message', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  // Whatever comes back from the provider, the state is not the one this browser was given.
  provider.tamper.state = 'forged-state-value';
  const callback = await signIn(page, 'ada');
  expect(callback.headers().location).toBe('/login?error=invalid_state');
  await page.waitForURL((url) => url.pathname === '/login');
  await expect(page.getByRole('alert')).toContainText("We couldn't sign you in");
  await expect(page.getByRole('alert')).toContainText('was not started here or was altered');
  expect(await currentUserId(page)).toBeNull();
  await context.close();
});

test('a forged nonce is refused and lands on /login with a message', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  // The authorization request reaches the provider with another nonce, so the ID token carries it.
  provider.tamper.nonce = 'nonce-of-an-attacker';
  const callback = await signIn(page, 'ada');
  expect(callback.headers().location).toBe('/login?error=invalid_nonce');
  await page.waitForURL((url) => url.pathname === '/login');
  await expect(page.getByRole('alert')).toContainText('could not confirm this sign-in belongs to you');
  expect(await currentUserId(page)).toBeNull();
  await context.close();
});

test('the login screen hides Dev Entry when a provider is configured', async ({ page }) => {
  await page.goto(`${product.url}/login`);
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  const config = await page.request.get(`${product.url}/api/config`);
  expect(((await config.json()) as { devLogin: boolean }).devLogin).toBe(false);
  await expect(page.getByRole('button', { name: 'Dev Entry' })).toHaveCount(0);
  expect((await page.request.get(`${product.url}/api/dev-login`, { maxRedirects: 0 })).status()).toBe(404);
});
