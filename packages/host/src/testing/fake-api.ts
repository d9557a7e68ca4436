// A fake of the HTTP API behind apiRequest for the remotes' tests, in the manner of MSW: it replaces the
// global fetch, so the screens run through the real apiRequest (JSON bodies, FormData, the
// "<status>: <text>" errors) and only the network is faked. Each remote describes the routes it calls
// (src/testing/fake-api.ts) with answers shaped like the real service's.
//
// A request that no route answers gets a 404 naming it (so the component sees Error("404: …")) and is
// remembered: uninstallFakeApi, run after each test, then fails the test, so a call to an unexpected
// route is loud even when the component swallows the error.
import type { User, UserLimits } from '@atelier/contracts';
import { AUTH_USER_KEY } from '../auth.js';
import { USER_LIMITS_KEY } from '../limits.js';

export interface FakeRequest {
  method: string;
  url: URL;
  /** The values of the route's `:name` segments. */
  params: Record<string, string>;
  /** Parsed JSON, the FormData as sent, or undefined. */
  body: unknown;
  /** The route that answered ("GET /api/canvas/edit/:id"), or "METHOD /path" when none did. */
  route: string;
}

/** Answers a request: a Response as it is, undefined as 204, anything else as a 200 JSON body. */
export type FakeHandler = (request: FakeRequest) => unknown;

/** Handlers keyed "METHOD /path", where a `:name` segment matches any one segment. */
export type FakeRoutes = Record<string, FakeHandler>;

export interface FakeApi {
  /** Every request, in order. */
  readonly requests: FakeRequest[];
  /** Requests no route answered. */
  readonly unanswered: FakeRequest[];
  /** Replaces or adds a route. */
  on(route: string, handler: FakeHandler): void;
  /** The requests one route answered (or, for a route the fake does not know, that were sent to it). */
  calls(route: string): FakeRequest[];
  /** The fake's fetch (installFakeApi puts it in place of the global one). */
  fetch: typeof fetch;
}

export const json = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function matchRoute(route: string, method: string, path: string): Record<string, string> | null {
  const [routeMethod, routePath = ''] = route.split(' ');
  if (routeMethod !== method) return null;
  const expected = routePath.split('/');
  const actual = path.split('/');
  if (expected.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (const [i, segment] of expected.entries()) {
    if (segment.startsWith(':')) params[segment.slice(1)] = decodeURIComponent(actual[i]!);
    else if (segment !== actual[i]) return null;
  }
  return params;
}

export function createFakeApi(routes: FakeRoutes = {}): FakeApi {
  const handlers = new Map(Object.entries(routes));
  const requests: FakeRequest[] = [];
  const unanswered: FakeRequest[] = [];

  const fakeFetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : (init.body ?? undefined);
    // A route without parameters wins over one with them ("GET /api/x/latest" before "GET /api/x/:id").
    const exact = `${method} ${url.pathname}`;
    const candidates = handlers.has(exact) ? [[exact, handlers.get(exact)!] as const] : [...handlers];
    for (const [route, handler] of candidates) {
      const params = matchRoute(route, method, url.pathname);
      if (!params) continue;
      const request: FakeRequest = { method, url, params, body, route };
      requests.push(request);
      const answer = await handler(request);
      if (answer instanceof Response) return answer;
      return answer === undefined ? new Response(null, { status: 204 }) : json(answer);
    }
    const request: FakeRequest = { method, url, params: {}, body, route: `${method} ${url.pathname}` };
    requests.push(request);
    unanswered.push(request);
    return json({ error: `Not found: the fake API has no route for ${request.route}` }, 404);
  };

  return {
    requests,
    unanswered,
    on: (route, handler) => void handlers.set(route, handler),
    calls: (route) => requests.filter((request) => request.route === route),
    fetch: fakeFetch as typeof fetch,
  };
}

/**
 * Answers the host's own queries (GET /api/auth/user, GET /api/user-limits) that a remote's hooks make
 * through fetch, as the account service would for this user: 401 `{ error: 'Unauthorized' }` when signed out.
 */
export function answerHostQueries(api: FakeApi, user: User | null, limits: UserLimits): void {
  const unauthorized = () => json({ error: 'Unauthorized' }, 401);
  api.on(`GET ${AUTH_USER_KEY}`, () => user ?? unauthorized());
  api.on(`GET ${USER_LIMITS_KEY}`, () => (user ? limits : unauthorized()));
}

let installed: { api: FakeApi; realFetch: typeof fetch } | null = null;

/** Puts a fake API with these routes in place of the global fetch until uninstallFakeApi. */
export function installFakeApi(routes: FakeRoutes = {}): FakeApi {
  if (installed) throw new Error('A fake API is already installed in this test; add routes to it with api.on(route, handler).');
  const api = createFakeApi(routes);
  installed = { api, realFetch: globalThis.fetch };
  globalThis.fetch = api.fetch;
  return api;
}

/** The fake API installed in this test, if any. */
export const installedFakeApi = (): FakeApi | null => installed?.api ?? null;

/**
 * Puts the real fetch back (run it after each test, after unmounting). Throws, failing the test, when a
 * request went to a route the fake does not know.
 */
export function uninstallFakeApi(): void {
  if (!installed) return;
  const { api, realFetch } = installed;
  globalThis.fetch = realFetch;
  installed = null;
  if (api.unanswered.length > 0) {
    const routes = [...new Set(api.unanswered.map((request) => request.route))];
    throw new Error(`The component called routes the fake API does not answer: ${routes.join(', ')}. Add them to the fake.`);
  }
}
