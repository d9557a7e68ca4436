import { ConfigError, createLogger, onSupervisorMessage, reportListening, stopWhenSupervisorLeaves } from '@atelier/kit';
import { SERVICE_NAMES, type ServiceName } from './constants.js';
import { createApp } from './app.js';
import { loadGatewayConfig } from './config.js';
import { createGatewayServer } from './http-server.js';

const SHUTDOWN_GRACE_MS = 10_000;

function readConfig() {
  try {
    return loadGatewayConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
const logger = createLogger('gateway', config.logLevel);
const app = createApp({ config, logger });
const server = createGatewayServer(app);

server.listen(config.port, config.host, () => {
  logger.info({ url: `http://${config.host}:${config.port}`, publicUrl: config.publicUrl.href }, 'gateway listening');
  reportListening(server);
});

// The supervisor of `npm start` says where a restarted service is and when one is down.
onSupervisorMessage((message) => {
  if (message.type !== 'service' || !SERVICE_NAMES.includes(message.name as ServiceName)) return;
  app.services.update(message.name as ServiceName, { url: message.url, up: message.up, replica: message.replica ?? 0 });
  logger.info({ service: message.name, replica: message.replica ?? 0, url: message.url, up: message.up }, 'service route updated');
});

let stopping = false;
function shutdown(signal: string): void {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  const force = setTimeout(() => {
    logger.warn('requests still open after the grace period; exiting');
    process.exit(1);
  }, SHUTDOWN_GRACE_MS);
  force.unref();
  server.close(() => {
    app.closeUpstreams();
    process.exit(0);
  });
  server.closeIdleConnections();
}

process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
stopWhenSupervisorLeaves(shutdown);
