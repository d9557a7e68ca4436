// `npm run bench` section (c): the local engine's own time, and what the create service's queue adds.
// The makespan of 50 images queued at once has a budget: ≤ 1.15 × (50 × engine time ÷ workers). Beside
// it, where the time went, from the service's and pg-boss's own records: the engine's time inside the
// service, how long a free worker left a queued job waiting, and who else used the CPU meanwhile.
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import {
  createRecords,
  median,
  percentile,
  postImagesAtOnce,
  proUser,
  waitForCompleted,
} from './generations.mjs';
import { cpuAccount, describeCpu, descendants, procAvailable } from './procs.mjs';

const IMAGES_AT_ONCE = 50;
const ENGINE_IMAGE_RUNS = 5;
const ENGINE_PAIR_RUNS = 5;
const ENGINE_VIDEO_RUNS = 2;
/** The budget: the queue may add at most 15 % to the ideal makespan. */
export const MAKESPAN_BUDGET_RATIO = 1.15;

/** The local engine alone, in this process: one image at a time, two at a time, one video at a time. */
export async function engineTimes({ video = true } = {}) {
  const { createLocalEngine } = await import('../services/engines/dist/index.js');
  const engine = createLocalEngine();
  const image = (i) =>
    engine.textToImage({ prompt: `bench look ${i}, camel coat, street`, aspectRatio: '2:3', seed: 100 + i });
  // One warm-up run so fonts and libvips are loaded before timing.
  const first = await engine.textToImage({ prompt: 'warm-up look', aspectRatio: '2:3', seed: 1 });
  const images = [];
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < ENGINE_IMAGE_RUNS; i += 1) {
    const start = performance.now();
    await image(i);
    images.push(performance.now() - start);
  }
  const cpu = process.cpuUsage(cpuBefore);
  // Two at a time in one process, as the create service's two workers run them: wall time per image.
  const pairStart = performance.now();
  for (let i = 0; i < ENGINE_PAIR_RUNS; i += 1) await Promise.all([image(200 + 2 * i), image(201 + 2 * i)]);
  const pairPerImageMs = (performance.now() - pairStart) / (2 * ENGINE_PAIR_RUNS);
  const videos = [];
  for (let i = 0; video && i < ENGINE_VIDEO_RUNS; i += 1) {
    const start = performance.now();
    await engine.imageToVideo({ image: first.data, model: 'wan-2.5', prompt: 'slow push-in' });
    videos.push(performance.now() - start);
  }
  return {
    imageMs: median(images),
    imageCpuMs: (cpu.user + cpu.system) / 1000 / ENGINE_IMAGE_RUNS,
    pairPerImageMs,
    videoMs: video ? median(videos) : null,
  };
}

/**
 * How long each job waited for a worker although one was free: the jobs in the order workers claimed
 * them, `workers` slots; a job's wait is from the moment it was sent, or a slot came free if later,
 * to the moment it was claimed.
 */
export function idleWorkerWaits(rows, workers) {
  const freeAt = Array.from({ length: workers }, () => -Infinity);
  const waits = [];
  for (const row of rows) {
    const slot = freeAt.indexOf(Math.min(...freeAt));
    const readyAt = Math.max(freeAt[slot], row.jobSentAt);
    waits.push(Math.max(0, row.jobClaimedAt - readyAt));
    freeAt[slot] = row.jobCompletedAt;
  }
  return waits;
}

/**
 * 50 image generations posted at once through the gateway by one Pro user; latency per generation
 * from the service's own times (createdAt → completedAt), and its records for the breakdown.
 */
async function queueRun(product, workers) {
  const cookie = await proUser(product.url);
  const records = await createRecords(product);
  try {
    const load = loadavg()[0];
    const measureCpu = procAvailable() ? cpuAccount(() => descendants(process.pid)) : null;
    const posted = performance.now();
    const ids = await postImagesAtOnce(product.url, cookie, IMAGES_AT_ONCE);
    const postMs = performance.now() - posted;
    const mine = await waitForCompleted(product.url, cookie, ids);
    const cpu = measureCpu?.();
    const latencies = mine.map((g) => Date.parse(g.completedAt) - Date.parse(g.createdAt));
    const firstCreated = Math.min(...mine.map((g) => Date.parse(g.createdAt)));
    const lastCompleted = Math.max(...mine.map((g) => Date.parse(g.completedAt)));
    const rows = await records.times(ids);
    const work = rows.map((r) => r.completedAt - r.startedAt);
    const waits = idleWorkerWaits(rows, workers);
    return {
      median: median(latencies),
      p95: percentile(latencies, 95),
      max: Math.max(...latencies),
      makespan: lastCompleted - firstCreated,
      postMs,
      lastSentAfter: Math.max(...rows.map((r) => r.jobSentAt)) - firstCreated,
      work: { median: median(work), p95: percentile(work, 95), sum: work.reduce((a, b) => a + b, 0) },
      waits: {
        median: median(waits),
        p95: percentile(waits, 95),
        sum: waits.reduce((a, b) => a + b, 0),
        over1s: waits.filter((w) => w > 1000).length,
      },
      cpu,
      load,
    };
  } finally {
    await records.close();
  }
}

export async function createBench(product) {
  const engine = await engineTimes();
  const concurrency = Number(product.env.CREATE_CONCURRENCY ?? 2);
  const queue = await queueRun(product, concurrency);
  return { engine, queue, concurrency };
}

