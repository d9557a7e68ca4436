import type { AddressInfo } from 'node:net';
import { createLogger, listen, openDatabase, runService } from '@atelier/kit';
import { createApp } from './app.js';
import { loadBillingConfig } from './config.js';
import { migrationsFolder } from './db/migrations.js';
import { startBillingErasures } from './erase.js';
import { createStripe } from './stripe.js';

await runService({
  name: 'billing',
  async start() {
    const config = loadBillingConfig();
    const logger = createLogger('billing', config.logLevel);
    const database = await openDatabase({
      service: 'billing',
      databaseUrl: config.databaseUrl,
      schema: config.databaseSchema,
      migrationsFolder,
    });
    // One Stripe client for the routes and the erasures.
    const stripeClient = config.stripe ? createStripe(config.stripe) : null;
    const server = await listen(createApp({ config, database, logger, stripe: stripeClient }), {
      port: config.port,
      host: config.host,
    });
    // Deleted accounts: their subscriptions cancelled, their customer deleted at Stripe, their rows here erased.
    const erasures = startBillingErasures({ config, database, logger, stripe: stripeClient });
    const stripe = config.stripe
      ? config.stripe.api
        ? `${config.stripe.api.protocol}://${config.stripe.api.host}:${config.stripe.api.port}`
        : 'api.stripe.com'
      : 'not configured';
    logger.info(
      { url: `http://${config.host}:${(server.address() as AddressInfo).port}`, stripe },
      'billing listening',
    );
    return { server, database, logger, onShutdown: () => erasures.stop() };
  },
});
