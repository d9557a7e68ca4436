import type { AddressInfo } from 'node:net';
import { createLogger, listen, openDatabase, runService } from '@atelier/kit';
import { createService } from './app.js';
import { loadPhotoshootConfig } from './config.js';
import { migrationsFolder } from './db/migrations.js';

await runService({
  name: 'photoshoot',
  async start() {
    const config = loadPhotoshootConfig();
    const logger = createLogger('photoshoot', config.logLevel);
    const database = await openDatabase({ service: 'photoshoot', databaseUrl: config.databaseUrl, schema: config.databaseSchema, migrationsFolder });
    const service = await createService({ config, database, logger, castProcess: { env: process.env } });
    const server = await listen(service.app, { port: config.port, host: config.host });
    logger.info({ url: `http://${config.host}:${(server.address() as AddressInfo).port}` }, 'photoshoot listening');
    return { server, database, logger, jobs: { stop: (options) => service.stop({ timeoutMs: options?.timeout }) } };
  },
});
