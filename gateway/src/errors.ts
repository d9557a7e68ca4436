import type { ErrorRequestHandler, Response } from 'express';
import { HttpError, redactUrl, type Logger } from '@atelier/kit';

/** Every error body is `{ error }` (docs/architecture.md). */
export function sendError(res: Response, status: number, message: string, extra: Record<string, unknown> = {}): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.status(status).json({ ...extra, error: message });
}

/** The one error middleware: known errors keep their status and message; others are a 500 without details. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    if (err instanceof HttpError) {
      sendError(res, err.status, err.message, err.extra);
      return;
    }
    // Errors raised by Express and its body/static helpers carry a 4xx status that is safe to show.
    const status = (err as { status?: unknown; expose?: unknown }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      sendError(res, status, status === 404 ? 'Not found' : 'Bad request');
      return;
    }
    logger.error({ err, url: redactUrl(req.originalUrl) }, 'unhandled error');
    sendError(res, 500, 'Internal server error');
  };
}
