import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createBaseApp } from '../app.js';
import { loadConfig } from '../config.js';
import { clientAddressOf, proxyMatcher, trustedProxiesEnv } from '../trusted-proxies.js';
import { silentLogger } from './helpers.js';

const parse = (value: string | undefined) => loadConfig(z.object({ TRUSTED_PROXIES: trustedProxiesEnv() }), { TRUSTED_PROXIES: value }).TRUSTED_PROXIES;

describe('trusted proxies', () => {
  it('reads addresses, CIDR ranges and the named ranges, and refuses anything else by name', () => {
    expect(parse(undefined)).toEqual([]);
    expect(parse(' 10.0.0.0/8, ::1 ,loopback,fd00::/8 ')).toEqual(['10.0.0.0/8', '::1', 'loopback', 'fd00::/8']);
    for (const bad of ['10.0.0.0/33', 'lb.internal', '10.0.0.1/8/1', '::1/129', '10.0.0.0/x']) {
      expect(() => parse(bad), bad).toThrow(/TRUSTED_PROXIES/);
    }
  });

  it('matches IPv4, IPv6 and IPv4-mapped peers against the list', () => {
    const trusted = proxyMatcher(['10.0.0.0/8', 'loopback', '2001:db8::/32'])!;
    expect(trusted('10.1.2.3')).toBe(true);
    expect(trusted('11.0.0.1')).toBe(false);
    expect(trusted('127.0.0.1')).toBe(true);
    expect(trusted('::1')).toBe(true);
    expect(trusted('2001:db8::5')).toBe(true);
    expect(trusted('2001:db9::5')).toBe(false);
    expect(trusted('not an address')).toBe(false);
    expect(proxyMatcher([])).toBeNull();
  });

  it('takes the client from X-Forwarded-For only through trusted hops', () => {
    const lb = proxyMatcher(['10.0.0.0/8']);
    expect(clientAddressOf('203.0.113.5', '198.51.100.1', lb)).toBe('203.0.113.5'); // a client, not the balancer
    expect(clientAddressOf('::ffff:10.0.0.2', '198.51.100.1, 203.0.113.5', lb)).toBe('203.0.113.5');
    expect(clientAddressOf('10.0.0.2', '198.51.100.1, 10.0.0.3', lb)).toBe('198.51.100.1');
    expect(clientAddressOf('10.0.0.2', ['198.51.100.1', '10.0.0.3'], lb)).toBe('198.51.100.1');
    expect(clientAddressOf('10.0.0.2', 'junk', lb)).toBe('10.0.0.2');
    expect(clientAddressOf('10.0.0.2', undefined, lb)).toBe('10.0.0.2');
    expect(clientAddressOf('10.0.0.2', '198.51.100.1', null)).toBe('10.0.0.2');
  });

  it("sets a service's trust proxy to loopback plus TRUSTED_PROXIES", async () => {
    const app = createBaseApp({ name: 't', logger: silentLogger, trustedProxies: ['10.0.0.0/8'] });
    expect(app.get('trust proxy fn')('10.9.9.9', 1)).toBe(true);
    expect(app.get('trust proxy fn')('127.0.0.1', 0)).toBe(true);
    expect(app.get('trust proxy fn')('203.0.113.1', 0)).toBe(false);
    const router = express.Router();
    router.get('/ip', (req, res) => res.json({ ip: req.ip }));
    app.use(router);
    const res = await request(app).get('/ip').set('x-forwarded-for', '198.51.100.4').expect(200);
    expect(res.body.ip).toBe('198.51.100.4'); // the peer is loopback (the gateway), so its header counts
  });
});
