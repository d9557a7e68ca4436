// Small process supervisor shared by `npm start`, `npm run dev`, the end-to-end tests and the benchmarks.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startEmbeddedPostgres } from './postgres.mjs';

export { freePort };

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The services `npm start` runs, in start order. Later issues add photoshoot, canvas, billing. */
export const SERVICES = [
  { name: 'account', dir: 'services/account', envPrefix: 'ACCOUNT' },
  { name: 'create', dir: 'services/create', envPrefix: 'CREATE' },
];

/** Secrets live with the data they protect, created once per data dir so sessions survive restarts. */
export function loadSecrets(dataDir) {
  const file = join(dataDir, 'secrets.json');
  const secrets = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const missing = {
    IDENTITY_SECRET: () => randomBytes(48).toString('base64url'),
    // The embedded PostgreSQL server's password (its `postgres` role), set when the cluster is made.
    POSTGRES_PASSWORD: () => randomBytes(24).toString('base64url'),
  };
  let changed = false;
  for (const [name, make] of Object.entries(missing)) {
    if (!secrets[name]) {
      secrets[name] = make();
      changed = true;
    }
  }
  if (changed) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(secrets, null, 2) + '\n', { mode: 0o600 });
  }
  return secrets;
}

/**
 * Computes the environment of every process of the product. Ports of services are taken from
 * `<NAME>_PORT` when set, else free ports are picked so several copies can run side by side (tests).
 */
export async function productEnvironment(baseEnv = process.env) {
  const dataDir = resolve(baseEnv.DATA_DIR ?? join(repoRoot, '.data'));
  mkdirSync(dataDir, { recursive: true });
  const secrets = loadSecrets(dataDir);
  const port = Number(baseEnv.PORT ?? 8080);
  const host = baseEnv.HOST ?? '127.0.0.1';
  const shared = {
    ...baseEnv,
    DATA_DIR: dataDir,
    HOST: host,
    PORT: String(port),
    IDENTITY_SECRET: baseEnv.IDENTITY_SECRET ?? secrets.IDENTITY_SECRET,
    PUBLIC_URL: baseEnv.PUBLIC_URL ?? `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`,
  };
  for (const service of SERVICES) {
    const portKey = `${service.envPrefix}_PORT`;
    const servicePort = shared[portKey] ? Number(shared[portKey]) : await freePort();
    shared[portKey] = String(servicePort);
    shared[`${service.envPrefix}_URL`] ??= `http://127.0.0.1:${servicePort}`;
  }
  return shared;
}

/** Spawns a child whose output lines are prefixed with its name. */
export function startProcess(name, command, args, { env, cwd = repoRoot, quiet = false } = {}) {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = `[${name}] `;
  const pipe = (stream, out) => {
    let buffered = '';
    stream.on('data', (chunk) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      if (!quiet) for (const line of lines) out.write(prefix + line + '\n');
    });
  };
  pipe(child.stdout, process.stdout);
  pipe(child.stderr, process.stderr);
  child.name = name;
  return child;
}

/** Resolves once `url` answers 200, or rejects after `timeoutMs` or when `child` exits first. */
export async function waitForHttp(url, { timeoutMs = 60_000, child } = {}) {
  const deadline = Date.now() + timeoutMs;
  let exited = null;
  child?.once('exit', (code) => (exited = code ?? 'signal'));
  while (Date.now() < deadline) {
    if (exited !== null) throw new Error(`${child.name} exited (${exited}) before ${url} was ready`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`Timed out waiting for ${url}`);
}

/** Sends SIGTERM to every child, then SIGKILL to those still running after `graceMs`. */
export async function stopAll(children, graceMs = 10_000) {
  const running = children.filter((c) => c.exitCode === null && c.signalCode === null);
  await Promise.all(
    running.map(
      (child) =>
        new Promise((done) => {
          const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
          child.once('exit', () => {
            clearTimeout(timer);
            done();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
}

/**
 * Starts every service and then the gateway from their builds; resolves when the gateway is ready.
 * Returns `{ url, children, env, stop }`.
 */
export async function startProduct({ env: baseEnv = process.env, quiet = false, watch = false } = {}) {
  const env = await productEnvironment(baseEnv);
  const nodeArgs = watch ? ['--watch'] : [];
  const children = [];
  let database = null;
  const stop = async () => {
    await stopAll(children);
    await database?.stop();
  };
  try {
    if (!env.DATABASE_URL) {
      // One PostgreSQL server for every service (each keeps its own schema), data in DATA_DIR/postgres.
      database = await startEmbeddedPostgres({
        dataDir: join(env.DATA_DIR, 'postgres'),
        password: loadSecrets(env.DATA_DIR).POSTGRES_PASSWORD,
        database: 'atelier',
        detached: true,
        log: quiet ? undefined : (line) => /\b(WARNING|ERROR|FATAL|PANIC):/.test(line) && process.stderr.write(`[postgres] ${line}\n`),
      });
      env.DATABASE_URL = database.url;
    }
    for (const service of SERVICES) {
      const child = startProcess(service.name, process.execPath, [...nodeArgs, join(service.dir, 'dist/server.js')], {
        env,
        quiet,
      });
      children.push(child);
      await waitForHttp(`${env[`${service.envPrefix}_URL`]}/healthz`, { child });
    }
    const gateway = startProcess('gateway', process.execPath, [...nodeArgs, 'gateway/dist/server.js'], { env, quiet });
    children.push(gateway);
    const url = `http://127.0.0.1:${env.PORT}`;
    await waitForHttp(`${url}/readyz`, { child: gateway });
    return { url, children, env, stop, database };
  } catch (error) {
    await stop();
    throw error;
  }
}
