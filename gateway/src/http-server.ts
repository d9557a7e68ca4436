import http from 'node:http';
import type { Duplex } from 'node:stream';
import type { RequestListener } from 'node:http';

const REASONS: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };

/** Answers what Node's parser refuses (oversize headers, garbage) with `{ error }` JSON instead of a bare status. */
function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status =
    err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const message =
    status === 431 ? 'Request headers too large' : status === 408 ? 'Request timeout' : 'Bad request: malformed HTTP';
  const body = JSON.stringify({ error: message });
  socket.end(
    `HTTP/1.1 ${status} ${REASONS[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** The gateway's HTTP server: the app plus JSON answers to malformed requests. */
export function createGatewayServer(app: RequestListener): http.Server {
  const server = http.createServer(app);
  server.on('clientError', answerClientError);
  return server;
}
