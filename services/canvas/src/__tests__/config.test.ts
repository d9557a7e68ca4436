import { ConfigError } from '@atelier/kit';
import { describe, expect, it } from 'vitest';
import { loadCanvasConfig } from '../config.js';

const base = { IDENTITY_SECRET: 'x'.repeat(40), ACCOUNT_URL: 'http://127.0.0.1:1/', DATABASE_URL: 'postgres://db/atelier' };

describe('canvas configuration', () => {
  it('has the documented defaults', () => {
    const config = loadCanvasConfig(base);
    expect(config).toMatchObject({
      port: 8104,
      databaseSchema: 'canvas',
      concurrency: 2,
      jobRetries: 2,
      sweepIntervalMs: 15_000,
      erasureIntervalMs: 30_000,
      editsPerMinute: 10,
      accountUrl: 'http://127.0.0.1:1',
      createUrl: undefined,
    });
  });

  it('names the variable of a bad value', () => {
    expect(() => loadCanvasConfig({ ...base, CANVAS_CONCURRENCY: '0' })).toThrow(ConfigError);
    expect(() => loadCanvasConfig({ ...base, CANVAS_CONCURRENCY: '0' })).toThrow(/CANVAS_CONCURRENCY/);
    expect(() => loadCanvasConfig({ ...base, CANVAS_DB_SCHEMA: 'Canvas; drop' })).toThrow(/CANVAS_DB_SCHEMA/);
    expect(() => loadCanvasConfig({ ...base, CREATE_URL: 'not a url' })).toThrow(/CREATE_URL/);
    expect(() => loadCanvasConfig({ ...base, ACCOUNT_URL: undefined })).toThrow(/ACCOUNT_URL/);
    expect(() => loadCanvasConfig({ ...base, CANVAS_ERASURE_INTERVAL_MS: '199' })).toThrow(/CANVAS_ERASURE_INTERVAL_MS/);
    expect(() => loadCanvasConfig({ ...base, CANVAS_ERASURE_INTERVAL_MS: 'soon' })).toThrow(/CANVAS_ERASURE_INTERVAL_MS/);
    expect(loadCanvasConfig({ ...base, CANVAS_ERASURE_INTERVAL_MS: '200' }).erasureIntervalMs).toBe(200);
  });
});
