// Polls a job at once and then every `intervalMs` until it settles, for at most `timeoutMs` (SPEC.md §4/§9: the
// canvas job every 5 s for up to 5 minutes). Rejects with PollTimeoutError at the deadline, PollStatusError
// when status reads fail (a refusal at once; a server error or a dropped connection only `MAX_READ_FAILURES` times
// in a row: the job goes on on the server, and giving up on one bad answer lost a paid result), and an AbortError
// when the caller gives up (the screen left).

export class PollTimeoutError extends Error {
  override name = 'PollTimeoutError';
}

export class PollStatusError extends Error {
  override name = 'PollStatusError';
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

/** Status reads that may fail in a row (server errors, a dropped connection) before the poll gives up. */
export const MAX_READ_FAILURES = 3;

/** A failure worth another read at the next interval: no answer (fetch's TypeError), a 5xx, 408 or 429. */
export const isTransientFailure = (error: unknown) =>
  error instanceof TypeError || (error instanceof Error && /^(5\d\d|408|429): /.test(error.message));

export interface PollOptions<T> {
  read(): Promise<T>;
  isSettled(job: T): boolean;
  intervalMs: number;
  timeoutMs: number;
  /** The timeout's message (SPEC.md §4: "Editing timeout"). */
  timeoutMessage: string;
  signal?: AbortSignal;
}

export function pollJob<T>({ read, isSettled, intervalMs, timeoutMs, timeoutMessage, signal }: PollOptions<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let done = false;
    let next: ReturnType<typeof setTimeout> | undefined;
    const finish = (settle: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(next);
      clearTimeout(deadline);
      signal?.removeEventListener('abort', onAbort);
      settle();
    };
    const deadline = setTimeout(() => finish(() => reject(new PollTimeoutError(timeoutMessage))), timeoutMs);
    const onAbort = () => finish(() => reject(new DOMException('The poll was abandoned', 'AbortError')));
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort);

    let failures = 0;
    const tick = async () => {
      let job: T;
      try {
        job = await read();
      } catch (error) {
        if (done) return;
        if (isTransientFailure(error) && ++failures < MAX_READ_FAILURES) next = setTimeout(() => void tick(), intervalMs);
        else finish(() => reject(new PollStatusError(error)));
        return;
      }
      failures = 0;
      if (done) return;
      if (isSettled(job)) finish(() => resolve(job));
      else next = setTimeout(() => void tick(), intervalMs);
    };
    void tick();
  });
}

export const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';
