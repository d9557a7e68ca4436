// The product's processes, shared by `npm start`, `npm run dev`, the end-to-end tests and the benchmarks:
// one PostgreSQL server (unless DATABASE_URL), every service and the gateway, each supervised.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, freePortRange, startEmbeddedPostgres } from './postgres.mjs';
import { CRASH_WINDOW_MS, MAX_CRASHES, SupervisedProcess } from './supervisor.mjs';

export { freePort, freePortRange };

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The services `npm start` runs, each with the services it calls (a service starts once those are listening:
 * their URLs are in its environment). Every process gets the whole environment, so billing reads STRIPE_*
 * (docs: README, "Running with Stripe test keys").
 */
export const SERVICES = [
  { name: 'account', dir: 'services/account', envPrefix: 'ACCOUNT', calls: [] },
  { name: 'create', dir: 'services/create', envPrefix: 'CREATE', calls: ['account'] },
  { name: 'photoshoot', dir: 'services/photoshoot', envPrefix: 'PHOTOSHOOT', calls: ['account', 'create'] },
  { name: 'canvas', dir: 'services/canvas', envPrefix: 'CANVAS', calls: ['account', 'create'] },
  { name: 'billing', dir: 'services/billing', envPrefix: 'BILLING', calls: ['account'] },
];

/**
 * How every Node.js process of the product runs (each service and gateway; the Dockerfiles set the same). Idle, the
 * product's memory was mostly what its processes kept after work they no longer do:
 * - V8 sizes the young generation from the host's memory (semi-spaces of up to 32 MB on this 24 GiB host) and keeps
 *   it at the size a burst grew it to; 8 MB semi-spaces (Node 18's default) are plenty for request handling.
 * - glibc gives each thread that allocates its own arena (libvips works on the libuv pool's threads, sharp's
 *   included) and keeps what is freed in each; two arenas keep less.
 * Neither costs the local engine time (bench/RESULTS.md (e), docs/decisions.md "Memory"). A fixed mmap or trim
 * threshold would give more back, but every image's buffers would then be fresh pages: 40–50 % more CPU an image.
 * What the environment already sets wins (MALLOC_ARENA_MAX=8, say).
 */
export const NODE_PROCESS_ARGS = ['--max-semi-space-size=8'];
export const NODE_PROCESS_ENV = { MALLOC_ARENA_MAX: '2' };

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
 * The environment every process of the product shares. Service ports come from `<NAME>_PORT` when
 * set; otherwise each service is started on port 0 and tells the supervisor which port the OS gave it.
 */
export function productEnvironment(baseEnv = process.env) {
  const dataDir = resolve(baseEnv.DATA_DIR ?? join(repoRoot, '.data'));
  mkdirSync(dataDir, { recursive: true });
  const secrets = loadSecrets(dataDir);
  const port = Number(baseEnv.PORT ?? 8080);
  const host = baseEnv.HOST ?? '127.0.0.1';
  return {
    ...baseEnv,
    DATA_DIR: dataDir,
    HOST: host,
    PORT: String(port),
    IDENTITY_SECRET: baseEnv.IDENTITY_SECRET ?? secrets.IDENTITY_SECRET,
    PUBLIC_URL: baseEnv.PUBLIC_URL ?? `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`,
  };
}

/** Spawns a child whose output lines are prefixed with its name (watchers of `npm run dev`). */
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

const supervisorLog = (quiet) => (message) => {
  if (!quiet) process.stderr.write(`[supervisor] ${message}\n`);
};

/**
 * The embedded PostgreSQL server, restarted on the same port if it stops on its own (the services'
 * pools reconnect). Five stops within a minute are fatal like any other process's.
 */
