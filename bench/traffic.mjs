// `npm run bench` section (i): sustained mixed read traffic through the gateway for 60 s — the highest
// rate the product holds with no errors and a p99 at or under 100 ms, on one replica of everything and on
// two (two gateways, two of each service, one PostgreSQL).
//
// The mix is what a signed-in visitor's browser asks for again and again: the session (GET
// /api/auth/user), the limits (GET /api/user-limits), the generations list (GET /api/generations) and a
// static script (GET /main.<hash>.js, gzip accepted). Each rate is held by an open-loop generator (below);
// short probes (PROBE_S) find the ceiling, rising by STEP until a probe fails, then the best passing rate
// is held for HOLD_S and stepped down until it holds. The generator runs on the same host as the product
// and takes part of its cores: the figures are what the host does with the load generator on it.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import http from 'node:http';
import { freePortRange, startProduct } from '../scripts/lib/processes.mjs';

export const TRAFFIC_P99_BUDGET_MS = 100;
const HOLD_S = Number(process.env.BENCH_TRAFFIC_HOLD_S ?? 60);
const PROBE_S = 8;
const START_RATE = 200;
const STEP = 1.35;
const CONNECTIONS = 64;

/**
 * An open-loop generator: request i of the mix is due at start + i / rate and is sent then, whatever the
 * earlier ones are doing (autocannon's overallRate sends each second's quota in one burst, which measures
 * its own bursts). Latency runs from the moment a request was due, so a stalled server is not hidden by
 * requests that were never sent (coordinated omission).
 */
function run(urls, { rate, seconds, cookie, script }) {
  const paths = ['/api/auth/user', '/api/user-limits', '/api/generations', script];
  const headers = { cookie, 'accept-encoding': 'gzip, deflate, br' };
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const total = Math.round(rate * seconds);
  const latencies = [];
  let errors = 0;
  const kinds = {};
  let done = 0;
  return new Promise((resolve) => {
    const start = performance.now();
    let next = 0;
    const finish = (due, failure) => {
      if (failure) {
        errors += 1;
        kinds[failure] = (kinds[failure] ?? 0) + 1;
      } else latencies.push(performance.now() - due);
      done += 1;
      if (done === total) {
        agent.destroy();
        latencies.sort((x, y) => x - y);
        const p99 = latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] : Infinity;
        resolve({ answered: latencies.length, errors, kinds, p99: Math.round(p99), elapsed: (performance.now() - start) / 1000 });
      }
    };
    const send = (i, due) => {
      const url = new URL(paths[i % paths.length], urls[i % urls.length]);
      const req = http.get(url, { agent, headers, timeout: 10_000 }, (res) => {
        res.resume();
        res.once('end', () => finish(due, res.statusCode >= 400 ? `${url.pathname.startsWith('/api') ? url.pathname : 'static'} ${res.statusCode}` : null));
        res.once('error', (error) => finish(due, error.code ?? error.message));
      });
      req.once('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'timeout' })));
      req.once('error', (error) => finish(due, error.code ?? error.message));
    };
    const tick = () => {
      const now = performance.now();
      while (next < total && start + (next * 1000) / rate <= now) {
        send(next, start + (next * 1000) / rate);
        next += 1;
      }
      if (next < total) setTimeout(tick, Math.max(0, start + (next * 1000) / rate - performance.now()));
    };
    tick();
  });
}

/** One rate held for `seconds`, the requests spread over every gateway in turn. */
async function hold(product, session, rate, seconds) {
  const result = await run(product.urls, { ...session, rate, seconds });
  const achieved = result.answered / result.elapsed;
  const ok = result.errors === 0 && result.p99 <= TRAFFIC_P99_BUDGET_MS;
  return { rate, seconds, answered: result.answered, achieved, errors: result.errors, kinds: result.kinds, p99: result.p99, ok };
}

