import { notFound, requireService, type Db, type TokenKeys } from '@atelier/kit';
import { INTERNAL_CALLERS, SERVICE_NAME } from '../constants.js';
import { Router } from 'express';
import { findUserById } from '../db/users.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /internal/users/:id (service token only) → 200 `{ id, plan }` or 404. Other services read a
 * user's plan here (the create service gates premium video models by it). The billing service also gets
 * the user's `email` (or null), for the Stripe customer it creates; no other caller sees it.
 */
export function internalUserRoutes({ identityKeys, db }: { identityKeys: TokenKeys; db: Db }): Router {
  const router = Router();
  const callers = requireService(identityKeys, { audience: SERVICE_NAME, allow: INTERNAL_CALLERS.users });
  router.get('/internal/users/:id', callers, async (req, res) => {
    const id = String(req.params.id ?? '');
    if (!UUID.test(id)) throw notFound('No such user');
    const user = await findUserById(db, id);
    if (!user) throw notFound('No such user');
    res.setHeader('Cache-Control', 'no-store');
    res.json(req.callerService === 'billing' ? { id: user.id, plan: user.plan, email: user.email ?? null } : { id: user.id, plan: user.plan });
  });
  return router;
}
