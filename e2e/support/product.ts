// Starts the built product (every service + gateway) on free ports with a fresh data dir.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// The supervisor `npm start` uses, so the tests run the product exactly as users do.
import { freePort, startProduct, type SupervisedProcess } from '../../scripts/lib/processes.mjs';

export interface RunningProduct {
  url: string;
  /** The supervised processes by name (`account`, `create`, `gateway`). */
  processes: Map<string, SupervisedProcess>;
  stop: () => Promise<void>;
}

export async function startTestProduct(extraEnv: Record<string, string> = {}): Promise<RunningProduct> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atelier-e2e-'));
  const port = await freePort();
  // Only what the test sets: nothing of the developer's own configuration leaks in.
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'test',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // Every browser of every test signs in from 127.0.0.1: one per-IP budget would be shared by the
    // whole run. The limit itself is tested in the account service.
    SIGNIN_RATE_LIMIT: '1000',
    ...extraEnv,
  };
  const product = await startProduct({ env, quiet: !process.env.E2E_VERBOSE });
  return {
    url: product.url,
    processes: product.processes,
    stop: async () => {
      await product.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
