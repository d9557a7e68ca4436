// Issue 12's proof in a browser: a new user pays for Basic through a product started against the fake Stripe
// (checkout page, signed webhooks, back on /pricing as a subscriber, the billing portal, the account page with
// the plan and a credit movement, then deleting the account: its subscription and customer end at Stripe and its
// files go); and, on the shared product without any Stripe configuration, the waitlist.
import { readFile } from 'node:fs/promises';
import { type BrowserContext, type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { startFakeStripe, type FakeStripe } from '@atelier/billing/testing';
import { startTestProduct, type RunningProduct } from '../support/product';

const WEBHOOK_SECRET = 'whsec_e2e_billing_secret';

let stripe: FakeStripe;
let product: RunningProduct;

test.describe.configure({ mode: 'serial' });

/** Every price id of README's "Running with Stripe test keys", distinct per tier, currency and frequency. */
function priceEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const tier of ['BASIC', 'ADVANCED', 'PRO'])
    for (const [cur, freq] of [
      ['USD', 'MONTHLY'],
      ['USD', 'YEARLY'],
      ['IDR', 'MONTHLY'],
    ])
      env[`STRIPE_PRICE_${tier}_${cur}_${freq}`] = `price_e2e_${tier}_${cur}_${freq}`.toLowerCase();
  return env;
}

/**
 * Stripe.js cannot come from https://js.stripe.com here (no network). @stripe/stripe-js/pure's loadStripe adds a
 * <script src="https://js.stripe.com/<train>/stripe.js"> and, on its load event, resolves with window.Stripe(key):
 * a stub defining window.Stripe stands in for it (checkout itself is a redirect to the session's url).
 */
async function stubStripeJs(target: Page | BrowserContext) {
  await target.route('https://js.stripe.com/**', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/javascript',
      body: "window.Stripe = function () { return {}; }; window.Stripe.version = 'endive';",
    }),
  );
}

/** Dev Entry from the login screen (a new, free user on a fresh product), then optionally another plan. */
async function signIn(page: Page, origin: string, userType?: 'free' | 'basic') {
  await page.goto(`${origin}/login`);
  await page.getByRole('button', { name: 'Dev Entry' }).click();
  await page.waitForURL((url) => url.pathname === '/app');
  if (userType) {
    const switched = await page.request.post(`${origin}/api/dev/switch-user`, { data: { userType } });
    expect(switched.status(), await switched.text()).toBe(200);
  }
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  stripe = await startFakeStripe();
  product = await startTestProduct({
    STRIPE_API_BASE: stripe.url,
    STRIPE_SECRET_KEY: 'sk_test_e2e_billing',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e_billing',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    ...priceEnv(),
    // Deleted accounts are erased within a second here (5 minutes after the deletion, then every 30 s, by default).
    ERASURE_GRACE_MS: '0',
    CREATE_ERASURE_INTERVAL_MS: '500',
    PHOTOSHOOT_ERASURE_INTERVAL_MS: '500',
    CANVAS_ERASURE_INTERVAL_MS: '500',
    BILLING_ERASURE_INTERVAL_MS: '500',
  });
  stripe.setWebhook({ url: `${product.url}/api/billing/webhook`, secret: WEBHOOK_SECRET });
});

test.afterAll(async () => {
  await product?.stop();
  await stripe?.close();
});

