import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { localStillRecoloured, renderSceneLayers } from '../local/text-to-image.js';
import { dressIn, recolourRequests, understand, understoodOf } from '../local/understand.js';
import { GARMENTS } from '../local/vocabulary.js';

/** The opaque box of a layer, as shares of the frame, and the mean colour inside it. */
async function opaque(png: Buffer) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  let [left, top, right, bottom, n, r, g, b] = [info.width, info.height, -1, -1, 0, 0, 0, 0];
  for (let y = 0; y < info.height; y += 2) {
    for (let x = 0; x < info.width; x += 2) {
      const i = (y * info.width + x) * 4;
      if (data[i + 3]! < 200) continue;
      [left, right, top, bottom] = [Math.min(left, x), Math.max(right, x), Math.min(top, y), Math.max(bottom, y)];
      n += 1;
      r += data[i]!;
      g += data[i + 1]!;
      b += data[i + 2]!;
    }
  }
  return { width: (right - left) / info.width, height: (bottom - top) / info.height, top: top / info.height, mean: [r / n, g / n, b / n].map(Math.round), n };
}

describe('local still lifes: shoes and accessories alone', () => {
  it('reads a product shot of things that are not clothes as those things, with no one wearing them', () => {
    const bag = understand('product shot of a black leather handbag on a white background, no model', undefined, 1);
    expect(bag).toMatchObject({ noPerson: true, setting: 'studio', stillLife: {}, accessories: [{ kind: 'handbag', colour: { name: 'black' } }] });
    expect(understoodOf(bag)).toEqual(expect.arrayContaining([{ label: 'Product', value: 'black handbag' }, { label: 'Figure', value: 'none (product shot)' }]));
    expect(understoodOf(bag).map((u) => u.label)).not.toContain('Garment');
    const heels = understand('red stiletto heels product shot on marble', undefined, 1);
    expect(heels.stillLife?.shoes).toMatchObject({ kind: 'heel', word: 'heels', colour: { name: 'red' } });
    // Things named with no clothes and no one: a still life even without the words "product shot".
    expect(understand('a pair of white sneakers, nothing else', undefined, 1).stillLife?.shoes).toMatchObject({ kind: 'sneaker', colour: { name: 'white' } });
    expect(understand('brown leather ankle boots', undefined, 1).stillLife?.shoes?.kind).toBe('boot');
    expect(understand('gold hoop earrings', undefined, 1).stillLife).toEqual({});
    // Dress Up on a still life: the garment tried on, alone (not the seed's outfit nobody saw).
    const dressed = dressIn(bag, GARMENTS['blazer']!, '#224488');
    expect([dressed.stillLife, dressed.noPerson, dressed.garments.map((g) => g.name)]).toEqual([undefined, true, ['blazer']]);
    // Someone, or clothes, or anything that may be someone named: worn as before.
    for (const prompt of ['woman with a black handbag', 'a cowboy in boots and a hat', 'a child in red sneakers', 'Rihanna in sunglasses on a Paris street', 'close-up portrait, gold hoop earrings', 'curly hair, gold hoops', 'a sari with gold bangles and sandals', 'red heels and a black slip dress', 'model in white sneakers', 'black sunglasses, she walks in the city', 'bride with pearls']) {
      expect(understand(prompt, undefined, 1).stillLife, prompt).toBeUndefined();
    }
  });

  it('recolours no clothes in a still life (the seed\'s garment is not drawn): says so', async () => {
    const recipe = { prompt: 'product shot of a black leather handbag on a white background, no model', aspectRatio: '2:3' as const, seed: 3 };
    await expect(localStillRecoloured(recipe, recolourRequests('change the skirt to navy'))).rejects.toThrow(/This picture shows no skirt to recolour/);
    expect(await localStillRecoloured(recipe, recolourRequests('make it navy'), { strict: false })).toBeNull();
  });

  it('draws the things alone, large, in their colours (a handbag product shot drew a rust coat and no bag)', async () => {
    const bag = await opaque((await renderSceneLayers({ prompt: 'product shot of a black leather handbag on a white background, no model', aspectRatio: '2:3', seed: 3 })).figure);
    expect(bag.width).toBeGreaterThan(0.45);
    expect(bag.height).toBeLessThan(0.5); // not a standing figure
    expect(Math.max(...bag.mean)).toBeLessThan(70);
    const heels = await opaque((await renderSceneLayers({ prompt: 'red stiletto heels product shot on marble', aspectRatio: '2:3', seed: 3 })).figure);
    expect(heels.mean[0]!).toBeGreaterThan(heels.mean[1]! + 60);
    expect(heels.width).toBeGreaterThan(0.45);
    // Two things side by side in a row below the title.
    const two = await renderSceneLayers({ prompt: 'white sneakers and a navy cap, product photo', aspectRatio: '2:3', seed: 3 });
    const row = await opaque(two.figure);
    expect(row.width).toBeGreaterThan(0.6);
    expect(row.top).toBeGreaterThan(0.25);
  });
});
