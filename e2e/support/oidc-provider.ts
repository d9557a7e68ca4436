// A real OpenID Connect provider (oidc-provider) on 127.0.0.1 for the sign-in tests. Its development
// login form accepts any login; consent is taken as given, so signing in is one form.
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
  /** Claims per login name. */
  people: Map<string, Person>;
  /**
   * Forgeries for the next sign-ins, as an attacker on the way would make them: `nonce` replaces the
   * nonce of authorization requests (so the ID token carries it), `state` the state of redirects back.
   */
  tamper: { nonce?: string; state?: string };
  close: () => Promise<void>;
}

export async function startTestProvider(options: { redirectUri: string }): Promise<TestProvider> {
  let handler: http.RequestListener = (_req, res) => res.end();
  const server = http.createServer((req, res) => handler(req, res));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const people = new Map<string, Person>();
  const clientId = 'atelier-e2e';
  const clientSecret = 'e2e-client-secret-that-is-long-enough-0123456789';

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
    cookies: { keys: ['e2e-provider-cookie-key-0123456789'] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    async loadExistingGrant(ctx) {
      const accountId = ctx.oidc.session?.accountId;
      const client = ctx.oidc.client?.clientId;
      if (!accountId || !client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client, accountId });
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

  return {
    issuer,
    clientId,
    clientSecret,
    people,
    tamper,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
