import { ApiError, createFalClient, type FalClient, type RequestMiddleware } from '@fal-ai/client';
import sharp from 'sharp';
import { EngineFailure, EngineInputError } from '../errors.js';
import { readMp4 } from '../mp4.js';
import type { CallOptions, Capability, CapabilityInputs, CharacterFromPhotoResult, EngineResult, Engines, ProviderJobRef, ResultContentType } from '../types.js';
import { CAPABILITIES } from '../types.js';
import { characterLookOf } from '../local/character.js';
import { MAX_INPUT_PIXELS } from '../validate.js';
import { outputFile, outputKindOf, toFalRequest, type OutputKind } from './inputs.js';
import { FAL_JWKS_URL, falKeySet, verifyFalSignature, WebhookSignatureError, type FalKeySet, type HeaderBag } from './webhook-signature.js';

export interface FalEngineOptions {
  key: string;
  /**
   * Base URL standing in for fal's hosts (tests run a local fake): `https://queue.fal.run/…` becomes
   * `<baseUrl>/queue/…` and `https://rest.fal.ai/…` becomes `<baseUrl>/rest/…`.
   */
  baseUrl?: string;
  /** When set, fal calls this URL when a request finishes (the service still confirms through the queue API). */
  webhookUrl?: string;
  pollIntervalMs?: number;
  timeoutMs?: number;
  /** Largest download accepted from a result URL (default: 50 MB for an image, 300 MB for a video). */
  maxDownloadBytes?: number;
  /**
   * Hosts results may be downloaded from besides fal's own (`fal.media`, `fal.ai`, `fal.run` and their
   * subdomains, and fal's bucket on storage.googleapis.com): `example.com` or `.example.com` for its subdomains.
   */
  downloadHosts?: string[];
  /** fal's webhook keys (tests pass the fake's); by default fetched from fal's JWKS URL. */
  webhookKeys?: FalKeySet;
}

export type FalQueueState = 'IN_QUEUE' | 'IN_PROGRESS' | 'COMPLETED';

export interface FalWebhookEvent {
  requestId: string;
  ok: boolean;
  error?: string;
}

export interface FalEngine extends Engines {
  readonly name: 'fal';
  /** Validates, uploads inputs and enqueues the request; returns the handle to store before waiting. */
  submit<C extends Capability>(capability: C, input: CapabilityInputs[C], options?: { webhookUrl?: string }): Promise<ProviderJobRef>;
  /** One status check; throws EngineFailure when the provider reports a failure. */
  status(ref: ProviderJobRef): Promise<{ state: FalQueueState; queuePosition?: number }>;
  /**
   * Polls until the request completes, then downloads its output. Safe to call again for the same ref.
   * A `characterFromPhoto` result also carries the `look` estimated from the portrait.
   */
  wait(ref: ProviderJobRef, options?: { signal?: AbortSignal }): Promise<EngineResult & { look?: CharacterFromPhotoResult['look'] }>;
  /** Reads fal's webhook body. The result is then fetched with `wait(ref)`, so a forged or repeated webhook pays nothing. */
  parseWebhook(body: unknown): FalWebhookEvent;
  /**
   * Verifies a webhook as fal signs it (ED25519 over its ids, timestamp and body hash, by fal's published keys,
   * within five minutes) and reads it. Throws WebhookSignatureError when it is not fal's, EngineInputError
   * when the body is not a webhook, EngineFailure when fal's keys cannot be fetched right now.
   */
  verifyWebhook(headers: HeaderBag, rawBody: Buffer): Promise<FalWebhookEvent>;
}

export { WebhookSignatureError };

const MAX_DOWNLOAD: Record<OutputKind, number> = { image: 50 * 1024 * 1024, video: 300 * 1024 * 1024 };
/** Where fal serves results from: its CDN and API hosts, and its bucket on Google Cloud Storage. */
const FAL_HOSTS = ['.fal.media', 'fal.media', '.fal.ai', '.fal.run'];
const FAL_BUCKET = { host: 'storage.googleapis.com', path: '/falserverless/' };
const MAX_REDIRECTS = 3;

function hostMatches(host: string, pattern: string): boolean {
  return pattern.startsWith('.') ? host.endsWith(pattern) && host.length > pattern.length : host === pattern;
}

/**
 * Whether a result may be downloaded from `url`: HTTPS on the default port to fal's hosts (or `extraHosts`),
 * or, in tests, anything on the origin standing in for fal.
 */
