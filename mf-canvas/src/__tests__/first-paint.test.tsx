// @vitest-environment node
// As the production build runs it: in Node, with no window (packages/federation/remote-config.mjs).
import { describe, expect, it } from 'vitest';
import { TEXTS } from '../constants';
import { firstPaint } from '../first-paint';

describe("the canvas editor's first paint", () => {
  it('renders the editor with its heading, intro, upload area and prompt, nothing loaded', () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
    const screens = firstPaint();
    expect(Object.keys(screens)).toEqual(['CanvasEditor']);
    const html = screens.CanvasEditor!;
    expect(html).toMatch(/^<section data-remote="mf_canvas"/);
    expect(html).toContain(`>${TEXTS.heading}</h1>`);
    expect(html).toContain(TEXTS.intro);
    expect(html).toContain('Upload a photo');
    expect(html).toContain('<textarea');
  });
});
