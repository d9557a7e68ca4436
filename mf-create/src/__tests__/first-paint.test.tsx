// @vitest-environment node
// As the production build runs it: in Node, with no window (packages/federation/remote-config.mjs).
import { describe, expect, it } from 'vitest';
import { CREATE_TABS } from '../constants';
import { firstPaint } from '../first-paint';

describe("the creation studio's first paint", () => {
  it('renders each tab with its heading, intro and form, the gallery still loading', () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
    const screens = firstPaint();
    for (const tab of ['image', 'video', 'dress-up'] as const) {
      const html = screens[`CreateScreen?tab=${tab}`];
      expect(html, tab).toMatch(/^<section data-remote="mf_create"/);
      expect(html, tab).toContain(CREATE_TABS[tab].heading);
      expect(html, tab).toContain(CREATE_TABS[tab].intro);
      expect(html, tab).toContain('<form');
      expect(html, tab).toContain('aria-label="Loading your creations"');
    }
    expect(Object.keys(screens)).toHaveLength(3);
  });
});
