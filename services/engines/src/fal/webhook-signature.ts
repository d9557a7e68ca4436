import { createHash, createPublicKey, verify, type KeyObject } from 'node:crypto';
import { EngineFailure } from '../errors.js';

/** Where fal publishes the ED25519 keys its webhooks are signed with (a JSON Web Key Set). */
export const FAL_JWKS_URL = 'https://rest.fal.ai/.well-known/jwks.json';
/** A webhook signed further than this from our clock (either way) is refused: a replay, or a skewed sender. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
/** fal asks that its keys be cached for at most a day. */
const KEYS_MAX_AGE_MS = 24 * 60 * 60_000;
/** A signature no cached key verifies fetches the keys again (a rotation), at most this often. */
const REFRESH_AT_MOST_EVERY_MS = 60_000;
const JWKS_MAX_BYTES = 64 * 1024;

export type HeaderBag = Record<string, string | string[] | undefined>;

/** The webhook is not fal's (or not now): answered 401 and never acted on. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

export interface SignedWebhook {
  requestId: string;
  userId: string;
  /** Unix seconds, as signed. */
  timestamp: number;
}

export interface FalKeySet {
  /** The current keys; `fresh` fetches them again unless that was done within the last minute. */
  keys(options?: { fresh?: boolean }): Promise<KeyObject[]>;
}

/** fal's published keys, fetched when first needed and kept for a day. */
export function falKeySet({ url = FAL_JWKS_URL, clock = Date.now }: { url?: string; clock?: () => number } = {}): FalKeySet {
  let cached: { keys: KeyObject[]; at: number } | null = null;
  let pending: Promise<KeyObject[]> | null = null;

  async function fetchKeys(): Promise<KeyObject[]> {
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(10_000), redirect: 'error', headers: { accept: 'application/json' } });
    } catch (error) {
      throw new EngineFailure(`fetching fal's webhook keys failed: ${(error as Error).message}`, { retryable: true, cause: error });
    }
    if (!response.ok) throw new EngineFailure(`fetching fal's webhook keys failed (${response.status})`, { retryable: true });
    const text = await response.text();
    if (text.length > JWKS_MAX_BYTES) throw new EngineFailure("fal's webhook key set is too large", { retryable: true });
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (error) {
      throw new EngineFailure("fal's webhook key set is not JSON", { retryable: true, cause: error });
    }
    const keys = ((body as { keys?: unknown }).keys ?? []) as unknown[];
    const usable = (Array.isArray(keys) ? keys : []).flatMap((jwk) => {
      const key = jwk as { kty?: unknown; crv?: unknown; x?: unknown };
      if (key.kty !== 'OKP' || key.crv !== 'Ed25519' || typeof key.x !== 'string') return [];
      try {
        return [createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: key.x }, format: 'jwk' })];
      } catch {
        return [];
      }
    });
    if (usable.length === 0) throw new EngineFailure("fal's webhook key set holds no ED25519 key", { retryable: true });
    cached = { keys: usable, at: clock() };
    return usable;
  }

  return {
    async keys({ fresh = false } = {}) {
      const age = cached ? clock() - cached.at : Infinity;
      if (cached && age < KEYS_MAX_AGE_MS && !(fresh && age >= REFRESH_AT_MOST_EVERY_MS)) return cached.keys;
      // One fetch at a time, however many webhooks arrive together.
      pending ??= fetchKeys().finally(() => {
        pending = null;
      });
      return pending;
    },
  };
}

function header(headers: HeaderBag, name: string): string | null {
  const value = headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first.length > 0 ? first : null;
}

/** The message fal signs: request id, user id and timestamp, then the SHA-256 of the exact body, one per line. */
export function signedMessage(requestId: string, userId: string, timestamp: string, rawBody: Buffer): Buffer {
  const digest = createHash('sha256').update(rawBody).digest('hex');
  return Buffer.from(`${requestId}\n${userId}\n${timestamp}\n${digest}`, 'utf8');
}

/**
 * Checks fal's signature on a webhook (SPEC-silent; fal's documented scheme): the `X-Fal-Webhook-*` headers,
 * a timestamp within five minutes of now, and an ED25519 signature over {@link signedMessage} by one of fal's
 * published keys. Throws {@link WebhookSignatureError} when it is not fal's, EngineFailure when the keys
 * cannot be had (try again later).
 */
export async function verifyFalSignature(
  headers: HeaderBag,
  rawBody: Buffer,
  keySet: FalKeySet,
  now = Date.now(),
): Promise<SignedWebhook> {
  const requestId = header(headers, 'x-fal-webhook-request-id');
  const userId = header(headers, 'x-fal-webhook-user-id');
  const timestamp = header(headers, 'x-fal-webhook-timestamp');
  const signature = header(headers, 'x-fal-webhook-signature');
  if (!requestId || !userId || !timestamp || !signature) throw new WebhookSignatureError('the webhook is not signed');
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now / 1000 - Number(timestamp)) > WEBHOOK_TOLERANCE_SECONDS) {
    throw new WebhookSignatureError('the webhook was not signed within the last five minutes');
  }
  if (!/^[0-9a-f]{128}$/i.test(signature)) throw new WebhookSignatureError('the webhook signature is malformed');
  const message = signedMessage(requestId, userId, timestamp, rawBody);
  const bytes = Buffer.from(signature, 'hex');
  const matches = (keys: KeyObject[]) => keys.some((key) => verify(null, message, key, bytes));
  if (!matches(await keySet.keys()) && !matches(await keySet.keys({ fresh: true }))) {
    throw new WebhookSignatureError('the webhook signature does not match');
  }
  return { requestId, userId, timestamp: Number(timestamp) };
}