async function superviseDatabase({ dataDir, password, quiet, onFatal }) {
  const log = supervisorLog(quiet);
  const recent = [];
  const pgLog = (line) => {
    recent.push(line);
    if (recent.length > 40) recent.shift();
    // Problems only; the readiness probe's "starting up" refusals are expected.
    if (!quiet && /\b(WARNING|ERROR|FATAL|PANIC):/.test(line) && !/is (starting up|shutting down)/.test(line)) {
      process.stderr.write(`[postgres] ${line}\n`);
    }
  };
  const options = { dataDir, password, database: 'atelier', detached: true, log: pgLog };
  let server = await startEmbeddedPostgres(options);
  let stopping = false;
  const crashes = [];
  const watch = (current) => {
    current.exited.then(async ({ code, signal }) => {
      if (stopping || current !== server) return;
      const now = Date.now();
      crashes.push(now);
      while (crashes.length && now - crashes[0] > CRASH_WINDOW_MS) crashes.shift();
      if (crashes.length >= MAX_CRASHES) {
        onFatal(`postgres exited unexpectedly ${MAX_CRASHES} times within a minute; stopping Atelier.\n  Last lines of postgres:\n${recent.slice(-20).map((l) => `    ${l}`).join('\n')}`);
        return;
      }
      log(`postgres exited unexpectedly (${code ?? signal}); restarting it on port ${server.port}`);
      try {
        server = await startEmbeddedPostgres({ ...options, port: server.port });
        log(`postgres is back on port ${server.port}`);
        watch(server);
      } catch (error) {
        onFatal(`postgres could not be restarted: ${error.message}`);
      }
    });
  };
  watch(server);
  return {
    get url() {
      return server.url;
    },
    get port() {
      return server.port;
    },
    get pid() {
      return server.pid;
    },
    async stop() {
      stopping = true;
      await server.stop();
    },
  };
}

/**
 * How many processes of `name` to run: `<PREFIX>_REPLICAS` (e.g. CREATE_REPLICAS=3, GATEWAY_REPLICAS=2),
 * else `REPLICAS`, else 1.
 */
export function replicaCount(env, prefix) {
  const raw = env[`${prefix}_REPLICAS`] ?? env.REPLICAS;
  if (raw === undefined || raw === '') return 1;
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 1 || count > 16) {
    throw new Error(`${env[`${prefix}_REPLICAS`] !== undefined ? `${prefix}_REPLICAS` : 'REPLICAS'} must be a whole number from 1 to 16 (got "${raw}")`);
  }
  return count;
}

/** The first replica keeps the plain name (`create`), further ones are numbered (`create-2`). */
const replicaName = (name, index) => (index === 0 ? name : `${name}-${index + 1}`);

/**
 * Starts the product and resolves when the gateway is ready: the database (embedded unless
 * DATABASE_URL), every service, then the gateway, each as a supervised process on 127.0.0.1.
 * With `REPLICAS` / `<NAME>_REPLICAS` each runs as several processes: service replicas on ports of their
 * own, the gateway told all of them (`<NAME>_URL` as a comma-separated list; it balances across them), a
 * service's replica i calling replica i (mod n) of the services it calls, and gateways on PORT, PORT+1, ….
 * A process that exits on its own is restarted with backoff; five crashes of one process within a
 * minute stop everything and call `onFatal(message)` (default: print it). `watch` (npm run dev)
 * runs the processes under `node --watch` instead, restarted on change but not supervised.
 * Returns `{ url, urls, env, stop, processes, database, stopped }`: `url` the first gateway, `urls` every
 * gateway; `stopped` resolves after a fatal stop.
 */
