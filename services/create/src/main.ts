import type { AddressInfo } from 'node:net';
import { ffmpegInfo } from '@atelier/engines';
import { createLogger, listen, openDatabase, runService } from '@atelier/kit';
import { createService } from './app.js';
import { loadCreateConfig } from './config.js';
import { migrationsFolder } from './db/migrations.js';

await runService({
  name: 'create',
  async start() {
    const config = loadCreateConfig();
    const logger = createLogger('create', config.logLevel);
    const database = await openDatabase({
      service: 'create',
      databaseUrl: config.databaseUrl,
      schema: config.databaseSchema,
      migrationsFolder,
    });
    const service = await createService({ config, database, logger });
    const server = await listen(service.app, { port: config.port, host: config.host });
    logger.info({ url: `http://${config.host}:${(server.address() as AddressInfo).port}`, devTools: config.devTools }, 'create listening');
    // Which ffmpeg the local engine encodes with: FFMPEG_PATH, the machine's own, or the bundled 2018 build.
    const ffmpeg = ffmpegInfo();
    logger.info({ ffmpeg: ffmpeg ? { source: ffmpeg.source, path: ffmpeg.path, version: ffmpeg.version } : null }, ffmpeg ? `local video encoding with the ${ffmpeg.source === 'bundled' ? 'bundled' : ffmpeg.source === 'machine' ? "machine's" : 'configured'} ffmpeg` : 'no ffmpeg: local videos are unavailable');
    return { server, database, logger, jobs: { stop: (options) => service.stop({ timeoutMs: options?.timeout }) } };
  },
});
