// The deployment files, checked without Docker (hadolint and `docker compose` are not on this machine):
// each deployable's Dockerfile (pinned bases, a build and a runtime stage, production dependencies of
// its own workspace only from the lockfile, every workspace it loads copied in, a non-root user and a
// health check) and compose.yaml (a service for each deployable, its Dockerfile, and an environment its
// own configuration loader accepts, read by the built loaders themselves).
// Run: node --test scripts/__tests__/*.test.mjs (after `npm run build`).
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { NODE_PROCESS_ARGS, NODE_PROCESS_ENV, repoRoot } from '../lib/processes.mjs';

// eslint's YAML parser, present in every development install (js-yaml handles compose's `<<` merge keys).
const yaml = createRequire(join(repoRoot, 'package.json'))('js-yaml');

const NODE_DEPLOYABLES = [
  { dir: 'gateway', port: 8080, portVar: 'PORT', config: 'gateway/dist/config.js', load: 'loadGatewayConfig' },
  { dir: 'services/account', port: 8101, portVar: 'ACCOUNT_PORT', config: 'services/account/dist/config.js', load: 'loadAccountConfig' },
  { dir: 'services/create', port: 8102, portVar: 'CREATE_PORT', config: 'services/create/dist/config.js', load: 'loadCreateConfig' },
  { dir: 'services/photoshoot', port: 8103, portVar: 'PHOTOSHOOT_PORT', config: 'services/photoshoot/dist/config.js', load: 'loadPhotoshootConfig' },
  { dir: 'services/canvas', port: 8104, portVar: 'CANVAS_PORT', config: 'services/canvas/dist/config.js', load: 'loadCanvasConfig' },
  { dir: 'services/billing', port: 8105, portVar: 'BILLING_PORT', config: 'services/billing/dist/config.js', load: 'loadBillingConfig' },
];
const REMOTES = ['mf-create', 'mf-photoshoot', 'mf-canvas', 'mf-pricing'];
const read = (file) => readFileSync(join(repoRoot, file), 'utf8');
const manifest = (dir) => JSON.parse(read(`${dir}/package.json`));

/** Every workspace's directory, by package name (the root package.json's `workspaces`). */
function workspaceDirs() {
  const dirs = new Map();
  for (const pattern of manifest('.').workspaces) {
    const found = pattern.endsWith('/*')
      ? readdirSync(join(repoRoot, pattern.slice(0, -2)), { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => `${pattern.slice(0, -2)}/${entry.name}`)
      : [pattern];
    for (const dir of found) if (existsSync(join(repoRoot, dir, 'package.json'))) dirs.set(manifest(dir).name, dir);
  }
  return dirs;
}

/** The workspaces `dir` loads at run time: its @atelier/* dependencies, transitively. */
function runtimeWorkspaces(dir, dirs = workspaceDirs(), seen = new Set()) {
  for (const name of Object.keys(manifest(dir).dependencies ?? {})) {
    if (!dirs.has(name) || seen.has(dirs.get(name))) continue;
    seen.add(dirs.get(name));
    runtimeWorkspaces(dirs.get(name), dirs, seen);
  }
  return seen;
}

/** A Dockerfile as stages of instructions (continuation lines joined, comments dropped). */
export function parseDockerfile(text) {
  const lines = text.replace(/\\\n/g, ' ').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  const stages = [];
  for (const line of lines) {
    const [instruction, ...rest] = line.split(/\s+/);
    const args = rest.join(' ');
    if (instruction.toUpperCase() === 'FROM') {
      const match = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args);
      assert.ok(match, `cannot read "FROM ${args}"`);
      stages.push({ image: match[1], name: match[2], instructions: [] });
    } else {
      assert.ok(stages.length, `${instruction} before any FROM`);
      stages.at(-1).instructions.push({ instruction: instruction.toUpperCase(), args });
    }
  }
  return stages;
}

