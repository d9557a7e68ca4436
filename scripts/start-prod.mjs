#!/usr/bin/env node
// `NODE_ENV=production npm run start:prod`: runs the product from a finished `npm run build` on a
// production install (`npm ci --omit=dev` works: nothing here or in the processes it starts loads a dev
// dependency). Unlike `npm start` it builds nothing, starts no embedded PostgreSQL, makes no secrets and
// refuses development sign-in and developer tools: DATABASE_URL, IDENTITY_SECRET and PUBLIC_URL come
// from the environment, and anything missing stops it with a message naming the variable (docs/deploy.md).
// Each service and the gateway run as supervised processes, like `npm start`, REPLICAS included.
import { checkProductionEnvironment } from './production.mjs';
import { repoRoot, startProduct } from './lib/processes.mjs';

const { errors, warnings } = checkProductionEnvironment(process.env, { root: repoRoot });
for (const warning of warnings) console.warn(`warning: ${warning}`);
if (errors.length) {
  console.error(`Atelier cannot start in production:\n${errors.map((e) => `  - ${e}`).join('\n')}`);
  process.exit(1);
}

// Explicitly off (each service's own default in production too), so no inherited setting turns them on.
const env = { ...process.env, NODE_ENV: 'production', DEV_LOGIN: '0', DEV_TOOLS: '0' };

let product;
try {
  product = await startProduct({ env });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
// With GATEWAY_REPLICAS (or REPLICAS) there is one gateway per port from PORT on: a load balancer goes in front.
const gateways = product.urls ?? [product.url];
console.log(`\n  Atelier (production): gateway${gateways.length > 1 ? 's' : ''} ${gateways.join(', ')}  (public address ${env.PUBLIC_URL})\n`);

let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping...`);
  await product.stop();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

// Five crashes of one process within a minute stopped the product (and said why).
void product.stopped.then(() => {
  if (!stopping) process.exit(1);
});
