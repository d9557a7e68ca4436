/** Bad input from the caller (empty buffer, not an image, prompt too long): callers answer 4xx. */
export class EngineInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EngineInputError';
  }
}

/**
 * The engine could not produce a result. `retryable` says whether the same call may succeed later
 * (provider 5xx, timeouts, rate limits) or never will (content policy, a model's validation error).
 */
export class EngineFailure extends Error {
  readonly retryable: boolean;
  /** The provider's request id when the failure happened after submission. */
  readonly requestId: string | undefined;

  constructor(message: string, options: { retryable: boolean; requestId?: string; cause?: unknown }) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'EngineFailure';
    this.retryable = options.retryable;
    this.requestId = options.requestId;
  }
}
