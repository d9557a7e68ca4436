import { describe, expect, it } from 'vitest';
import { backdropX, editorialSvg, frameInset, IMAGE_SIZES } from '../local/text-to-image.js';
import type { AspectRatio } from '../types.js';

const preset = { name: 'Quiet Luxury', style: 'Minimal', palette: ['#efe9e1', '#c8b8a6', '#5c4a3a'], composition: 'full-body' };

/** The figure's x from its floor shadow, and the backdrop shape's centre, read from the SVG. */
function stage(aspectRatio: AspectRatio, seed: number) {
  const { svg, width } = editorialSvg({ prompt: 'camel trench coat', preset, aspectRatio, seed });
  const figureX = Number(svg.match(/<ellipse cx="([\d.]+)" cy="[\d.]+" rx="[\d.]+" ry="[\d.]+" fill="#000" opacity="0.32"/)![1]);
  // The backdrop is drawn first, up to its key light.
  const backdrop = svg.slice(0, svg.indexOf('fill="url(#key)"'));
  const arch = backdrop.match(/<path d="M([\d.]+),[\d.]+ L[\d.]+,[\d.]+ A([\d.]+),/);
  const sun = backdrop.match(/<circle cx="([\d.]+)" cy="[\d.]+" r="([\d.]+)"/);
  const shape = arch
    ? { kind: 'arch' as const, x: Number(arch[1]) + Number(arch[2]) }
    : sun
      ? { kind: 'sun' as const, x: Number(sun[1]) }
      : null;
  return { figureX, shape, width };
}

describe('local textToImage backdrop', () => {
  it('stands the arch behind the figure and the sun beside it on 16:9, where the figure is on the right third', () => {
    const seen = new Set<string>();
    for (let seed = 1; seed <= 40; seed++) {
      const { figureX, shape, width } = stage('16:9', seed);
      expect(figureX / width).toBeGreaterThan(0.6);
      if (!shape) continue;
      seen.add(shape.kind);
      if (shape.kind === 'arch') expect(Math.abs(shape.x - figureX), `seed ${seed}`).toBeLessThan(width * 0.01);
      else expect(shape.x - figureX, `seed ${seed}`).toBeGreaterThan(0);
      if (shape.kind === 'sun') expect(shape.x - figureX, `seed ${seed}`).toBeLessThan(width * 0.1);
    }
    // The seeds cover both shapes, so the checks above ran.
    expect([...seen].sort()).toEqual(['arch', 'sun']);
  });

  it('keeps a centred portrait stage as it was, and every shape inside the frame line', () => {
    const { width: w, height: h } = IMAGE_SIZES['2:3'];
    expect(backdropX('arch', w, h, w / 2)).toBe(w / 2);
    expect(backdropX('sun', w, h, w / 2)).toBeCloseTo(w / 2 + w * 0.14);
    for (const ratio of ['16:9', '2:3', '1:1'] as const) {
      const { width, height } = IMAGE_SIZES[ratio];
      const frame = frameInset(width, height);
      const archHalf = Math.min(width * 0.56, height * 0.4) / 2;
      for (const x of [0, width * 0.2, width * 0.85, width]) {
        const centre = backdropX('arch', width, height, x);
        expect(centre - archHalf).toBeGreaterThanOrEqual(frame);
        expect(centre + archHalf).toBeLessThanOrEqual(width - frame);
      }
    }
  });
});