async function session(url) {
  const response = await fetch(`${url}/api/dev-login`, { redirect: 'manual' });
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error('development sign-in gave no cookie');
  // A few generations so the list has rows to read.
  await fetch(`${url}/api/dev/generate-test-content`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: '{}' });
  const html = await (await fetch(`${url}/`)).text();
  const script = /src="(\/main\.[0-9a-f]+\.js)"/.exec(html)?.[1];
  if (!script) throw new Error('no main script found in the shell page');
  for (const path of ['/api/auth/user', '/api/user-limits', '/api/generations', script]) {
    const res = await fetch(`${url}${path}`, { headers: { cookie } });
    if (!res.ok) throw new Error(`${path} answered ${res.status} before the traffic started`);
  }
  return { cookie, script };
}

/** The highest rate that holds for HOLD_S on a product started with `replicas` of everything. */
async function ceiling(replicas, log) {
  const dataDir = mkdtempSync(join(tmpdir(), 'atelier-bench-traffic-'));
  let product;
  try {
    product = await startProduct({
      env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(await freePortRange(replicas)), DATA_DIR: dataDir, LOG_LEVEL: 'warn', REPLICAS: String(replicas) },
      quiet: true,
    });
    const who = await session(product.url);
    await hold(product, who, START_RATE, 3); // warm every path and pool
    const probes = [];
    let best = null;
    for (let rate = START_RATE; ; rate = Math.round(rate * STEP)) {
      const probe = await hold(product, who, rate, PROBE_S);
      probes.push(probe);
      log(`  ${replicas} replica(s): ${rate}/s for ${PROBE_S} s → p99 ${probe.p99} ms, ${probe.errors} errors ${JSON.stringify(probe.kinds)}, ${probe.achieved.toFixed(0)}/s answered`);
      if (!probe.ok) break;
      best = rate;
    }
    let held = null;
    for (let rate = best ?? START_RATE / 2, tries = 0; tries < 4; rate = Math.round(rate * 0.85), tries++) {
      const run = await hold(product, who, rate, HOLD_S);
      log(`  ${replicas} replica(s): held ${rate}/s for ${HOLD_S} s → p99 ${run.p99} ms, ${run.errors} errors ${JSON.stringify(run.kinds)}`);
      held = run;
      if (run.ok) break;
    }
    return { replicas, probes, held };
  } finally {
    await product?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function trafficBench(log = console.log) {
  const one = await ceiling(1, log);
  const two = await ceiling(2, log);
  return { one, two };
}

export function trafficSection({ one, two }, ratio) {
  const row = (label, r) =>
    `| ${label} | ${r.held.ok ? `**${r.held.rate}/s**` : `none held (last try ${r.held.rate}/s)`} | ${r.held.p99} ms / ${TRAFFIC_P99_BUDGET_MS} ms (${ratio(r.held.p99, TRAFFIC_P99_BUDGET_MS)}) | ${r.held.errors}${r.held.errors ? ` (${Object.entries(r.held.kinds).map(([k, n]) => `${k} ×${n}`).join(', ')})` : ''} | ${r.probes.map((p) => `${p.rate}${p.ok ? '' : '✗'}`).join(', ')} |`;
  return [
    `## (i) Sustained mixed read traffic — ${HOLD_S} s through the gateway`,
    ``,
    `Session, limits, generations list and a static script in turn, signed in, at a fixed overall rate ` +
      `(an open-loop generator: each request sent when due, latency counted from then; up to ${CONNECTIONS} connections, on the same ${cpus().length}-core host). The figure is the highest rate held ` +
      `${HOLD_S} s with 0 errors and p99 ≤ ${TRAFFIC_P99_BUDGET_MS} ms; probes of ${PROBE_S} s rise ×${STEP} from ${START_RATE}/s (✗ = failed).`,
    ``,
    `| product | highest rate held | p99 at that rate / budget | errors | probes (requests/s) |`,
    `|---|---|---|---|---|`,
    row('one replica of everything (baseline)', one),
    row('two gateways and two replicas of every service', two),
    ``,
    `Two replicas ÷ one: ${one.held.ok && two.held.ok ? ratio(two.held.rate, one.held.rate) : 'n/a'} (the same two cores serve both).`,
    ``,
  ];
}
