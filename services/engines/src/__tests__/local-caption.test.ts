import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createLocalEngine } from '../local/index.js';
import { hasLocalMark, localCaption, localCaptionLayout } from '../local/render.js';
import { fitExcerpt, frameInset, IMAGE_SIZES, promptExcerptLayout } from '../local/text-to-image.js';
import { ASPECT_RATIOS } from '../types.js';
import { personPhoto } from './fixtures.js';

/** The box of the pixels an SVG fragment actually inks (librsvg with the fonts the engine uses). */
async function inkBox(w: number, h: number, fragment: string) {
  const { info } = await sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${fragment}</svg>`))
    .trim({ background: { r: 0, g: 0, b: 0, alpha: 0 }, threshold: 1 })
    .toBuffer({ resolveWithObject: true });
  const left = -(info.trimOffsetLeft ?? 0);
  const top = -(info.trimOffsetTop ?? 0);
  return { left, top, right: left + info.width, bottom: top + info.height };
}

const LONG_PROMPT =
  'an extraordinarily long prompt about a voluminous mohair coat, wide trousers, a silk scarf and a leather bag on a windy pier at dawn';

describe('local engine caption', () => {
  it.each(ASPECT_RATIOS)('keeps "Local engine" inside the frame line, clear of the prompt excerpt, at %s', async (ratio) => {
    const { width: w, height: h } = IMAGE_SIZES[ratio];
    const frame = frameInset(w, h);
    const caption = await inkBox(w, h, localCaption(w, h, '#000000', undefined, frame));
    // Strictly inside the frame rectangle, with room to spare: the line is never crossed.
    expect(caption.right, ratio).toBeLessThan(w - frame - 4);
    expect(caption.bottom, ratio).toBeLessThan(h - frame - 4);
    expect(caption.left, ratio).toBeGreaterThan(frame);
    expect(caption.top, ratio).toBeGreaterThan(frame);
    // The layout's estimate of where the caption starts is generous.
    expect(localCaptionLayout(w, h, frame).left, ratio).toBeLessThanOrEqual(caption.left);

    const small = Math.round(Math.min(w, h) * 0.019);
    const excerpt = promptExcerptLayout(w, h, small);
    const text = fitExcerpt(LONG_PROMPT, excerpt.maxChars);
    expect(text.endsWith('…')).toBe(true);
    const excerptInk = await inkBox(
      w,
      h,
      `<text x="${excerpt.x}" y="${excerpt.baseline}" font-family="DejaVu Serif, serif" font-style="italic" font-size="${excerpt.size}">${text}</text>`,
    );
    expect(excerptInk.right, ratio).toBeLessThan(caption.left);
    expect(excerptInk.left, ratio).toBeGreaterThan(frame);
  });

  it('marks local results in their metadata so a later step does not stamp a second mark; photos are not marked', async () => {
    const engine = createLocalEngine();
    const image = await engine.textToImage({ prompt: 'a red coat', aspectRatio: '1:1', seed: 3 });
    expect(await hasLocalMark(image.data)).toBe(true);
    expect(await hasLocalMark(await personPhoto())).toBe(false);
    expect(await hasLocalMark(Buffer.from('not an image'))).toBe(false);
  });
});
