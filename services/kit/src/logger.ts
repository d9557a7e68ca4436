import { writeSync } from 'node:fs';
import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Standard output written synchronously, line by line. A full pipe (EAGAIN) is waited out briefly;
 * a pipe whose reader is gone (EPIPE: the supervisor was killed) drops the logs from then on. pino's
 * own destination retries a broken pipe forever, which left a service that lost its supervisor
 * unable to exit.
 */
export function stdoutSink(fd = 1): DestinationStream {
  let broken = false;
  return {
    write(line: string) {
      if (broken) return;
      let bytes = Buffer.from(line);
      let waits = 0;
      while (bytes.length > 0) {
        try {
          bytes = bytes.subarray(writeSync(fd, bytes));
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if ((code === 'EAGAIN' || code === 'EBUSY') && waits < 500) {
            waits += 1;
            Atomics.wait(pause, 0, 0, 10);
            continue;
          }
          broken = true;
          return;
        }
      }
    },
  };
}

/** JSON logs to stdout, one logger per process, named after the service. */
export function createLogger(name: string, level: string = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({ name, level, base: { service: name }, timestamp: pino.stdTimeFunctions.isoTime }, stdoutSink());
}

/** pino-http serializers for one short request line: no headers (they carry cookies), secrets out of the URL. */
export const requestLogSerializers = {
  req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, url: redactUrl(req.url) }),
  res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
};

/** Query parameters whose values are secrets or single-use credentials (OIDC code/state, tokens, keys). */
const SECRET_PARAM = /code|state|token|secret|key|password|passwd|session|nonce|signature|credential|(^|[^a-z])(sig|auth|jwt|pass|pwd)([^a-z]|$)/i;

/**
 * A request URL fit for the logs: the values of secret-looking query parameters are replaced by
 * `[redacted]` (names and other values stay, for debugging). e.g. `/api/auth/callback?code=[redacted]&state=[redacted]`.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A malformed name is matched as written.
      }
      return SECRET_PARAM.test(name) ? `${pair.slice(0, eq)}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}