/** Problems of one Dockerfile that every deployable shares. */
export function dockerfileProblems(text) {
  const problems = [];
  const stages = parseDockerfile(text);
  const names = new Set();
  if (stages.length < 2) problems.push('not multi-stage (a build stage and a runtime stage)');
  for (const stage of stages) {
    if (!names.has(stage.image)) {
      const pinnedTag = /^[\w./-]+:[^:@]*\d[^:@]*$/.test(stage.image) && !/:latest$/.test(stage.image);
      const digest = /@sha256:[0-9a-f]{64}$/.test(stage.image);
      if (!pinnedTag && !digest) problems.push(`FROM ${stage.image} is not pinned to a version or digest`);
    }
    if (stage.name) names.add(stage.name);
    for (const { instruction, args } of stage.instructions) {
      if (instruction === 'RUN' && /\bnpm\s+(install|i|add)\b/.test(args)) problems.push(`"${args}" installs without the lockfile (use npm ci)`);
      for (const command of instruction === 'RUN' ? args.split(/&&|;/) : []) {
        if (/\bnpm\s+ci\b/.test(command) && /--no-package-lock|--force/.test(command)) problems.push(`"${command.trim()}" bypasses the lockfile`);
      }
      const from = /--from=(\S+)/.exec(args);
      if (instruction === 'COPY' && from && !names.has(from[1])) problems.push(`COPY --from=${from[1]}: no such earlier stage`);
    }
  }
  const runtime = stages.at(-1);
  if (!runtime) return problems;
  const users = runtime.instructions.filter((i) => i.instruction === 'USER').map((i) => i.args.split(':')[0]);
  if (!users.length) problems.push('the runtime stage sets no USER (it would run as root)');
  else if (['root', '0'].includes(users.at(-1))) problems.push(`the runtime stage runs as ${users.at(-1)}`);
  if (!runtime.instructions.some((i) => i.instruction === 'HEALTHCHECK' && !/^NONE$/i.test(i.args))) problems.push('the runtime stage has no HEALTHCHECK');
  if (!runtime.instructions.some((i) => i.instruction === 'CMD' || i.instruction === 'ENTRYPOINT') && !/nginx/.test(runtime.image)) {
    problems.push('the runtime stage has no CMD');
  }
  return problems;
}

describe('the Dockerfile checks', () => {
  it('find what they are for in a bad Dockerfile', () => {
    const bad = ['FROM node AS build', 'RUN npm install', 'RUN npm ci --force && npm cache clean --force', 'FROM node:latest', 'COPY --from=builder /app /app', 'CMD ["node", "x.js"]'].join('\n');
    const problems = dockerfileProblems(bad);
    assert.ok(problems.some((p) => p.includes('FROM node is not pinned')), problems.join('; '));
    assert.ok(problems.some((p) => p.includes('FROM node:latest is not pinned')));
    assert.ok(problems.some((p) => p.includes('npm install')));
    assert.deepEqual(problems.filter((p) => p.includes('bypasses')), ['"npm ci --force" bypasses the lockfile']);
    assert.ok(problems.some((p) => p.includes('--from=builder')));
    assert.ok(problems.some((p) => p.includes('no USER')));
    assert.ok(problems.some((p) => p.includes('no HEALTHCHECK')));
    assert.deepEqual(dockerfileProblems(bad.replace('CMD', 'USER root\nHEALTHCHECK CMD true\nCMD')).filter((p) => p.includes('USER') || p.includes('runs as')), [
      'the runtime stage runs as root',
    ]);
  });
});