test('with the fake Stripe: a new user picks a region, pays for Basic, is a subscriber with the billing portal, the account page lists the plan and a generation, and deleting the account ends the subscription at Stripe and erases its files', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({
    storageState: { cookies: [], origins: [{ origin: product.url, localStorage: [{ name: 'onboardingShown', value: 'true' }] }] },
  });
  await stubStripeJs(context);
  const page = await context.newPage();
  await signIn(page, product.url);
  const plans = await page.request.get(`${product.url}/api/billing/plans`);
  expect(plans.status()).toBe(200);
  expect(await plans.json()).toMatchObject({ paymentsConfigured: true, publishableKey: 'pk_test_e2e_billing' });

  // /pricing asks for the region first; it cannot be dismissed by Escape.
  await page.goto(`${product.url}/pricing`);
  const picker = page.getByRole('dialog', { name: 'Choose your region' });
  await expect(picker).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(picker).toBeVisible();
  await picker.getByRole('button', { name: 'Rest of the World (USD)' }).click();
  await page.waitForURL((url) => url.pathname === '/pricing/all');
  await expect(picker).toBeHidden();

  // Basic → the checkout session's url on the fake Stripe, for the user and Basic's monthly USD price.
  await page.getByRole('button', { name: 'Get Basic' }).click();
  await page.waitForURL((url) => url.href.startsWith(`${stripe.url}/checkout/cs_test_`));
  const sessionId = new URL(page.url()).pathname.split('/').pop()!;
  const session = stripe.sessions.get(sessionId)!;
  expect(session).toMatchObject({ mode: 'subscription', status: 'open', line_items_price: 'price_e2e_basic_usd_monthly' });
  expect(session.client_reference_id).toEqual(expect.any(String));
  expect(session.success_url.startsWith(`${product.url}/pricing`)).toBe(true);

  // Pay: the fake completes the session, delivers the signed webhooks and returns to the success URL.
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL((url) => url.origin === product.url && url.pathname === '/pricing' && url.searchParams.get('checkout') === 'success');
  expect(new URL(page.url()).searchParams.get('session_id')).toBe(sessionId);
  expect(stripe.sessions.get(sessionId)!.status).toBe('complete');

  // A subscriber now: the header's Subscription, the current plan card Active, Basic is no longer for sale.
  await expect(page.getByRole('link', { name: 'Subscription' }).or(page.getByRole('button', { name: 'Subscription' })).first()).toBeVisible({
    timeout: 60_000,
  });
  const current = page.getByRole('region', { name: 'Current plan' });
  await expect(current).toBeVisible();
  await expect(current.getByText('Basic', { exact: true })).toBeVisible();
  await expect(current.getByText('Active', { exact: true })).toBeVisible();

  // Manage Billing → the fake's billing portal for this customer.
  await current.getByRole('button', { name: 'Manage Billing' }).click();
  await page.waitForURL((url) => url.href.startsWith(`${stripe.url}/portal/`));
  await expect(page.getByRole('heading', { name: 'Fake Stripe billing portal' })).toBeVisible();
  expect(stripe.portalSessions.size).toBe(1);
  expect([...stripe.portalSessions.values()][0]!.customer).toBe(session.customer);

  // One image generation, then the account page: the plan and the credit it took.
  const generation = await page.request.post(`${product.url}/api/generations/image`, {
    data: { prompt: 'linen shirt, studio light', aspectRatio: '1:1' },
  });
  expect(generation.status(), await generation.text()).toBe(202);
  await page.goto(`${product.url}/app/account`);
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
  const plan = page.getByRole('region', { name: 'Plan', exact: true });
  await expect(plan.getByText('Basic', { exact: true })).toBeVisible();
  await expect(plan.getByText('Active', { exact: true })).toBeVisible();
  await expect(plan.getByRole('button', { name: 'Manage Billing' })).toBeVisible();
  const { id: generationId } = (await generation.json()) as { id: string };
  // The one movement: the charge for that image (its short id beside it), 1 credit, in the table at 1440 px.
  const history = page.getByRole('region', { name: 'Credit history' });
  const movement = history.getByRole('row').filter({ hasText: `#${generationId.slice(0, 8)}` });
  await expect(movement).toHaveCount(1, { timeout: 30_000 });
  await expect(movement.getByRole('cell', { name: `Image generation #${generationId.slice(0, 8)}` })).toBeVisible();
  await expect(movement.getByRole('cell', { name: 'Credits', exact: true })).toBeVisible();
  await expect(movement.getByRole('cell', { name: '\u22121 credit', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Credits', exact: true })).toContainText(/149\s*left of 150/);
  await expect(movement.getByText('linen shirt, studio light', { exact: true })).toBeVisible(); // the line names the work

  // Your data: one JSON file with the account, the movement and the creation, its file a working link.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('region', { name: 'Your data' }).getByRole('button', { name: 'Download your data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^atelier-data-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
    account: { email: string };
    plan: { plan: string };
    creditHistory: { key: string; note: string | null }[];
    creations: { id: string; prompt: string }[];
  };
  expect(exported.plan.plan).toBe('basic');
  expect(exported.creditHistory).toEqual([expect.objectContaining({ key: generationId, note: 'linen shirt, studio light' })]);
  expect(exported.creations.map((c) => c.id)).toContain(generationId);

  // Deleting the account from the account page: it says the subscription ends, needs DELETE typed, then the login
  // page says it is done. The session is over at once; in the background the subscription is cancelled and the
  // customer deleted at Stripe, and the image's file goes.
  let imageUrl: string | null = null;
  await expect
    .poll(
      async () => {
        const answer = (await (await page.request.get(`${product.url}/api/generations/${generationId}`)).json()) as { status: string; imageUrl: string | null };
        imageUrl = answer.imageUrl;
        return answer.status;
      },
      { timeout: 60_000 },
    )
    .toBe('completed');
  expect((await page.request.get(`${product.url}${imageUrl!}`)).status()).toBe(200);
  const subscription = [...stripe.subscriptions.values()].find((s) => s.customer === session.customer)!;
  expect(subscription.status).toBe('active');
  const deletion = page.getByRole('region', { name: 'Delete account' });
  await expect(deletion).toContainText('Your subscription ends at once, with no refund for the rest of the period.');
  await deletion.getByRole('button', { name: 'Delete account' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(confirm.getByRole('button', { name: 'Delete account' })).toBeDisabled();
  await confirm.getByLabel('Type DELETE to confirm').fill('DELETE');
  await confirm.getByRole('button', { name: 'Delete account' }).click();
  await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('account') === 'deleted');
  await expect(page.getByRole('status').filter({ hasText: 'Your account is deleted' })).toBeVisible();
  expect((await page.request.get(`${product.url}/api/auth/user`)).status()).toBe(401);
  await expect.poll(() => stripe.subscriptions.get(subscription.id)?.status, { timeout: 30_000 }).toBe('canceled');
  await expect.poll(() => stripe.customers.has(session.customer as string), { timeout: 30_000 }).toBe(false);
  await expect.poll(async () => (await page.request.get(`${product.url}${imageUrl!}`)).status(), { timeout: 30_000 }).toBe(404);

  // Signing in again makes a new, empty account: free, nothing used, no creations.
  await signIn(page, product.url);
  expect(await (await page.request.get(`${product.url}/api/user-limits`)).json()).toMatchObject({ credits: { used: 0, limit: 25 } });
  expect(((await (await page.request.get(`${product.url}/api/generations`)).json()) as { items: unknown[] }).items).toEqual([]);
  await context.close();
});

test('without Stripe configuration: a plan opens the waitlist, joining works, joining again says Already on waitlist', async ({ page }) => {
  test.setTimeout(120_000);
  const origin = process.env.ATELIER_URL!;
  await signIn(page, origin, 'free');
  const plans = await page.request.get('/api/billing/plans');
  expect(await plans.json()).toMatchObject({ paymentsConfigured: false });

  const email = `waitlist-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const join = async () => {
    await page.goto('/pricing/all');
    await page.getByRole('button', { name: 'Get Basic' }).click();
    const dialog = page.getByRole('dialog', { name: "We're in Alpha" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('70% off')).toBeVisible();
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Join the waitlist' }).click();
    return dialog;
  };

  await join();
  const joined = page.getByRole('dialog', { name: "You're on the list" });
  await expect(joined).toBeVisible();
  await expect(joined).toContainText(`We will write to ${email} when Atelier launches.`);

  // The same email again (another plan's button, a new page): the 409 toast, still in the form.
  const again = await join();
  await expect(page.getByText('Already on waitlist', { exact: true }).first()).toBeVisible(); // Radix copies a toast's text into a hidden announcement for a second
  await expect(page.getByText('This email is already registered for early access.').first()).toBeVisible();
  await expect(again).toBeVisible();
  await expect(page.getByRole('dialog', { name: "You're on the list" })).toHaveCount(0);
});
