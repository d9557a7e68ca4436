import { SERVICE_NAME } from './constants.js';
import { createBaseApp, createPostgresRateLimits, finishApp, identity, type Database, type Logger } from '@atelier/kit';
import type { Express } from 'express';
import type { AccountConfig } from './config.js';
import { accountPageRoutes } from './routes/account-page.js';
import { authRoutes } from './routes/auth.js';
import { configRoutes } from './routes/config.js';
import { creditRoutes } from './routes/credits.js';
import { devRoutes } from './routes/dev.js';
import { erasureRoutes } from './routes/erasures.js';
import { internalRoutes } from './routes/internal.js';
import { internalUserRoutes } from './routes/internal-users.js';
import { limitsRoutes } from './routes/limits.js';
import { oidcRoutes } from './routes/oidc.js';
import { trackRoutes } from './routes/track.js';
import { createSessions } from './sessions.js';

export interface AccountDeps {
  config: AccountConfig;
  database: Database;
  logger: Logger;
  /** Injected in tests to move time; defaults to the wall clock. */
  clock?: () => Date;
}

/** The account service: users, sessions and limits. */
export function createApp({ config, database, logger, clock = () => new Date() }: AccountDeps): Express {
  const { db } = database;
  const sessions = createSessions(
    db,
    { idleTimeoutMs: config.sessionIdleTimeoutMs, absoluteTimeoutMs: config.sessionAbsoluteTimeoutMs },
    clock,
  );
  // Counted in PostgreSQL so every replica shares the windows (the sign-in limit above all).
  const limits = createPostgresRateLimits({ pool: database.pool, schema: database.schema });
  const app = createBaseApp({
    name: 'account',
    logger,
    readiness: [{ name: 'database', check: () => database.ping() }],
  });
  app.use(identity(config.identityKeys, { audience: SERVICE_NAME }));
  app.use(internalRoutes({ identityKeys: config.identityKeys, sessions }));
  app.use(internalUserRoutes({ identityKeys: config.identityKeys, db }));
  app.use(erasureRoutes({ identityKeys: config.identityKeys, db, required: config.erasureServices, graceMs: config.erasureGraceMs, clock }));
  app.use(oidcRoutes({ config, db, sessions, logger, clock, limits })); // before authRoutes: its rate limit covers dev-login
  app.use(authRoutes({ config, db, sessions, clock }));
  app.use(limitsRoutes({ db, clock }));
  app.use(accountPageRoutes({ db, clock }));
  app.use(configRoutes({ config }));
  app.use(creditRoutes({ db, identityKeys: config.identityKeys, clock }));
  app.use(trackRoutes({ db, clock, limits }));
  app.use(devRoutes({ config, db, clock }));
  return finishApp(app, logger);
}
