// `npm run bench` section (f): job dispatch latency — from a job sent to the moment a worker starts it.
//
// On the product's own path: image generations posted through the gateway one at a time, each after the
// previous one completed and a short pause, so every job meets idle workers (dispatch, not queueing).
// The times are the ones the product records: pg-boss's job row (created_on when sent, started_on when
// a worker claimed it; the database's clock) and the generation's row (created_at when saved,
// started_at when the worker began it; the create service's clock, the same host clock).
//
// Beside it, the same through kit's createJobs/defineQueue/startWorker alone in this process, on the
// product's database in a schema of its own (dropped afterwards): what pg-boss and PostgreSQL take
// without the service around them.
import { loadavg, cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createRecords, median, percentile, postImage, proUser } from './generations.mjs';
import { cpuAccount, describeCpu, descendants, procAvailable } from './procs.mjs';

export const DISPATCH_JOBS = Number(process.env.BENCH_DISPATCH_JOBS ?? 200);
const GAP_MS = 50;
const WARM_UP_JOBS = 3;
/** The budget: half of the jobs start within 20 ms of being sent. */
export const DISPATCH_P50_BUDGET_MS = 20;
const KIT_SCHEMA = 'bench_dispatch_jobs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitForStatus(records, id, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await records.status(id);
    if (row?.status === 'completed') return;
    if (row?.status === 'failed') throw new Error(`generation ${id} failed: ${row.error_message}`);
    if (Date.now() > deadline)
      throw new Error(`generation ${id} did not complete within ${timeoutMs / 1000} s`);
    await sleep(10);
  }
}

/** The product's path: POST /api/generations/image, one at a time, each waited for. */
async function productDispatch(product) {
  const cookie = await proUser(product.url);
  const records = await createRecords(product);
  try {
    for (let i = 0; i < WARM_UP_JOBS; i += 1)
      await waitForStatus(records, await postImage(product.url, cookie, `warm-up ${i}`));
    const measureCpu = procAvailable() ? cpuAccount(() => descendants(process.pid)) : null;
    const requested = new Map();
    for (let i = 0; i < DISPATCH_JOBS; i += 1) {
      await sleep(GAP_MS);
      const at = Date.now();
      const id = await postImage(product.url, cookie, `dispatch look ${i}, wool coat`);
      requested.set(id, at);
      await waitForStatus(records, id);
    }
    const cpu = measureCpu?.();
    const rows = await records.times([...requested.keys()]);
    if (rows.length !== DISPATCH_JOBS)
      throw new Error(`found ${rows.length} of ${DISPATCH_JOBS} generations with their jobs`);
    return {
      claimed: rows.map((r) => r.jobClaimedAt - r.jobSentAt),
      started: rows.map((r) => r.startedAt - r.jobSentAt),
      saved: rows.map((r) => r.startedAt - r.createdAt),
      request: rows.map((r) => r.startedAt - requested.get(r.id)),
      work: rows.map((r) => r.completedAt - r.startedAt),
      cpu,
    };
  } finally {
    await records.close();
  }
}

/** kit alone in this process: send → the handler runs, on the product's database in a throwaway schema. */
async function kitDispatch(product) {
  const { createJobs, defineQueue, startWorker } = await import('../services/kit/dist/index.js');
  const databaseUrl = product.database?.url ?? product.env.DATABASE_URL;
  const dropSchema = async () => {
    const client = new pg.Client({ connectionString: databaseUrl, application_name: 'bench' });
    await client.connect();
    try {
      await client.query(`drop schema if exists ${KIT_SCHEMA} cascade`);
    } finally {
      await client.end();
    }
  };
  await dropSchema(); // a run killed outright may have left it
  const jobs = await createJobs({
    database: { service: 'bench', schema: 'bench', databaseUrl },
    schema: KIT_SCHEMA,
  });
  try {
    await defineQueue(jobs, 'dispatch');
    const waiting = new Map();
    await startWorker(
      jobs,
      'dispatch',
      { concurrency: Number(product.env.CREATE_CONCURRENCY ?? 2) },
      async (job) => {
        waiting.get(job.data.n)?.(performance.now());
      },
    );
    const latencies = [];
    for (let n = 0; n < WARM_UP_JOBS + DISPATCH_JOBS; n += 1) {
      await sleep(GAP_MS);
      const ran = new Promise((resolve) => waiting.set(n, resolve));
      const sent = performance.now();
      await jobs.send('dispatch', { n });
      const latency = (await Promise.race([ran, sleep(30_000).then(() => null)])) ?? null;
      if (latency === null) throw new Error(`kit job ${n} did not start within 30 s`);
      if (n >= WARM_UP_JOBS) latencies.push(latency - sent);
    }
    return latencies;
  } finally {
    await jobs.stop({ graceful: true, timeout: 5_000 }).catch(() => undefined);
    await dropSchema();
  }
}

export async function dispatchBench(product, engine) {
  const load = loadavg()[0];
  const path = await productDispatch(product);
  const kit = await kitDispatch(product);
  return { load, path, kit, engine };
}

export function dispatchSection({ load, path, kit, engine }, ratio) {
  const ms = (v) => `${v < 10 ? v.toFixed(1) : Math.round(v)} ms`;
  const row = (label, values, budgeted) => {
    const p50 = median(values);
    const budget = budgeted
      ? `${ms(p50)} / budget ${DISPATCH_P50_BUDGET_MS} ms (${ratio(p50, DISPATCH_P50_BUDGET_MS)}) — **${p50 <= DISPATCH_P50_BUDGET_MS ? 'pass' : 'FAIL'}**`
      : '—';
    return `| ${label} | ${budgeted ? `**${ms(p50)}**` : ms(p50)} | ${ms(percentile(values, 99))} | ${ms(Math.max(...values))} | ${ratio(p50, engine.imageMs)} | ${budget} |`;
  };
  return [
    `## (f) Job dispatch — sent → a worker starts it, ${DISPATCH_JOBS} jobs one at a time`,
    ``,
    `Measured on the product's own path: ${DISPATCH_JOBS} image generations posted through the gateway, each after the previous one`,
    `completed and a ${GAP_MS} ms pause (idle workers: dispatch, not queueing), timed by what the product records — the`,
    `pg-boss job's created_on → started_on (database clock) and the generation's created_at / started_at (create service's clock).`,
    `The kit row is kit's createJobs/defineQueue/startWorker alone in the bench process on the same server (schema`,
    `\`${KIT_SCHEMA}\`, dropped afterwards). ${WARM_UP_JOBS} warm-up jobs each are not counted.`,
    `Host load average (1 min) when the runs started: ${load.toFixed(1)} on ${cpus().length} cores.`,
    ``,
    `| from → to | p50 | p99 | max | p50 ÷ engine time (${Math.round(engine.imageMs)} ms) | p50 / budget (ratio) |`,
    `|---|---|---|---|---|---|`,
    row('**job sent → claimed by a worker** (pg-boss, product path)', path.claimed, true),
    row('job sent → generation started (worker read and claimed its row)', path.started, false),
    row('generation saved → started (+ credit reserve with the account service, enqueue)', path.saved, false),
    row('POST sent by the bench → generation started (+ gateway, HTTP)', path.request, false),
    row('kit alone: send() called → handler runs (bench process)', kit, false),
    `| one generation's work (started → completed), for comparison | ${ms(median(path.work))} | ${ms(percentile(path.work, 99))} | ${ms(Math.max(...path.work))} | ${ratio(median(path.work), engine.imageMs)} | — |`,
    ``,
    ...(path.cpu ? [`During the product-path run: ${describeCpu(path.cpu)}.`, ``] : []),
  ];
}
