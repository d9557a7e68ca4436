import { notFound, requireService, SESSION_HEADER } from '@atelier/kit';
import { Router } from 'express';
import { SESSION_TOKEN_PATTERN } from '../constants.js';
import type { Sessions } from '../sessions.js';

/** Calls from the gateway and other services only (service token required). */
export function internalRoutes({ identitySecret, sessions }: { identitySecret: string; sessions: Sessions }): Router {
  const router = Router();
  router.use('/internal', requireService(identitySecret));

  // The gateway resolves a session cookie here: 200 { userId, sessionId, expiresAt } or 404.
  router.get('/internal/sessions/current', async (req, res) => {
    const token = req.headers[SESSION_HEADER];
    if (typeof token !== 'string' || !SESSION_TOKEN_PATTERN.test(token)) throw notFound('No session');
    const session = await sessions.current(token);
    if (!session) throw notFound('No session');
    res.json(session);
  });
  return router;
}