describe('Dockerfiles', () => {
  for (const deployable of NODE_DEPLOYABLES) {
    it(`${deployable.dir}: builds with turbo, installs only its workspace's production dependencies, runs as a non-root user`, () => {
      const file = `${deployable.dir}/Dockerfile`;
      assert.ok(existsSync(join(repoRoot, file)), `${file} is missing`);
      const text = read(file);
      assert.deepEqual(dockerfileProblems(text), [], file);
      const name = manifest(deployable.dir).name;
      const stages = parseDockerfile(text);
      const runs = (stage) => stage.instructions.filter((i) => i.instruction === 'RUN').map((i) => i.args).join('\n');
      const build = stages.find((stage) => stage.name === 'build');
      assert.ok(build, `${file}: a stage named build`);
      assert.match(runs(build), /\bnpm ci\b/, `${file}: the build stage installs with npm ci`);
      assert.ok(runs(build).includes(`turbo run build --filter=${name}...`), `${file}: the build stage builds ${name} and its dependencies`);
      const prodInstall = stages.map(runs).find((r) => /npm ci[^\n]*--omit=dev/.test(r));
      assert.ok(prodInstall?.includes(`--workspace=${name}`), `${file}: production dependencies of ${name} only`);
      assert.ok(!/--include-workspace-root/.test(prodInstall), `${file}: the root's dependencies (embedded PostgreSQL) stay out`);

      const runtime = stages.at(-1);
      const copied = runtime.instructions.filter((i) => i.instruction === 'COPY').map((i) => i.args);
      for (const dir of [deployable.dir, ...runtimeWorkspaces(deployable.dir)]) {
        assert.ok(copied.some((c) => c.includes(`/app/${dir}/dist ${dir}/dist`)), `${file}: the runtime needs ${dir}/dist`);
      }
      if (existsSync(join(repoRoot, deployable.dir, 'drizzle'))) {
        assert.ok(copied.some((c) => c.includes(`/app/${deployable.dir}/drizzle`)), `${file}: migrations run at start and need ${deployable.dir}/drizzle`);
      }
      const envs = runtime.instructions.filter((i) => i.instruction === 'ENV').map((i) => i.args).join(' ');
      assert.match(envs, /NODE_ENV=production/);
      assert.match(envs, /HOST=0\.0\.0\.0/, `${file}: listens beyond the container's loopback`);
      // The memory settings `npm start` gives every Node.js process (scripts/lib/processes.mjs), the same here.
      for (const [name, value] of Object.entries(NODE_PROCESS_ENV)) assert.match(envs, new RegExp(`\\b${name}=${value}\\b`), `${file}: ${name}=${value}`);
      assert.match(envs, new RegExp(`NODE_OPTIONS=${NODE_PROCESS_ARGS.join(' ')}(\\s|$)`), `${file}: NODE_OPTIONS=${NODE_PROCESS_ARGS.join(' ')}`);
      assert.match(envs, new RegExp(`\\b${deployable.portVar}=${deployable.port}\\b`));
      assert.ok(runtime.instructions.some((i) => i.instruction === 'EXPOSE' && i.args === String(deployable.port)));
      assert.ok(runtime.instructions.some((i) => i.instruction === 'HEALTHCHECK' && i.args.includes(deployable.portVar) && i.args.includes('/healthz')));
      assert.ok(runtime.instructions.some((i) => i.instruction === 'CMD' && i.args.includes(`${deployable.dir}/dist/server.js`)));
    });
  }

  it('gateway: carries the shell and every remote it serves', () => {
    const copied = parseDockerfile(read('gateway/Dockerfile')).at(-1).instructions.map((i) => i.args);
    for (const dir of ['shell', ...REMOTES]) assert.ok(copied.includes(`--from=build /app/${dir}/dist ${dir}/dist`), dir);
  });

  for (const remote of REMOTES) {
    it(`${remote}: its own static image, served like the gateway's /mf/${remote}/`, () => {
      const text = read(`${remote}/Dockerfile`);
      assert.deepEqual(dockerfileProblems(text), []);
      const stages = parseDockerfile(text);
      const build = stages.find((stage) => stage.name === 'build');
      assert.ok(build.instructions.some((i) => i.instruction === 'RUN' && i.args.includes(`turbo run build --filter=${remote}...`)));
      const runtime = stages.at(-1);
      assert.ok(runtime.instructions.some((i) => i.args === `--from=build /app/${remote}/dist /usr/share/nginx/html`));
      assert.ok(runtime.instructions.some((i) => i.instruction === 'COPY' && i.args.startsWith('docker/remote.nginx.conf ')));
    });
  }

  it('the remotes\' nginx answers like the gateway: any origin, entry files revalidated, hashed files immutable, no source maps', () => {
    const conf = read('docker/remote.nginx.conf');
    assert.match(conf, /Access-Control-Allow-Origin "\*"/);
    assert.match(conf, /mf-manifest\\\.json[^\n]*remoteEntry\\\.js[\s\S]*?no-cache/);
    assert.match(conf, /max-age=31536000, immutable/);
    assert.match(conf, /\\\.map\$ \{\s*return 404;/);
  });

  it('.dockerignore keeps installs, builds, data and secrets out of the build context', () => {
    const ignored = read('.dockerignore').split('\n').map((l) => l.trim());
    for (const entry of ['**/node_modules', '**/dist', '.git', '.data', '**/.env']) assert.ok(ignored.includes(entry), entry);
  });
});

/** compose's ${VAR}, ${VAR:-default} and ${VAR:?error} against `vars`; a missing required one throws. */
function interpolate(value, vars) {
  if (typeof value !== 'string') return value;
  return value.replace(/\$\$|\$\{(\w+)(?:(:?[-?])([^}]*))?\}/g, (whole, name, op, arg) => {
    if (whole === '$$') return '$';
    const set = vars[name] !== undefined && vars[name] !== '';
    if (op === ':?' && !set) throw new Error(`${name}: ${arg}`);
    if (op === ':-' && !set) return arg;
    return vars[name] ?? '';
  });
}

function interpolateAll(node, vars) {
  if (Array.isArray(node)) return node.map((n) => interpolateAll(n, vars));
  if (node && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, interpolateAll(v, vars)]));
  return interpolate(node, vars);
}

