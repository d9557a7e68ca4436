import { createHmac, timingSafeEqual } from 'node:crypto';

/** Header names shared by the gateway and every service (see docs/architecture.md). */
export const IDENTITY_HEADER = 'x-atelier-identity';
export const SERVICE_HEADER = 'x-atelier-service';
export const SESSION_HEADER = 'x-atelier-session';
export const REQUEST_ID_HEADER = 'x-request-id';

export interface UserTokenPayload {
  typ: 'user';
  uid: string;
  sid: string;
  iat: number;
  exp: number;
}

export interface ServiceTokenPayload {
  typ: 'service';
  svc: string;
  iat: number;
  exp: number;
}

export type TokenPayload = UserTokenPayload | ServiceTokenPayload;

/** The claims a caller gives `signToken` (it adds iat and exp); distributes over the union. */
export type TokenClaims<T extends TokenPayload> = T extends TokenPayload ? Omit<T, 'iat' | 'exp'> : never;

const VERSION = 'v1';
const DEFAULT_TTL_SECONDS = 60;

function sign(secret: string, body: string): string {
  return createHmac('sha256', secret).update(`${VERSION}.${body}`).digest('base64url');
}

/** Signs a short-lived token `v1.<payload>.<signature>` (HMAC-SHA256). */
export function signToken<T extends TokenPayload>(
  secret: string,
  claims: TokenClaims<T>,
  { ttlSeconds = DEFAULT_TTL_SECONDS, now = Date.now() }: { ttlSeconds?: number; now?: number } = {},
): string {
  const iat = Math.floor(now / 1000);
  const body = Buffer.from(JSON.stringify({ ...claims, iat, exp: iat + ttlSeconds })).toString('base64url');
  return `${VERSION}.${body}.${sign(secret, body)}`;
}

/** Verifies signature, type and expiry; returns the payload or null. Never throws on bad input. */
export function verifyToken<K extends TokenPayload['typ']>(
  secret: string,
  token: string | undefined | null,
  typ: K,
  now = Date.now(),
): Extract<TokenPayload, { typ: K }> | null {
  if (typeof token !== 'string' || token.length > 4096) return null;
  const [version, body, signature, ...rest] = token.split('.');
  if (version !== VERSION || !body || !signature || rest.length > 0) return null;
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof payload !== 'object' || payload === null) return null;
  const p = payload as Record<string, unknown>;
  if (p.typ !== typ || typeof p.exp !== 'number' || typeof p.iat !== 'number') return null;
  const nowSeconds = Math.floor(now / 1000);
  if (p.exp < nowSeconds || p.iat > nowSeconds + 60) return null;
  if (typ === 'user' && (typeof p.uid !== 'string' || typeof p.sid !== 'string')) return null;
  if (typ === 'service' && typeof p.svc !== 'string') return null;
  return p as unknown as Extract<TokenPayload, { typ: K }>;
}

/** Convenience for service-to-service calls: headers carrying a fresh service token. */
export function serviceHeaders(secret: string, caller: string): Record<string, string> {
  return { [SERVICE_HEADER]: signToken<ServiceTokenPayload>(secret, { typ: 'service', svc: caller }) };
}
