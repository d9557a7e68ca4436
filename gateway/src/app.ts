import express from 'express';
import type { Express } from 'express';
import compression from 'compression';
import { SESSION_REVOKED_CHANNEL, createMediaStore, listenForNotifications, requestLogger } from '@atelier/kit';
import type { Logger, MediaStore } from '@atelier/kit';
import type { GatewayConfig } from './config.js';
import { errorHandler, sendError } from './errors.js';
import { healthRouter } from './health.js';
import { mediaRouter } from './media/media-router.js';
import { apiRouter } from './proxy/api-router.js';
import { createServiceDirectory, type ServiceDirectory } from './proxy/service-directory.js';
import { csrfGuard } from './security/csrf.js';
import { loopbackAliasRedirect } from './security/loopback-alias.js';
import { headerHygiene } from './security/header-hygiene.js';
import { securityHeaders } from './security/helmet.js';
import { assignRequestId } from './security/request-id.js';
import { createSessionResolver } from './session/session-resolver.js';
import type { SessionResolver } from './session/session-resolver.js';
import { remotesRouter } from './static/remotes.js';
import { shellStatic } from './static/shell.js';

export interface GatewayDeps {
  config: GatewayConfig;
  logger: Logger;
  /** Defaults to the cached resolver asking the account service. */
  sessionResolver?: SessionResolver;
  /** Milliseconds since the epoch; defaults to Date.now. */
  clock?: () => number;
  /** Defaults to the store `config.media` describes (local disk or S3). */
  mediaStore?: MediaStore;
}

export type GatewayApp = Express & {
  /** Closes the pooled connections to the services (call after the HTTP server has closed). */
  closeUpstreams(): void;
  /** Where the services are and which are down (updated by the supervisor of `npm start`). */
  services: ServiceDirectory;
};

export function createApp(deps: GatewayDeps): GatewayApp {
  const { config, logger } = deps;
  const clock = deps.clock ?? Date.now;
  const services = createServiceDirectory(config.services);
  const sessions =
    deps.sessionResolver ??
    createSessionResolver({
      accountUrl: () => services.url('account'),
      identityKeys: config.identityKeys,
      ttlMs: config.sessionCacheTtlMs,
      clock,
      logger,
    });
  const api = apiRouter({ config, logger, sessions, services, clock });
  // Sign-outs on any gateway reach this one's cache within milliseconds (the account service NOTIFYs).
  const revocations = config.databaseUrl ? listenForRevocations(config.databaseUrl, sessions, logger) : null;

  const app = express() as GatewayApp;
  app.disable('x-powered-by');
  app.use(
    requestLogger({
      logger,
      requestId: assignRequestId,
      ignore: (req) => req.url === '/healthz' || req.url === '/readyz',
      faultLevel: 'warn',
    }),
  );
  app.use(headerHygiene(config.publicUrl, config.trustedProxies));
  app.use(securityHeaders(config));
  app.use(healthRouter(services, { details: !config.production }));
  // http://localhost:8080 when the product is http://127.0.0.1:8080: the browser goes to the name PUBLIC_URL gives.
  app.use(loopbackAliasRedirect(config.publicUrl));
  // Cross-site POST/PUT/PATCH/DELETE and non-JSON/multipart bodies stop here, for every service.
  app.use('/api', csrfGuard(config.publicUrl));
  // No body parser anywhere before this: request bodies stream to the services untouched.
  app.use('/api', api.router);
  // The shell's and remotes' text assets (JS, CSS, HTML, JSON manifests, SVG) go out gzip-compressed when
  // the browser accepts it; media (images, video with ranges) and the API's streams are left as they are.
  // A range request gets its bytes as they are: Content-Range counts the file's own bytes, not gzip's.
  const compress = compression({ threshold: 1024, filter: (req, res) => !req.headers.range && compression.filter(req, res) });
  app.use('/mf', compress, remotesRouter(config.remotes, { serveSourceMaps: config.serveSourceMaps }));
  app.use('/media', mediaRouter(deps.mediaStore ?? createMediaStore(config.media)));
  app.use(compress, shellStatic(config.shellDir, { serveSourceMaps: config.serveSourceMaps, remotes: config.remotes }));
  app.use((_req, res) => sendError(res, 404, 'Not found'));
  app.use(errorHandler(logger));

  app.closeUpstreams = () => {
    api.close();
    void revocations?.close();
  };
  app.services = services;
  return app;
}

/** LISTENs for the sessions the account service ends and forgets them; until it hears, sessions are cached briefly. */
function listenForRevocations(databaseUrl: string, sessions: SessionResolver, logger: Logger) {
  sessions.setHearing(false);
  return listenForNotifications({
    databaseUrl,
    channel: SESSION_REVOKED_CHANNEL,
    applicationName: 'gateway',
    onNotification: (sessionId) => sessions.evictSession(sessionId),
    onState(listening, error) {
      sessions.setHearing(listening);
      if (listening) logger.info('listening for ended sessions');
      else logger.warn({ err: error }, 'not hearing of ended sessions; caching sessions briefly until reconnected');
    },
  });
}
