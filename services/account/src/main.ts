import type { AddressInfo } from 'node:net';
import { createLogger, listen, openDatabase, runService } from '@atelier/kit';
import { createApp } from './app.js';
import { loadAccountConfig } from './config.js';
import { migrationsFolder } from './db/migrations.js';

await runService({
  name: 'account',
  async start() {
    const config = loadAccountConfig();
    const logger = createLogger('account', config.logLevel);
    const database = await openDatabase({
      service: 'account',
      databaseUrl: config.databaseUrl,
      migrationsFolder,
    });
    const server = await listen(createApp({ config, database, logger }), { port: config.port, host: config.host });
    logger.info({ url: `http://${config.host}:${(server.address() as AddressInfo).port}`, devLogin: config.devLogin }, 'account listening');
    return { server, database, logger };
  },
});
