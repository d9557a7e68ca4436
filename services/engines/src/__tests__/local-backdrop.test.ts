import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createRandom } from '../local/random.js';
import { backdropSvg, type Stage } from '../local/scene-backdrop.js';
import { renderSceneLayers } from '../local/text-to-image.js';

describe('local textToImage stage', () => {
  it('stands the figure on the right third of a 16:9 frame (the masthead takes the left) and centred on portrait frames', async () => {
    for (const [aspectRatio, low, high] of [
      ['16:9', 0.55, 0.75],
      ['2:3', 0.4, 0.6],
    ] as const) {
      const layers = await renderSceneLayers({ prompt: 'camel trench coat, full body', aspectRatio, seed: 6 });
      const { left, right } = layers.figureBox;
      const centre = (left + right) / 2 / layers.width;
      expect(centre, aspectRatio).toBeGreaterThan(low);
      expect(centre, aspectRatio).toBeLessThan(high);
      // A full-length figure: feet near the floor line, head below the top of the frame.
      expect(layers.figureBox.top / layers.height, aspectRatio).toBeGreaterThan(0.1);
      expect(layers.figureBox.bottom / layers.height, aspectRatio).toBeLessThan(0.96);
    }
  }, 60_000);

  it('draws the pose a prompt asks for (hands on hips spread the elbows; crossed arms keep them in)', async () => {
    const width = async (prompt: string) => {
      const { figureBox, width: w } = await renderSceneLayers({ prompt, aspectRatio: '2:3', seed: 6 });
      return (figureBox.right - figureBox.left) / w;
    };
    expect(await width('hands on hips, black jumpsuit, full body, studio')).toBeGreaterThan((await width('arms crossed, black jumpsuit, full body, studio')) + 0.05);
  }, 60_000);

  it('covers every pixel of the set: no gap between buildings or at a hedge\'s end shows through as black', async () => {
    const [w, h] = [512, 768];
    const stage: Stage = { width: w, height: h, floorY: h * 0.88, horizon: h * 0.88 - (h * 0.72) / 8 * 2.4, figureX: w / 2, unit: (h * 0.72) / 8, palette: ['#c8b8a6'] };
    for (const setting of ['city', 'street', 'garden', 'beach', 'desert', 'snow', 'runway', 'interior', 'studio'] as const) {
      for (const light of ['sunset', 'night', 'soft'] as const) {
        const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${backdropSvg(setting, light, stage, createRandom(7))}</svg>`;
        const { data } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
        let open = 0;
        for (let i = 3; i < data.length; i += 4) if (data[i]! < 255) open += 1;
        expect(open, `${setting} at ${light}`).toBe(0);
      }
    }
  }, 60_000);

  it('lights the runway behind the model, so a black dress stands out from the dark (it was lost in it)', async () => {
    const [w, h] = [512, 768];
    const unit = (h * 0.72) / 8;
    const stage: Stage = { width: w, height: h, floorY: h * 0.88, horizon: h * 0.88 - unit * 2.4, figureX: w / 2, unit, palette: ['#c8b8a6'] };
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${backdropSvg('runway', 'flash', stage, createRandom(7))}</svg>`;
    const { data } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const grey = (x: number, y: number) => data[(Math.round(y) * w + Math.round(x)) * 3]!;
    // Behind the chest, against the dark at the side at the same height: a black garment (#1b1a1c) shows.
    const chestY = stage.horizon - unit * 3.5;
    expect(grey(w / 2, chestY)).toBeGreaterThan(0x1b + 40);
    expect(grey(w * 0.05, chestY)).toBeLessThan(0x1b + 10);
  }, 60_000);

  it('draws rain falling and autumn in the air over the set the seed draws without them', async () => {
    const [w, h] = [600, 900];
    const stage: Stage = { width: w, height: h, floorY: h * 0.88, horizon: h * 0.88 - ((h * 0.72) / 8) * 2.4, figureX: w / 2, unit: (h * 0.72) / 8, palette: ['#c8b8a6'] };
    const plain = backdropSvg('street', 'overcast', stage, createRandom(7));
    const rainy = backdropSvg('street', 'overcast', stage, createRandom(7), 'rain');
    expect(rainy.startsWith(plain)).toBe(true);
    expect(rainy.slice(plain.length).match(/<path [^>]*stroke="#ffffff"/g)?.length).toBeGreaterThan(150);
    // In autumn a garden's trees turn: no green crown is left, and leaves fall in front of it.
    const summer = backdropSvg('garden', 'soft', stage, createRandom(7));
    const autumn = backdropSvg('garden', 'soft', stage, createRandom(7), 'autumn');
    const crowns = (svg: string) => [...svg.matchAll(/<circle [^>]*r="(\d+\.\d)" fill="(#[0-9a-f]{6})"\/>/g)].filter(([, r]) => Number(r) > stage.unit).map(([, , fill]) => fill!);
    const green = (hex: string) => parseInt(hex.slice(3, 5), 16) > parseInt(hex.slice(1, 3), 16) + 10;
    expect(crowns(summer).length).toBeGreaterThan(5);
    expect(crowns(summer).every(green)).toBe(true);
    expect(crowns(autumn).length).toBe(crowns(summer).length);
    expect(crowns(autumn).some(green)).toBe(false);
    expect(autumn.match(/<ellipse [^>]*rotate\(/g)?.length).toBeGreaterThan(30);
  });

  it('draws snow falling on a city and lying on its ground (a snowy city was drawn dry)', async () => {
    const [w, h] = [600, 900];
    const stage: Stage = { width: w, height: h, floorY: h * 0.88, horizon: h * 0.88 - ((h * 0.72) / 8) * 2.4, figureX: w / 2, unit: (h * 0.72) / 8, palette: ['#c8b8a6'] };
    const lightness = async (svg: string, top: number) => {
      const { data } = await sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${svg}</svg>`)).extract({ left: 0, top: Math.round(top), width: w, height: h - Math.round(top) }).greyscale().raw().toBuffer({ resolveWithObject: true });
      return data.reduce((sum, v) => sum + v, 0) / data.length / 255;
    };
    for (const setting of ['city', 'street', 'garden'] as const) {
      const dry = backdropSvg(setting, 'overcast', stage, createRandom(7));
      const snowy = backdropSvg(setting, 'overcast', stage, createRandom(7), 'snow');
      // The ground in front of the horizon is white, and flakes fall over the whole frame.
      expect(await lightness(snowy, stage.floorY), setting).toBeGreaterThan(0.75);
      expect(await lightness(snowy, stage.floorY) - (await lightness(dry, stage.floorY)), setting).toBeGreaterThan(0.1);
      expect(snowy.match(/<circle [^>]*fill="#ffffff"/g)!.length - (dry.match(/<circle [^>]*fill="#ffffff"/g)?.length ?? 0), setting).toBeGreaterThan(200);
    }
  });
});
