import { createBaseApp, createPostgresRateLimits, finishApp, identity, type Database, type Logger } from '@atelier/kit';
import type { Express } from 'express';
import { createBillingAccount, type BillingAccount } from './account.js';
import type { BillingConfig } from './config.js';
import { SERVICE_NAME } from './constants.js';
import { createCatalogue } from './domain/catalogue.js';
import { withRawWebhookBody } from './raw-body.js';
import { planRoutes } from './routes/plans.js';
import { sessionRoutes } from './routes/sessions.js';
import { waitlistRoutes } from './routes/waitlist.js';
import { webhookRoutes } from './routes/webhook.js';
import { createStripe, type Stripe } from './stripe.js';
import { createSync } from './sync.js';

export interface BillingDeps {
  config: BillingConfig;
  database: Database;
  logger: Logger;
  clock?: () => Date;
  account?: BillingAccount;
  /** Defaults to `createStripe(config.stripe)` when Stripe is configured. */
  stripe?: Stripe | null;
}

/** The billing service: plans, checkout, the billing portal, Stripe's webhooks and the waitlist. */
export function createApp(deps: BillingDeps): Express {
  const { config, database, logger, clock = () => new Date() } = deps;
  const { db } = database;
  const stripe = deps.stripe !== undefined ? deps.stripe : config.stripe ? createStripe(config.stripe) : null;
  const account =
    deps.account ??
    createBillingAccount({ accountUrl: config.accountUrl, identityKeys: config.identityKeys });
  const catalogue = createCatalogue(config.prices, { stripeConfigured: stripe !== null });
  const sync = stripe
    ? createSync({ db, stripe, account, planOfPrice: catalogue.planOfPrice, logger, clock })
    : null;

  // Counted in PostgreSQL so every replica shares the windows.
  const limits = createPostgresRateLimits({ pool: database.pool, schema: database.schema });
  const app = createBaseApp({
    name: SERVICE_NAME,
    logger,
    readiness: [{ name: 'database', check: () => database.ping() }],
  });
  app.use(identity(config.identityKeys, { audience: SERVICE_NAME }));
  app.use(planRoutes({ catalogue, publishableKey: config.stripe?.publishableKey ?? null }));
  app.use(
    webhookRoutes({ db, stripe, webhookSecret: config.stripe?.webhookSecret ?? null, sync, logger, clock }),
  );
  app.use(
    sessionRoutes({
      db,
      stripe,
      catalogue,
      account,
      publicUrl: config.publicUrl,
      logger,
      clock,
      perMinute: config.sessionsPerMinute,
      limits,
    }),
  );
  app.use(waitlistRoutes({ db, clock, perMinute: config.waitlistPerMinute, limits }));
  return withRawWebhookBody(finishApp(app, logger), { logger });
}
