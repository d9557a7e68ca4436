import { createHash, createSecretKey, type KeyObject } from 'node:crypto';
import { decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';

/** Header names shared by the gateway and every service (see docs/architecture.md). */
export const IDENTITY_HEADER = 'x-atelier-identity';
export const SERVICE_HEADER = 'x-atelier-service';
export const SESSION_HEADER = 'x-atelier-session';
export const REQUEST_ID_HEADER = 'x-request-id';

/** Who signs a user's identity: the gateway, after it resolved the session cookie. */
export const USER_TOKEN_ISSUER = 'gateway';
/** Every token lives a minute: long enough for one hop, too short to be worth stealing. */
export const TOKEN_TTL_SECONDS = 60;
const CLOCK_TOLERANCE_SECONDS = 5;
const MAX_TOKEN_LENGTH = 4096;

/**
 * The shared secret(s) tokens are signed with: `current` signs and verifies; `previous` (the secret
 * before a rotation, IDENTITY_SECRET_PREVIOUS) still verifies, so rotating signs nobody out. A bare
 * string is a current secret alone.
 */
export interface TokenKeys {
  current: string;
  previous?: string | undefined;
}
export type TokenSecrets = string | TokenKeys;

export interface UserIdentityClaims {
  userId: string;
  sessionId: string;
}

interface Key {
  id: string;
  key: KeyObject;
}

const keyCache = new Map<string, Key>();

/** A secret's key id (`kid`): a hash of it, so the verifier knows which secret signed. */
export const tokenKeyId = (secret: string) => createHash('sha256').update(`atelier-kid:${secret}`).digest('base64url').slice(0, 12);

function keyOf(secret: string): Key {
  let key = keyCache.get(secret);
  if (!key) {
    key = { id: tokenKeyId(secret), key: createSecretKey(Buffer.from(secret, 'utf8')) };
    keyCache.set(secret, key);
  }
  return key;
}

const keysOf = (secrets: TokenSecrets): TokenKeys => (typeof secrets === 'string' ? { current: secrets } : secrets);

async function sign(secrets: TokenSecrets, claims: Record<string, unknown>, { issuer, audience, subject, now }: { issuer: string; audience: string; subject: string; now?: number }): Promise<string> {
  const { id, key } = keyOf(keysOf(secrets).current);
  const iat = Math.floor((now ?? Date.now()) / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: id })
    .setIssuer(issuer)
    .setAudience(audience)
    .setSubject(subject)
    .setIssuedAt(iat)
    .setExpirationTime(iat + TOKEN_TTL_SECONDS)
    .sign(key);
}

/** Verifies a token for `audience` (signature by a known key, HS256 only, issuer, expiry); null if anything is off. */
async function verify(
  secrets: TokenSecrets,
  token: string | undefined | null,
  { audience, issuer, now }: { audience: string; issuer?: string | string[]; now?: number },
): Promise<{ payload: Record<string, unknown>; issuer: string; subject: string } | null> {
  if (typeof token !== 'string' || token.length === 0 || token.length > MAX_TOKEN_LENGTH) return null;
  let kid: unknown;
  try {
    kid = decodeProtectedHeader(token).kid;
  } catch {
    return null;
  }
  const { current, previous } = keysOf(secrets);
  const candidate = [current, previous].filter((s): s is string => Boolean(s)).map(keyOf).find((k) => k.id === kid);
  if (!candidate) return null;
  try {
    const { payload } = await jwtVerify(token, candidate.key, {
      algorithms: ['HS256'],
      audience,
      ...(issuer ? { issuer } : {}),
      requiredClaims: ['iss', 'sub', 'aud', 'iat', 'exp'],
      maxTokenAge: TOKEN_TTL_SECONDS + CLOCK_TOLERANCE_SECONDS,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      ...(now !== undefined ? { currentDate: new Date(now) } : {}),
    });
    if (typeof payload.iss !== 'string' || typeof payload.sub !== 'string') return null;
    return { payload: payload as Record<string, unknown>, issuer: payload.iss, subject: payload.sub };
  } catch {
    return null;
  }
}

/** The gateway's word for who the user is, for one service (`audience`), valid a minute. */
export function signUserToken(secrets: TokenSecrets, identity: UserIdentityClaims, { audience, now }: { audience: string; now?: number }): Promise<string> {
  return sign(secrets, { kind: 'user', sid: identity.sessionId }, { issuer: USER_TOKEN_ISSUER, audience, subject: identity.userId, now });
}

export async function verifyUserToken(
  secrets: TokenSecrets,
  token: string | undefined | null,
  { audience, now }: { audience: string; now?: number },
): Promise<UserIdentityClaims | null> {
  const verified = await verify(secrets, token, { audience, issuer: USER_TOKEN_ISSUER, now });
  if (!verified || verified.payload.kind !== 'user' || typeof verified.payload.sid !== 'string') return null;
  return { userId: verified.subject, sessionId: verified.payload.sid };
}

/** A service calling another (`audience`): the caller is both issuer and subject. */
export function signServiceToken(secrets: TokenSecrets, { caller, audience, now }: { caller: string; audience: string; now?: number }): Promise<string> {
  return sign(secrets, { kind: 'service' }, { issuer: caller, audience, subject: caller, now });
}

export async function verifyServiceToken(
  secrets: TokenSecrets,
  token: string | undefined | null,
  { audience, now }: { audience: string; now?: number },
): Promise<{ caller: string } | null> {
  const verified = await verify(secrets, token, { audience, now });
  if (!verified || verified.payload.kind !== 'service' || verified.issuer !== verified.subject) return null;
  return { caller: verified.issuer };
}

/** Headers of a service-to-service call: a fresh token from `caller` for `audience`. */
export async function serviceHeaders(secrets: TokenSecrets, caller: string, audience: string): Promise<Record<string, string>> {
  return { [SERVICE_HEADER]: await signServiceToken(secrets, { caller, audience }) };
}
