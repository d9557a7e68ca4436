#!/usr/bin/env node
// Runs what each Node Dockerfile's last two stages do, without Docker: in an empty directory, the
// `package.json` files and the lockfile, the Dockerfile's own `npm ci --omit=dev --workspace=…`, then
// exactly the files its runtime stage copies from the build stage (taken from this checkout's build), and
// its CMD with its ENV. Each process must answer /healthz on a PostgreSQL of its own. This proves that
// an image holds everything its process loads (no development dependency, no workspace left out).
//   npm run build && node scripts/check-images.mjs [gateway services/create …]
// Uses DATABASE_URL when set, else a throwaway embedded PostgreSQL. docs/deploy.md.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { freePort, startThrowawayPostgres } from './lib/postgres.mjs';
import { repoRoot } from './lib/processes.mjs';

const NODE_IMAGES = ['gateway', 'services/account', 'services/create', 'services/photoshoot', 'services/canvas', 'services/billing'];

/** The Dockerfile's stages by name, continuation lines joined. */
function stages(dockerfile) {
  const text = readFileSync(dockerfile, 'utf8').replace(/\\\n/g, ' ');
  const byName = new Map();
  for (const part of text.split(/^FROM /m).slice(1)) byName.set(/^\S+\s+AS\s+(\S+)/i.exec(part)?.[1] ?? '', part);
  return byName;
}

function packageJsonFiles(dir, found = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === '.git' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) packageJsonFiles(path, found);
    else if (entry.name === 'package.json') found.push(path);
  }
  return found;
}

async function waitForHealth(url, child, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      const response = await fetch(url);
      if (response.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

async function check(dir, databaseUrl) {
  const dockerfile = join(repoRoot, dir, 'Dockerfile');
  const byName = stages(dockerfile);
  const install = /RUN (npm ci [^&\n]*--omit=dev[^&\n]*)/.exec(byName.get('deps') ?? '')?.[1];
  const runtime = byName.get('runtime');
  if (!install || !runtime) throw new Error(`${dir}/Dockerfile: no deps stage with npm ci --omit=dev, or no runtime stage`);

  const root = mkdtempSync(join(tmpdir(), `atelier-image-${dir.replace(/\//g, '-')}-`));
  try {
    for (const file of packageJsonFiles(repoRoot)) cpSync(file, join(root, relative(repoRoot, file)));
    for (const file of ['package-lock.json', '.npmrc']) if (existsSync(join(repoRoot, file))) cpSync(join(repoRoot, file), join(root, file));
    execFileSync('sh', ['-c', `${install} --prefer-offline --loglevel=error`], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    for (const [, from, to] of runtime.matchAll(/^COPY --from=build (\S+) (\S+)\s*$/gm)) {
      const source = join(repoRoot, from.replace(/^\/app\//, ''));
      if (!existsSync(source)) throw new Error(`${dir}/Dockerfile copies ${from}, which the build did not make (run npm run build)`);
      cpSync(source, join(root, to), { recursive: true });
    }
    const env = { PATH: process.env.PATH };
    for (const [, line] of runtime.matchAll(/^ENV (.*)$/gm)) {
      for (const pair of line.trim().split(/\s+/)) env[pair.slice(0, pair.indexOf('='))] = pair.slice(pair.indexOf('=') + 1);
    }
    const portVar = Object.keys(env).find((name) => /(^|_)PORT$/.test(name));
    const port = await freePort();
    Object.assign(env, {
      [portVar]: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(root, '.data'),
      DATABASE_URL: databaseUrl,
      IDENTITY_SECRET: 'an-identity-secret-for-the-image-check-only',
      ACCOUNT_URL: 'http://127.0.0.1:9',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    });
    const [command, ...args] = JSON.parse(/^CMD (\[.*\])\s*$/m.exec(runtime)[1]);
    if (command !== 'node') throw new Error(`${dir}/Dockerfile: CMD runs ${command}, not node`);
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const healthy = await waitForHealth(`http://127.0.0.1:${port}/healthz`, child);
    const exited = new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
    child.kill('SIGTERM');
    await exited;
    const size = execFileSync('du', ['-sh', join(root, 'node_modules')], { encoding: 'utf8' }).split('\t')[0];
    return { dir, healthy, size, output: healthy ? '' : output.slice(-3000) };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const dirs = process.argv.slice(2).length ? process.argv.slice(2) : NODE_IMAGES;
const database = process.env.DATABASE_URL ? null : await startThrowawayPostgres();
let failed = 0;
try {
  for (const dir of dirs) {
    const result = await check(dir.replace(/\/$/, ''), process.env.DATABASE_URL ?? database.url);
    console.log(`${result.healthy ? 'ok  ' : 'FAIL'} ${dir}: ${result.healthy ? '/healthz 200' : 'no /healthz'} from its image's files alone (production node_modules ${result.size})`);
    if (!result.healthy) {
      failed++;
      console.log(result.output);
    }
  }
} finally {
  await database?.stop();
}
process.exit(failed ? 1 : 0);
