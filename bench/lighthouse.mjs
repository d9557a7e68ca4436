// `npm run bench` section (d): Lighthouse on `/`, `/login`, `/pricing` and `/app/image` (signed in) against the running product, in Lighthouse's
// default mobile emulation (Moto G Power screen, simulated slow 4G, 4× CPU slowdown), with Debian's
// Chromium. Each page is run BENCH_LIGHTHOUSE_RUNS times (default 5, as Lighthouse advises) and the run Lighthouse itself
// calls the median (closest to the median FCP and TTI) is reported; its full JSON report is kept in
// BENCH_LIGHTHOUSE_DIR (default the OS temp dir) so the audits that cost points can be read.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';

/** The pages the issue names; BENCH_LIGHTHOUSE_PAGES=/login (comma-separated) narrows a run while iterating. */
export const LIGHTHOUSE_PAGES = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').filter(Boolean) ?? ['/', '/login', '/pricing', '/app/image'];
/** The issue's budgets. Scores must reach them; the landing's JavaScript must stay under its one. */
export const BUDGETS = { performance: 95, accessibility: 95, landingJsBytes: 90 * 1024 };
/** Pages with their own performance budget (issue 14: the signed-in creation screen ≥ 90). */
const PERFORMANCE_BUDGET_OF = { '/app/image': 90 };
export const performanceBudget = (path) => PERFORMANCE_BUDGET_OF[path] ?? BUDGETS.performance;
/** Pages opened signed in: Lighthouse sends the session cookie with every request of the run. */
const SIGNED_IN = new Set(['/app/image']);
/** LCP has no budget in the issue; it sits beside the web-vitals "good" threshold as its baseline. */
export const LCP_GOOD_MS = 2500;

const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5));
const REPORT_DIR = process.env.BENCH_LIGHTHOUSE_DIR ?? tmpdir();
/**
 * Lighthouse's default CPU slowdown (4×) assumes a mid-tier desktop host (benchmark index ≥ 1000). To see
 * how much of a score is this host's own slowness, BENCH_LIGHTHOUSE_CPU_SLOWDOWN=1 calibrates it away; the
 * section then says so, and its scores are not the budgeted ones.
 */
const CPU_SLOWDOWN = process.env.BENCH_LIGHTHOUSE_CPU_SLOWDOWN ? Number(process.env.BENCH_LIGHTHOUSE_CPU_SLOWDOWN) : undefined;
const SLOW_HOST_INDEX = 1000;

/** Starts Chromium with a DevTools port of its own choosing; resolves `{ port, close }`. */
function launchChromium(executable, flags) {
  const profile = mkdtempSync(join(tmpdir(), 'atelier-lighthouse-profile-'));
  const child = spawn(
    executable,
    ['--headless=new', '--remote-debugging-port=0', `--user-data-dir=${profile}`, ...flags, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise((done) => {
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.once('exit', () => {
          clearTimeout(timer);
          done();
        });
        child.kill('SIGTERM');
      });
    }
    rmSync(profile, { recursive: true, force: true });
  };
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error(`Chromium gave no DevTools port in 30 s:\n${output}`)), 30_000);
    const fail = (error) => {
      clearTimeout(timer);
      close().finally(() => reject(error));
    };
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`Chromium exited (${code}) before it listened:\n${output}`)));
    child.stderr.on('data', (chunk) => {
      output += chunk;
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        child.removeAllListeners('exit');
        child.stderr.resume();
        resolve({ port: Number(match[1]), close });
      }
    });
  });
}

const score = (lhr, category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);

/** The weighted audits of a category that did not score full marks, worst loss first. */
function pointsLost(lhr, category) {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  const total = refs.reduce((sum, ref) => sum + ref.weight, 0) || 1;
  return refs
    .filter((ref) => ref.weight > 0)
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(({ audit }) => audit && audit.score !== null && audit.score < 1)
    .map(({ ref, audit }) => ({
      id: ref.id,
      title: audit.title,
      display: audit.displayValue ?? '',
      lost: ((1 - audit.score) * ref.weight * 100) / total,
      items: (audit.details?.items ?? [])
        .map((item) => item.node?.selector ?? item.node?.snippet ?? item.url ?? '')
        .filter(Boolean)
        .slice(0, 3),
    }))
    .sort((a, b) => b.lost - a.lost);
}

/**
 * Lighthouse's unweighted diagnostics that estimate a metric saving on this page (e.g. text compression:
 * LCP −2700 ms): where the lost points could be won back. Biggest saving first.
 */
