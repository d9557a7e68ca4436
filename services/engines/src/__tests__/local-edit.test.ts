import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { EDIT_CAMERAS, EDIT_SHOT_TYPES, EngineInputError, type EditInput, type EngineResult } from '../index.js';
import { planEdit } from '../local/edit-plan.js';
import { createLocalEngine } from '../local/index.js';
import { localBadgeBox, localMarkOf, localMarkXmp } from '../local/render.js';
import { EDIT_PHOTO, editTestPhoto, productPhoto, solidPng } from './fixtures.js';
import { readLocalRecipe } from '../local/text-to-image.js';

const engine = createLocalEngine();
const W = 480;
const H = 640;
let photo: Buffer;

beforeAll(async () => {
  photo = await editTestPhoto(W, H);
});

interface Raw {
  data: Buffer;
  width: number;
  height: number;
}
type Box = { left: number; top: number; right: number; bottom: number };

async function raw(image: Buffer): Promise<Raw> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const luma = (d: Buffer, p: number) => 0.299 * d[p]! + 0.587 * d[p + 1]! + 0.114 * d[p + 2]!;

function pixelsIn(img: Raw, box: Box, each: (p: number, x: number, y: number) => void): void {
  for (let y = Math.round(box.top * img.height); y < Math.round(box.bottom * img.height); y++) {
    for (let x = Math.round(box.left * img.width); x < Math.round(box.right * img.width); x++) each((y * img.width + x) * 3, x, y);
  }
}

const WHOLE: Box = { left: 0, top: 0, right: 1, bottom: 1 };

function meanRgb(img: Raw, box: Box = WHOLE): [number, number, number] {
  const sum = [0, 0, 0];
  let n = 0;
  pixelsIn(img, box, (p) => {
    sum[0]! += img.data[p]!;
    sum[1]! += img.data[p + 1]!;
    sum[2]! += img.data[p + 2]!;
    n++;
  });
  return sum.map((s) => s / n) as [number, number, number];
}

function meanLuma(img: Raw, box: Box = WHOLE): number {
  const [r, g, b] = meanRgb(img, box);
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

function lumaSpread(img: Raw, box: Box = WHOLE): number {
  const values: number[] = [];
  pixelsIn(img, box, (p) => values.push(luma(img.data, p)));
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / values.length);
}

/** Mean squared difference of each pixel's luma from its 3×3 neighbourhood's: fine texture. */
function fineTexture(img: Raw, box: Box): number {
  let sum = 0;
  let n = 0;
  pixelsIn(img, box, (p, x, y) => {
    let around = 0;
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) around += luma(img.data, ((y + dy) * img.width + x + dx) * 3);
    sum += (luma(img.data, p) - around / 9) ** 2;
    n++;
  });
  return sum / n;
}

function meanAbsDifference(a: Raw, b: Raw, box: Box = WHOLE): number {
  let sum = 0;
  let n = 0;
  pixelsIn(a, box, (p) => {
    sum += Math.abs(a.data[p]! - b.data[p]!) + Math.abs(a.data[p + 1]! - b.data[p + 1]!) + Math.abs(a.data[p + 2]! - b.data[p + 2]!);
    n += 3;
  });
  return sum / n;
}

/** The centre of the pixels close to a marker colour, in pixels, or null when it is out of the frame. */
function markerAt(img: Raw, colour: [number, number, number], box: Box = WHOLE): { x: number; y: number } | null {
  let sx = 0;
  let sy = 0;
  let n = 0;
  pixelsIn(img, box, (p, x, y) => {
    if (Math.abs(img.data[p]! - colour[0]) + Math.abs(img.data[p + 1]! - colour[1]) + Math.abs(img.data[p + 2]! - colour[2]) < 90) {
      sx += x;
      sy += y;
      n++;
    }
  });
  return n >= 12 ? { x: sx / n, y: sy / n } : null;
}
const GREEN: [number, number, number] = [30, 200, 60];
const MAGENTA: [number, number, number] = [210, 40, 200];
const EYES: [number, number, number] = [45, 32, 28];

/** The luma structure on a coarse grid (edges and layout, not colour): mean abs difference of z-scored 24×32 copies. */
async function structureDifference(a: Buffer, b: Buffer): Promise<number> {
  const grid = async (image: Buffer) => {
    const data = await sharp(image).greyscale().resize(24, 32, { fit: 'fill' }).raw().toBuffer();
    const values = [...data];
    const mean = values.reduce((s, v) => s + v, 0) / values.length;
    const spread = Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / values.length) || 1;
    return values.map((v) => (v - mean) / spread);
  };
  const [x, y] = await Promise.all([grid(a), grid(b)]);
  return x.reduce((s, v, i) => s + Math.abs(v - y[i]!), 0) / x.length;
}

