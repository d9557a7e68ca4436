import type { ErasureList } from '@atelier/contracts';
import { notFound, requireService, UUID_PATTERN, type Db, type TokenKeys } from '@atelier/kit';
import { Router } from 'express';
import { INTERNAL_CALLERS, SERVICE_NAME } from '../constants.js';
import { recordErased, usersToErase } from '../db/users.js';

/**
 * Deleted accounts, for the services that keep their data (kit's `startErasureWatcher`): the list of users the
 * calling service has still to erase, and its word that it has. The caller is the service its token names.
 */
export function erasureRoutes({
  identityKeys,
  db,
  required,
  graceMs,
  clock,
}: {
  identityKeys: TokenKeys;
  db: Db;
  required: readonly string[];
  /** How long after a deletion its user is first listed (ERASURE_GRACE_MS). */
  graceMs: number;
  clock: () => Date;
}): Router {
  const router = Router();
  const callers = requireService(identityKeys, { audience: SERVICE_NAME, allow: INTERNAL_CALLERS.erasures });

  router.get('/internal/erasures', callers, async (req, res) => {
    const body: ErasureList = { userIds: await usersToErase(db, req.callerService!, new Date(clock().getTime() - graceMs)) };
    res.setHeader('Cache-Control', 'no-store');
    res.json(body);
  });

  router.post('/internal/erasures/:userId/done', callers, async (req, res) => {
    const userId = String(req.params.userId ?? '');
    if (!UUID_PATTERN.test(userId)) throw notFound('No such user');
    await recordErased(db, userId, req.callerService!, required);
    res.status(204).end();
  });

  return router;
}
