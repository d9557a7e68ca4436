import { SignJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { signServiceToken, signUserToken, TOKEN_TTL_SECONDS, verifyServiceToken, verifyUserToken } from '../tokens.js';

const secret = 'x'.repeat(32);
const other = 'y'.repeat(32);

describe('identity and service tokens (JWT, HS256, made with jose)', () => {
  it('round-trips a user token addressed to one service, with issuer, key id and a 60 s lifetime', async () => {
    const token = await signUserToken(secret, { userId: 'u1', sessionId: 's1' }, { audience: 'create' });
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'HS256', typ: 'JWT', kid: expect.any(String) });
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ iss: 'gateway', aud: 'create', sub: 'u1', sid: 's1', kind: 'user' });
    expect(claims.exp! - claims.iat!).toBe(TOKEN_TTL_SECONDS);
    expect(await verifyUserToken(secret, token, { audience: 'create' })).toEqual({ userId: 'u1', sessionId: 's1' });
  });

  it('refuses another audience, another secret, a tampered payload, a service token, an expired one and garbage', async () => {
    const token = await signUserToken(secret, { userId: 'u1', sessionId: 's1' }, { audience: 'create' });
    expect(await verifyUserToken(secret, token, { audience: 'account' })).toBeNull();
    expect(await verifyUserToken(other, token, { audience: 'create' })).toBeNull();
    const [header, , signature] = token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ ...decodeJwt(token), sub: 'admin' })).toString('base64url');
    expect(await verifyUserToken(secret, `${header}.${forgedPayload}.${signature}`, { audience: 'create' })).toBeNull();
    const service = await signServiceToken(secret, { caller: 'gateway', audience: 'create' });
    expect(await verifyUserToken(secret, service, { audience: 'create' })).toBeNull();
    expect(await verifyUserToken(secret, token, { audience: 'create', now: Date.now() + 120_000 })).toBeNull();
    const old = await signUserToken(secret, { userId: 'u1', sessionId: 's1' }, { audience: 'create', now: Date.now() - 600_000 });
    expect(await verifyUserToken(secret, old, { audience: 'create' })).toBeNull();
    for (const bad of ['garbage', 'a.b.c', '', undefined, null, 'x'.repeat(5000)]) {
      expect(await verifyUserToken(secret, bad, { audience: 'create' })).toBeNull();
    }
  });

  it('refuses "none" and other algorithms, and a token another issuer made for users', async () => {
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(
      JSON.stringify({ iss: 'gateway', aud: 'create', sub: 'admin', sid: 's', kind: 'user', iat: Math.floor(Date.now() / 1000), exp: Math.floor(Date.now() / 1000) + 60 }),
    ).toString('base64url')}.`;
    expect(await verifyUserToken(secret, unsigned, { audience: 'create' })).toBeNull();
    const token = await signUserToken(secret, { userId: 'u1', sessionId: 's1' }, { audience: 'create' });
    const kid = decodeProtectedHeader(token).kid!;
    const byAService = await new SignJWT({ kind: 'user', sid: 's' })
      .setProtectedHeader({ alg: 'HS256', kid })
      .setIssuer('create')
      .setAudience('create')
      .setSubject('admin')
      .setIssuedAt()
      .setExpirationTime('1m')
      .sign(Buffer.from(secret));
    expect(await verifyUserToken(secret, byAService, { audience: 'create' })).toBeNull();
  });

  it('verifies tokens of the previous secret during a rotation, and signs with the current one', async () => {
    const before = await signUserToken(other, { userId: 'u1', sessionId: 's1' }, { audience: 'create' });
    const rotated = { current: secret, previous: other };
    expect(await verifyUserToken(rotated, before, { audience: 'create' })).toEqual({ userId: 'u1', sessionId: 's1' });
    const after = await signUserToken(rotated, { userId: 'u2', sessionId: 's2' }, { audience: 'create' });
    expect(await verifyUserToken(secret, after, { audience: 'create' })).toEqual({ userId: 'u2', sessionId: 's2' });
    expect(await verifyUserToken(other, after, { audience: 'create' })).toBeNull();
    // Once the previous secret is dropped, its tokens stop working.
    expect(await verifyUserToken(secret, before, { audience: 'create' })).toBeNull();
  });

  it('names the calling service in a service token', async () => {
    const token = await signServiceToken(secret, { caller: 'create', audience: 'account' });
    expect(await verifyServiceToken(secret, token, { audience: 'account' })).toEqual({ caller: 'create' });
    expect(await verifyServiceToken(secret, token, { audience: 'billing' })).toBeNull();
  });
});

describe('the test signer of @atelier/kit/testing', () => {
  it('makes the same tokens: the verifiers accept them, and jose-made ones decode alike', async () => {
    const { testServiceHeaders, testUserToken } = await import('../testing/tokens.js');
    const token = testUserToken(secret, { userId: 'u1', sessionId: 's1', audience: 'create' });
    expect(await verifyUserToken(secret, token, { audience: 'create' })).toEqual({ userId: 'u1', sessionId: 's1' });
    const made = await signUserToken(secret, { userId: 'u1', sessionId: 's1' }, { audience: 'create' });
    expect(decodeProtectedHeader(made)).toEqual(decodeProtectedHeader(token));
    const header = testServiceHeaders(secret, 'create', 'account')['x-atelier-service'];
    expect(await verifyServiceToken(secret, header, { audience: 'account' })).toEqual({ caller: 'create' });
  });
});
