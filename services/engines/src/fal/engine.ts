import { ApiError, createFalClient, type FalClient, type RequestMiddleware } from '@fal-ai/client';
import sharp from 'sharp';
import { EngineFailure, EngineInputError } from '../errors.js';
import { readMp4 } from '../mp4.js';
import type { CallOptions, Capability, CapabilityInputs, CharacterFromPhotoResult, EngineResult, Engines, ProviderJobRef, ResultContentType } from '../types.js';
import { CAPABILITIES } from '../types.js';
import { characterLookOf } from '../local/character.js';
import { outputFile, toFalRequest } from './inputs.js';

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
  /** Largest download accepted from a result URL. */
  maxDownloadBytes?: number;
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
}

const DEFAULT_MAX_DOWNLOAD = 512 * 1024 * 1024;

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
    const retryable = error.status === 408 || error.status === 429 || error.status >= 500;
    return new EngineFailure(`fal ${what} failed (${error.status}): ${detail}`.slice(0, 500), { retryable, requestId, cause: error });
  }
  if ((error as Error | undefined)?.name === 'AbortError') return new EngineFailure(`fal ${what} aborted`, { retryable: true, requestId, cause: error });
  // Network errors and the like.
  return new EngineFailure(`fal ${what} failed: ${(error as Error)?.message ?? String(error)}`, { retryable: true, requestId, cause: error });
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

function sniffContentType(data: Buffer): ResultContentType | null {
  if (data.length >= 8 && data.readUInt32BE(0) === 0x89504e47) return 'image/png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8) return 'image/jpeg';
  if (data.length >= 12 && data.toString('latin1', 4, 8) === 'ftyp') return 'video/mp4';
  return null;
}

export function createFalEngine(options: FalEngineOptions): FalEngine {
  const pollIntervalMs = options.pollIntervalMs ?? 1_500;
  const timeoutMs = options.timeoutMs ?? 15 * 60_000;
  const maxDownload = options.maxDownloadBytes ?? DEFAULT_MAX_DOWNLOAD;
  const client: FalClient = createFalClient({
    credentials: options.key,
    ...(options.baseUrl ? { requestMiddleware: rewriteTo(options.baseUrl) } : {}),
  });

  async function download(url: string, requestId: string, signal?: AbortSignal): Promise<Buffer> {
    let response: Response;
    try {
      response = await fetch(url, { signal: signal ?? AbortSignal.timeout(5 * 60_000), redirect: 'follow' });
    } catch (error) {
      throw new EngineFailure(`downloading the fal result failed: ${(error as Error).message}`, { retryable: true, requestId, cause: error });
    }
    if (!response.ok) throw new EngineFailure(`downloading the fal result failed (${response.status})`, { retryable: response.status >= 500, requestId });
    const length = Number(response.headers.get('content-length') ?? 0);
    if (length > maxDownload) throw new EngineFailure('the fal result is too large', { retryable: false, requestId });
    const data = Buffer.from(await response.arrayBuffer());
    if (data.length > maxDownload) throw new EngineFailure('the fal result is too large', { retryable: false, requestId });
    return data;
  }

  async function describe(data: Buffer, ref: ProviderJobRef, hint: { width?: number; height?: number }): Promise<EngineResult> {
    const contentType = sniffContentType(data);
    if (!contentType) {
      // WebP or anything else: store PNG so callers see the promised types only.
      try {
        const png = await sharp(data).png().toBuffer({ resolveWithObject: true });
        return { data: png.data, contentType: 'image/png', width: png.info.width, height: png.info.height, engine: 'fal', model: ref.endpointId };
      } catch (error) {
        throw new EngineFailure('the fal result is neither an image nor an MP4 video', { retryable: false, requestId: ref.requestId, cause: error });
      }
    }
    if (contentType === 'video/mp4') {
      // Read from the MP4's boxes in JavaScript: no ffmpeg touches bytes a provider made.
      const probe = readMp4(data);
      return {
        data,
        contentType,
        width: probe?.width ?? hint.width ?? 0,
        height: probe?.height ?? hint.height ?? 0,
        engine: 'fal',
        model: ref.endpointId,
        ...(probe ? { durationSeconds: Math.round(probe.durationSeconds * 100) / 100 } : {}),
      };
    }
    const meta = await sharp(data).metadata();
    return { data, contentType, width: meta.width ?? hint.width ?? 0, height: meta.height ?? hint.height ?? 0, engine: 'fal', model: ref.endpointId };
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
      const reported = status as unknown as { status: string; error?: unknown; queue_position?: number };
      if (reported.error) {
        throw new EngineFailure(`fal request failed: ${typeof reported.error === 'string' ? reported.error : JSON.stringify(reported.error)}`.slice(0, 500), {
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
      const file = outputFile(data);
      if (!file) throw new EngineFailure('the fal result has no image or video', { retryable: false, requestId: ref.requestId });
      const bytes = await download(file.url, ref.requestId, signal);
      const result = await describe(bytes, ref, file);
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
