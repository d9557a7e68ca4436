import { ConfigError } from '@atelier/kit';
import { describe, expect, it } from 'vitest';
import { loadPhotoshootConfig } from '../config.js';

const base = { IDENTITY_SECRET: 'x'.repeat(40), ACCOUNT_URL: 'http://127.0.0.1:1/', DATABASE_URL: 'postgres://db/atelier' };

describe('photoshoot configuration', () => {
  it('has the documented defaults', () => {
    expect(loadPhotoshootConfig(base)).toMatchObject({
      port: 8103,
      databaseSchema: 'photoshoot',
      concurrency: 2,
      jobRetries: 2,
      previewsPerDay: 30,
      sweepIntervalMs: 15_000,
      erasureIntervalMs: 30_000,
      accountUrl: 'http://127.0.0.1:1',
      createUrl: undefined,
    });
  });

  it('reads the intervals, and names the variable of a bad value', () => {
    expect(loadPhotoshootConfig({ ...base, PHOTOSHOOT_SWEEP_INTERVAL_MS: '200', PHOTOSHOOT_ERASURE_INTERVAL_MS: '200' })).toMatchObject({
      sweepIntervalMs: 200,
      erasureIntervalMs: 200,
    });
    for (const variable of ['PHOTOSHOOT_SWEEP_INTERVAL_MS', 'PHOTOSHOOT_ERASURE_INTERVAL_MS']) {
      expect(() => loadPhotoshootConfig({ ...base, [variable]: '199' })).toThrow(ConfigError);
      expect(() => loadPhotoshootConfig({ ...base, [variable]: 'soon' })).toThrow(new RegExp(variable));
    }
  });
});
