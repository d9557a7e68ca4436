import { describe, expect, it } from 'vitest';
import { parseEngineConfig } from '../config.js';

describe('parseEngineConfig', () => {
  it('reads the variables and applies defaults', () => {
    const config = parseEngineConfig({ FAL_KEY: 'abc', PUBLIC_URL: 'https://atelier.example', FAL_BASE_URL: '' });
    expect(config).toMatchObject({ FAL_KEY: 'abc', PUBLIC_URL: 'https://atelier.example', FAL_WEBHOOK_PATH: '/internal/engines/fal-webhook', FAL_POLL_INTERVAL_MS: 1500 });
    expect(config.FAL_BASE_URL).toBeUndefined();
  });

  it('names the bad variable', () => {
    expect(() => parseEngineConfig({ FAL_BASE_URL: 'not a url' })).toThrow(/FAL_BASE_URL/);
    expect(() => parseEngineConfig({ ENGINE: 'gpu' })).toThrow(/ENGINE/);
  });
});
