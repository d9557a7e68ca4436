import {
  refundRequestSchema,
  reserveRequestSchema,
  setPlanRequestSchema,
  type RefundRequest,
  type ReserveRequest,
  type SetPlanRequest,
  type SetPlanResponse,
} from '@atelier/contracts';
import { badRequest, requireService, validate, type Db, type TokenKeys } from '@atelier/kit';
import { INTERNAL_CALLERS, SERVICE_NAME } from '../constants.js';
import { Router } from 'express';
import { refund, reserve, userForLedger } from '../ledger.js';
import { sourceOfReserve } from '../domain/movements.js';
import { currentLimits } from '../limits.js';
import { changePlan, planChangeFrom, toUser } from '../plans.js';

/** Larger amounts would overflow the counters (PostgreSQL integer); no generation costs anything near it. */
export const MAX_RESERVE_AMOUNT = 1_000_000;
const reserveBodySchema = reserveRequestSchema.refine((body) => body.amount <= MAX_RESERVE_AMOUNT, {
  message: `Too big: expected number to be <=${MAX_RESERVE_AMOUNT}`,
  path: ['amount'],
});

export interface CreditRouteDeps {
  db: Db;
  identityKeys: TokenKeys;
  clock: () => Date;
}

/**
 * The credit ledger and billing's plan hook, for other services only (service token; the gateway never
 * forwards /internal).
 */
export function creditRoutes({ db, identityKeys, clock }: CreditRouteDeps): Router {
  const router = Router();
  const spenders = requireService(identityKeys, { audience: SERVICE_NAME, allow: INTERNAL_CALLERS.credits });
  const billing = requireService(identityKeys, { audience: SERVICE_NAME, allow: INTERNAL_CALLERS.plans });

  router.post('/internal/credits/reserve', spenders, validate({ body: reserveBodySchema }), async (req, res) => {
    const body = req.body as ReserveRequest;
    const outcome = await reserve(db, { ...body, source: sourceOfReserve(body.source, req.callerService) }, clock());
    res.status(outcome.status).json(outcome.body);
  });

  router.post('/internal/credits/refund', spenders, validate({ body: refundRequestSchema }), async (req, res) => {
    res.json(await refund(db, (req.body as RefundRequest).key, clock()));
  });

  router.post('/internal/plans/set', billing, validate({ body: setPlanRequestSchema }), async (req, res) => {
    const body = req.body as SetPlanRequest;
    if (body.periodStart && body.periodEnd && Date.parse(body.periodStart) >= Date.parse(body.periodEnd)) {
      throw badRequest('Invalid body: periodEnd must be after periodStart');
    }
    const now = clock();
    const user = await userForLedger(db, body.userId);
    const updated = await changePlan(db, user, planChangeFrom(body, user), now);
    const answer: SetPlanResponse = { user: toUser(updated), limits: await currentLimits(db, updated, now) };
    res.json(answer);
  });

  return router;
}
