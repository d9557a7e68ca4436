import { Router } from 'express';
import { PATHS } from '../constants.js';
import type { Catalogue } from '../domain/catalogue.js';

/** GET /api/billing/plans (public): the tiers with their Stripe price ids, and whether payments are on. */
export function planRoutes({
  catalogue,
  publishableKey,
}: {
  catalogue: Catalogue;
  publishableKey: string | null;
}): Router {
  const router = Router();
  const answer = catalogue.plans(publishableKey);
  router.get(PATHS.plans, (_req, res) => {
    // Configuration, not user data; it changes only with a restart.
    res.setHeader('Cache-Control', 'public, max-age=60');
    res.json(answer);
  });
  return router;
}
