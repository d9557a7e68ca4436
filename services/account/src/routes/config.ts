import type { PublicConfig } from '@atelier/contracts';
import { Router } from 'express';
import type { AccountConfig } from '../config.js';

/** Public facts the shell needs before sign-in. */
export function configRoutes({ config }: { config: AccountConfig }): Router {
  const router = Router();
  router.get('/api/config', (_req, res) => {
    const body: PublicConfig = { devLogin: config.devLogin, avatarEnabled: config.avatarEnabled };
    res.json(body);
  });
  return router;
}
