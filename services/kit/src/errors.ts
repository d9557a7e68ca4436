/** An error with an HTTP status whose message is safe to show to the client. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    /**
     * The request log's level for this answer, when not the status's own: a 503 that is the deployment's choice
     * (payments not configured) is not a fault, and anyone could fill the error log with it.
     */
    readonly logLevel?: 'info' | 'warn',
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) => new HttpError(400, message, extra);
export const unauthorized = (message = 'Unauthorized') => new HttpError(401, message);
export const forbidden = (message = 'Forbidden', extra?: Record<string, unknown>) => new HttpError(403, message, extra);
export const notFound = (message = 'Not found') => new HttpError(404, message);

/** The status a start dropped because its client had gone is logged with (nginx's "client closed request"). */
export const CLIENT_GONE = 499;

/**
 * Throws when the client that sent `req` has gone (its connection closed: the gateway's timeout ran out, a tab was
 * closed) before the work it asked for began. Checks of large images can outlast the gateway's timeout, and work
 * started after it was charged while its client was told 504, and charged again when they tried once more. Called
 * after the slow checks, before anything is stored or charged.
 */
export function assertClientWaiting(req: { socket: { destroyed: boolean }; res?: { closed: boolean; writableFinished: boolean } }): void {
  if (req.socket.destroyed || (req.res?.closed === true && !req.res.writableFinished)) {
    throw new HttpError(CLIENT_GONE, 'The client left before the work started: nothing was started or charged');
  }
}
