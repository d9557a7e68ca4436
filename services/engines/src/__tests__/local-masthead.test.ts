import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { frameInset, IMAGE_SIZES, mastheadLayout, mastheadSvg } from '../local/text-to-image.js';
import { inkFor } from '../local/colour.js';
import { ASPECT_RATIOS } from '../types.js';

// Titles a masthead gets: preset names, two words of a prompt, wide capitals, accents, one letter, many words.
const TITLES = [
  'COLOR FIELD',
  'COLOURED SMOKE',
  'CONCEPT SURREAL DESERT',
  'MIDNIGHT MOHAIR WOMENSWEAR',
  'WWWWWWWWWWWWWWWW',
  'EXTRAORDINARILY MAGNIFICENT',
  'ÉTÉ À LA MODE',
  'X',
  'MAXIMALIST WOMENSWEAR MOMENT NUMBER NINETY',
];
const SUBTITLES = ['ABSTRACT · N° 07', 'BEAUTY & MAKEUP · N° 97'];

/** The box of the pixels an SVG actually inks (librsvg with the fonts the engine uses). */
async function inkBox(svg: string) {
  const { info } = await sharp(Buffer.from(svg))
    .trim({ background: { r: 0, g: 0, b: 0, alpha: 0 }, threshold: 1 })
    .toBuffer({ resolveWithObject: true });
  const left = -(info.trimOffsetLeft ?? 0);
  const top = -(info.trimOffsetTop ?? 0);
  return { left, top, right: left + info.width, bottom: top + info.height };
}

describe('local textToImage masthead', () => {
  it('renders every supported aspect ratio at its own size (none is cut from another)', () => {
    for (const ratio of ASPECT_RATIOS) {
      const [rw, rh] = ratio.split(':').map(Number) as [number, number];
      const { width, height } = IMAGE_SIZES[ratio];
      expect(Math.abs(width / height - rw / rh), ratio).toBeLessThan(0.01);
    }
  });

  it.each(ASPECT_RATIOS)('keeps the masthead inside the frame line at %s for every title', async (ratio) => {
    const { width: w, height: h } = IMAGE_SIZES[ratio];
    const frame = frameInset(w, h);
    for (const [i, title] of TITLES.entries()) {
      const layout = mastheadLayout(w, h, title, SUBTITLES[i % SUBTITLES.length]!);
      const where = `${ratio} "${title}"`;
      // The layout's own estimate stays inside the frame line...
      expect(layout.box.left, where).toBeGreaterThan(frame);
      expect(layout.box.right, where).toBeLessThan(w - frame);
      expect(layout.box.top, where).toBeGreaterThan(frame);
      expect(layout.box.bottom, where).toBeLessThan(h - frame);
      expect(layout.size, where).toBeGreaterThanOrEqual(8);
      // ...and so does every inked pixel of the real render, which the estimate contains.
      const ink = await inkBox(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${mastheadSvg(layout, '#000000')}</svg>`,
      );
      expect(ink.left, where).toBeGreaterThan(frame);
      expect(ink.right, where).toBeLessThan(w - frame);
      expect(ink.top, where).toBeGreaterThan(frame);
      expect(ink.bottom, where).toBeLessThan(h - frame);
      expect(ink.left, where).toBeGreaterThanOrEqual(Math.floor(layout.box.left) - 2);
      expect(ink.right, where).toBeLessThanOrEqual(Math.ceil(layout.box.right) + 2);
      expect(ink.top, where).toBeGreaterThanOrEqual(Math.floor(layout.box.top) - 2);
      expect(ink.bottom, where).toBeLessThanOrEqual(Math.ceil(layout.box.bottom) + 2);
    }
  });

  it('stacks a landscape title on at most three lines, keeping every word', () => {
    const { width, height } = IMAGE_SIZES['16:9'];
    const layout = mastheadLayout(
      width,
      height,
      'MAXIMALIST WOMENSWEAR MOMENT NUMBER NINETY',
      'EDITORIAL · N° 01',
    );
    expect(layout.lines).toEqual(['MAXIMALIST', 'WOMENSWEAR', 'MOMENT NUMBER NINETY']);
    const portrait = mastheadLayout(
      IMAGE_SIZES['4:5'].width,
      IMAGE_SIZES['4:5'].height,
      'COLOR FIELD',
      'ABSTRACT · N° 07',
    );
    expect(portrait.lines).toEqual(['COLOR FIELD']);
    expect(portrait.anchor).toBe('middle');
  });
});

describe('the masthead subtitle', () => {
  it('has a faint halo of the opposite tone, drawn under its letters, to read across a backdrop shape', () => {
    const layout = mastheadLayout(1080, 1440, 'CAMEL COAT', 'EDITORIAL · N° 48');
    for (const ink of ['#111111', '#f4f1ea']) {
      const subtitle = mastheadSvg(layout, ink).split('<text').pop()!;
      expect(subtitle).toContain(`stroke="${inkFor(ink)}"`);
      expect(subtitle).toContain('paint-order="stroke"');
    }
  });
});
