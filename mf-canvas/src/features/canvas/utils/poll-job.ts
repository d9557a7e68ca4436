// Polls a job at once and then every `intervalMs` until it settles, for at most `timeoutMs` (SPEC.md §4/§9: the
// canvas job every 5 s for up to 5 minutes). Rejects with PollTimeoutError at the deadline, PollStatusError
// when a status read fails, and an AbortError when the caller gives up (the screen left).

export class PollTimeoutError extends Error {
  override name = 'PollTimeoutError';
}

export class PollStatusError extends Error {
  override name = 'PollStatusError';
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

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

    const tick = async () => {
      let job: T;
      try {
        job = await read();
      } catch (error) {
        finish(() => reject(new PollStatusError(error)));
        return;
      }
      if (done) return;
      if (isSettled(job)) finish(() => resolve(job));
      else next = setTimeout(() => void tick(), intervalMs);
    };
    void tick();
  });
}

export const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';
