import { CANVAS_EDIT_BODY_LIMIT_BYTES } from '@atelier/contracts';
import { errorMiddleware, HttpError, identity, type Logger, type TokenSecrets } from '@atelier/kit';
import express, { type Express, type Request } from 'express';
import { EDIT_ERRORS, EDIT_PATH, SERVICE_NAME } from './constants.js';

/** kit's default JSON limit (DEFAULT_JSON_LIMIT, 100 KB), the most any other route may be sent. */
const SMALL_BODY_BYTES = 100 * 1024;

/** The rest of a refused body is read and dropped, so the client sees the answer rather than a reset. */
function refused(req: Request, status: number, message: string): HttpError {
  req.resume();
  return new HttpError(status, message);
}

/**
 * kit's base app parses JSON before any route, with one limit for the whole app. The edit route needs
 * CANVAS_EDIT_BODY_LIMIT_BYTES (5 processed images as data URLs); no other route takes a body. This gate
 * stands in front of the app and refuses by the declared length before anything is read: a large body
 * only for `POST /api/canvas/edit` from a signed-in user, kit's 100 KB for everything else. A chunked
 * body (no declared length) still meets the parser's own limit.
 */
export function withBodyGate(app: Express, { identityKeys, logger }: { identityKeys: TokenSecrets; logger: Logger }): Express {
  const gate = express();
  gate.disable('x-powered-by');
  gate.set('trust proxy', 'loopback');
  const whoIsCalling = identity(identityKeys, { audience: SERVICE_NAME });
  gate.use(async (req, res, next) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (!(declared > SMALL_BODY_BYTES)) return next();
    if (req.method !== 'POST' || req.path !== EDIT_PATH) return next(refused(req, 413, 'Request body too large'));
    if (declared > CANVAS_EDIT_BODY_LIMIT_BYTES) return next(refused(req, 413, EDIT_ERRORS.bodyTooLarge));
    await whoIsCalling(req, res, () => undefined);
    if (!req.identity) return next(refused(req, 401, 'Unauthorized'));
    next();
  });
  gate.use(app);
  gate.use(errorMiddleware(logger));
  return gate;
}
