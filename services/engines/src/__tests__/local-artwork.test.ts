import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderArtwork } from '../index.js';
import { IMAGE_SIZES, localTextToImage } from '../local/text-to-image.js';

// The product's own artwork (packages/artwork) is the local scene without a user's result's typography.
describe('renderArtwork', () => {
  const input = { prompt: 'woman in a camel trench coat on a city crosswalk at golden hour, full body', aspectRatio: '3:4' as const, seed: 13 };

  it('draws the same scene as the still, at the ratio\'s size, without the masthead and the caption', async () => {
    const [art, still] = await Promise.all([renderArtwork(input), localTextToImage(input)]);
    const { width, height } = IMAGE_SIZES['3:4'];
    expect(await sharp(art).metadata()).toMatchObject({ format: 'png', width, height });
    const raw = async (png: Buffer) => sharp(png).removeAlpha().raw().toBuffer();
    const [a, b] = [await raw(art), await raw(still.data)];
    // Mean difference per band of rows: the masthead (top) and the caption line (bottom) differ, the figure does not.
    const band = (from: number, to: number) => {
      let sum = 0;
      for (let i = Math.floor(from * height) * width * 3; i < Math.floor(to * height) * width * 3; i += 1) sum += Math.abs(a[i]! - b[i]!);
      return sum / ((Math.floor(to * height) - Math.floor(from * height)) * width * 3);
    };
    const middle = band(0.4, 0.6);
    expect(band(0.03, 0.12)).toBeGreaterThan(middle * 1.5 + 2);
    expect(band(0.94, 0.99)).toBeGreaterThan(middle * 1.2 + 1);
  });

  it('gives the same bytes for the same recipe', async () => {
    const [first, second] = await Promise.all([renderArtwork(input), renderArtwork(input)]);
    expect(first.equals(second)).toBe(true);
  });
});
