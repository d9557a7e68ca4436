import { ledgerQuerySchema, type AccountSummary, type CreditLedgerPage, type LedgerQuery } from '@atelier/contracts';
import { badRequest, decodePageCursor, encodePageCursor, requireUser, unauthorized, validate, type Db } from '@atelier/kit';
import { Router, type Request } from 'express';
import { listUserMovements } from '../db/ledger.js';
import { findUserById } from '../db/users.js';
import { toAccountSummary, toCreditMovement } from '../domain/movements.js';
import { currentPeriodRow } from '../limits.js';

/** The account page (docs/decisions.md, "Account page"): the signed-in user's plan and numbers, and their ledger. */
export function accountPageRoutes({ db, clock }: { db: Db; clock: () => Date }): Router {
  const router = Router();

  async function signedInUser(req: Request) {
    const user = await findUserById(db, req.identity!.userId);
    if (!user) throw unauthorized();
    return user;
  }

  router.get('/api/account/summary', requireUser(), async (req, res) => {
    const user = await signedInUser(req);
    const summary: AccountSummary = toAccountSummary(user, await currentPeriodRow(db, user, clock()));
    res.setHeader('Cache-Control', 'no-store');
    res.json(summary);
  });

  router.get('/api/credits/ledger', requireUser(), validate({ query: ledgerQuerySchema }), async (req, res) => {
    const { limit, cursor } = req.query as unknown as LedgerQuery;
    const position = cursor ? decodePageCursor(cursor) : null;
    if (cursor && !position) throw badRequest('Invalid cursor');
    const user = await signedInUser(req);
    const { rows, next } = await listUserMovements(db, user.id, limit, position);
    const page: CreditLedgerPage = { items: rows.map(toCreditMovement), nextCursor: next ? encodePageCursor(next) : null };
    res.setHeader('Cache-Control', 'no-store');
    res.json(page);
  });

  return router;
}
