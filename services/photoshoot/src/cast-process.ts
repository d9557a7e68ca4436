// The house cast's portraits and the template's poses, drawn by a short-lived child process of the service
// (cast.ts: prepareCastInChildProcess) on a first start: what drawing takes (libvips's buffers in glibc's arenas,
// V8's grown young generation) goes back to the system when this process exits, instead of staying with the
// service for as long as it runs. Reads the service's environment; PHOTOSHOOT_DB_SCHEMA names the parent's schema.
import { createEngines } from '@atelier/engines';
import { createLogger, createMediaStore, openDatabase } from '@atelier/kit';
import { prepareCastAndTemplate } from './cast.js';
import { loadPhotoshootConfig } from './config.js';
import { migrationsFolder } from './db/migrations.js';

const config = loadPhotoshootConfig();
const logger = createLogger('photoshoot-cast', config.logLevel);
const database = await openDatabase({ service: 'photoshoot', databaseUrl: config.databaseUrl, schema: config.databaseSchema, migrationsFolder });
try {
  await prepareCastAndTemplate({ db: database.db, engines: createEngines(config.engine), media: createMediaStore(config.media), logger, clock: () => new Date() });
} finally {
  await database.close();
}
