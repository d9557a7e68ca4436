import { describe, expect, it } from 'vitest';
import { DEFAULT_ROUTES } from '../constants.js';
import { createRouteTable } from '../proxy/route-table.js';

describe('route table', () => {
  const match = createRouteTable({ '/api/dev': 'account', '/api/dev/generate-test-content': 'create', '/api/canvas': 'canvas' });

  it('picks the longest matching prefix', () => {
    expect(match('/api/dev/generate-test-content')?.service).toBe('create');
    expect(match('/api/dev/generate-test-content/5')?.service).toBe('create');
    expect(match('/api/dev/switch-user')?.service).toBe('account');
  });

  it('matches only at a path-segment boundary', () => {
    expect(match('/api/canvas')?.service).toBe('canvas');
    expect(match('/api/canvas/1/layers')?.service).toBe('canvas');
    expect(match('/api/canvasx')).toBeNull();
    expect(match('/api/dev/generate-test-contents')?.service).toBe('account');
    expect(match('/api')).toBeNull();
  });

  it('routes the account calls of the default table to account', () => {
    const byDefault = createRouteTable(DEFAULT_ROUTES);
    for (const path of ['/api/auth/user', '/api/logout', '/api/dev-login', '/api/user-limits', '/api/config']) {
      expect(byDefault(path)?.service, path).toBe('account');
    }
    expect(byDefault('/api/dev/generate-test-content')?.service).toBe('create');
  });
});
