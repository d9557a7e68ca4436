import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import scopeRemoteCss from '../../postcss/scope-remote-css.mjs';

const input = `@layer theme{:root{--color-ink:#0f0e0d}}
@layer utilities{.hidden{display:none}@media (min-width:64rem){.lg\\:flex{display:flex}}}
@keyframes spin{to{transform:rotate(360deg)}}`;

describe('scopeRemoteCss', () => {
  it('confines utilities to the remote container and leaves theme and keyframes global', async () => {
    const { css } = await postcss([scopeRemoteCss({ remote: 'mf_canvas' })]).process(input, { from: undefined });
    expect(css).toContain('[data-remote="mf_canvas"] .hidden,[data-remote="mf_canvas"].hidden{display:none}');
    expect(css).toContain('[data-remote="mf_canvas"] .lg\\:flex,[data-remote="mf_canvas"].lg\\:flex{display:flex}');
    expect(css).toContain(':root{--color-ink:#0f0e0d}');
    expect(css).toContain('@keyframes spin{to{transform:rotate(360deg)}}');
  });

  it('refuses a name that would break the selector', () => {
    expect(() => scopeRemoteCss({ remote: 'mf"x' })).toThrow('bad remote name');
  });
});
