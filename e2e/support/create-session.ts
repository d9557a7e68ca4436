// Sign-in and API helpers of the create flow's end-to-end test (tests/create.spec.ts).
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export interface Generation {
  id: string;
  type: 'image' | 'video' | 'dressup';
  status: 'queued' | 'processing' | 'completed' | 'failed';
  prompt: string | null;
  aspectRatio: string | null;
  imageUrl: string | null;
  videoUrl: string | null;
  thumbnailUrl: string | null;
  engine: 'local' | 'fal' | null;
  cost: number;
  errorMessage: string | null;
}

export interface UserLimits {
  credits: { used: number; limit: number };
}

/**
 * Signs in through development sign-in and starts the user over as a new free user: development sign-in
 * always signs in the one development user, so the developer tools' switch to the free plan gives it a
 * fresh period with nothing used (the allowance a new user gets).
 */
export async function signInAsNewFreeUser(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Dev Entry' }).click();
  await page.waitForURL((url) => url.pathname === '/app');
  const switched = await page.request.post('/api/dev/switch-user', { data: { userType: 'free' } });
  expect(switched.status(), await switched.text()).toBe(200);
  expect(await userLimits(page.request)).toMatchObject({ credits: { used: 0, limit: 25 } });
}

export async function userLimits(request: APIRequestContext): Promise<UserLimits> {
  const response = await request.get('/api/user-limits');
  expect(response.status()).toBe(200);
  return (await response.json()) as UserLimits;
}

export async function getGeneration(request: APIRequestContext, id: string): Promise<Generation> {
  const response = await request.get(`/api/generations/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Generation;
}

/** Waits until the generation settles and returns it; a failure fails the test with its message. */
export async function settledGeneration(request: APIRequestContext, id: string, timeout: number): Promise<Generation> {
  let last: Generation | undefined;
  await expect
    .poll(
      async () => {
        last = await getGeneration(request, id);
        return last.status;
      },
      { timeout, intervals: [250, 500, 1000] },
    )
    .toMatch(/^(completed|failed)$/);
  expect(last!.errorMessage ?? '', `generation ${id} failed`).toBe('');
  expect(last!.status).toBe('completed');
  return last!;
}

/** Clicks the tab's Generate button and returns the id of the generation it started (202). */
export async function generateFromUi(page: Page, type: Generation['type']): Promise<string> {
  const started = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === `/api/generations/${type}`);
  const button = page.getByRole('button', { name: /^Generate · \d+ credits?$/ });
  await expect(button).toBeEnabled();
  await button.click();
  const response = await started;
  expect(response.status(), await response.text()).toBe(202);
  return ((await response.json()) as { id: string }).id;
}