export function createSection({ engine, queue, concurrency }, ratio) {
  const ms = (value) => `${Math.round(value)} ms`;
  const ideal = (IMAGES_AT_ONCE * engine.imageMs) / concurrency;
  const budget = MAKESPAN_BUDGET_RATIO * ideal;
  const passed = queue.makespan <= budget;
  const perSlot = IMAGES_AT_ONCE / concurrency;
  return [
    `## (c) Generation — local engine and the create service's queue`,
    ``,
    `| local engine alone (baseline) | time |`,
    `|---|---|`,
    `| one image, 1024×1536 (median of ${ENGINE_IMAGE_RUNS}) | ${ms(engine.imageMs)} (CPU ${ms(engine.imageCpuMs)}) |`,
    `| two images at once in one process, wall time per image (${ENGINE_PAIR_RUNS} pairs) | ${ms(engine.pairPerImageMs)} |`,
    `| one video, 5 s at 24 fps (median of ${ENGINE_VIDEO_RUNS}) | ${ms(engine.videoMs)} |`,
    ``,
    `${IMAGES_AT_ONCE} image generations posted at once through the gateway (${concurrency} workers), submit → completed.`,
    `Host load average (1 min) when they were posted: ${queue.load.toFixed(1)} on ${cpus().length} cores.`,
    ``,
    `| figure | time | baseline | ratio |`,
    `|---|---|---|---|`,
    `| median latency | ${ms(queue.median)} | engine time per image ${ms(engine.imageMs)} | ${ratio(queue.median, engine.imageMs)} |`,
    `| p95 latency | ${ms(queue.p95)} | engine time per image | ${ratio(queue.p95, engine.imageMs)} |`,
    `| all ${IMAGES_AT_ONCE} done (makespan) | ${ms(queue.makespan)} | ${IMAGES_AT_ONCE} × engine time ÷ ${concurrency} workers = ${ms(ideal)} | **${ratio(queue.makespan, ideal)}** |`,
    `| the same against what this host did with two at once | ${ms(queue.makespan)} | ${IMAGES_AT_ONCE} × two-at-once time per image = ${ms(IMAGES_AT_ONCE * engine.pairPerImageMs)} | ${ratio(queue.makespan, IMAGES_AT_ONCE * engine.pairPerImageMs)} |`,
    ``,
    `Budget: makespan ≤ ${MAKESPAN_BUDGET_RATIO} × ${ms(ideal)} = ${ms(budget)} — **${passed ? 'pass' : 'FAIL'}** (ratio ${ratio(queue.makespan, ideal)}, budget ${MAKESPAN_BUDGET_RATIO.toFixed(2)}).`,
    `Latency includes waiting in the queue behind the other ${IMAGES_AT_ONCE - 1}; the makespan ratio is the queue's own overhead (1.00 = none).`,
    ``,
    `Where the makespan went (the create service's generation times and its pg-boss jobs' times):`,
    ``,
    `| part | time | baseline | ratio |`,
    `|---|---|---|---|`,
    `| posting the ${IMAGES_AT_ONCE} (all answered 202) / the last job sent, after the first generation was saved | ${ms(queue.postMs)} / ${ms(queue.lastSentAfter)} | makespan | ${ratio(queue.lastSentAfter, queue.makespan)} |`,
    `| one generation's work in the service (started → completed: engine, storing the image, its row), median | ${ms(queue.work.median)} (p95 ${ms(queue.work.p95)}) | engine alone, one image | ${ratio(queue.work.median, engine.imageMs)} |`,
    `| the same, ${perSlot} per worker in a row | ${ms(queue.work.sum / concurrency)} | makespan | ${ratio(queue.work.sum / concurrency, queue.makespan)} |`,
    `| a queued job left waiting while a worker was free (previous job done → next claimed), median | ${ms(queue.waits.median)} (p95 ${ms(queue.waits.p95)}; ${queue.waits.over1s} of ${IMAGES_AT_ONCE} over 1 s) | engine alone, one image | ${ratio(queue.waits.median, engine.imageMs)} |`,
    `| the same, summed per worker | ${ms(queue.waits.sum / concurrency)} | makespan | ${ratio(queue.waits.sum / concurrency, queue.makespan)} |`,
    `| two images at once in one process (engine alone), per image | ${ms(engine.pairPerImageMs)} | engine alone, one image | ${ratio(engine.pairPerImageMs, engine.imageMs)} |`,
    ``,
    ...(queue.cpu ? [`During the ${IMAGES_AT_ONCE}: ${describeCpu(queue.cpu)}.`, ``] : []),
    ...readings({ engine, queue, concurrency }),
  ];
}

/** Plain words for what the breakdown shows, printed only when it shows it. */
function readings({ engine, queue, concurrency }) {
  const lines = [];
  const idleShare = queue.waits.sum / concurrency / queue.makespan;
  if (idleShare > 0.25) {
    lines.push(
      `- Workers sat idle for ${Math.round(idleShare * 100)} % of the makespan while jobs were queued. A pg-boss worker fetches again at once after a`,
      `  job only if a NOTIFY came in meanwhile (they come when jobs are sent); otherwise it sleeps out its poll interval (kit's safety poll).`,
    );
  }
  const speedup = engine.imageMs / engine.pairPerImageMs; // images per unit of time, two at once vs one
  if (concurrency === 2 && speedup < 1.7) {
    lines.push(
      `- Two images at once gave ${speedup.toFixed(2)}× the throughput of one on this host, not 2×: the budget's baseline (engine time ÷ ${concurrency})`,
      `  assumes they scale. The best this host did is ${IMAGES_AT_ONCE} × ${Math.round(engine.pairPerImageMs)} ms = ${Math.round(IMAGES_AT_ONCE * engine.pairPerImageMs)} ms (${(engine.pairPerImageMs / (engine.imageMs / concurrency)).toFixed(2)} × the ideal).`,
    );
  }
  return lines.length ? [...lines, ``] : [];
}
