import { createHmac } from 'node:crypto';
import { SERVICE_HEADER, TOKEN_TTL_SECONDS, tokenKeyId, USER_TOKEN_ISSUER } from '../tokens.js';

/**
 * Tests only: the same HS256 JWTs the gateway and services make with jose, signed synchronously so
 * test helpers can build headers inline (`.set(userHeaders(id))`). kit's tokens tests prove that
 * verifyUserToken/verifyServiceToken accept these and jose's alike.
 */
function signNow(secret: string, claims: Record<string, unknown>, now = Date.now()): string {
  const iat = Math.floor(now / 1000);
  const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT', kid: tokenKeyId(secret) })).toString('base64url');
  const payload = Buffer.from(JSON.stringify({ ...claims, iat, exp: iat + TOKEN_TTL_SECONDS })).toString('base64url');
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

/** A user identity token as the gateway sends it to `audience`. */
export function testUserToken(secret: string, { userId, sessionId, audience, now }: { userId: string; sessionId: string; audience: string; now?: number }): string {
  return signNow(secret, { kind: 'user', sid: sessionId, iss: USER_TOKEN_ISSUER, aud: audience, sub: userId }, now);
}

/** Headers of a call from service `caller` to `audience`. */
export function testServiceHeaders(secret: string, caller: string, audience: string): Record<string, string> {
  return { [SERVICE_HEADER]: signNow(secret, { kind: 'service', iss: caller, aud: audience, sub: caller }) };
}
