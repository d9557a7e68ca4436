// A real OpenID Connect provider (oidc-provider) on 127.0.0.1 for the sign-in tests — the account
// service's own and the browser tests in e2e (`@atelier/account/testing`) — and a tiny browser stand-in
// that signs a person in at it (its development login form) and stops at the redirect back to the
// product. Never imported by the service itself.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

// The provider's start-up advice (development keys, in-memory store, dev login form) is expected here.
for (const level of ['warn', 'info'] as const) {
  const original = console[level].bind(console);
  console[level] = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && /oidc-provider (WARNING|NOTICE)/.test(args[0])) return;
    original(...args);
  };
}

export interface Person {
  given_name?: string;
  name?: string;
  email?: string;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Claims per subject; tests may change them between sign-ins. */
  people: Map<string, Person>;
  /** Requests for the discovery document so far. */
  discoveryRequests: () => number;
  /** While true the discovery document answers 503 (the provider is having a bad minute). */
  discoveryDown: boolean;
  /**
   * Forgeries for the next sign-ins, as an attacker on the way would make them: `nonce` replaces the
   * nonce of authorization requests (so the ID token carries it), `state` the state of redirects back.
   */
  tamper: { nonce?: string; state?: string };
  close: () => Promise<void>;
}

export async function startTestProvider(options: { redirectUri: string; host?: string }): Promise<TestProvider> {
  let handler: http.RequestListener = (_req, res) => res.end();
  let discoveries = 0;
  const server = http.createServer((req, res) => {
    if (req.url?.startsWith('/.well-known/openid-configuration')) {
      discoveries++;
      if (result.discoveryDown) {
        res.writeHead(503).end();
        return;
      }
    }
    handler(req, res);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://${options.host ?? '127.0.0.1'}:${port}`;
  const people = new Map<string, Person>();
  const clientId = 'atelier-test';
  const clientSecret = 'test-client-secret-that-is-long-enough-0123456789';

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    async findAccount(_ctx, sub) {
      return { accountId: sub, claims: () => ({ sub, email_verified: true, ...people.get(sub) }) };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'name'] },
    // Like Google: the ID token itself carries the profile and email claims.
    conformIdTokenClaims: false,
    cookies: { keys: ['test-provider-cookie-key-0123456789'] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    // Consent is taken as given, so a sign-in is one login form.
    async loadExistingGrant(ctx) {
      const accountId = ctx.oidc.session?.accountId;
      const clientId = ctx.oidc.client?.clientId;
      if (!accountId || !clientId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId, accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  const tamper: TestProvider['tamper'] = {};
  provider.use(async (ctx, next) => {
    if (tamper.nonce && ctx.method === 'GET' && ctx.path === '/auth') {
      const query = new URLSearchParams(ctx.querystring);
      query.set('nonce', tamper.nonce);
      ctx.querystring = query.toString();
    }
    await next();
    const location = (ctx.response.get('location') as string | undefined) ?? '';
    if (tamper.state && location.startsWith(options.redirectUri)) {
      const url = new URL(location);
      url.searchParams.set('state', tamper.state);
      ctx.set('location', url.href);
    }
  });
  provider.on('server_error', (_ctx, error) => console.error('[test provider] server error:', error));
  handler = provider.callback();

  const result: TestProvider = {
    issuer,
    clientId,
    clientSecret,
    people,
    discoveryRequests: () => discoveries,
    discoveryDown: false,
    tamper,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
  return result;
}

/** A cookie jar of one origin: every cookie is sent on every request (enough for the provider). */
class Jar {
  private cookies = new Map<string, string>();
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/**
 * Follows an authorization URL through the provider as a browser would, logging in as `subject`
 * (or cancelling when `cancel` is set), and returns the URL the provider sends the browser back to.
 */
export async function signInAtProvider(
  authorizationUrl: string,
  options: { subject: string; redirectUri: string; cancel?: boolean },
): Promise<string> {
  const jar = new Jar();
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop++) {
    if (url.startsWith(options.redirectUri)) return url;
    const interaction = /\/interaction\/[^/?]+$/.test(new URL(url).pathname);
    let res: Response;
    if (interaction && options.cancel) {
      res = await fetch(`${url}/abort`, { redirect: 'manual', headers: { cookie: jar.header() } });
    } else if (interaction) {
      res = await fetch(url, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ prompt: 'login', login: options.subject, password: 'any' }).toString(),
      });
    } else {
      res = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    }
    jar.store(res);
    const location = res.headers.get('location');
    if (!location) throw new Error(`provider answered ${res.status} without a redirect at ${url}: ${await res.text()}`);
    url = new URL(location, url).href;
  }
  throw new Error('too many redirects at the provider');
}
