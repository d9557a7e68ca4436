import { devSwitchUserRequestSchema, type DevSwitchUserRequest, type DevSwitchUserResponse, type DevUserTypeResponse, type UserLimits } from '@atelier/contracts';
import { notFound, requireUser, unauthorized, validate, type Db } from '@atelier/kit';
import { Router, type Request, type RequestHandler } from 'express';
import type { AccountConfig } from '../config.js';
import { exhaustPeriod } from '../db/usage.js';
import { findUserById } from '../db/users.js';
import { toUserLimits } from '../domain/limits.js';
import { currentPeriodRow } from '../limits.js';
import { changePlan, toUser } from '../plans.js';

/**
 * Developer tools (SPEC.md §7 /api/dev/*) for the signed-in user. Served only when `config.devTools` is
 * on (docs/decisions.md); otherwise they answer 404 as if they did not exist.
 */
export function devRoutes({ config, db, clock }: { config: AccountConfig; db: Db; clock: () => Date }): Router {
  const router = Router();
  const enabled: RequestHandler = (_req, _res, next) => next(config.devTools ? undefined : notFound());
  router.use('/api/dev', enabled, requireUser());

  async function currentUser(req: Request) {
    const user = await findUserById(db, req.identity!.userId);
    if (!user) throw unauthorized();
    return user;
  }

  router.post('/api/dev/switch-user', validate({ body: devSwitchUserRequestSchema }), async (req, res) => {
    const { userType } = req.body as DevSwitchUserRequest;
    const user = await currentUser(req);
    const updated = await changePlan(
      db,
      user,
      { plan: userType, billingPeriodStart: null, billingPeriodEnd: null, stripeSubscriptionId: null, fresh: true },
      clock(),
    );
    const body: DevSwitchUserResponse = { user: toUser(updated) };
    res.json(body);
  });

  router.post('/api/dev/reset-limits', async (req, res) => {
    const user = await currentUser(req);
    const period = await currentPeriodRow(db, user, clock());
    const body: UserLimits = toUserLimits(await exhaustPeriod(db, period.id));
    res.json(body);
  });

  router.get('/api/dev/current-user-type', async (req, res) => {
    const user = await currentUser(req);
    const body: DevUserTypeResponse = { userType: user.plan };
    res.setHeader('Cache-Control', 'no-store');
    res.json(body);
  });

  return router;
}
