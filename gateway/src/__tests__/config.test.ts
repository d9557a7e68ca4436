import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '@atelier/kit';
import { loadGatewayConfig } from '../config.js';

const SECRET = 'k'.repeat(32);
const REPO = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

describe('gateway configuration', () => {
  it('has the documented defaults', () => {
    const config = loadGatewayConfig({ IDENTITY_SECRET: SECRET });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      services: { account: ['http://127.0.0.1:8101'] },
      upstreamTimeoutMs: 30_000,
      sessionCacheTtlMs: 30_000,
      sessionCookie: 'atelier_sid',
      shellDir: resolve(REPO, 'shell/dist'),
      logLevel: 'info',
    });
    expect(config.publicUrl.href).toBe('http://127.0.0.1:8080/');
    expect(config.services.create).toBeUndefined();
    expect(config.routes['/api/auth']).toBe('account');
    expect(config.remotes.map((r) => [r.name, r.dir])).toEqual([
      ['mf_create', resolve(REPO, 'mf-create/dist')],
      ['mf_photoshoot', resolve(REPO, 'mf-photoshoot/dist')],
      ['mf_canvas', resolve(REPO, 'mf-canvas/dist')],
      ['mf_pricing', resolve(REPO, 'mf-pricing/dist')],
    ]);
  });

  it('names the variable of a bad value', () => {
    const bad = (env: Record<string, string>, variable: string) => {
      try {
        loadGatewayConfig({ IDENTITY_SECRET: SECRET, ...env });
        expect.unreachable(`expected ${variable} to be refused`);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        expect((error as ConfigError).variable).toBe(variable);
        expect((error as Error).message).toContain(variable);
      }
    };
    bad({ IDENTITY_SECRET: 'short' }, 'IDENTITY_SECRET');
    bad({ PORT: 'eighty' }, 'PORT');
    bad({ CANVAS_URL: 'not a url' }, 'CANVAS_URL');
    bad({ UPSTREAM_TIMEOUT_MS: '0' }, 'UPSTREAM_TIMEOUT_MS');
    bad({ GATEWAY_ROUTES: '{not json' }, 'GATEWAY_ROUTES');
    bad({ GATEWAY_ROUTES: '{"/api/x": "nosuchservice"}' }, 'GATEWAY_ROUTES');
    bad({ GATEWAY_ROUTES: '{"/other": "account"}' }, 'GATEWAY_ROUTES');
    bad({ REMOTE_MF_CANVAS_URL: 'cdn/x' }, 'REMOTE_MF_CANVAS_URL');
    expect(() => loadGatewayConfig({})).toThrow(/IDENTITY_SECRET/);
  });

  it('merges GATEWAY_ROUTES over the built-in table; null removes a prefix', () => {
    const config = loadGatewayConfig({
      IDENTITY_SECRET: SECRET,
      GATEWAY_ROUTES: '{"/api/gallery": "create", "/api/config": null, "/api/auth": "billing"}',
    });
    expect(config.routes['/api/gallery']).toBe('create');
    expect(config.routes['/api/auth']).toBe('billing');
    expect(config.routes['/api/config']).toBeUndefined();
    expect(config.routes['/api/logout']).toBe('account');
  });

  it('uses the __Host- cookie over https and normalises URLs', () => {
    const config = loadGatewayConfig({
      IDENTITY_SECRET: SECRET,
      PUBLIC_URL: 'https://atelier.example',
      CREATE_URL: 'http://127.0.0.1:8102/',
      REMOTE_MF_CANVAS_URL: 'https://cdn.example/canvas',
      REMOTE_MF_PRICING_DIR: 'relative/pricing',
    });
    expect(config.sessionCookie).toBe('__Host-atelier_sid');
    expect(config.services.create).toEqual(['http://127.0.0.1:8102']);
    expect(config.remotes.find((r) => r.name === 'mf_canvas')?.url).toBe('https://cdn.example/canvas/');
    expect(config.remotes.find((r) => r.name === 'mf_pricing')?.dir).toBe(resolve('relative/pricing'));
  });
});
