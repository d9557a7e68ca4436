import { writeSync } from 'node:fs';
import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

const pause = new Int32Array(new SharedArrayBuffer(4));

/** How long a log line may wait for others to share its write, and how many characters make a write at once. */
export const LOG_FLUSH_MS = 20;
export const LOG_FLUSH_BYTES = 32 * 1024;

/** The sinks' flushes, run once when the process exits (one 'exit' listener however many loggers). */
const exitFlushes = new Set<() => void>();
function flushOnExit(flush: () => void) {
  if (exitFlushes.size === 0) process.once('exit', flushLogs);
  exitFlushes.add(flush);
}

/** Writes every log line still waiting in this process (done by itself when the process exits). */
export function flushLogs(): void {
  exitFlushes.forEach((flush) => flush());
}

/**
 * Standard output, written synchronously in batches: lines go out together every {@link LOG_FLUSH_MS} ms
 * (or at once when {@link LOG_FLUSH_BYTES} are waiting), and whatever is left when the process exits is
 * written before it does. A busy service logs a line per request, and a write is a system call that costs
 * more than the rest of the line (tens of µs on a sandboxed host); one call per batch keeps logging cheap.
 * Only a SIGKILL can lose the lines of its last few milliseconds.
 *
 * A full pipe (EAGAIN) is waited out briefly; a pipe whose reader is gone (EPIPE: the supervisor was
 * killed) drops the logs from then on. pino's own destination retries a broken pipe forever, which left a
 * service that lost its supervisor unable to exit.
 */
export function stdoutSink(fd = 1): DestinationStream {
  let broken = false;
  let pending: string[] = [];
  let pendingLength = 0;
  let timer: NodeJS.Timeout | null = null;
  const writeAll = (text: string) => {
    let bytes = Buffer.from(text);
    let waits = 0;
    while (bytes.length > 0 && !broken) {
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
      }
    }
  };
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (pending.length === 0) return;
    const text = pending.length === 1 ? pending[0]! : pending.join('');
    pending = [];
    pendingLength = 0;
    writeAll(text);
  };
  flushOnExit(flush);
  return {
    write(line: string) {
      if (broken) return;
      pending.push(line);
      pendingLength += line.length;
      if (pendingLength >= LOG_FLUSH_BYTES) flush();
      else if (!timer) timer = setTimeout(flush, LOG_FLUSH_MS).unref();
    },
  };
}

/** JSON logs to stdout, one logger per process, named after the service. */
export function createLogger(name: string, level: string = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({ name, level, base: { service: name }, timestamp: pino.stdTimeFunctions.isoTime }, stdoutSink());
}


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
