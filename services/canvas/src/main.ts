import type { AddressInfo } from 'node:net';
import { createLogger, listen, openDatabase, runService } from '@atelier/kit';
import { createService } from './app.js';
import { loadCanvasConfig } from './config.js';
import { migrationsFolder } from './db/migrations.js';

await runService({
  name: 'canvas',
  async start() {
    const config = loadCanvasConfig();
    const logger = createLogger('canvas', config.logLevel);
    const database = await openDatabase({ service: 'canvas', databaseUrl: config.databaseUrl, schema: config.databaseSchema, migrationsFolder });
    const service = await createService({ config, database, logger });
    const server = await listen(service.app, { port: config.port, host: config.host });
    logger.info({ url: `http://${config.host}:${(server.address() as AddressInfo).port}` }, 'canvas listening');
    return { server, database, logger, jobs: { stop: (options) => service.stop({ timeoutMs: options?.timeout }) } };
  },
});