export async function startProduct({ env: baseEnv = process.env, quiet = false, watch = false, onFatal } = {}) {
  const env = productEnvironment(baseEnv);
  const log = supervisorLog(quiet);
  const processes = new Map();
  const gateways = [];
  let database = null;
  let stopping = null;
  let reportFatal;
  const stopped = new Promise((resolveStopped) => (reportFatal = resolveStopped));

  const stop = () =>
    (stopping ??= (async () => {
      for (const p of processes.values()) p.stopping = true;
      await Promise.all(gateways.map((g) => g.stop()));
      await Promise.all([...processes.values()].filter((p) => !gateways.includes(p)).map((p) => p.stop()));
      await database?.stop();
    })());

  const fatal = (message) => {
    if (stopping) return;
    (onFatal ?? ((m) => console.error(`[supervisor] ${m}`)))(message);
    void stop().then(() => reportFatal(message));
  };

  try {
    if (!env.DATABASE_URL) {
      // One PostgreSQL server for every service (each keeps its own schema), data in DATA_DIR/postgres.
      database = await superviseDatabase({
        dataDir: join(env.DATA_DIR, 'postgres'),
        password: loadSecrets(env.DATA_DIR).POSTGRES_PASSWORD,
        quiet,
        onFatal: fatal,
      });
      env.DATABASE_URL = database.url;
    }

    const nodeArgs = [...NODE_PROCESS_ARGS, ...(watch ? ['--watch'] : [])];
    // The URL of each running replica, per service (a service pointed elsewhere by `<NAME>_URL` has none).
    const replicaUrls = new Map();
    const tellGateways = (message) => gateways.forEach((g) => g.send(message));
    // What replica `index` of a service is told about the services it calls: one replica of each.
    const callerEnv = (index) => {
      const urls = {};
      for (const other of SERVICES) {
        const list = replicaUrls.get(other.name);
        if (list?.length) urls[`${other.envPrefix}_URL`] = list[index % list.length];
      }
      return urls;
    };

    // A service starts as soon as the services it calls are listening (their URLs go in its environment), so
    // services that do not call each other start side by side: account; then create and billing; then
    // photoshoot and canvas.
    const started = new Map();
    const startService = async (service) => {
      await Promise.all(service.calls.map((name) => started.get(name)));
      const portKey = `${service.envPrefix}_PORT`;
      const urlKey = `${service.envPrefix}_URL`;
      const fixedPort = baseEnv[portKey];
      const external = baseEnv[urlKey] && !fixedPort;
      if (external) return; // pointed at a service running elsewhere
      const count = replicaCount(baseEnv, service.envPrefix);
      const urls = [];
      replicaUrls.set(service.name, urls);
      for (let index = 0; index < count; index++) {
        const name = replicaName(service.name, index);
        // A fixed port is the first replica's; the others take the next ones.
        let port = fixedPort ? String(Number(fixedPort) + index) : undefined;
        if (watch && !port) port = String(await freePort()); // node --watch cannot report a port
        const supervised = new SupervisedProcess({
          name,
          command: process.execPath,
          args: [...nodeArgs, join(service.dir, 'dist/server.js')],
          cwd: repoRoot,
          quiet,
          log,
          ...(watch ? { readyUrl: `http://127.0.0.1:${port}/healthz` } : {}),
          env: (self) => ({
            ...NODE_PROCESS_ENV,
            ...env,
            ...callerEnv(index),
            // First start: the configured port or any free one; a restart: the port it had.
            [portKey]: self.port !== undefined ? String(self.port) : (port ?? '0'),
            ...(self.port !== undefined ? { ATELIER_PORT_FALLBACK: '1' } : {}),
          }),
        });
        processes.set(name, supervised);
        const listening = await supervised.start();
        urls[index] = `http://127.0.0.1:${listening}`;
        env[urlKey] = urls.join(','); // the gateways' list
        supervised.on('down', () => tellGateways({ type: 'service', name: service.name, url: urls[index], up: false, replica: index }));
        supervised.on('up', (newPort) => {
          const url = `http://127.0.0.1:${newPort}`;
          const moved = url !== urls[index];
          urls[index] = url;
          env[urlKey] = urls.join(',');
          tellGateways({ type: 'service', name: service.name, url, up: true, replica: index });
          // Other services that call this one were started with its old address: restart them too.
          if (moved) {
            for (const other of processes.values()) {
              if (other !== supervised && !gateways.includes(other) && other.child) {
                log(`${name} moved to port ${newPort}; restarting ${other.name}, which may call it`);
                other.child.kill('SIGTERM');
              }
            }
          }
        });
        supervised.on('fatal', fatal);
      }
    };
    for (const service of SERVICES) started.set(service.name, startService(service));
    // Every start is awaited (a failure stops the product below), then the gateways get every address.
    const outcomes = await Promise.allSettled(started.values());
    const failed = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;

    const gatewayCount = replicaCount(baseEnv, 'GATEWAY');
    const basePort = Number(env.PORT);
    for (let index = 0; index < gatewayCount; index++) {
      const name = replicaName('gateway', index);
      const port = basePort === 0 ? 0 : basePort + index;
      const gateway = new SupervisedProcess({
        name,
        command: process.execPath,
        args: [...nodeArgs, 'gateway/dist/server.js'],
        cwd: repoRoot,
        quiet,
        log,
        ...(watch ? { readyUrl: `http://127.0.0.1:${port}/healthz` } : {}),
        env: () => ({ ...NODE_PROCESS_ENV, ...env, PORT: String(port) }),
      });
      gateways.push(gateway);
      processes.set(name, gateway);
      gateway.on('fatal', fatal);
      // A restarted gateway reads the services' current addresses from its environment; tell it which are down.
      gateway.on('up', () => {
        for (const service of SERVICES) {
          (replicaUrls.get(service.name) ?? []).forEach((url, replica) => {
            const p = processes.get(replicaName(service.name, replica));
            if (p && !p.child?.connected) gateway.send({ type: 'service', name: service.name, url, up: false, replica });
          });
        }
      });
    }
    const urls = [];
    for (const gateway of gateways) {
      const port = await gateway.start();
      urls.push(`http://127.0.0.1:${port}`);
    }
    await Promise.all(urls.map((url, i) => waitForHttp(`${url}/readyz`, { child: gateways[i].child })));
    return { url: urls[0], urls, env, stop, processes, database, stopped };
  } catch (error) {
    await stop();
    throw error;
  }
}