const SECRETS = {
  POSTGRES_PASSWORD: 'pg-password-for-the-test',
  IDENTITY_SECRET: 'an-identity-secret-of-at-least-32-characters',
  S3_ACCESS_KEY_ID: 'atelier',
  S3_SECRET_ACCESS_KEY: 'a-minio-secret-for-the-test',
};

describe('compose.yaml', () => {
  const raw = yaml.load(read('compose.yaml'));

  it('has no default for any secret: each is required from the environment', () => {
    for (const name of Object.keys(SECRETS)) {
      assert.throws(() => interpolateAll(raw, { ...SECRETS, [name]: undefined }), new RegExp(`^Error: ${name}: set ${name}`));
    }
    assert.doesNotThrow(() => interpolateAll(raw, SECRETS));
    assert.doesNotMatch(read('compose.yaml'), /DEV_LOGIN:|DEV_TOOLS:/, 'development sign-in and tools are never configured');
  });

  const compose = interpolateAll(raw, SECRETS);

  it('runs PostgreSQL 18, MinIO with a bucket made before any service starts, and a load balancer in front of the gateways', () => {
    assert.match(compose.services.postgres.image, /^postgres:18(\.\d+)?$/);
    assert.match(compose.services.minio.image, /^minio\/minio:RELEASE\./);
    assert.match(compose.services['minio-init'].entrypoint.join(' '), /mc mb --ignore-existing atelier\/\$S3_BUCKET/);
    for (const name of ['create', 'photoshoot', 'canvas']) {
      assert.equal(compose.services[name].depends_on['minio-init'].condition, 'service_completed_successfully', name);
    }
    assert.deepEqual(Object.keys(compose.services.lb.depends_on), ['gateway']);
    assert.equal(compose.services.gateway.ports, undefined, 'only the load balancer is published');
    assert.match(read('docker/lb.nginx.conf'), /server gateway:8080/);
  });

  for (const deployable of NODE_DEPLOYABLES) {
    const name = deployable.dir.split('/').at(-1);
    it(`${name}: built from its Dockerfile, replicated, and its environment accepted by its own configuration loader`, async () => {
      const service = compose.services[name];
      assert.ok(service, `compose.yaml has no ${name}`);
      assert.equal(service.build.dockerfile, `${deployable.dir}/Dockerfile`);
      assert.ok(service.deploy.replicas >= 2, 'a replicas example');
      const environment = Object.fromEntries(Object.entries(service.environment).map(([k, v]) => [k, String(v)]));
      assert.equal(environment.NODE_ENV, 'production');
      assert.equal(environment[deployable.portVar], String(deployable.port));
      const configModule = join(repoRoot, deployable.config);
      assert.ok(existsSync(configModule), `${deployable.config} is not built: run npm run build`);
      const { [deployable.load]: load } = await import(pathToFileURL(configModule).href);
      // The loader reads nothing but what compose gives the container (and the image's ENV).
      const config = load({ HOST: '0.0.0.0', DATA_DIR: '/data', ...environment });
      if ('devLogin' in config) assert.equal(config.devLogin, false, 'no development sign-in');
      if ('devTools' in config) assert.equal(config.devTools, false, 'no developer tools');
      if (name === 'gateway') {
        assert.deepEqual(Object.keys(config.services).sort(), ['account', 'billing', 'canvas', 'create', 'photoshoot']);
        for (const [service, urls] of Object.entries(config.services)) {
          const target = NODE_DEPLOYABLES.find((d) => d.dir.endsWith(`/${service}`));
          // One address (Docker's DNS spreads it over the replicas), whether the loader keeps a string or a list.
          assert.deepEqual([urls].flat(), [`http://${service}:${target.port}`], `the gateway reaches ${service} on its port`);
        }
        assert.equal(config.production, true);
      }
      if ('media' in config && name !== 'account' && name !== 'billing') {
        assert.equal(config.media.s3?.bucket, 'atelier-media', `${name} keeps media in the shared bucket`);
        assert.equal(config.media.s3?.endpoint, 'http://minio:9000');
      }
    });
  }

  for (const remote of REMOTES) {
    it(`${remote}: an optional static host of its own, and REMOTE_* passed to the gateway`, () => {
      assert.equal(compose.services[remote].build.dockerfile, `${remote}/Dockerfile`);
      const variable = `REMOTE_${remote.toUpperCase().replace(/-/g, '_')}_URL`;
      assert.ok(variable in compose.services.gateway.environment, variable);
    });
  }
});