function diagnostics(lhr, weighted) {
  return Object.values(lhr.audits)
    .filter((audit) => !weighted.has(audit.id) && audit.id !== 'largest-contentful-paint-element')
    .filter((audit) => audit.score !== null && audit.score < 1)
    .map((audit) => ({ audit, savings: Object.entries(audit.metricSavings ?? {}).filter(([, ms]) => ms > 0) }))
    .filter(({ savings }) => savings.length > 0)
    .map(({ audit, savings }) => ({
      id: audit.id,
      title: audit.title,
      display: audit.displayValue ?? '',
      savings: savings.map(([metric, ms]) => `${metric} −${Math.round(ms)} ms`).join(', '),
      best: Math.max(...savings.map(([, ms]) => ms)),
      items: (audit.details?.items ?? [])
        .map((item) => item.url ?? item.node?.selector ?? '')
        .filter((label) => label && label !== 'Unattributable')
        .map((label) => label.replace(/^https?:\/\/[^/]+/, ''))
        .slice(0, 4),
    }))
    .sort((a, b) => b.best - a.best);
}

/**
 * Runs Lighthouse on each page of `LIGHTHOUSE_PAGES` at `baseUrl`, signed out (a fresh profile, storage
 * reset by Lighthouse before each run, so every run is a cold cache).
 */
export async function lighthouseBench(baseUrl, { chromium, flags, cookie }) {
  // The host's load when the runs start: Lighthouse multiplies observed main-thread time, so a busy host shows.
  const loadAtStart = loadavg()[0];
  const browser = await launchChromium(chromium, flags);
  const pages = [];
  try {
    for (const path of LIGHTHOUSE_PAGES) {
      const runs = [];
      for (let i = 0; i < RUNS; i += 1) {
        let result;
        // Lighthouse itself asks for another run when its trace is unusable (e.g. NO_NAVSTART); allow two.
        for (let attempt = 1; ; attempt += 1) {
          result = await lighthouse(`${baseUrl}${path}`, {
            port: browser.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility'],
            ...(SIGNED_IN.has(path) && cookie ? { extraHeaders: { Cookie: cookie } } : {}),
            ...(CPU_SLOWDOWN ? { throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: CPU_SLOWDOWN } } : {}),
          });
          if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
          const error = result.lhr.runtimeError;
          if (!error) break;
          if (attempt === 3) throw new Error(`Lighthouse on ${path}: ${error.code}: ${error.message}`);
          console.log(`  ${path} run ${i + 1}: ${error.code}, running it again`);
        }
        runs.push(result.lhr);
        console.log(`  ${path} run ${i + 1}/${RUNS}: performance ${score(result.lhr, 'performance')}, accessibility ${score(result.lhr, 'accessibility')}`);
      }
      const lhr = computeMedianRun(runs);
      const reportFile = join(REPORT_DIR, `atelier-lighthouse-${path === '/' ? 'landing' : path.slice(1).replace(/\W+/g, '-')}.json`);
      writeFileSync(reportFile, JSON.stringify(lhr, null, 2));
      pages.push({
        path,
        signedIn: SIGNED_IN.has(path) && Boolean(cookie),
        reportFile,
        performance: score(lhr, 'performance'),
        accessibility: score(lhr, 'accessibility'),
        allPerformance: runs.map((run) => score(run, 'performance')),
        allBenchmarkIndex: runs.map((run) => run.environment.benchmarkIndex),
        lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
        lcpElement: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.selector ?? null,
        metrics: ['first-contentful-paint', 'speed-index', 'total-blocking-time', 'cumulative-layout-shift'].map((id) => ({
          id,
          title: lhr.audits[id].title,
          display: lhr.audits[id].displayValue,
          score: lhr.audits[id].score,
        })),
        lost: { performance: pointsLost(lhr, 'performance'), accessibility: pointsLost(lhr, 'accessibility') },
        diagnostics: diagnostics(lhr, new Set(Object.values(lhr.categories).flatMap((c) => c.auditRefs.filter((r) => r.weight > 0).map((r) => r.id)))),
        warnings: lhr.runWarnings,
        benchmarkIndex: lhr.environment.benchmarkIndex,
        version: lhr.lighthouseVersion,
        cpuSlowdown: lhr.configSettings.throttling.cpuSlowdownMultiplier,
      });
    }
  } finally {
    await browser.close();
  }
  return { pages, runs: RUNS, loadAtStart };
}

