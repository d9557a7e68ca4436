// A small fake of the HTTP API for tests, in the manner of MSW: global fetch is replaced by a router of
// handlers keyed "METHOD /path", so the screens run through the real @atelier/host apiRequest (status
// handling, the "<status>: <text>" errors) and only the network is faked.
import type { Generation, Preset } from '@atelier/contracts';
import { vi } from 'vitest';

export interface FakeRequest {
  method: string;
  url: URL;
  /** Parsed JSON, the FormData as sent, or undefined. */
  body: unknown;
}

export type FakeHandler = (request: FakeRequest) => Response | unknown | Promise<Response | unknown>;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export function installFakeApi(routes: Record<string, FakeHandler> = {}) {
  const handlers: Record<string, FakeHandler> = {
    'GET /api/generations': () => ({ items: [], nextCursor: null }),
    'GET /api/presets': () => [],
    ...routes,
  };
  const requests: FakeRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    let body: unknown = init.body;
    if (typeof body === 'string') body = JSON.parse(body);
    const request = { method, url, body };
    requests.push(request);
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler) return json({ error: 'Not found' }, 404);
    const result = await handler(request);
    return result instanceof Response ? result : json(result);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    /** Replaces or adds a handler. */
    on(route: string, handler: FakeHandler) {
      handlers[route] = handler;
    },
    /** The requests sent to one route. */
    calls: (route: string) => requests.filter((r) => `${r.method} ${r.url.pathname}` === route),
  };
}

let nextId = 1;
export function fakeGeneration(overrides: Partial<Generation> = {}): Generation {
  const id = overrides.id ?? `g${nextId++}`;
  return {
    id,
    type: 'image',
    status: 'completed',
    prompt: 'linen suit at golden hour',
    presetId: null,
    model: null,
    aspectRatio: '2:3',
    inputs: {},
    imageUrl: `/media/${id}.png`,
    videoUrl: null,
    engine: 'local',
    cost: 1,
    errorMessage: null,
    createdAt: '2026-11-23T08:00:00.000Z',
    completedAt: '2026-11-23T08:00:05.000Z',
    ...overrides,
  };
}

export const fakePreset = (id: string, style: string, name = id): Preset => ({
  id,
  name,
  style,
  prompt: `${name} look`,
  thumbnailUrl: `/media/presets/${id}.jpg`,
});

export const photo = (name = 'look.png', type = 'image/png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type });
