// `npm run bench` section (e): the memory of every process of the product, idle and after 50 images.
//
// The product is started here as `npm start` runs it — `node scripts/start.mjs --no-build` in a process
// of its own, with a fresh DATA_DIR — so the supervisor measured is the real one (the bench's other
// sections run the product inside the bench process, which would count the bench's own code). Every
// process under it is measured: the supervisor, each supervised service and the gateway, PostgreSQL's
// postmaster and all its children (background processes and one backend per pooled connection), and
// the small watchdog that stops PostgreSQL if the supervisor is killed.
//
// RSS counts a shared page in full in every process that maps it (PostgreSQL's shared buffers, the
// node binary's code), so summing RSS overstates the whole. PSS (from /proc/<pid>/smaps_rollup) divides
// each shared page among the processes sharing it: their sum is what the product occupies together, and
// is the figure held to the budget.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../scripts/lib/processes.mjs';
import { postImagesAtOnce, proUser, waitForCompleted } from './generations.mjs';
import { commandLine, memoryOf, processTree } from './procs.mjs';

/** The budget: the whole product, database included, under 700 MB idle. */
export const MEMORY_BUDGET_BYTES = 700e6;
const IMAGES = 50;
const SETTLE_S = Number(process.env.BENCH_MEMORY_SETTLE_S ?? 15);
const AFTER_SETTLE_S = 5;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const mb = (bytes) => (bytes === null || bytes === undefined ? '—' : `${(bytes / 1e6).toFixed(1)}`);