export function isFalResultUrl(url: URL, { extraHosts = [], base = null }: { extraHosts?: string[]; base?: URL | null } = {}): boolean {
  if (base && url.origin === base.origin) return true;
  if (url.protocol !== 'https:' || url.port !== '' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  if (host === FAL_BUCKET.host) return url.pathname.startsWith(FAL_BUCKET.path);
  return [...FAL_HOSTS, ...extraHosts].some((pattern) => hostMatches(host, pattern.toLowerCase()));
}

function rewriteTo(baseUrl: string): RequestMiddleware {
  const base = baseUrl.replace(/\/+$/, '');
  return async (request) => {
    const url = request.url
      .replace(/^https:\/\/queue\.fal\.run\//, `${base}/queue/`)
      .replace(/^https:\/\/rest\.fal\.ai\//, `${base}/rest/`)
      .replace(/^https:\/\/fal\.run\//, `${base}/run/`);
    return { ...request, url };
  };
}

function failureFrom(error: unknown, what: string, requestId?: string): Error {
  if (error instanceof EngineFailure || error instanceof EngineInputError) return error;
  if (error instanceof ApiError) {
    const detail = typeof error.body === 'object' && error.body && 'detail' in error.body ? JSON.stringify((error.body as { detail: unknown }).detail) : error.message;
    // A request that failed with a typed error (a model's error_type, or a validation error's type) failed for good:
    // asking about it again gives the same answer.
    const typed = errorTypeOf(error.body) !== null;
    const retryable = !typed && (error.status === 408 || error.status === 429 || error.status >= 500);
    return new EngineFailure(`fal ${what} failed (${error.status}): ${detail}`.slice(0, 500), { retryable, requestId, cause: error });
  }
  if ((error as Error | undefined)?.name === 'AbortError') return new EngineFailure(`fal ${what} aborted`, { retryable: true, requestId, cause: error });
  // Network errors and the like.
  return new EngineFailure(`fal ${what} failed: ${(error as Error)?.message ?? String(error)}`, { retryable: true, requestId, cause: error });
}

/** The `error_type` of a failed request, or the `type` of its first validation error, when fal gives one. */
export function errorTypeOf(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const record = body as { error_type?: unknown; detail?: unknown };
  if (typeof record.error_type === 'string' && record.error_type) return record.error_type;
  const first = Array.isArray(record.detail) ? (record.detail[0] as { type?: unknown } | undefined) : undefined;
  return typeof first?.type === 'string' && first.type ? first.type : null;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/** What the bytes are, by their first bytes: the three image types we take from providers, or an MP4. */
function sniffContentType(data: Buffer): ResultContentType | 'image/webp' | null {
  if (data.length >= 8 && data.readUInt32BE(0) === 0x89504e47 && data.readUInt32BE(4) === 0x0d0a1a0a) return 'image/png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  if (data.length >= 12 && data.toString('latin1', 4, 8) === 'ftyp') return 'video/mp4';
  return null;
}

export function createFalEngine(options: FalEngineOptions): FalEngine {
  const pollIntervalMs = options.pollIntervalMs ?? 1_500;
  const timeoutMs = options.timeoutMs ?? 15 * 60_000;
  const base = options.baseUrl ? new URL(options.baseUrl) : null;
  const client: FalClient = createFalClient({
    credentials: options.key,
    ...(options.baseUrl ? { requestMiddleware: rewriteTo(options.baseUrl) } : {}),
  });
  const webhookKeys =
    options.webhookKeys ?? falKeySet({ url: options.baseUrl ? `${options.baseUrl.replace(/\/+$/, '')}/rest/.well-known/jwks.json` : FAL_JWKS_URL });

  const allowedSource = (url: URL) => isFalResultUrl(url, { extraHosts: options.downloadHosts ?? [], base });

  /**
   * Downloads a result: only from fal's hosts (every redirect checked too), at most the kind's size (read as a
   * stream and cut off there, whatever Content-Length says).
   */
  async function download(url: string, kind: OutputKind, requestId: string, signal?: AbortSignal): Promise<Buffer> {
    const limit = options.maxDownloadBytes ?? MAX_DOWNLOAD[kind];
    const timeout = AbortSignal.timeout(5 * 60_000);
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      throw new EngineFailure('the fal result URL is not a URL', { retryable: false, requestId });
    }
    let response: Response | null = null;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      if (!allowedSource(target)) throw new EngineFailure(`the fal result is on a host we do not download from (${target.hostname})`, { retryable: false, requestId });
      try {
        response = await fetch(target, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout, redirect: 'manual' });
      } catch (error) {
        throw new EngineFailure(`downloading the fal result failed: ${(error as Error).message}`, { retryable: true, requestId, cause: error });
      }
      const location = response.status >= 300 && response.status < 400 ? response.headers.get('location') : null;
      if (!location) break;
      await response.body?.cancel();
      target = new URL(location, target);
      response = null;
    }
    if (!response) throw new EngineFailure('downloading the fal result was redirected too often', { retryable: false, requestId });
    if (!response.ok) {
      await response.body?.cancel();
      throw new EngineFailure(`downloading the fal result failed (${response.status})`, { retryable: response.status >= 500 || response.status === 429, requestId });
    }
    const tooLarge = () => new EngineFailure(`the fal result is larger than ${Math.round(limit / 1024 / 1024)} MB`, { retryable: false, requestId });
    if (Number(response.headers.get('content-length') ?? 0) > limit) {
      await response.body?.cancel();
      throw tooLarge();
    }
    const chunks: Buffer[] = [];
    let total = 0;
    try {
      for await (const chunk of response.body ?? []) {
        total += chunk.byteLength;
        if (total > limit) throw tooLarge();
        chunks.push(Buffer.from(chunk));
      }
    } catch (error) {
      if (error instanceof EngineFailure) throw error;
      throw new EngineFailure(`downloading the fal result failed: ${(error as Error).message}`, { retryable: true, requestId, cause: error });
    }
    return Buffer.concat(chunks, total);
  }

  /** The downloaded bytes as a result, checked by their first bytes against what the capability makes. */
  async function describe(data: Buffer, kind: OutputKind, ref: ProviderJobRef, hint: { width?: number; height?: number }): Promise<EngineResult> {
    const sniffed = sniffContentType(data);
    if (kind === 'video') {
      if (sniffed !== 'video/mp4') throw new EngineFailure('the fal result is not an MP4 video', { retryable: false, requestId: ref.requestId });
      // Read from the MP4's boxes in JavaScript: no ffmpeg touches bytes a provider made.
      const probe = readMp4(data);
      return {
        data,
        contentType: 'video/mp4',
        width: probe?.width ?? hint.width ?? 0,
        height: probe?.height ?? hint.height ?? 0,
        engine: 'fal',
        model: ref.endpointId,
        ...(probe ? { durationSeconds: Math.round(probe.durationSeconds * 100) / 100 } : {}),
      };
    }
    if (sniffed !== 'image/png' && sniffed !== 'image/jpeg' && sniffed !== 'image/webp') {
      throw new EngineFailure('the fal result is not a PNG, JPEG or WebP image', { retryable: false, requestId: ref.requestId });
    }
    try {
      if (sniffed === 'image/webp') {
        // Stored as PNG so callers see the promised types only.
        const png = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).png().toBuffer({ resolveWithObject: true });
        return { data: png.data, contentType: 'image/png', width: png.info.width, height: png.info.height, engine: 'fal', model: ref.endpointId };
      }
      const meta = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
      if (!meta.width || !meta.height) throw new Error('no size');
      return { data, contentType: sniffed, width: meta.width, height: meta.height, engine: 'fal', model: ref.endpointId };
    } catch (error) {
      throw new EngineFailure('the fal result is not a readable image', { retryable: false, requestId: ref.requestId, cause: error });
    }
  }

  const engine: Omit<FalEngine, Capability> = {
    name: 'fal',

    async submit(capability, input, submitOptions) {
      const request = await toFalRequest(capability, input);
      const webhookUrl = submitOptions?.webhookUrl ?? options.webhookUrl;
      try {
        const queued = await client.queue.submit(request.endpointId, { input: request.body, ...(webhookUrl ? { webhookUrl } : {}) });
        return { provider: 'fal', capability, endpointId: request.endpointId, requestId: queued.request_id };
      } catch (error) {
        throw failureFrom(error, 'submit');
      }
    },

    async status(ref) {
      let status: Awaited<ReturnType<FalClient['queue']['status']>>;
      try {
        status = await client.queue.status(ref.endpointId, { requestId: ref.requestId, logs: false });
      } catch (error) {
        throw failureFrom(error, 'status', ref.requestId);
      }
      // A failed run is reported as COMPLETED with an error (or, defensively, as an unknown state).
      const reported = status as unknown as { status: string; error?: unknown; error_type?: unknown; queue_position?: number };
      const errorType = errorTypeOf(reported);
      if (reported.error || errorType) {
        // Terminal: the same request never succeeds later, so nobody polls it again (a retry would need a new request).
        const message = typeof reported.error === 'string' ? reported.error : reported.error ? JSON.stringify(reported.error) : 'fal reported an error';
        throw new EngineFailure(`fal request failed${errorType ? ` (${errorType})` : ''}: ${message}`.slice(0, 500), {
          retryable: false,
          requestId: ref.requestId,
        });
      }
      if (reported.status !== 'IN_QUEUE' && reported.status !== 'IN_PROGRESS' && reported.status !== 'COMPLETED') {
        throw new EngineFailure(`fal request ended as ${reported.status}`, { retryable: false, requestId: ref.requestId });
      }
      return { state: reported.status, ...(typeof reported.queue_position === 'number' ? { queuePosition: reported.queue_position } : {}) };
    },

    async wait(ref, waitOptions) {
      const signal = waitOptions?.signal;
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (signal?.aborted) throw new EngineFailure('waiting for fal was aborted', { retryable: true, requestId: ref.requestId });
        const { state } = await engine.status(ref);
        if (state === 'COMPLETED') break;
        if (Date.now() > deadline) {
          throw new EngineFailure(`fal request ${ref.requestId} did not finish in ${Math.round(timeoutMs / 1000)} s`, { retryable: true, requestId: ref.requestId });
        }
        await sleep(pollIntervalMs, signal).catch(() => undefined);
      }
      let data: unknown;
      try {
        data = (await client.queue.result(ref.endpointId, { requestId: ref.requestId })).data;
      } catch (error) {
        throw failureFrom(error, 'result', ref.requestId);
      }
      const kind = outputKindOf(ref.capability);
      const file = outputFile(data, kind);
      if (!file) throw new EngineFailure(`the fal result has no ${kind}`, { retryable: false, requestId: ref.requestId });
      const bytes = await download(file.url, kind, ref.requestId, signal);
      const result = await describe(bytes, kind, ref, file);
      if (ref.capability !== 'characterFromPhoto') return result;
      // The look is read from the portrait the model made, so poses drawn locally later keep to it.
      if (result.contentType === 'video/mp4') throw new EngineFailure('the fal result is not an image', { retryable: false, requestId: ref.requestId });
      return { ...result, look: await characterLookOf(result.data) } satisfies CharacterFromPhotoResult;
    },

    parseWebhook(body) {
      const record = (body ?? {}) as { request_id?: unknown; status?: unknown; error?: unknown; payload?: unknown };
      if (typeof record.request_id !== 'string' || record.request_id.length === 0) throw new EngineInputError('webhook body has no request_id');
      const ok = record.status === 'OK';
      return { requestId: record.request_id, ok, ...(ok ? {} : { error: typeof record.error === 'string' ? record.error : 'fal reported an error' }) };
    },

    async verifyWebhook(headers, rawBody) {
      const signed = await verifyFalSignature(headers, rawBody, webhookKeys);
      let body: unknown;
      try {
        body = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new EngineInputError('webhook body is not JSON');
      }
      const event = engine.parseWebhook(body);
      // The signed request id and the body's must be the same request (fal may sign the gateway's id of a retried run).
      const gateway = (body as { gateway_request_id?: unknown }).gateway_request_id;
      if (signed.requestId !== event.requestId && signed.requestId !== gateway) throw new WebhookSignatureError('the webhook body is for another request');
      return event;
    },
  };

  async function run<C extends Capability>(capability: C, input: CapabilityInputs[C], callOptions?: CallOptions): Promise<EngineResult> {
    let ref = callOptions?.resume;
    if (ref && (ref.provider !== 'fal' || ref.capability !== capability)) throw new EngineInputError('resume refers to another capability');
    if (!ref) {
      ref = await engine.submit(capability, input);
      await callOptions?.onSubmitted?.(ref);
    }
    return engine.wait(ref, { ...(callOptions?.signal ? { signal: callOptions.signal } : {}) });
  }

  const capabilities = Object.fromEntries(
    CAPABILITIES.map((capability) => [capability, (input: never, callOptions?: CallOptions) => run(capability, input, callOptions)]),
  ) as unknown as Pick<FalEngine, Capability>;
  return Object.assign(engine, capabilities) as FalEngine;
}
