// `npm run bench` section (j): how long the build and the start take on this host.
//
// - cold: `turbo run build --force` — every package built from its sources, Turborepo's cache ignored
//   (the dependencies installed, as after `npm ci`);
// - cached: `turbo run build` right after — every package a cache hit;
// - start: `npm start` from that cached build (its own turbo run included) until the gateway's
//   /healthz answers 200, with a fresh DATA_DIR (PostgreSQL's first start included).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../scripts/lib/processes.mjs';

export const BUILD_BUDGETS_S = { cold: 60, cached: 5, start: 5 };

function timed(args, repoRoot) {
  const started = performance.now();
  const run = spawnSync('npx', ['turbo', 'run', 'build', '--output-logs=errors-only', ...args], { cwd: repoRoot, stdio: 'inherit' });
  if (run.status !== 0) throw new Error(`turbo run build ${args.join(' ')} failed (${run.status})`);
  return (performance.now() - started) / 1000;
}

/** Seconds from `npm start` to the first 200 from /healthz. */
async function startToHealthy(repoRoot) {
  const dataDir = mkdtempSync(join(tmpdir(), 'atelier-bench-start-'));
  const port = await freePort();
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['pipe', 'ignore', 'inherit'],
    detached: true,
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}) before /healthz answered`);
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false);
      if (ok) return (performance.now() - started) / 1000;
      if (performance.now() - started > 120_000) throw new Error('npm start: no /healthz in 120 s');
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    // The whole process group (npm, the supervisor, what it started); ESRCH: it has already gone.
    const signalGroup = (signal) => {
      try {
        process.kill(-child.pid, signal);
      } catch (error) {
        if (error.code !== 'ESRCH') throw error;
      }
    };
    const exited = new Promise((r) => child.once('exit', r));
    if (child.exitCode === null) signalGroup('SIGINT');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
    if (child.exitCode === null) signalGroup('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function buildBench(repoRoot) {
  const cold = timed(['--force'], repoRoot);
  const cached = timed([], repoRoot);
  const start = await startToHealthy(repoRoot);
  return { cold, cached, start };
}

export function buildSection({ cold, cached, start }, ratio) {
  const row = (label, seconds, budget) =>
    `| ${label} | ${seconds.toFixed(1)} s | ${budget} s | ${ratio(seconds, budget)} | ${seconds <= budget ? 'within' : 'FAIL'} |`;
  return [
    `## (j) Build and start`,
    ``,
    `| step | time | budget | ratio | verdict |`,
    `|---|---|---|---|---|`,
    row('cold `turbo run build --force` (every package from source)', cold, BUILD_BUDGETS_S.cold),
    row('cached `turbo run build` right after (all hits)', cached, BUILD_BUDGETS_S.cached),
    row('`npm start` from the cached build → gateway `/healthz` 200 (fresh DATA_DIR)', start, BUILD_BUDGETS_S.start),
    ``,
  ];
}
