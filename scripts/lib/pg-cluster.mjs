// A throwaway PostgreSQL cluster in a temp dir on a free port, for tests against a real server.
// Used by `npm test` (when TEST_DATABASE_URL is unset) and by `.ci/run`.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './processes.mjs';

/** Finds PostgreSQL's server binaries (Debian keeps them under /usr/lib/postgresql/<major>/bin). */
export function findPostgresBin() {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const majors = readdirSync(root).sort((a, b) => Number(b) - Number(a));
    for (const major of majors) {
      const bin = join(root, major, 'bin');
      if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl'))) return bin;
    }
  }
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  return which.status === 0 ? join(which.stdout.trim(), '..') : null;
}

function asPostgresUser(command, args) {
  // initdb refuses to run as root; Debian's package creates the `postgres` user.
  if (process.getuid?.() === 0) return ['runuser', ['-u', 'postgres', '--', command, ...args]];
  return [command, args];
}

/** Starts a cluster; returns `{ url, stop }`, or null when PostgreSQL is not installed. */
export async function startPostgresCluster() {
  const bin = findPostgresBin();
  if (!bin) return null;
  const dir = mkdtempSync(join(tmpdir(), 'atelier-pg-'));
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
  const data = join(dir, 'data');
  const port = await freePort();
  const run = (command, args) => {
    const [cmd, argv] = asPostgresUser(join(bin, command), args);
    execFileSync(cmd, argv, { stdio: 'pipe' });
  };
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  run('pg_ctl', [
    '-D', data, '-l', join(dir, 'log'), '-w', '-t', '60',
    '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
    'start',
  ]);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  return { url, stop, dir };
}