/** Starts `node scripts/start.mjs --no-build`; resolves `{ url, pid, dataDir, stop }` once it is ready. */
async function startSupervisor(repoRoot) {
  const dataDir = mkdtempSync(join(tmpdir(), 'atelier-bench-memory-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/start.mjs', '--no-build'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = [];
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk) => {
      output.push(...String(chunk).split('\n').filter(Boolean));
      if (output.length > 60) output.splice(0, output.length - 60);
    });
  }
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  // Should this process die without its finally blocks, the product is still told to stop.
  const onExit = () => child.kill('SIGTERM');
  process.once('exit', onExit);
  const stop = async () => {
    process.removeListener('exit', onExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM'); // start.mjs stops the gateway, the services, then PostgreSQL
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000); // then the watchdog stops PostgreSQL
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  try {
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`scripts/start.mjs exited (${await exited}):\n${output.join('\n')}`);
      if (
        await fetch(`${url}/readyz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (Date.now() > deadline)
        throw new Error(`scripts/start.mjs was not ready within 180 s:\n${output.join('\n')}`);
      await sleep(250);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: child.pid, dataDir, stop };
}

/** PostgreSQL's backends by process id → the application that opened them (pg_stat_activity). */
async function backendOwners(dataDir, postmasterPid) {
  const port = /(?:^| )-p (\d+)/.exec(commandLine(postmasterPid))?.[1];
  const { POSTGRES_PASSWORD: password } = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8'));
  const client = new pg.Client({
    host: '127.0.0.1',
    port: Number(port),
    user: 'postgres',
    password,
    database: 'atelier',
    application_name: 'bench',
  });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rows } = await client.query(
      `select pid, application_name, backend_type from pg_stat_activity where pid <> pg_backend_pid()`,
    );
    return new Map(
      rows.map((r) => [r.pid, r.backend_type === 'client backend' ? r.application_name || 'unnamed' : null]),
    );
  } finally {
    await client.end();
  }
}

/**
 * Every process under the supervisor with a label; PostgreSQL backends are grouped by the application
 * that opened them (their pools open and close connections, so single backends come and go).
 */
async function snapshot(supervisor) {
  const pids = processTree(supervisor.pid);
  const memory = new Map(pids.map((pid) => [pid, memoryOf(pid)]));
  const postmaster = pids.find((pid) => /\bpostgres\b.* -D /.test(commandLine(pid)));
  const owners = postmaster
    ? await backendOwners(supervisor.dataDir, postmaster).catch(() => new Map())
    : new Map();
  const groups = new Map();
  for (const pid of pids) {
    const mem = memory.get(pid);
    if (!mem) continue; // exited meanwhile
    const cmd = commandLine(pid);
    let label;
    let order;
    if (pid === supervisor.pid) [label, order] = ['supervisor (node scripts/start.mjs)', 0];
    else if (/dist\/server\.js/.test(cmd))
      [label, order] = [`${/([\w-]+)\/dist\/server\.js/.exec(cmd)[1]} (node)`, 1];
    else if (/^sh -c read/.test(cmd)) [label, order] = ['watchdog of PostgreSQL (sh)', 2];
    else if (pid === postmaster) [label, order] = ['PostgreSQL postmaster', 3];
    else if (owners.get(pid)) [label, order] = [`PostgreSQL backends of ${owners.get(pid)}`, 5];
    else if (/^postgres: /.test(cmd))
      [label, order] = [`PostgreSQL ${cmd.replace(/^postgres: /, '').replace(/ \d+$/, '')}`.trim(), 4];
    else [label, order] = [cmd.slice(0, 60) || `pid ${pid}`, 6];
    const group = groups.get(label) ?? { label, order, count: 0, rss: 0, pss: 0, pssAnon: 0, peakRss: 0 };
    group.count += 1;
    group.rss += mem.rss;
    group.pss += mem.pss ?? mem.rss;
    group.pssAnon += mem.pssAnon ?? 0;
    group.peakRss = Math.max(group.peakRss, mem.peakRss ?? 0);
    group.postgres = pid === postmaster || label.startsWith('PostgreSQL');
    groups.set(label, group);
  }
  const rows = [...groups.values()].sort((a, b) => a.order - b.order || a.label.localeCompare(b.label));
  const sum = (key, filter = () => true) => rows.filter(filter).reduce((a, r) => a + r[key], 0);
  return {
    rows,
    processes: sum('count'),
    rss: sum('rss'),
    pss: sum('pss'),
    postgres: { processes: sum('count', (r) => r.postgres), pss: sum('pss', (r) => r.postgres) },
    node: {
      processes: sum('count', (r) => r.order <= 1),
      pss: sum('pss', (r) => r.order <= 1),
      pssAnon: sum('pssAnon', (r) => r.order <= 1),
    },
  };
}

/** Sums PSS over the supervisor's tree every second until `done` settles; resolves the highest sum. */
async function peakWhile(supervisor, done) {
  let peak = 0;
  let finished = false;
  done.finally(() => (finished = true)).catch(() => undefined);
  while (!finished) {
    const total = processTree(supervisor.pid).reduce((a, pid) => {
      const m = memoryOf(pid);
      return a + (m ? (m.pss ?? m.rss) : 0);
    }, 0);
    peak = Math.max(peak, total);
    await Promise.race([done.catch(() => undefined), sleep(1000)]);
  }
  return peak;
}

export async function memoryBench(repoRoot) {
  const supervisor = await startSupervisor(repoRoot);
  try {
    await sleep(SETTLE_S * 1000);
    const load = loadavg()[0];
    const idle = await snapshot(supervisor);
    const cookie = await proUser(supervisor.url);
    const work = (async () =>
      waitForCompleted(
        supervisor.url,
        cookie,
        await postImagesAtOnce(supervisor.url, cookie, IMAGES, 'memory look'),
      ))();
    const peakPss = await peakWhile(supervisor, work);
    await work;
    await sleep(AFTER_SETTLE_S * 1000);
    const after = await snapshot(supervisor);
    return { load, idle, after, peakPss };
  } finally {
    await supervisor.stop();
  }
}

export function memorySection({ load, idle, after, peakPss }, ratio) {
  const labels = [
    ...new Map(
      [...idle.rows, ...after.rows]
        .sort((a, b) => a.order - b.order || a.label.localeCompare(b.label))
        .map((r) => [r.label, r]),
    ).keys(),
  ];
  const find = (snap, label) => snap.rows.find((r) => r.label === label);
  const passed = idle.pss < MEMORY_BUDGET_BYTES;
  return [
    `## (e) Memory — every process of the product, idle and after ${IMAGES} image generations`,
    ``,
    `The product as \`npm start\` runs it (\`node scripts/start.mjs --no-build\`, a fresh DATA_DIR): the supervisor and every`,
    `process under it, read from /proc. Idle: ${SETTLE_S} s after the gateway was ready. After: ${IMAGES} images posted at once,`,
    `all completed, then ${AFTER_SETTLE_S} s. PostgreSQL backends are grouped by the application that opened them (n → n processes).`,
    `PSS (smaps_rollup) shares each shared page among the processes mapping it, so its sum is the product's real footprint;`,
    `the RSS sum counts PostgreSQL's shared buffers and the node binary once per process. MB = 10⁶ bytes.`,
    `Host load average (1 min) at the idle reading: ${load.toFixed(1)} on ${cpus().length} cores.`,
    ``,
    `| process | RSS idle | PSS idle | RSS after | PSS after | peak RSS |`,
    `|---|---|---|---|---|---|`,
    ...labels.map((label) => {
      const i = find(idle, label);
      const a = find(after, label);
      const multi = (i ?? a).order === 5 || (i?.count ?? 1) > 1 || (a?.count ?? 1) > 1;
      return `| ${label}${multi ? ` (${i?.count ?? 0} → ${a?.count ?? 0})` : ''} | ${mb(i?.rss)} | ${mb(i?.pss)} | ${mb(a?.rss)} | ${mb(a?.pss)} | ${multi ? 'max ' : ''}${mb(a?.peakRss ?? i?.peakRss)} |`;
    }),
    `| **whole product** (${idle.processes} → ${after.processes} processes) | ${mb(idle.rss)} | **${mb(idle.pss)}** | ${mb(after.rss)} | ${mb(after.pss)} | — |`,
    `| of which PostgreSQL (${idle.postgres.processes} → ${after.postgres.processes} processes) | — | ${mb(idle.postgres.pss)} | — | ${mb(after.postgres.pss)} | — |`,
    `| of which Node (supervisor, services, gateway: ${idle.node.processes} processes) | — | ${mb(idle.node.pss)} (${mb(idle.node.pssAnon)} not file-backed) | — | ${mb(after.node.pss)} (${mb(after.node.pssAnon)} not file-backed) | — |`,
    ``,
    `| figure | value / budget (ratio) | verdict |`,
    `|---|---|---|`,
    `| whole product idle, PSS sum | ${mb(idle.pss)} MB / 700 MB (**${ratio(idle.pss, MEMORY_BUDGET_BYTES)}**) | ${passed ? 'within budget' : '**over budget**'} |`,
    `| whole product idle, RSS sum (overstates shared pages) | ${mb(idle.rss)} MB / 700 MB (${ratio(idle.rss, MEMORY_BUDGET_BYTES)}) | ${idle.rss < MEMORY_BUDGET_BYTES ? 'within' : 'over'} even so |`,
    `| after ${IMAGES} images, PSS sum | ${mb(after.pss)} MB / 700 MB (${ratio(after.pss, MEMORY_BUDGET_BYTES)}) | ${after.pss < MEMORY_BUDGET_BYTES ? 'within' : 'over'} |`,
    `| highest PSS sum while they ran (read each second) | ${mb(peakPss)} MB / 700 MB (${ratio(peakPss, MEMORY_BUDGET_BYTES)}) | ${peakPss < MEMORY_BUDGET_BYTES ? 'within' : 'over'} |`,
    ``,
  ];
}
