import { errorMiddleware, type Logger } from '@atelier/kit';
import express, { type Express } from 'express';
import { PATHS, WEBHOOK_BODY_LIMIT } from './constants.js';

/**
 * Stripe signs the exact bytes it sends, but kit's base app parses JSON for every route before any route
 * runs. This gate stands in front of the app and reads the webhook's body as it came (any content type) into
 * `req.rawBody`; the app's JSON parser then finds the request already read and leaves it alone.
 */
export function withRawWebhookBody(app: Express, { logger }: { logger: Logger }): Express {
  const gate = express();
  gate.disable('x-powered-by');
  gate.set('trust proxy', 'loopback');
  gate.post(
    PATHS.webhook,
    express.raw({ type: () => true, limit: WEBHOOK_BODY_LIMIT }),
    (req, _res, next) => {
      req.rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      req.body = undefined;
      next();
    },
  );
  gate.use(app);
  gate.use(errorMiddleware(logger));
  return gate;
}