const edit = (input: Partial<EditInput>) => engine.edit({ prompt: 'Enhance Skin', model: 'nano-banana', images: [photo], seed: 7, ...input });

describe('local edit: the plan read from the prompt and settings', () => {
  it('recognises the chips, hours, flash and other looks anywhere in the prompt', () => {
    expect(planEdit('Enhance Skin')).toMatchObject({ skin: true, timeOfDay: null, flash: false, camera: 'Default', shotType: 'Default' });
    expect(planEdit('Change Time of Day').timeOfDay).toBe('golden hour');
    expect(planEdit('iPhone Flash').flash).toBe(true);
    expect(planEdit('turn this sunset into night').timeOfDay).toBe('night');
    expect(planEdit('soft blue hour light').timeOfDay).toBe('blue hour');
    expect(planEdit('a bright and airy black and white look').recipes).toEqual(['monochrome', 'airy']);
    expect(planEdit('a black dress, evening gown').recipes).toEqual([]);
  });

  it("reads the client's composed camera and shot type, and does not take the camera's words for looks", () => {
    const plan = planEdit('Enhance Skin. Shot with simulated analog 120 Kodak Portra film. Macro Shot perspective');
    expect(plan).toMatchObject({ skin: true, camera: 'simulated analog 120 Kodak Portra film', shotType: 'Macro Shot', recipes: [] });
    expect(planEdit('retro. Shot with Hasselblad H6D-100c 100mm f/2.2').camera).toBe('Hasselblad H6D-100c 100mm f/2.2');
    // Explicit settings win over the prompt.
    expect(planEdit('Shot with Leica M11 35mm f/1.4', 'DSLR 85mm f/1.4', 'High Angle')).toMatchObject({ camera: 'DSLR 85mm f/1.4', shotType: 'High Angle' });
    expect(() => planEdit('x', 'Polaroid')).toThrow(EngineInputError);
    expect(() => planEdit('x', undefined, 'Dutch Angle')).toThrow(EngineInputError);
  });
});

describe('local edit: the quick chips', () => {
  let before: Raw;
  let skin: EngineResult;
  let time: EngineResult;
  let flash: EngineResult;
  beforeAll(async () => {
    before = await raw(photo);
    [skin, time, flash] = await Promise.all([edit({ prompt: 'Enhance Skin' }), edit({ prompt: 'Change Time of Day' }), edit({ prompt: 'iPhone Flash' })]);
  });

  it('Enhance Skin smooths the skin and leaves the wall alone', async () => {
    const after = await raw(skin.data);
    expect(skin.applied).toEqual(['skin retouch']);
    expect(skin.model).toBe('local/edit:skin');
    expect(fineTexture(after, EDIT_PHOTO.skin)).toBeLessThan(fineTexture(before, EDIT_PHOTO.skin) * 0.35);
    // The wall differs by no more than JPEG's own error.
    const jpegError = meanAbsDifference(before, await raw(await sharp(photo).jpeg({ quality: 92 }).toBuffer()), EDIT_PHOTO.wall);
    expect(meanAbsDifference(before, after, EDIT_PHOTO.wall)).toBeLessThan(jpegError + 0.3);
  });

  it('Change Time of Day warms the picture towards golden hour; night darkens and cools it', async () => {
    const after = await raw(time.data);
    expect(time.applied).toEqual(['golden hour']);
    const warmth = (rgb: number[]) => rgb[0]! / rgb[2]!;
    expect(warmth(meanRgb(after))).toBeGreaterThan(warmth(meanRgb(before)) * 1.25);
    const night = await raw((await edit({ prompt: 'make it night' })).data);
    expect(meanLuma(night)).toBeLessThan(meanLuma(before) * 0.7);
    expect(warmth(meanRgb(night))).toBeLessThan(warmth(meanRgb(before)) * 0.85);
  });

  it('iPhone Flash lights the face and darkens the edges, with more contrast', async () => {
    const after = await raw(flash.data);
    expect(flash.applied).toEqual(['iPhone flash']);
    const face = { left: 0.4, top: 0.22, right: 0.6, bottom: 0.38 };
    const edges = { left: 0, top: 0.6, right: 0.12, bottom: 1 };
    const ratio = (img: Raw) => meanLuma(img, face) / meanLuma(img, edges);
    expect(ratio(after)).toBeGreaterThan(ratio(before) * 1.5);
    expect(lumaSpread(after)).toBeGreaterThan(lumaSpread(before) * 1.15);
  });

  it('the three chips make three different pictures', async () => {
    const [a, b, c] = await Promise.all([raw(skin.data), raw(time.data), raw(flash.data)]);
    for (const [x, y] of [
      [a, b],
      [a, c],
      [b, c],
    ] as const) {
      expect(meanAbsDifference(x, y)).toBeGreaterThan(8);
    }
  });
});

