import { ConfigError, env, loadConfig, type TokenKeys } from '@atelier/kit';
import { z } from 'zod';
import { DEFAULT_ERASURE_GRACE_MS, DEFAULT_SESSION_ABSOLUTE_TIMEOUT_MS, DEFAULT_SESSION_IDLE_TIMEOUT_MS, ERASING_SERVICES } from './constants.js';

const accountEnvSchema = z.object({
  ACCOUNT_PORT: env.port(8101),
  HOST: z.string().default('127.0.0.1'),
  IDENTITY_SECRET: env.secret(),
  IDENTITY_SECRET_PREVIOUS: env.previousSecret(),
  DATABASE_URL: env.databaseUrl(),
  PUBLIC_URL: env.url().default('http://127.0.0.1:8080'),
  NODE_ENV: z.string().default('development'),
  OIDC_ISSUER: env.url().default('https://accounts.google.com'),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  SIGNIN_RATE_LIMIT: env.int(20).pipe(z.number().positive()),
  DEV_LOGIN: env.flag(),
  DEV_TOOLS: env.flag(),
  SESSION_IDLE_TIMEOUT_MS: env.int(DEFAULT_SESSION_IDLE_TIMEOUT_MS).pipe(z.number().positive()),
  SESSION_ABSOLUTE_TIMEOUT_MS: env.int(DEFAULT_SESSION_ABSOLUTE_TIMEOUT_MS).pipe(z.number().positive()),
  LOG_LEVEL: env.logLevel(),
  AVATAR_ENABLED: env.flag(),
  /** How long after an account's deletion the services are first asked to erase it (requests in flight finish first). */
  ERASURE_GRACE_MS: env.int(DEFAULT_ERASURE_GRACE_MS).pipe(z.number().int().min(0)),
  /** The services that keep a user's data: a deleted account's row goes once each has erased it. */
  ERASURE_SERVICES: z
    .string()
    .default(ERASING_SERVICES.join(','))
    .transform((value) => value.split(',').map((name) => name.trim()).filter(Boolean))
    .pipe(z.array(z.enum(ERASING_SERVICES)).min(1)),
});

export interface OidcConfig {
  issuer: URL;
  clientId: string;
  clientSecret: string;
}

export interface AccountConfig {
  port: number;
  host: string;
  databaseUrl: string;
  identitySecret: string;
  /** Token keys: IDENTITY_SECRET signs and verifies, IDENTITY_SECRET_PREVIOUS still verifies. */
  identityKeys: TokenKeys;
  publicUrl: URL;
  nodeEnv: string;
  devLogin: boolean;
  /** /api/dev/* (switch plan, exhaust limits). */
  devTools: boolean;
  /** OpenID Connect sign-in; null when no client is configured. */
  oidc: OidcConfig | null;
  /** Sign-in requests (OIDC start and callback, dev-login) per minute and client IP. */
  signInRateLimit: number;
  sessionIdleTimeoutMs: number;
  sessionAbsoluteTimeoutMs: number;
  logLevel: string;
  avatarEnabled: boolean;
  /** Services that must erase a deleted account's data before its row goes (ERASURE_SERVICES). */
  erasureServices: readonly string[];
  /** ERASURE_GRACE_MS. */
  erasureGraceMs: number;
}

function oidcConfig(issuer: string, clientId?: string, clientSecret?: string): OidcConfig | null {
  if (!clientId) return null;
  if (!clientSecret) throw new ConfigError('OIDC_CLIENT_SECRET', 'is required when OIDC_CLIENT_ID is set');
  return { issuer: new URL(issuer), clientId, clientSecret };
}

/** Reads the account service's environment once; a bad value throws a ConfigError naming it. */
export function loadAccountConfig(source: NodeJS.ProcessEnv = process.env): AccountConfig {
  const e = loadConfig(accountEnvSchema, source);
  // Development sign-in stays on until a sign-in provider is configured, and never by default in production.
  const devLogin = e.DEV_LOGIN ?? (!e.OIDC_CLIENT_ID && e.NODE_ENV !== 'production');
  return {
    port: e.ACCOUNT_PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    identitySecret: e.IDENTITY_SECRET,
    identityKeys: { current: e.IDENTITY_SECRET, previous: e.IDENTITY_SECRET_PREVIOUS },
    publicUrl: new URL(e.PUBLIC_URL),
    nodeEnv: e.NODE_ENV,
    devLogin,
    // Developer tools follow development sign-in, but production needs DEV_TOOLS=1 itself.
    devTools: e.DEV_TOOLS ?? (devLogin && e.NODE_ENV !== 'production'),
    oidc: oidcConfig(e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET),
    signInRateLimit: e.SIGNIN_RATE_LIMIT,
    sessionIdleTimeoutMs: e.SESSION_IDLE_TIMEOUT_MS,
    sessionAbsoluteTimeoutMs: e.SESSION_ABSOLUTE_TIMEOUT_MS,
    logLevel: e.LOG_LEVEL,
    avatarEnabled: e.AVATAR_ENABLED ?? true,
    erasureServices: e.ERASURE_SERVICES,
    erasureGraceMs: e.ERASURE_GRACE_MS,
  };
}
