import { ConfigError } from '@atelier/kit';
import { describe, expect, it } from 'vitest';
import { loadAccountConfig } from '../config.js';
import { DAY_MS } from '../constants.js';
import { readSessionToken } from '../domain/cookies.js';
import { periodContaining } from '../domain/limits.js';
import { isSessionLive, newSessionToken, sessionIdOf } from '../domain/sessions.js';

const DB = 'postgres://atelier@127.0.0.1:5432/atelier';

const secret = 'x'.repeat(32);

describe('periodContaining', () => {
  it('counts monthly periods from the anchor, clamped to short months', () => {
    const anchor = new Date('2025-01-31T10:00:00Z');
    expect(periodContaining(anchor, new Date('2025-01-31T10:00:00Z'))).toEqual({
      startsAt: new Date('2025-01-31T10:00:00Z'),
      endsAt: new Date('2025-02-28T10:00:00Z'),
    });
    expect(periodContaining(anchor, new Date('2025-03-15T00:00:00Z'))).toEqual({
      startsAt: new Date('2025-02-28T10:00:00Z'),
      endsAt: new Date('2025-03-31T10:00:00Z'),
    });
    expect(periodContaining(anchor, new Date('2026-02-01T00:00:00Z')).startsAt).toEqual(new Date('2026-01-31T10:00:00Z'));
  });
});

describe('sessions', () => {
  it('makes 43-character tokens and stores only their sha256', () => {
    const token = newSessionToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newSessionToken()).not.toBe(token);
    expect(sessionIdOf(token)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is live until revoked, idle too long or past its absolute end', () => {
    const t0 = new Date('2025-01-01T00:00:00Z');
    const lifetime = { idleTimeoutMs: DAY_MS, absoluteTimeoutMs: 3 * DAY_MS };
    const session = { createdAt: t0, lastSeenAt: t0, expiresAt: new Date(t0.getTime() + 3 * DAY_MS), revokedAt: null };
    expect(isSessionLive(session, new Date(t0.getTime() + DAY_MS - 1), lifetime)).toBe(true);
    expect(isSessionLive(session, new Date(t0.getTime() + DAY_MS), lifetime)).toBe(false);
    expect(isSessionLive({ ...session, revokedAt: t0 }, t0, lifetime)).toBe(false);
    const active = { ...session, lastSeenAt: new Date(t0.getTime() + 3 * DAY_MS - 1000) };
    expect(isSessionLive(active, new Date(t0.getTime() + 3 * DAY_MS), lifetime)).toBe(false);
  });

  it('reads only a well-formed session cookie', () => {
    const token = newSessionToken();
    expect(readSessionToken(`a=1; atelier_sid=${token}; b=2`, 'atelier_sid')).toBe(token);
    expect(readSessionToken('atelier_sid=short', 'atelier_sid')).toBeNull();
    expect(readSessionToken(undefined, 'atelier_sid')).toBeNull();
  });
});

describe('loadAccountConfig', () => {
  it('has the documented defaults with only IDENTITY_SECRET and DATABASE_URL set', () => {
    const config = loadAccountConfig({ IDENTITY_SECRET: secret, DATABASE_URL: DB });
    expect(config).toMatchObject({
      port: 8101,
      host: '127.0.0.1',
      devLogin: true,
      avatarEnabled: true,
      sessionIdleTimeoutMs: 14 * DAY_MS,
      sessionAbsoluteTimeoutMs: 30 * DAY_MS,
      databaseUrl: DB,
    });
  });

  it('turns development sign-in off in production or with a sign-in provider, unless DEV_LOGIN says so', () => {
    expect(loadAccountConfig({ IDENTITY_SECRET: secret, DATABASE_URL: DB, NODE_ENV: 'production' }).devLogin).toBe(false);
    expect(loadAccountConfig({ IDENTITY_SECRET: secret, DATABASE_URL: DB, OIDC_CLIENT_ID: 'google', OIDC_CLIENT_SECRET: 'google-secret' }).devLogin).toBe(false);
    expect(loadAccountConfig({ IDENTITY_SECRET: secret, DATABASE_URL: DB, NODE_ENV: 'production', DEV_LOGIN: '1' }).devLogin).toBe(true);
    expect(loadAccountConfig({ IDENTITY_SECRET: secret, DATABASE_URL: DB, AVATAR_ENABLED: '0' }).avatarEnabled).toBe(false);
  });

  it('names the bad variable', () => {
    expect(() => loadAccountConfig({})).toThrow(ConfigError);
    expect(() => loadAccountConfig({})).toThrow(/IDENTITY_SECRET/);
    expect(() => loadAccountConfig({ IDENTITY_SECRET: 'short' })).toThrow(/IDENTITY_SECRET must be at least 32/);
    expect(() => loadAccountConfig({ IDENTITY_SECRET: secret, DATABASE_URL: DB, ACCOUNT_PORT: 'abc' })).toThrow(/ACCOUNT_PORT/);
    expect(() => loadAccountConfig({ IDENTITY_SECRET: secret, DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadAccountConfig({ IDENTITY_SECRET: secret })).toThrow(/DATABASE_URL is required/);
  });
});
