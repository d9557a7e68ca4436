// The supervisor of `npm start`: a service killed outright comes back on its own, the rest of the
// product keeps answering meanwhile, and no generation is lost or charged twice.
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/test';
import { startTestProduct, type RunningProduct } from '../support/product';

interface Generation {
  id: string;
  status: 'queued' | 'processing' | 'completed' | 'failed';
  errorMessage: string | null;
}

const IN_FLIGHT = 10;

test.describe('supervised processes', () => {
  let product: RunningProduct;
  let api: APIRequestContext;

  test.beforeAll(async () => {
    product = await startTestProduct();
    api = await playwrightRequest.newContext({ baseURL: product.url });
    const signIn = await api.get('/api/dev-login', { maxRedirects: 0 });
    expect(signIn.status()).toBe(302);
  });
  test.afterAll(async () => {
    await api?.dispose();
    await product?.stop();
  });

  // The budgets (back within 5 s, every generation done within 60 s) are measured figures: this
  // test records them as annotations and asserts bounds a loaded 2-core CI host keeps (speed is the
  // benchmarks' business, never a tight timed assertion); `npm run bench` reports them against budget.
  test('a service killed with SIGKILL mid-work comes back by itself; /healthz never fails; every generation completes once', async () => {
    test.setTimeout(180_000);
    const ids: string[] = [];
    for (let i = 0; i < IN_FLIGHT; i += 1) {
      const started = await api.post('/api/generations/image', { data: { prompt: `supervisor test look ${i}`, aspectRatio: '1:1' } });
      expect(started.status(), await started.text()).toBe(202);
      ids.push(((await started.json()) as { id: string }).id);
    }
    const list = async () => ((await (await api.get('/api/generations?limit=100')).json()) as { items: Generation[] }).items;
    await expect.poll(async () => (await list()).some((g) => g.status === 'processing'), { timeout: 60_000 }).toBe(true);

    // The gateway's health is asked every 100 ms from before the kill until the end.
    const health: number[] = [];
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        health.push((await fetch(`${product.url}/healthz`).catch(() => null))?.status ?? 0);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();

    const create = product.processes.get('create')!;
    const back = new Promise<number>((resolve) => create.on('up', () => resolve(Date.now())));
    const killedAt = Date.now();
    create.child!.kill('SIGKILL');

    // While it is down its routes say so (503 with Retry-After) and the others keep working.
    const whileDown = await api.get('/api/generations?limit=1');
    if (whileDown.status() !== 200) {
      expect(whileDown.status()).toBe(503);
      expect(whileDown.headers()['retry-after']).toBe('5');
    }
    expect((await api.get('/api/user-limits')).status()).toBe(200);

    const restartMs = (await back) - killedAt;
    test.info().annotations.push({ type: 'restart', description: `create back ${restartMs} ms after SIGKILL (budget 5000 ms)` });
    expect(restartMs).toBeLessThan(30_000);
    expect(create.restarts).toBe(1);

    await expect
      .poll(async () => (await list()).filter((g) => ids.includes(g.id) && g.status === 'completed').length, { timeout: 120_000, intervals: [500] })
      .toBe(IN_FLIGHT);
    test.info().annotations.push({ type: 'recovery', description: `all ${IN_FLIGHT} done ${Date.now() - killedAt} ms after the kill (budget 60000 ms)` });
    watching = false;
    await watcher;

    expect(health.length).toBeGreaterThan(10);
    expect(health.every((status) => status === 200)).toBe(true);
    const limits = (await (await api.get('/api/user-limits')).json()) as { credits: { used: number } };
    expect(limits.credits.used).toBe(IN_FLIGHT);
  });
});
