import { Router } from 'express';
import type { Request } from 'express';
import { IDENTITY_HEADER, signToken } from '@atelier/kit';
import type { Logger, UserTokenPayload } from '@atelier/kit';
import type { GatewayConfig } from '../config.js';
import { LOGOUT_PATH } from '../constants.js';
import type { ServiceName } from '../constants.js';
import { sendError } from '../errors.js';
import { readSessionCookie } from '../session/cookies.js';
import type { ResolvedSession, SessionResolver } from '../session/session-resolver.js';
import { createRouteTable, isUnder } from './route-table.js';
import { createServiceProxy } from './service-proxy.js';
import type { ServiceProxy } from './service-proxy.js';

/** `.` and `..` segments (plain or percent-encoded) could climb out of /api upstream; refuse them. */
function hasDotSegments(path: string): boolean {
  return path.split('/').some((segment) => {
    const plain = segment.replace(/%2e/gi, '.');
    return plain === '.' || plain === '..';
  });
}

/**
 * /api: find the service by the route table, establish who is calling (one cached session lookup),
 * sign that identity into a header the service verifies, and stream the request through.
 */
export function apiRouter(deps: {
  config: GatewayConfig;
  logger: Logger;
  sessions: SessionResolver;
  clock: () => number;
}): { router: Router; close(): void } {
  const { config, logger, sessions, clock } = deps;
  const matchRoute = createRouteTable(config.routes);
  const proxies = new Map<ServiceName, ServiceProxy>();
  for (const [name, target] of Object.entries(config.services) as [ServiceName, string][]) {
    proxies.set(name, createServiceProxy({ name, target, timeoutMs: config.upstreamTimeoutMs, logger }));
  }

  async function sessionOf(req: Request, path: string): Promise<ResolvedSession | null> {
    const cookie = readSessionCookie(req.headers.cookie, config.sessionCookie);
    if (!cookie) return null;
    if (!isUnder(path, LOGOUT_PATH)) return sessions.resolve(cookie);
    // Logout: forget the session now, ask account afresh (the answer is not cached), and forget it
    // again once the response is sent in case a concurrent request cached it meanwhile.
    sessions.evict(cookie);
    req.res?.once('finish', () => sessions.evict(cookie));
    return sessions.resolveFresh(cookie);
  }

  const router = Router();
  router.use(async (req, res) => {
    // Mounted at /api, so req.path is relative; routes are written with the prefix.
    const path = `/api${req.path === '/' ? '' : req.path}`;
    if (hasDotSegments(req.path)) {
      sendError(res, 400, 'Bad request: invalid path');
      return;
    }
    const route = matchRoute(path);
    if (!route) {
      sendError(res, 404, 'Not found');
      return;
    }
    const proxy = proxies.get(route.service);
    if (!proxy) {
      sendError(res, 502, `Service unavailable: ${route.service}`);
      return;
    }
    const session = await sessionOf(req, path);
    if (session) {
      req.headers[IDENTITY_HEADER] = signToken<UserTokenPayload>(
        config.identitySecret,
        { typ: 'user', uid: session.userId, sid: session.sessionId },
        { now: clock() },
      );
    }
    if (res.destroyed) return; // the client left while the session was looked up
    // The proxy forwards req.url; restore the full path that Express's mount point removed.
    req.url = req.originalUrl;
    proxy(req, res);
  });

  return { router, close: () => proxies.forEach((proxy) => proxy.close()) };
}
