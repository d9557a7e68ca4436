// What the product's processes cost the host, read from /proc (Linux only): the process tree under a pid,
// each process's memory (RSS, PSS from smaps_rollup, peak RSS) and CPU time, and the whole host's CPU time.
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';

const TICKS_PER_SECOND = 100; // USER_HZ: /proc's clock ticks are 1/100 s on Linux

export const procAvailable = () => {
  try {
    readFileSync('/proc/self/smaps_rollup');
    return true;
  } catch {
    return false;
  }
};

const read = (path) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null; // the process has gone (or /proc is not readable)
  }
};

/** `/proc/<pid>/stat` fields after the command (which may hold spaces and parentheses). */
function statFields(pid) {
  const text = read(`/proc/${pid}/stat`);
  if (!text) return null;
  return text.slice(text.lastIndexOf(')') + 2).split(' ');
}

/** Every live process id with its parent's. */
function parents() {
  const map = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(entry);
    if (fields) map.set(Number(entry), Number(fields[1]));
  }
  return map;
}

/** `pid` and all its descendants, parents before children. */
export function processTree(pid) {
  const byParent = new Map();
  for (const [child, parent] of parents()) {
    if (!byParent.has(parent)) byParent.set(parent, []);
    byParent.get(parent).push(child);
  }
  const out = [];
  const visit = (p) => {
    out.push(p);
    for (const child of (byParent.get(p) ?? []).sort((a, b) => a - b)) visit(child);
  };
  visit(pid);
  return out;
}

/** The descendants of `pid` (not `pid` itself). */
export const descendants = (pid) => processTree(pid).slice(1);

export function commandLine(pid) {
  return (read(`/proc/${pid}/cmdline`) ?? '').split('\0').filter(Boolean).join(' ');
}

const kbField = (text, name) => {
  const match = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text ?? '');
  return match ? Number(match[1]) * 1024 : null;
};

/**
 * One process's memory in bytes: `rss` (resident, shared pages counted in full), `pss` (shared pages
 * divided among the processes that map them: the sum over processes is what they use together) and
 * `pssAnon` (the part of PSS not backed by a file: heaps, stacks) and `peakRss` (VmHWM, the highest
 * RSS since it started). null when the process has gone.
 */
export function memoryOf(pid) {
  const rollup = read(`/proc/${pid}/smaps_rollup`);
  const status = read(`/proc/${pid}/status`);
  if (!status) return null;
  return {
    rss: kbField(rollup, 'Rss') ?? kbField(status, 'VmRSS') ?? 0,
    pss: kbField(rollup, 'Pss'),
    pssAnon: kbField(rollup, 'Pss_Anon'),
    peakRss: kbField(status, 'VmHWM'),
  };
}

/**
 * CPU seconds (user + system) a process has used so far; 0 when it has gone. `reaped` adds its children
 * that have exited and been waited for (PostgreSQL's backends that ended, counted on the postmaster).
 */
export function cpuSecondsOf(pid, { reaped = false } = {}) {
  const fields = statFields(pid);
  if (!fields) return 0;
  // After the command: state is field 0, utime 11, stime 12, cutime 13, cstime 14 (14–17 in proc(5)).
  const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number);
  return (utime + stime + (reaped ? cutime + cstime : 0)) / TICKS_PER_SECOND;
}

/** The whole host's busy and total CPU seconds so far (all cores; busy = everything but idle and iowait). */
export function hostCpuSeconds() {
  const line = (read('/proc/stat') ?? '').split('\n')[0];
  const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const total = ticks.reduce((a, b) => a + b, 0);
  const idle = ticks[3] + ticks[4];
  return { busy: (total - idle) / TICKS_PER_SECOND, total: total / TICKS_PER_SECOND };
}

/**
 * Measures who used the host's CPU between `start()` and `stop()`: the processes `productPids()` lists
 * (read at both ends, so processes that come and go in between are missed: the product's are long-lived),
 * this process, and everything else on the host (other work on a shared machine).
 */
export function cpuAccount(productPids) {
  const sample = () => {
    const pids = productPids();
    const product = new Map(pids.map((pid) => [pid, cpuSecondsOf(pid, { reaped: true })]));
    return { at: performance.now(), host: hostCpuSeconds(), product, self: cpuSecondsOf(process.pid) };
  };
  const first = sample();
  return () => {
    const last = sample();
    const wall = (last.at - first.at) / 1000;
    let product = 0;
    for (const [pid, seconds] of last.product) product += seconds - (first.product.get(pid) ?? 0);
    const self = last.self - first.self;
    const busy = last.host.busy - first.host.busy;
    return {
      wall,
      cores: cpus().length,
      hostBusy: busy,
      product,
      bench: self,
      other: Math.max(0, busy - product - self),
    };
  };
}

/** "x of N cores busy: product a, this bench b, other work c" (CPU-seconds per second of wall time). */
export function describeCpu(account) {
  const per = (seconds) => (account.wall > 0 ? seconds / account.wall : 0).toFixed(2);
  return (
    `host CPU over those ${account.wall.toFixed(1)} s: ${per(account.hostBusy)} of ${account.cores} cores busy — ` +
    `the product ${per(account.product)}, this bench process ${per(account.bench)}, other work on the host ${per(account.other)}`
  );
}