/** Lines for RESULTS.md: every figure beside its budget or baseline, as a ratio. */
export function lighthouseSection({ pages, runs, loadAtStart }, landingJs, ratio) {
  const landingJsBytes = landingJs.bytes;
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  const mark = (ok) => (ok ? 'within budget' : '**over budget**');
  const scoreCell = (value, budget) => `${value} / budget ${budget} (${ratio(value, budget)})`;
  const cpu = pages[0]?.cpuSlowdown;
  const calibrated = cpu !== throttling.mobileSlow4G.cpuSlowdownMultiplier;
  const indexes = pages.flatMap((page) => page.allBenchmarkIndex);
  const slowestIndex = Math.min(...indexes);
  const fastestIndex = Math.max(...indexes);
  const lines = [
    calibrated
      ? `## (d) Lighthouse — mobile emulation, simulated throttling with the CPU slowdown set to ${cpu}× (NOT the budgeted default)`
      : `## (d) Lighthouse — mobile emulation, simulated throttling (Lighthouse ${pages[0]?.version ?? ''} defaults: slow 4G, ${cpu}× CPU)`,
    ``,
    `Debian's Chromium, cold cache, signed out unless marked; the run Lighthouse calls the median of ${runs} per page.`,
    `Host load average (1 min) when the runs started: ${loadAtStart.toFixed(1)} on ${cpus().length} cores.`,
    `Scores pass at ratio ≥ 1.00; LCP and bytes pass at ratio ≤ 1.00.`,
    ...(slowestIndex < SLOW_HOST_INDEX
      ? [
          `This host's CPU benchmark index ranged ${Math.round(slowestIndex)}–${Math.round(fastestIndex)} over the runs (Lighthouse expects ≥ ${SLOW_HOST_INDEX} for its 4× slowdown),`,
          `so main-thread figures (TBT, and LCP where it waits on script) come out worse than on a typical machine and vary run to run.`,
        ]
      : []),
    ``,
    `| page | performance | accessibility | LCP | performance of each run |`,
    `|---|---|---|---|---|`,
    ...pages.map(
      (page) =>
        `| \`${page.path}\`${page.signedIn ? ' (signed in)' : ''} | ${scoreCell(page.performance, performanceBudget(page.path))} | ${scoreCell(page.accessibility, BUDGETS.accessibility)} | ${Math.round(page.lcpMs)} ms / good ${LCP_GOOD_MS} ms (${ratio(page.lcpMs, LCP_GOOD_MS)}) | ${page.allPerformance.join(', ')} |`,
    ),
    ``,
    `| figure | value / budget (ratio) | verdict |`,
    `|---|---|---|`,
    `| \`/\` gzip JavaScript, all of it (section b's measure; ${kb(landingJs.remoteBytes)} of it from remotes under \`/mf/\`) | ${kb(landingJsBytes)} / budget ${kb(BUDGETS.landingJsBytes)} (${ratio(landingJsBytes, BUDGETS.landingJsBytes)}) | ${mark(landingJsBytes < BUDGETS.landingJsBytes)} |`,
    ``,
  ];
  for (const page of pages) {
    const lost = [...page.lost.performance.map((a) => ({ ...a, category: 'performance' })), ...page.lost.accessibility.map((a) => ({ ...a, category: 'accessibility' }))];
    lines.push(
      `\`${page.path}\`: ${page.metrics.map((m) => `${m.title} ${m.display}`).join(' · ')} · LCP element \`${page.lcpElement ?? 'n/a'}\`` +
        ` · CPU benchmark index ${Math.round(page.benchmarkIndex)}.`,
    );
    if (lost.length === 0) lines.push(`Nothing cost points.`);
    for (const audit of lost) {
      const where = audit.items.length ? ` — ${audit.items.map((item) => `\`${item}\``).join(', ')}` : '';
      lines.push(`- ${audit.category}: ${audit.title}${audit.display ? ` (${audit.display})` : ''}, −${audit.lost.toFixed(1)} points${where}`);
    }
    for (const hint of page.diagnostics.slice(0, 5)) {
      const where = hint.items.length ? ` — ${hint.items.map((item) => `\`${item}\``).join(', ')}` : '';
      lines.push(`- where to win it back: ${hint.title}${hint.display ? ` (${hint.display})` : ''}, estimated ${hint.savings}${where}`);
    }
    lines.push(`- full report: \`${page.reportFile}\``);
    for (const warning of page.warnings) lines.push(`- Lighthouse warning: ${warning.replace(/\s+/g, ' ')}`);
    lines.push(``);
  }
  return lines;
}
