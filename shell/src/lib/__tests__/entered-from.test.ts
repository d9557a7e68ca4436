import { afterEach, describe, expect, it } from 'vitest';
import { cameFromLightPage, enterFromLightPage } from '../entered-from';

afterEach(() => window.history.replaceState(null, '', '/'));

describe('entering the full app from a light page', () => {
  it('marks a pushed entry so Go Back knows a page of ours lies behind it', () => {
    window.history.replaceState(null, '', '/login');
    expect(cameFromLightPage()).toBe(false);
    const before = window.history.length;
    enterFromLightPage('/privacy');
    expect(window.location.pathname).toBe('/privacy');
    expect(window.history.length).toBe(before + 1);
    expect(cameFromLightPage()).toBe(true);
  });

  it('does not mark a replaced entry (nothing of ours behind it)', () => {
    window.history.replaceState(null, '', '/');
    enterFromLightPage('/app', true);
    expect(window.location.pathname).toBe('/app');
    expect(cameFromLightPage()).toBe(false);
  });

  it('ignores state that others put in history', () => {
    window.history.replaceState({ usr: null, key: 'abc', idx: 0 }, '', '/terms');
    expect(cameFromLightPage()).toBe(false);
  });
});
