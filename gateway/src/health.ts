import { Router } from 'express';
import { READY_CHECK_TIMEOUT_MS } from './constants.js';
import type { ServiceDirectory } from './proxy/service-directory.js';

async function isUp(baseUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(READY_CHECK_TIMEOUT_MS) });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * `/healthz`: the process answers. `/readyz`: every configured service answers its own /healthz (one replica is enough);
 * which service is down is told only with `details` (not to the public in production).
 */
export function healthRouter(directory: ServiceDirectory, { details = true } = {}): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const checks = await Promise.all(
      // A service is up when any of its replicas answers.
      directory.entries().map(async ([name, urls]) => [name, (await Promise.all(urls.map(isUp))).some(Boolean) ? 'up' : 'down'] as const),
    );
    const services = Object.fromEntries(checks);
    const ready = checks.every(([, state]) => state === 'up');
    res.setHeader('Cache-Control', 'no-store');
    res.status(ready ? 200 : 503).json({ status: ready ? 'ok' : 'unavailable', ...(details ? { services } : {}) });
  });
  router.all(['/healthz', '/readyz'], (_req, res) => {
    res.setHeader('Allow', 'GET, HEAD');
    res.status(405).json({ error: 'Method not allowed' });
  });
  return router;
}