describe('local edit: cameras', () => {
  it("renders each camera's character: every camera differs from Default and from every other camera", async () => {
    const results = await Promise.all(EDIT_CAMERAS.map((camera) => edit({ camera })));
    const images = await Promise.all(results.map((r) => raw(r.data)));
    for (let i = 0; i < images.length; i++) {
      for (let j = i + 1; j < images.length; j++) {
        const d = meanAbsDifference(images[i]!, images[j]!);
        expect(d, `${EDIT_CAMERAS[i]} vs ${EDIT_CAMERAS[j]}`).toBeGreaterThan(4);
      }
    }
    expect(results[0]!.applied).toEqual(['skin retouch']);
    expect(results[7]!.model).toBe('local/edit:skin+portra');
    expect(results.every((r) => r.width === W && r.height === H)).toBe(true);
  });

  it('the wide lenses bend straight lines; the fast lenses blur the background, not the face', async () => {
    const [plain, sony, canon] = await Promise.all([edit({}), edit({ camera: 'Sony A7R V 24mm f/1.4' }), edit({ camera: 'Canon EOS R5 50mm f/1.2' })]);
    const [p, s, c] = await Promise.all([raw(plain.data), raw(sony.data), raw(canon.data)]);
    // Barrel distortion magnifies the middle more than the edges: the eyes (near the middle) move out
    // from the centre proportionally more than the marker (near the edge).
    const top = { left: 0, top: 0, right: 1, bottom: 0.5 };
    const outwards = (colour: [number, number, number]) => {
      const [a, b] = [markerAt(p, colour, top)!, markerAt(s, colour, top)!];
      return Math.hypot(b.x - W / 2, b.y - H / 2) / Math.hypot(a.x - W / 2, a.y - H / 2);
    };
    expect(outwards(EYES)).toBeGreaterThan(outwards(GREEN) + 0.02);
    // The wall's stripes are blurred away; the face keeps its place and its features.
    expect(fineTexture(c, EDIT_PHOTO.wall)).toBeLessThan(fineTexture(p, EDIT_PHOTO.wall) * 0.3);
    expect(meanAbsDifference(p, c, { left: 0.44, top: 0.25, right: 0.56, bottom: 0.3 })).toBeLessThan(12);
  });
});

describe('local edit: shot types', () => {
  it('reframes for each shot type (the layout moves, not just the colours), keeping the size', async () => {
    const results = await Promise.all(EDIT_SHOT_TYPES.map((shotType) => edit({ shotType })));
    expect(results.map((r) => [r.width, r.height])).toEqual(EDIT_SHOT_TYPES.map(() => [W, H]));
    expect(results[2]!.model).toBe('local/edit:skin+macro-shot');
    for (let i = 0; i < results.length; i++) {
      for (let j = i + 1; j < results.length; j++) {
        expect(await structureDifference(results[i]!.data, results[j]!.data), `${EDIT_SHOT_TYPES[i]} vs ${EDIT_SHOT_TYPES[j]}`).toBeGreaterThan(0.15);
      }
    }
  });

  it('High Angle brings the top nearer than the bottom; Macro and Medium Close Up enlarge the face; Profile moves it aside', async () => {
    const [plain, high, macro, closeUp, profile] = await Promise.all(EDIT_SHOT_TYPES.map((shotType) => edit({ shotType }).then((r) => raw(r.data))));
    const spread = (img: Raw) => (W / 2 - markerAt(img, GREEN)!.x) / (W / 2 - markerAt(img, MAGENTA)!.x);
    expect(spread(plain!)).toBeCloseTo(1, 1);
    expect(spread(high!)).toBeGreaterThan(1.12);

    const skinShare = (img: Raw) => {
      let n = 0;
      pixelsIn(img, WHOLE, (p) => {
        const [r, g, b] = [img.data[p]!, img.data[p + 1]!, img.data[p + 2]!];
        if (r > 150 && r - b > 55 && g > 100 && g < r) n++;
      });
      return n / (img.width * img.height);
    };
    expect(skinShare(macro!)).toBeGreaterThan(skinShare(plain!) * 5);
    expect(skinShare(closeUp!)).toBeGreaterThan(skinShare(plain!) * 2.2);
    // Medium close up keeps the top: the bottom marker is cropped away.
    expect(markerAt(closeUp!, MAGENTA)).toBeNull();
    // Profile: the face is off-centre.
    const faceX = (img: Raw) => {
      let sum = 0;
      let n = 0;
      pixelsIn(img, { left: 0, top: 0, right: 1, bottom: 0.5 }, (p, x) => {
        if (img.data[p]! > 150 && img.data[p]! - img.data[p + 2]! > 55) {
          sum += x;
          n++;
        }
      });
      return sum / n / img.width;
    };
    expect(Math.abs(faceX(plain!) - 0.5)).toBeLessThan(0.03);
    expect(Math.abs(faceX(profile!) - 0.5)).toBeGreaterThan(0.06);
  });
});

