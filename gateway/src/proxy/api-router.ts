import { Router } from 'express';
import type { Request, Response } from 'express';
import { ExpiringLru, IDENTITY_HEADER, signUserToken, TOKEN_TTL_SECONDS } from '@atelier/kit';
import type { Logger } from '@atelier/kit';
import type { GatewayConfig } from '../config.js';
import { LONG_ROUTE_TIMEOUTS_MS, SESSION_ENDING_PATHS } from '../constants.js';
import type { ServiceName } from '../constants.js';
import { sendError } from '../errors.js';
import { readSessionCookie } from '../session/cookies.js';
import type { ResolvedSession, SessionResolver } from '../session/session-resolver.js';
import { createRouteTable, isUnder } from './route-table.js';
import type { ServiceDirectory } from './service-directory.js';
import { createServiceProxy, hasNoBody, sendServiceDown } from './service-proxy.js';
import type { ServiceProxy } from './service-proxy.js';

const IDENTITY_TOKENS_MAX = 10_000;

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
  services: ServiceDirectory;
  clock: () => number;
}): { router: Router; close(): void } {
  const { config, logger, sessions, services, clock } = deps;
  // A session's token for a service is reused for half its lifetime (a service always receives one with at
  // least 30 s left): signing costs ~90 µs, and the services remember tokens they verified.
  const tokens = new ExpiringLru<string, string>(IDENTITY_TOKENS_MAX, clock);
  async function identityToken(session: ResolvedSession, audience: ServiceName): Promise<string> {
    const key = `${session.sessionId}|${session.userId}|${audience}`;
    const known = tokens.get(key);
    if (known) return known.value;
    const token = await signUserToken(config.identityKeys, { userId: session.userId, sessionId: session.sessionId }, { audience, now: clock() });
    tokens.set(key, token, (TOKEN_TTL_SECONDS * 1000) / 2);
    return token;
  }
  const matchRoute = createRouteTable(config.routes);
  // One proxy (and keep-alive pool) per replica and timeout; the directory picks the replica (round-robin).
  const proxies = new Map<string, ServiceProxy>();
  const retried = new WeakSet<Request>();
  function proxyFor(name: ServiceName, timeoutMs: number): ServiceProxy | null {
    const target = services.url(name);
    if (!target) return null;
    const id = `${target}|${timeoutMs}`;
    let proxy = proxies.get(id);
    if (!proxy) {
      proxy = createServiceProxy({
        name,
        target,
        timeoutMs,
        logger,
        onRefused(req, res) {
          services.refused(name, target);
          // A request without a body can be sent again as it is: once, to another replica.
          return sendElsewhere(req, res, false);
        },
        onTimedOut(req, res) {
          services.timedOut(name, target);
          // A read (GET or HEAD, no body) may be asked again of another replica: the hung one may have it still,
          // and reading twice changes nothing. Not a GET that signs in or out (an OAuth code is spent once), nor
          // anything else: answered 504, it may have been done.
          const path = req.originalUrl.split('?')[0] ?? '';
          if (SESSION_ENDING_PATHS.some((ending) => isUnder(path, ending))) return false;
          return sendElsewhere(req, res, true);
        },
      });
      proxies.set(id, proxy);
    }
    return proxy;

    function sendElsewhere(req: Request, res: Response, readsOnly: boolean): boolean {
      if (retried.has(req) || !hasNoBody(req) || (readsOnly && req.method !== 'GET' && req.method !== 'HEAD')) return false;
      const other = proxyFor(name, timeoutMs);
      if (!other || other === proxies.get(id)) return false;
      retried.add(req);
      other(req, res);
      return true;
    }
  }
  const timeoutFor = (path: string) => {
    const long = Object.entries(LONG_ROUTE_TIMEOUTS_MS).find(([prefix]) => isUnder(path, prefix));
    return Math.max(config.upstreamTimeoutMs, long?.[1] ?? 0);
  };

  async function sessionOf(req: Request, path: string): Promise<ResolvedSession | null> {
    const cookie = readSessionCookie(req.headers.cookie, config.sessionCookie);
    if (!cookie) return null;
    if (!SESSION_ENDING_PATHS.some((ending) => isUnder(path, ending))) return sessions.resolve(cookie);
    // Logout or a new sign-in: forget the session now, ask account afresh (the answer is not cached),
    // and forget it again once the response is sent in case a concurrent request cached it meanwhile.
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
    const proxy = proxyFor(route.service, timeoutFor(path));
    if (!proxy) {
      sendError(res, 502, `Service unavailable: ${route.service}`);
      return;
    }
    if (services.isDown(route.service)) {
      sendServiceDown(res, route.service);
      return;
    }
    const session = await sessionOf(req, path);
    if (session) {
      // Addressed to the one service that will read it: a token caught there is no use elsewhere.
      req.headers[IDENTITY_HEADER] = await identityToken(session, route.service);
    }
    if (res.destroyed) return; // the client left while the session was looked up
    // The proxy forwards req.url; restore the full path that Express's mount point removed.
    req.url = req.originalUrl;
    proxy(req, res);
  });

  return { router, close: () => proxies.forEach((proxy) => proxy.close()) };
}
