import { createHash, generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for fal's queue and storage HTTP APIs (exported as `@atelier/engines/testing` so
 * services can test their fal paths too), as `@fal-ai/client` calls them once its
 * hosts are rewritten to `<base>/queue/…` and `<base>/rest/…`:
 *   POST /rest/storage/upload/initiate → { upload_url, file_url }; PUT upload_url stores the bytes
 *   POST /queue/<endpoint>             → { request_id, status_url, response_url, cancel_url }
 *   GET  /queue/<app>/requests/<id>/status → IN_QUEUE → IN_PROGRESS → COMPLETED (or COMPLETED + error)
 *   GET  /queue/<app>/requests/<id>    → the model's output, with file URLs served by this fake
 *   GET  /rest/.well-known/jwks.json   → the ED25519 key its webhooks are signed with ({@link FakeFal.signWebhook})
 *   GET  /stream/<name>                → an output sent in chunks without Content-Length
 *   GET  /redirect?to=<url>            → a 302 to anywhere (for the download host checks)
 */
export interface FakeRequest {
  id: string;
  endpointId: string;
  input: Record<string, unknown>;
  webhookUrl: string | null;
  authorization: string | undefined;
  polls: number;
}

export interface FakeFalOptions {
  /** Status polls answered before COMPLETED (the first ones IN_QUEUE, then IN_PROGRESS). */
  pollsBeforeDone?: number;
  /** Endpoint ids whose runs fail. */
  failing?: Set<string>;
  image: Buffer;
  video: Buffer;
  /** The FAL_KEY the fake accepts (default `test-key`). */
  key?: string;
  /** Replaces the model's output for a request (return undefined to keep the usual one). */
  output?: (request: FakeRequest, base: string) => unknown;
}

export interface SignedWebhookOptions {
  requestId: string;
  userId?: string;
  /** Unix seconds; default now. */
  timestamp?: number;
  /** Sign with another key (a forger's). */
  key?: KeyObject;
}

