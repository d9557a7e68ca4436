import { requireUser, unauthorized, type Db } from '@atelier/kit';
import { Router } from 'express';
import { findUserById } from '../db/users.js';
import { currentLimits } from '../limits.js';

export function limitsRoutes({ db, clock }: { db: Db; clock: () => Date }): Router {
  const router = Router();
  router.get('/api/user-limits', requireUser(), async (req, res) => {
    const user = await findUserById(db, req.identity!.userId);
    if (!user) throw unauthorized();
    res.setHeader('Cache-Control', 'no-store');
    res.json(await currentLimits(db, user, clock()));
  });
  return router;
}
