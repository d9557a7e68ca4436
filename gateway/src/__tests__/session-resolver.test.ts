import { afterEach, describe, expect, it } from 'vitest';
import { readSessionCookie } from '../session/cookies.js';
import { createSessionResolver } from '../session/session-resolver.js';
import { SECRET, closeAll, cookieValue, deadUrl, silentLogger, startFakeAccount } from './support/servers.js';

const COOKIE = cookieValue('c');
const OTHER = cookieValue('o');

afterEach(closeAll);

function fakeClock(start = Date.now()) {
  const clock = { now: start, read: () => clock.now };
  return clock;
}

async function setup(expiresInMs = 3_600_000) {
  const clock = fakeClock();
  const account = await startFakeAccount(
    new Map([[COOKIE, { userId: 'u1', expiresAt: new Date(clock.now + expiresInMs).toISOString() }]]),
  );
  const resolver = createSessionResolver({
    accountUrl: () => account.url,
    identityKeys: SECRET,
    ttlMs: 30_000,
    clock: clock.read,
    logger: silentLogger,
  });
  return { clock, account, resolver };
}

describe('session cookie', () => {
  it('reads only a well-formed value of the named cookie', () => {
    expect(readSessionCookie(`a=1; atelier_sid=${COOKIE}; b=2`, 'atelier_sid')).toBe(COOKIE);
    expect(readSessionCookie(`__Host-atelier_sid=${COOKIE}`, '__Host-atelier_sid')).toBe(COOKIE);
    expect(readSessionCookie(`__Host-atelier_sid=${COOKIE}`, 'atelier_sid')).toBeNull();
    expect(readSessionCookie('atelier_sid=abc', 'atelier_sid')).toBeNull();
    expect(readSessionCookie(`atelier_sid=${COOKIE}=`, 'atelier_sid')).toBeNull();
    expect(readSessionCookie('garbage;;;=', 'atelier_sid')).toBeNull();
    expect(readSessionCookie(undefined, 'atelier_sid')).toBeNull();
  });
});

describe('session resolver', () => {
  it('caches a session for the TTL, then asks again', async () => {
    const { clock, account, resolver } = await setup();
    expect(await resolver.resolve(COOKIE)).toMatchObject({ userId: 'u1' });
    expect(await resolver.resolve(COOKIE)).toMatchObject({ userId: 'u1' });
    expect(account.state.hops).toBe(1);
    clock.now += 30_001;
    await resolver.resolve(COOKIE);
    expect(account.state.hops).toBe(2);
  });

  it('never trusts a cached session past its expiry', async () => {
    const { clock, account, resolver } = await setup(10_000);
    await resolver.resolve(COOKIE);
    clock.now += 10_001;
    await resolver.resolve(COOKIE);
    expect(account.state.hops).toBe(2);
  });

  it('caches "no session" for 5 seconds', async () => {
    const { clock, account, resolver } = await setup();
    expect(await resolver.resolve(OTHER)).toBeNull();
    clock.now += 4_000;
    expect(await resolver.resolve(OTHER)).toBeNull();
    expect(account.state.hops).toBe(1);
    clock.now += 1_001;
    await resolver.resolve(OTHER);
    expect(account.state.hops).toBe(2);
  });

  it('shares one request among concurrent misses for the same cookie', async () => {
    const { account, resolver } = await setup();
    account.state.delayMs = 50;
    const answers = await Promise.all(Array.from({ length: 10 }, () => resolver.resolve(COOKIE)));
    expect(answers.every((a) => a?.userId === 'u1')).toBe(true);
    expect(account.state.hops).toBe(1);
  });

  it('evicts on demand, and resolveFresh neither reads nor fills the cache', async () => {
    const { account, resolver } = await setup();
    await resolver.resolve(COOKIE);
    resolver.evict(COOKIE);
    await resolver.resolve(COOKIE);
    expect(account.state.hops).toBe(2);
    await resolver.resolveFresh(COOKIE);
    expect(account.state.hops).toBe(3);
    resolver.evict(COOKIE);
    await resolver.resolveFresh(COOKIE);
    await resolver.resolve(COOKIE);
    expect(account.state.hops).toBe(5);
  });

  it('treats an unreachable account as signed out without caching the failure', async () => {
    const clock = fakeClock();
    let hops = 0;
    const dead = await deadUrl();
    const resolver = createSessionResolver({
      accountUrl: () => dead,
      identityKeys: SECRET,
      ttlMs: 30_000,
      clock: clock.read,
      logger: silentLogger,
    });
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (...args: Parameters<typeof fetch>) => {
      hops += 1;
      return realFetch(...args);
    }) as typeof fetch;
    try {
      expect(await resolver.resolve(COOKIE)).toBeNull();
      expect(await resolver.resolve(COOKIE)).toBeNull();
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(hops).toBe(2);
  });

  it('keeps the cache bounded, dropping the least recently used', async () => {
    const { account } = await setup();
    const resolver = createSessionResolver({
      accountUrl: () => account.url,
      identityKeys: SECRET,
      ttlMs: 30_000,
      clock: Date.now,
      logger: silentLogger,
      maxEntries: 2,
    });
    const a = cookieValue('a');
    const b = cookieValue('b');
    const c = cookieValue('d');
    await resolver.resolve(a);
    await resolver.resolve(b);
    await resolver.resolve(a); // a is now the most recent
    await resolver.resolve(c); // drops b
    expect(account.state.hops).toBe(3);
    await resolver.resolve(a);
    expect(account.state.hops).toBe(3);
    await resolver.resolve(b);
    expect(account.state.hops).toBe(4);
  });
});
