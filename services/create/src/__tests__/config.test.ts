import { ConfigError, decodePageCursor as decodeCursor, encodePageCursor as encodeCursor } from '@atelier/kit';
import { describe, expect, it } from 'vitest';
import { loadCreateConfig } from '../config.js';
import { PRESETS } from '../presets/presets.js';
import { presetThumbnailUrl } from '../presets/thumbnails.js';

const base = { IDENTITY_SECRET: 'x'.repeat(40), ACCOUNT_URL: 'http://127.0.0.1:8101/', DATABASE_URL: 'postgres://atelier@127.0.0.1:5432/atelier' };

describe('configuration', () => {
  it('reads defaults and names a bad variable', () => {
    const config = loadCreateConfig(base);
    expect(config).toMatchObject({
      port: 8102,
      accountUrl: 'http://127.0.0.1:8101',
      concurrency: 2,
      jobRetries: 2,
      databaseSchema: 'create',
      devTools: true,
      sweepIntervalMs: 15_000,
      erasureIntervalMs: 30_000,
    });
    expect(loadCreateConfig({ ...base, CREATE_ERASURE_INTERVAL_MS: '200' }).erasureIntervalMs).toBe(200);
    expect(config.engine.FAL_KEY).toBeUndefined();
    expect(() => loadCreateConfig({ IDENTITY_SECRET: base.IDENTITY_SECRET })).toThrow(ConfigError);
    expect(() => loadCreateConfig({ IDENTITY_SECRET: base.IDENTITY_SECRET })).toThrow(/ACCOUNT_URL/);
    expect(() => loadCreateConfig({ ...base, DATABASE_URL: '' })).toThrow(/DATABASE_URL is required/);
    expect(() => loadCreateConfig({ ...base, CREATE_CONCURRENCY: '0' })).toThrow(/CREATE_CONCURRENCY/);
    expect(() => loadCreateConfig({ ...base, CREATE_DB_SCHEMA: 'Bad-Name' })).toThrow(/CREATE_DB_SCHEMA/);
    expect(() => loadCreateConfig({ ...base, CREATE_ERASURE_INTERVAL_MS: '199' })).toThrow(/CREATE_ERASURE_INTERVAL_MS/);
    expect(() => loadCreateConfig({ ...base, CREATE_ERASURE_INTERVAL_MS: 'soon' })).toThrow(/CREATE_ERASURE_INTERVAL_MS/);
  });

  it('follows the account rule for developer tools', () => {
    const devTools = (env: Record<string, string>) => loadCreateConfig({ ...base, ...env }).devTools;
    expect(devTools({})).toBe(true);
    expect(devTools({ NODE_ENV: 'production' })).toBe(false);
    expect(devTools({ NODE_ENV: 'production', DEV_TOOLS: '1' })).toBe(true);
    expect(devTools({ OIDC_CLIENT_ID: 'client' })).toBe(false);
    expect(devTools({ OIDC_CLIENT_ID: 'client', DEV_LOGIN: '1' })).toBe(true);
    expect(devTools({ DEV_LOGIN: '0' })).toBe(false);
    expect(devTools({ DEV_TOOLS: '0' })).toBe(false);
  });
});

describe('cursors and presets', () => {
  it('round-trips a cursor and refuses anything else', () => {
    const row = { createdAt: new Date('2026-01-02T03:04:05.678Z'), id: '3f2b8c1e-1111-4222-8333-444455556666' };
    expect(decodeCursor(encodeCursor(row))).toEqual(row);
    const cursorOf = (text: string) => Buffer.from(text).toString('base64url');
    for (const bad of [
      '',
      'x',
      cursorOf('2026-01-02|nope'),
      cursorOf(`not a date|${row.id}`),
      // Years outside 1–9999: PostgreSQL and ISO 8601 part ways there (they answered 500).
      cursorOf(`+010000-01-01T00:00:00.000Z|${row.id}`),
      cursorOf(`-000001-01-01T00:00:00.000Z|${row.id}`),
      cursorOf(`0000-01-01T00:00:00.000Z|${row.id}`),
      cursorOf(`2026-01-02T03:04:05.678Z|${row.id}|extra`),
    ]) {
      expect(decodeCursor(bad)).toBeNull();
    }
  });

  it('gives every preset the thumbnail the engine drew from its recipe at build time', () => {
    for (const preset of PRESETS) {
      expect(presetThumbnailUrl(preset)).toMatch(new RegExp(`^/art/preset-${preset.id}-320\\.[0-9a-f]{10}\\.webp$`));
    }
    expect(() => presetThumbnailUrl({ id: 'no-such-preset' })).toThrow(/rebuild @atelier\/artwork/);
    expect(PRESETS.every((p) => p.palette.every((c) => /^#[0-9a-f]{6}$/i.test(c)))).toBe(true);
  });
});
