import { trackEventSchema, type TrackEvent } from '@atelier/contracts';
import { clientAddress, maxJsonBody, rateLimitBy, validate, type Db, type RateLimits } from '@atelier/kit';
import { Router } from 'express';
import { TRACK_EVENT_MAX_BYTES, TRACK_EVENTS_PER_MINUTE_SIGNED_OUT } from '../constants.js';
import { recordEvent } from '../db/events.js';

/**
 * Analytics (SPEC.md §7): signed in or not; the user and plan come from the session, never the body.
 * 202 `{ recorded }` — false when a daily_active of the same user and day was already kept (the user's local
 * day when the shell sends `metadata.local_day`, else the UTC day).
 */
export function trackRoutes({ db, clock, limits }: { db: Db; clock: () => Date; limits?: RateLimits }): Router {
  const router = Router();
  // Anyone may post events, signed in or not: small bodies, and a budget per address for visitors.
  const signedOutLimit = rateLimitBy({
    name: 'track-signed-out',
    limits,
    limit: TRACK_EVENTS_PER_MINUTE_SIGNED_OUT,
    windowMs: 60_000,
    key: (req) => (req.identity ? null : clientAddress(req)),
    message: 'Too many events. Please slow down.',
  });
  router.post('/api/track-event', maxJsonBody(TRACK_EVENT_MAX_BYTES), signedOutLimit, validate({ body: trackEventSchema }), async (req, res) => {
    const event = req.body as TrackEvent;
    const recorded = await recordEvent(db, { userId: req.identity?.userId ?? null, event, at: clock() });
    res.status(202).json({ recorded });
  });
  return router;
}
