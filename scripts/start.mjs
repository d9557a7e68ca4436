#!/usr/bin/env node
// `npm start`: build what is stale (Turborepo cache), run every service and the gateway as separate
// processes on 127.0.0.1 beside one embedded PostgreSQL server (unless DATABASE_URL), restart any that
// exits unexpectedly, print the URL, stop everything on Ctrl-C or SIGTERM. `REPLICAS=2` (or per process,
// e.g. CREATE_REPLICAS=3, GATEWAY_REPLICAS=2) runs several processes of each on the one database.
// `npm run dev` (--dev): the same, plus TypeScript and Rspack watchers, services restarted on change
// and the shell served with hot reload by Rspack's dev server in front of the gateway.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot, SERVICES, startProcess, startProduct, stopAll, waitForHttp } from './lib/processes.mjs';

const dev = process.argv.includes('--dev');
const skipBuild = process.argv.includes('--no-build') || process.env.ATELIER_SKIP_BUILD === '1';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

if (!skipBuild) {
  console.log('Building what changed (cached by Turborepo)...');
  const build = spawnSync(npx, ['turbo', 'run', 'build', '--output-logs=errors-only'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    console.error('Build failed; not starting.');
    process.exit(build.status ?? 1);
  }
}

const watchers = [];
if (dev) {
  // Node packages recompile on change; `node --watch` restarts the processes that use them.
  const nodePackages = ['packages/contracts', 'services/kit', ...SERVICES.map((s) => s.dir), 'gateway'];
  for (const dir of nodePackages) {
    watchers.push(
      startProcess(`tsc ${dir}`, npx, ['tsc', '-p', join(dir, 'tsconfig.build.json'), '--watch', '--preserveWatchOutput'], {
        env: process.env,
      }),
    );
  }
  for (const remote of ['mf-create', 'mf-photoshoot', 'mf-canvas', 'mf-pricing']) {
    watchers.push(startProcess(remote, npx, ['rspack', 'build', '--watch'], { cwd: join(repoRoot, remote), env: process.env }));
  }
}

let product;
try {
  // In dev the site's own origin is the shell's dev server (it proxies /api to the gateway): sign-in
  // redirects and the gateway's same-origin check must name it.
  const env = dev ? { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://127.0.0.1:3000' } : process.env;
  product = await startProduct({ env, watch: dev });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stopAll(watchers);
  process.exit(1);
}

let shellDevServer;
if (dev) {
  shellDevServer = startProcess('shell', npx, ['rspack', 'serve'], {
    cwd: join(repoRoot, 'shell'),
    env: { ...process.env, GATEWAY_URL: product.url },
  });
  await waitForHttp('http://127.0.0.1:3000/', { child: shellDevServer, timeoutMs: 120_000 }).catch((e) =>
    console.error(e.message),
  );
  console.log(`\n  Atelier (dev, hot reload) is running at http://127.0.0.1:3000  (gateway ${product.url})\n`);
} else {
  const database = product.database ? `PostgreSQL ${product.env.DATA_DIR}/postgres (port ${product.database.port})` : 'DATABASE_URL';
  const gateways =
    product.urls.length > 1
      ? `\n  Gateways (one per replica; put a load balancer in front): ${product.urls.join('  ')}\n  Sign-in redirects and the same-origin check use PUBLIC_URL=${product.env.PUBLIC_URL}`
      : '';
  console.log(`\n  Atelier is running at ${product.url}${gateways}\n  Data: ${product.env.DATA_DIR}   Database: ${database}   Stop: Ctrl-C\n`);
}

let stopping = false;
async function shutdown(signal, exitCode = 0) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping...`);
  await stopAll([...(shellDevServer ? [shellDevServer] : []), ...watchers]);
  await product.stop();
  process.exit(exitCode);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

// A process that crashed five times within a minute has stopped the product (and said why).
void product.stopped.then(() => {
  if (stopping) return;
  stopping = true;
  void stopAll([...(shellDevServer ? [shellDevServer] : []), ...watchers]).then(() => process.exit(1));
});