export interface FakeFal {
  url: string;
  requests: FakeRequest[];
  uploads: Map<string, { contentType: string; data: Buffer }>;
  options: FakeFalOptions;
  /** How often its key set was fetched. */
  readonly jwksFetches: number;
  /** The headers fal would send with this exact webhook body, signed with the fake's key (or `key`). */
  signWebhook(body: string | Buffer, options: SignedWebhookOptions): Record<string, string>;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startFakeFal(options: FakeFalOptions): Promise<FakeFal> {
  const requests: FakeRequest[] = [];
  const uploads = new Map<string, { contentType: string; data: Buffer }>();
  let base = '';
  const keys = generateKeyPairSync('ed25519');
  const jwk = keys.publicKey.export({ format: 'jwk' });
  let jwksFetches = 0;

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', base);
      const path = url.pathname;
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'x-fal-request-id': 'fake' });
        res.end(JSON.stringify(body));
      };
      const body = await readBody(req);

      if (req.method === 'POST' && path === '/rest/storage/upload/initiate') {
        const { content_type: contentType } = JSON.parse(body.toString()) as { content_type: string };
        const id = randomUUID();
        uploads.set(id, { contentType, data: Buffer.alloc(0) });
        return json(200, { upload_url: `${base}/upload/${id}`, file_url: `${base}/files/${id}` });
      }
      if (req.method === 'PUT' && path.startsWith('/upload/')) {
        const id = path.slice('/upload/'.length);
        const upload = uploads.get(id);
        if (!upload) return json(404, { detail: 'unknown upload' });
        upload.data = body;
        return json(200, {});
      }
      if (req.method === 'GET' && path.startsWith('/files/')) {
        const upload = uploads.get(path.slice('/files/'.length));
        if (!upload) return json(404, { detail: 'no such file' });
        res.writeHead(200, { 'content-type': upload.contentType });
        return res.end(upload.data);
      }
      if (req.method === 'GET' && path === '/rest/.well-known/jwks.json') {
        jwksFetches += 1;
        return json(200, { keys: [{ ...jwk, kid: 'fake-fal-1', use: 'sig', alg: 'EdDSA' }] });
      }
      if (req.method === 'GET' && path === '/redirect') {
        res.writeHead(302, { location: url.searchParams.get('to') ?? '/' });
        return res.end();
      }
      if (req.method === 'GET' && path.startsWith('/stream/')) {
        const data = path.endsWith('.mp4') ? options.video : options.image;
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        for (let at = 0; at < data.length; at += 16 * 1024) res.write(data.subarray(at, at + 16 * 1024));
        return res.end();
      }
      if (req.method === 'GET' && path.startsWith('/outputs/')) {
        const isVideo = path.endsWith('.mp4');
        res.writeHead(200, { 'content-type': isVideo ? 'video/mp4' : 'image/png' });
        return res.end(isVideo ? options.video : options.image);
      }

      const requestMatch = /^\/queue\/.+\/requests\/([^/]+)(\/status)?$/.exec(path);
      if (req.method === 'GET' && requestMatch) {
        const request = requests.find((r) => r.id === requestMatch[1]);
        if (!request) return json(404, { detail: 'Request not found' });
        const failing = options.failing?.has(request.endpointId) ?? false;
        const pollsBeforeDone = options.pollsBeforeDone ?? 2;
        if (requestMatch[2]) {
          request.polls++;
          const common = {
            request_id: request.id,
            status_url: `${base}/queue/${request.endpointId}/requests/${request.id}/status`,
            response_url: `${base}/queue/${request.endpointId}/requests/${request.id}`,
            cancel_url: `${base}/queue/${request.endpointId}/requests/${request.id}/cancel`,
          };
          if (request.polls <= pollsBeforeDone) {
            return json(202, request.polls === 1 ? { ...common, status: 'IN_QUEUE', queue_position: 0 } : { ...common, status: 'IN_PROGRESS', logs: [] });
          }
          return json(200, failing ? { ...common, status: 'COMPLETED', error: 'Internal error while generating', error_type: 'internal_error' } : { ...common, status: 'COMPLETED', logs: [] });
        }
        if (failing) return json(422, { detail: [{ loc: ['body', 'prompt'], msg: 'content policy violation', type: 'content_policy_violation' }] });
        const replaced = options.output?.(request, base);
        if (replaced !== undefined) return json(200, replaced);
        if (request.endpointId.includes('video')) {
          return json(200, { video: { url: `${base}/outputs/${request.id}.mp4`, content_type: 'video/mp4' } });
        }
        if (request.endpointId === 'fal-ai/clarity-upscaler') return json(200, { image: { url: `${base}/outputs/${request.id}.png` }, seed: 1 });
        return json(200, { images: [{ url: `${base}/outputs/${request.id}.png`, content_type: 'image/png' }], seed: 42 });
      }

      if (req.method === 'POST' && path.startsWith('/queue/')) {
        const endpointId = path.slice('/queue/'.length);
        const request: FakeRequest = {
          id: randomUUID(),
          endpointId,
          input: JSON.parse(body.toString() || '{}') as Record<string, unknown>,
          webhookUrl: url.searchParams.get('fal_webhook'),
          authorization: req.headers.authorization,
          polls: 0,
        };
        if (request.authorization !== `Key ${options.key ?? 'test-key'}`) return json(401, { detail: 'Invalid key' });
        requests.push(request);
        return json(200, {
          status: 'IN_QUEUE',
          request_id: request.id,
          queue_position: 0,
          status_url: `${base}/queue/${endpointId}/requests/${request.id}/status`,
          response_url: `${base}/queue/${endpointId}/requests/${request.id}`,
          cancel_url: `${base}/queue/${endpointId}/requests/${request.id}/cancel`,
        });
      }
      json(404, { detail: `fake fal: no route for ${req.method} ${path}` });
    })().catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ detail: String(error) }));
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests,
    uploads,
    options,
    get jwksFetches() {
      return jwksFetches;
    },
    signWebhook(body, { requestId, userId = 'fake-user', timestamp = Math.floor(Date.now() / 1000), key = keys.privateKey }) {
      const digest = createHash('sha256').update(body).digest('hex');
      const signature = sign(null, Buffer.from(`${requestId}\n${userId}\n${timestamp}\n${digest}`), key).toString('hex');
      return {
        'content-type': 'application/json',
        'x-fal-webhook-request-id': requestId,
        'x-fal-webhook-user-id': userId,
        'x-fal-webhook-timestamp': String(timestamp),
        'x-fal-webhook-signature': signature,
      };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
