import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { CookieOptions } from 'express';

/**
 * What a browser must bring back from the provider to finish a sign-in: the `state` and `nonce` sent
 * in the authorization request and the PKCE code verifier. Kept in a short-lived cookie, encrypted and
 * authenticated (AES-256-GCM) with a key derived from IDENTITY_SECRET: the browser can neither read
 * the verifier nor forge or alter any field, and no table is needed.
 */
export interface OidcTransaction {
  state: string;
  nonce: string;
  codeVerifier: string;
  /** Milliseconds since the epoch after which the transaction is refused. */
  expiresAt: number;
}

export const OIDC_TRANSACTION_COOKIE = 'atelier_oidc';
export const SECURE_OIDC_TRANSACTION_COOKIE = '__Host-atelier_oidc';
/** Long enough to sign in at the provider, short enough that a stolen cookie is soon worthless. */
export const OIDC_TRANSACTION_TTL_MS = 10 * 60 * 1000;

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const INFO = 'atelier oidc transaction v1';

function keyFrom(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'atelier-account', INFO, 32));
}

/** `v1.<base64url(iv | ciphertext | tag)>` */
export function sealTransaction(secret: string, transaction: OidcTransaction): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(secret), iv);
  cipher.setAAD(Buffer.from(VERSION));
  const body = Buffer.concat([cipher.update(JSON.stringify(transaction), 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')}`;
}

const isString = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** The transaction a sealed value holds, or null when it is malformed, altered, foreign or expired. */
export function openTransaction(secret: string, sealed: string | undefined, now: number): OidcTransaction | null {
  if (!sealed?.startsWith(`${VERSION}.`)) return null;
  const raw = Buffer.from(sealed.slice(VERSION.length + 1), 'base64url');
  if (raw.length <= IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFrom(secret), raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(VERSION));
    decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
    const text = Buffer.concat([decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)), decipher.final()]);
    const value = JSON.parse(text.toString('utf8')) as Partial<OidcTransaction>;
    if (!isString(value.state) || !isString(value.nonce) || !isString(value.codeVerifier)) return null;
    if (typeof value.expiresAt !== 'number' || value.expiresAt <= now) return null;
    return { state: value.state, nonce: value.nonce, codeVerifier: value.codeVerifier, expiresAt: value.expiresAt };
  } catch {
    return null;
  }
}

/**
 * The transaction cookie for a site origin: HttpOnly, SameSite=Lax (it must come back on the
 * provider's top-level redirect to the callback), Secure and `__Host-` over https.
 */
export function transactionCookie(publicUrl: URL): { name: string; options: CookieOptions } {
  const secure = publicUrl.protocol === 'https:';
  return {
    name: secure ? SECURE_OIDC_TRANSACTION_COOKIE : OIDC_TRANSACTION_COOKIE,
    options: { httpOnly: true, sameSite: 'lax', path: '/', secure, maxAge: OIDC_TRANSACTION_TTL_MS },
  };
}


