import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { redactUrl } from './logger.js';

export interface RequestLogOptions {
  logger: Logger;
  /** The request's id (also sent back in the response); stored as `req.id`. */
  requestId: (req: IncomingMessage, res: ServerResponse) => string;
  /** Requests not worth a line (health checks). */
  ignore?: (req: IncomingMessage) => boolean;
  /** The level of a 5xx; an aborted request (the client left: a closed tab, a gateway's timeout) is `warn`, the rest `info`. */
  faultLevel: 'warn' | 'error';
}

/** `res.locals[LOG_LEVEL_LOCAL]`: a level an answer asked for (HttpError's `logLevel`), over the status's own. */
export const LOG_LEVEL_LOCAL = 'logLevel';

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/**
 * One short line per request once it is answered (or `request aborted` when the client left first):
 * the id, method, URL without secrets, status and milliseconds. No headers (they carry cookies), and no
 * child logger per request: the line is one object, so logging costs a few microseconds of a request.
 */
export function requestLogger({ logger, requestId, ignore, faultLevel }: RequestLogOptions): Middleware {
  return (req, res, next) => {
    const id = requestId(req, res);
    (req as { id?: string }).id = id;
    if (ignore?.(req)) return next();
    const started = performance.now();
    const done = () => {
      res.off('close', done);
      res.off('finish', done);
      const status = res.statusCode;
      const finished = res.writableFinished;
      const asked = (res as { locals?: Record<string, unknown> }).locals?.[LOG_LEVEL_LOCAL];
      const level = asked === 'info' || asked === 'warn' ? asked : status >= 500 ? faultLevel : finished ? 'info' : 'warn';
      const url = redactUrl((req as { originalUrl?: string }).originalUrl ?? req.url ?? '');
      const ms = Math.round((performance.now() - started) * 10) / 10;
      logger[level]({ reqId: id, method: req.method, url, status, ms }, finished ? 'request completed' : 'request aborted');
    };
    res.once('finish', done);
    res.once('close', done);
    next();
  };
}
