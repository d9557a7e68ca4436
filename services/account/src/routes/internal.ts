import { notFound, requireService, SESSION_HEADER, type TokenKeys } from '@atelier/kit';
import { Router } from 'express';
import { INTERNAL_CALLERS, SERVICE_NAME, SESSION_TOKEN_PATTERN } from '../constants.js';
import type { Sessions } from '../sessions.js';

/** Calls from the gateway and other services only (service token required). */
export function internalRoutes({ identityKeys, sessions }: { identityKeys: TokenKeys; sessions: Sessions }): Router {
  const router = Router();
  const gatewayOnly = requireService(identityKeys, { audience: SERVICE_NAME, allow: INTERNAL_CALLERS.sessions });

  // The gateway resolves a session cookie here: 200 { userId, sessionId, expiresAt } or 404.
  router.get('/internal/sessions/current', gatewayOnly, async (req, res) => {
    const token = req.headers[SESSION_HEADER];
    if (typeof token !== 'string' || !SESSION_TOKEN_PATTERN.test(token)) throw notFound('No session');
    const session = await sessions.current(token);
    if (!session) throw notFound('No session');
    res.json(session);
  });
  return router;
}
