// `npm run bench` section (c): the local engine's own time, and what the create service's queue adds.
import { performance } from 'node:perf_hooks';

const IMAGES_AT_ONCE = 50;
const ENGINE_IMAGE_RUNS = 5;
const ENGINE_VIDEO_RUNS = 2;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** The local engine alone, in this process: one image at a time, one video at a time. */
async function engineTimes() {
  const { createLocalEngine } = await import('../services/engines/dist/index.js');
  const engine = createLocalEngine();
  // One warm-up run so fonts and libvips are loaded before timing.
  const first = await engine.textToImage({ prompt: 'warm-up look', aspectRatio: '2:3', seed: 1 });
  const image = [];
  for (let i = 0; i < ENGINE_IMAGE_RUNS; i += 1) {
    const start = performance.now();
    await engine.textToImage({ prompt: `bench look ${i}, camel coat, street`, aspectRatio: '2:3', seed: 100 + i });
    image.push(performance.now() - start);
  }
  const video = [];
  for (let i = 0; i < ENGINE_VIDEO_RUNS; i += 1) {
    const start = performance.now();
    await engine.imageToVideo({ image: first.data, model: 'wan-2.5', prompt: 'slow push-in' });
    video.push(performance.now() - start);
  }
  return { imageMs: median(image), videoMs: median(video) };
}

/**
 * 50 image generations posted at once through the gateway by one Pro user; latency per generation
 * from the service's own times (createdAt → completedAt).
 */
async function queueLatency(product, signIn) {
  const { serviceHeaders } = await import('../services/kit/dist/index.js');
  const cookie = await signIn(product.url);
  const user = await (await fetch(`${product.url}/api/auth/user`, { headers: { cookie } })).json();
  const plan = await fetch(`${product.env.ACCOUNT_URL}/internal/plans/set`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...serviceHeaders(product.env.IDENTITY_SECRET, 'bench') },
    body: JSON.stringify({ userId: user.id, plan: 'pro' }),
  });
  if (!plan.ok) throw new Error(`plans/set answered ${plan.status}`);

  const started = await Promise.all(
    Array.from({ length: IMAGES_AT_ONCE }, async (_, i) => {
      const response = await fetch(`${product.url}/api/generations/image`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ prompt: `bench look ${i}, linen suit, city street` }),
      });
      if (response.status !== 202) throw new Error(`start answered ${response.status}: ${await response.text()}`);
      return (await response.json()).id;
    }),
  );
  const ids = new Set(started);
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    const page = await (await fetch(`${product.url}/api/generations?limit=100`, { headers: { cookie } })).json();
    const mine = page.items.filter((g) => ids.has(g.id));
    const failed = mine.filter((g) => g.status === 'failed');
    if (failed.length) throw new Error(`${failed.length} generations failed: ${failed[0].errorMessage}`);
    if (mine.length === IMAGES_AT_ONCE && mine.every((g) => g.status === 'completed')) {
      const latencies = mine.map((g) => Date.parse(g.completedAt) - Date.parse(g.createdAt));
      const firstCreated = Math.min(...mine.map((g) => Date.parse(g.createdAt)));
      const lastCompleted = Math.max(...mine.map((g) => Date.parse(g.completedAt)));
      return { median: median(latencies), p95: percentile(latencies, 95), max: Math.max(...latencies), makespan: lastCompleted - firstCreated };
    }
    if (Date.now() > deadline) throw new Error('generations did not finish within 15 minutes');
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function createBench(product, signIn) {
  const engine = await engineTimes();
  const queue = await queueLatency(product, signIn);
  const concurrency = Number(product.env.CREATE_CONCURRENCY ?? 2);
  return { engine, queue, concurrency };
}

export function createSection({ engine, queue, concurrency }, ratio) {
  const ms = (value) => `${Math.round(value)} ms`;
  const ideal = (IMAGES_AT_ONCE * engine.imageMs) / concurrency;
  return [
    `## (c) Generation — local engine and the create service's queue`,
    ``,
    `| local engine alone (baseline) | time |`,
    `|---|---|`,
    `| one image, 1024×1536 (median of ${ENGINE_IMAGE_RUNS}) | ${ms(engine.imageMs)} |`,
    `| one video, 5 s at 24 fps (median of ${ENGINE_VIDEO_RUNS}) | ${ms(engine.videoMs)} |`,
    ``,
    `${IMAGES_AT_ONCE} image generations posted at once through the gateway (${concurrency} workers), submit → completed:`,
    ``,
    `| figure | time | baseline | ratio |`,
    `|---|---|---|---|`,
    `| median latency | ${ms(queue.median)} | engine time per image ${ms(engine.imageMs)} | ${ratio(queue.median, engine.imageMs)} |`,
    `| p95 latency | ${ms(queue.p95)} | engine time per image | ${ratio(queue.p95, engine.imageMs)} |`,
    `| all ${IMAGES_AT_ONCE} done (makespan) | ${ms(queue.makespan)} | ${IMAGES_AT_ONCE} × engine time ÷ ${concurrency} workers = ${ms(ideal)} | **${ratio(queue.makespan, ideal)}** |`,
    ``,
    `Latency includes waiting in the queue behind the other ${IMAGES_AT_ONCE - 1}; the makespan ratio is the queue's own overhead (1.00 = none).`,
    ``,
  ];
}
