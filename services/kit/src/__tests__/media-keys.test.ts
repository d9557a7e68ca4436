import { describe, expect, it } from 'vitest';
import { contentTypeOfKey, isMediaKey, mediaKeyFromUrl, mediaKeyId, newMediaKey } from '../media/keys.js';
import { resolveRange } from '../media/range.js';

describe('media keys', () => {
  it('are <prefix>/<yyyy>/<mm>/<32 hex>.<ext> with the month in UTC', () => {
    const key = newMediaKey('video/mp4', 'generations', new Date('2026-01-31T23:30:00-05:00'));
    expect(key).toMatch(/^generations\/2026\/02\/[0-9a-f]{32}\.mp4$/);
    expect(isMediaKey(key)).toBe(true);
    expect(contentTypeOfKey(key)).toBe('video/mp4');
    expect(mediaKeyId(key)).toBe(key.slice(-36, -4));
  });

  it('carry 128 random bits', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => mediaKeyId(newMediaKey('image/png'))));
    expect(ids.size).toBe(1000);
  });

  it('take prefixes of one to three lower-case segments only', () => {
    expect(newMediaKey('image/png', 'a/b/c')).toMatch(/^a\/b\/c\//);
    for (const prefix of ['', 'A', '../x', 'a/../b', 'a/b/c/d', '/a', 'a/', 'a b', 'a.b']) {
      expect(() => newMediaKey('image/png', prefix)).toThrow('Invalid media prefix');
    }
  });

  it('map extensions to content types', () => {
    const id = '0123456789abcdef0123456789abcdef';
    expect(contentTypeOfKey(`u/2026/01/${id}.jpg`)).toBe('image/jpeg');
    expect(contentTypeOfKey(`u/2026/01/${id}.webp`)).toBe('image/webp');
    expect(contentTypeOfKey(`u/2026/01/${id}.webm`)).toBe('video/webm');
    expect(contentTypeOfKey(`u/2026/01/${id}.svg`)).toBeUndefined();
    expect(contentTypeOfKey(`u/2026/01/${id.toUpperCase()}.png`)).toBeUndefined();
  });

  it('come back from our URLs only', () => {
    const key = `uploads/2026/11/${'a'.repeat(32)}.png`;
    expect(mediaKeyFromUrl(`/media/${key}`)).toBe(key);
    expect(mediaKeyFromUrl(`https://atelier.example/media/${key}`, 'https://atelier.example/')).toBe(key);
    expect(mediaKeyFromUrl(`https://atelier.example/media/${key}`)).toBeNull();
    expect(mediaKeyFromUrl(`https://atelier.example.evil.test/media/${key}`, 'https://atelier.example')).toBeNull();
    expect(mediaKeyFromUrl(`https://atelier.example:443/media/${key}`, 'https://atelier.example')).toBeNull();
    expect(mediaKeyFromUrl(42)).toBeNull();
    expect(mediaKeyFromUrl(`/media/${key}`.padEnd(3000, 'x'))).toBeNull();
  });
});

describe('resolveRange', () => {
  it.each([
    [undefined, { kind: 'full' }],
    ['bytes=0-99', { kind: 'partial', range: { start: 0, end: 99 } }],
    ['bytes=100-', { kind: 'partial', range: { start: 100, end: 999 } }],
    ['bytes=-100', { kind: 'partial', range: { start: 900, end: 999 } }],
    ['bytes=-5000', { kind: 'partial', range: { start: 0, end: 999 } }],
    ['bytes=990-5000', { kind: 'partial', range: { start: 990, end: 999 } }],
    ['bytes=999-999', { kind: 'partial', range: { start: 999, end: 999 } }],
    ['bytes=1000-', { kind: 'unsatisfiable' }],
    ['bytes=5000-6000', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    ['bytes=50-10', { kind: 'full' }],
    ['bytes=0-1,5-6', { kind: 'full' }],
    ['items=0-1', { kind: 'full' }],
    ['bytes=-', { kind: 'full' }],
    ['bytes=abc', { kind: 'full' }],
  ])('%s of 1000 bytes → %j', (header, expected) => {
    expect(resolveRange(header, 1000)).toEqual(expected);
  });

  it('never satisfies a range of an empty object', () => {
    expect(resolveRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(resolveRange('bytes=-1', 0)).toEqual({ kind: 'unsatisfiable' });
  });
});