describe('local edit: reference palette, determinism, label, sizes', () => {
  it("carries the first reference's palette over", async () => {
    const reference = await solidPng(200, 200, '#d9822b');
    const [plain, matched] = await Promise.all([edit({ prompt: 'match the colours' }), edit({ prompt: 'match the colours', images: [photo, reference, await solidPng(64, 64, '#0000ff')] })]);
    expect(matched.applied).toEqual(['reference palette']);
    const target = [0xd9, 0x82, 0x2b];
    const distance = (rgb: number[]) => Math.hypot(...rgb.map((v, i) => v - target[i]!));
    const [before, after] = [meanRgb(await raw(plain.data)), meanRgb(await raw(matched.data))];
    expect(distance(after)).toBeLessThan(distance(before) * 0.65);
  });

  it('dresses the person in the reference when asked to ("put her in this dress" cast its pink over everything)', async () => {
    const engine = createLocalEngine();
    const still = await engine.textToImage({ prompt: 'woman in a black slip dress, studio, full body', aspectRatio: '2:3', seed: 4 });
    const dress = await productPhoto('dress', '#c2185b');
    const dressed = await engine.edit({ prompt: 'put her in this dress', model: 'nano-banana', images: [still.data, dress] });
    expect(dressed.model).toBe('local/edit:dress-up');
    expect(dressed.applied).toEqual(['dressed in the reference slip dress']);
    const recipe = await readLocalRecipe(dressed.data);
    expect(recipe?.wearing).toEqual([expect.objectContaining({ garment: 'slip dress', print: 'polka dot' })]);
    // With a look asked too, both; without such words, the reference is a palette as before.
    const golden = await engine.edit({ prompt: 'put her in this dress, golden hour', model: 'nano-banana', images: [still.data, dress] });
    expect(golden.applied).toEqual(['dressed in the reference slip dress', 'golden hour']);
    const palette = await engine.edit({ prompt: 'match the colours in this photo', model: 'nano-banana', images: [still.data, dress] });
    expect(palette.applied).toEqual(['reference palette']);
    // Describing the person in the main photo is not asking to dress her in the reference.
    const described = await engine.edit({ prompt: 'warm up the woman in this dress with the reference palette', model: 'nano-banana', images: [still.data, dress] });
    expect(described.applied).toEqual(['reference palette', 'warm']);
  }, 60_000);

  it('is deterministic for the same input and seed; the seed changes the grain', async () => {
    const input = { camera: 'simulated analog 120 Kodak Portra film', shotType: 'Profile Shot', prompt: 'iPhone Flash, golden hour' };
    const [a, b, c] = await Promise.all([edit(input), edit(input), edit({ ...input, seed: 8 })]);
    expect(a.data.equals(b.data)).toBe(true);
    expect(a.data.equals(c.data)).toBe(false);
    expect(a.applied).toEqual(['golden hour', 'iPhone flash', 'Kodak Portra', 'Profile Shot']);
  });

  it('marks the result as local once: the badge, or the mark the main image already shows where nothing moved it', async () => {
    const plain = await edit({});
    expect(plain.contentType).toBe('image/jpeg');
    expect(await localMarkOf(plain.data)).toEqual(expect.objectContaining({ left: expect.closeTo(localBadgeBox(W, H).left, 3) }));

    const box = { left: 0.7, top: 0.95, right: 0.97, bottom: 0.98 };
    const marked = await sharp(photo).withXmp(localMarkXmp(box)).png().toBuffer();
    const kept = await edit({ images: [marked] });
    expect(await localMarkOf(kept.data)).toEqual(box);
    // No pill is drawn: the two differ where the badge is, and nowhere else.
    const [withBadge, without] = await Promise.all([raw(plain.data), raw(kept.data)]);
    expect(meanAbsDifference(withBadge, without, localBadgeBox(W, H))).toBeGreaterThan(20);
    expect(meanAbsDifference(withBadge, without, EDIT_PHOTO.wall)).toBeLessThan(0.5);
    const moved = await edit({ images: [marked], shotType: 'Macro Shot' });
    expect((await localMarkOf(moved.data))?.left).toBeCloseTo(localBadgeBox(W, H).left, 3);
  });

  it("moves a local still's scene under its type: the title stays whole and the head below it", async () => {
    const still = (await engine.textToImage({ prompt: 'woman in a red silk dress on a beach at sunset', aspectRatio: '2:3', seed: 7 })).data;
    const before = await raw(await sharp(still).resize(512, 768).png().toBuffer());
    /** The columns the title's white type spans (a crop cut it: "ED SILK DRESS"). */
    const titleSpan = (img: Raw) => {
      const columns: number[] = [];
      pixelsIn(img, { left: 0, top: 0.02, right: 1, bottom: 0.07 }, (p, x) => {
        if (luma(img.data, p) > 225) columns.push(x);
      });
      return [Math.min(...columns) / img.width, Math.max(...columns) / img.width, columns.length];
    };
    const [left, right, count] = titleSpan(before);
    expect(count).toBeGreaterThan(300);
    for (const shotType of ['Profile Shot', 'Medium Close Up Shot', 'High Angle', 'Macro Shot'] as const) {
      const result = await engine.edit({ prompt: 'Enhance Skin', model: 'nano-banana', images: [still], seed: 7, shotType });
      const after = await raw(await sharp(result.data).resize(512, 768).png().toBuffer());
      const [l, r, n] = titleSpan(after);
      expect(l, shotType).toBeCloseTo(left!, 2);
      expect(r, shotType).toBeCloseTo(right!, 2);
      expect(n! / count!, shotType).toBeGreaterThan(0.8);
      // …while the picture under it moved.
      expect(meanAbsDifference(before, after, { left: 0.2, top: 0.3, right: 0.8, bottom: 0.8 }), shotType).toBeGreaterThan(15);
      // The still's own "Local engine" caption stays where it was, so no second badge is added.
      expect(await localMarkOf(result.data), shotType).toEqual(await localMarkOf(still));
    }
  }, 120_000);

  it('keeps the aspect ratio and works at most 2048 px on the long side', async () => {
    const large = await sharp(photo).resize(2400, 3200).png().toBuffer();
    const result = await edit({ images: [large], shotType: 'Medium Close Up Shot' });
    expect([result.width, result.height]).toEqual([1536, 2048]);
    const meta = await sharp(result.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1536, 2048]);
  });
});

describe('local edit: iPhone Flash without a face', () => {
  it('lights the middle of the frame, not a bright edge read as a figure', async () => {
    // A picture with no one in it: a plain wall and a tall bright shape by its right edge (read as a figure).
    const w = 600;
    const h = 800;
    const flat = await sharp({ create: { width: w, height: h, channels: 3, background: '#5a5f66' } })
      .composite([{ input: { create: { width: 90, height: 560, channels: 3, background: '#e8d9b0' } }, left: 480, top: 160 }])
      .png()
      .toBuffer();
    const [before, after] = [await raw(flat), await raw((await edit({ prompt: 'iPhone Flash', images: [flat] })).data)];
    const gain = ([left, top, right, bottom]: [number, number, number, number]) =>
      meanLuma(after, { left, top, right, bottom }) / meanLuma(before, { left, top, right, bottom });
    // The wall in the middle is lit more than the wall by the right edge (the hotspot is not out there).
    expect(gain([0.45, 0.45, 0.55, 0.55])).toBeGreaterThan(gain([0.96, 0.45, 1, 0.55]));
  }, 30_000);
});
