import { randomUUID } from 'node:crypto';
import { waitlistRequestSchema, type WaitlistJoined, type WaitlistRequest } from '@atelier/contracts';
import { clientAddress, HttpError, rateLimitBy, validate, type Db, type RateLimits } from '@atelier/kit';
import { Router } from 'express';
import { BILLING_ERRORS, PATHS } from '../constants.js';
import { waitlistEntries } from '../db/schema.js';

/** The waitlist's uniqueness key: trimmed (by the schema), NFKC, lower case. */
export const emailKeyOf = (email: string) => email.normalize('NFKC').toLowerCase();

/** POST /api/waitlist `{ email, source }` → 201; 409 for an email already listed; 400 invalid; 429 past the per-address limit. */
export function waitlistRoutes({
  db,
  clock,
  perMinute,
  limits,
}: {
  db: Db;
  clock: () => Date;
  perMinute: number;
  limits?: RateLimits;
}): Router {
  const router = Router();
  router.post(
    PATHS.waitlist,
    rateLimitBy({
      name: 'waitlist',
      limits,
      limit: perMinute,
      windowMs: 60_000,
      key: (req) => clientAddress(req),
      message: BILLING_ERRORS.tooManyWaitlist,
    }),
    validate({ body: waitlistRequestSchema }),
    async (req, res) => {
      const { email, source } = req.body as WaitlistRequest;
      const inserted = await db
        .insert(waitlistEntries)
        .values({
          id: randomUUID(),
          email,
          emailKey: emailKeyOf(email),
          source,
          userId: req.identity?.userId ?? null,
          createdAt: clock(),
        })
        .onConflictDoNothing({ target: waitlistEntries.emailKey })
        .returning({ id: waitlistEntries.id });
      if (inserted.length === 0) throw new HttpError(409, BILLING_ERRORS.alreadyOnWaitlist);
      const answer: WaitlistJoined = { ok: true };
      res.status(201).json(answer);
    },
  );
  return router;
}
