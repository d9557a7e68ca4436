// @vitest-environment node
// As the production build runs it: in Node, with no window (packages/federation/remote-config.mjs).
import { describe, expect, it } from 'vitest';
import { PAGE_TEXTS } from '../constants';
import { firstPaint } from '../first-paint';

describe("the pricing pages' first paint", () => {
  it('renders each variant with its texts, the plans still loading, and no session', () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
    const screens = firstPaint();
    expect(Object.keys(screens).sort()).toEqual([
      'PricingPage?variant=all',
      'PricingPage?variant=in',
      'PricingPage?variant=select',
    ]);
    for (const html of Object.values(screens)) {
      expect(html).toMatch(/^<section data-remote="mf_pricing"/); // its styles apply only inside [data-remote]
      expect(html).toContain(`>${PAGE_TEXTS.title}</h1>`);
      expect(html).toContain(PAGE_TEXTS.intro);
      expect(html).toContain('Loading plans…');
      expect(html).not.toContain('role="dialog"'); // the region picker opens only for a signed-in user
    }
    expect(screens['PricingPage?variant=all']).toContain('aria-label="Billing frequency"');
    expect(screens['PricingPage?variant=in']).toContain(PAGE_TEXTS.idrNote);
  });
});
