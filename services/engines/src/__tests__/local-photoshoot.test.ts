import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { characterLookSchema, EngineInputError, HOUSE_CAST, parseCharacterLook, POSE_COUNT, readImageLook, type CharacterLook, type EngineResult } from '../index.js';
import { lookFromDescription, studioLandmarks } from '../local/character.js';
import { trousersFor } from '../local/person.js';
import { HAIR_COLOURS, SKIN_TONES } from '../local/palettes.js';
import { parseHex } from '../local/colour.js';
import { analyseGarment } from '../local/garment.js';
import { createLocalEngine } from '../local/index.js';
import { hasLocalMark } from '../local/render.js';
import { garmentPhoto, personPhoto, personWithHair, productPhoto, solidPng } from './fixtures.js';

const engine = createLocalEngine();
const cast = (key: string) => HOUSE_CAST.find((c) => c.key === key)!;
type Rgb = [number, number, number];
type Point = [number, number];

const distance = (a: Rgb, b: Rgb) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** The median colour of a small square around a point (the film grain and anti-aliasing averaged out). */
async function sample(image: Buffer, [x, y]: Point, radius = 3): Promise<Rgb> {
  const { data } = await sharp(image)
    .extract({ left: Math.round(x - radius), top: Math.round(y - radius), width: radius * 2 + 1, height: radius * 2 + 1 })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const channel = (c: number) => {
    const values: number[] = [];
    for (let i = c; i < data.length; i += 3) values.push(data[i]!);
    return values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  };
  return [channel(0), channel(1), channel(2)];
}

/** The mean colour of a box around a centre. */
async function mean(image: Buffer, box: { centre: Point; halfWidth: number; halfHeight: number }): Promise<Rgb> {
  const region = {
    left: Math.round(box.centre[0] - box.halfWidth),
    top: Math.round(box.centre[1] - box.halfHeight),
    width: Math.round(box.halfWidth * 2),
    height: Math.round(box.halfHeight * 2),
  };
  const stats = await sharp(await sharp(image).extract(region).png().toBuffer()).stats();
  return stats.channels.slice(0, 3).map((c) => c.mean) as Rgb;
}

/** The share of a box's pixels within `tolerance` of a colour. */
async function share(image: Buffer, box: { centre: Point; halfWidth: number; halfHeight: number }, colour: string, tolerance = 48): Promise<number> {
  const target = parseHex(colour);
  const { data } = await sharp(image)
    .extract({
      left: Math.round(box.centre[0] - box.halfWidth),
      top: Math.round(box.centre[1] - box.halfHeight),
      width: Math.round(box.halfWidth * 2),
      height: Math.round(box.halfHeight * 2),
    })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let near = 0;
  for (let i = 0; i < data.length; i += 3) if (distance([data[i]!, data[i + 1]!, data[i + 2]!], target) < tolerance) near++;
  return near / (data.length / 3);
}

/** Mean absolute difference per channel of two images, compared at 128×192. */
async function difference(a: Buffer, b: Buffer): Promise<number> {
  const small = (image: Buffer) => sharp(image).resize(128, 192, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  const [x, y] = await Promise.all([small(a), small(b)]);
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += Math.abs(x[i]! - y[i]!);
  return sum / x.length;
}

async function identity(image: Buffer, look: CharacterLook, poseIndex: number) {
  const marks = studioLandmarks(look, poseIndex);
  return { skin: await sample(image, marks.cheek), hair: await sample(image, marks.hair), face: await mean(image, marks.face) };
}

describe('local photoshoot: one character in ten poses', () => {
  const lena = cast('house-lena');
  const malik = cast('house-malik');
  let preview: EngineResult;
  let poses: EngineResult[];
  let others: EngineResult[];
  let garment: Buffer;

  beforeAll(async () => {
    garment = await garmentPhoto();
    preview = await engine.characterPreview({ description: lena.description, seed: 1, poseIndex: 0, look: lena.look });
    const malikPreview = await engine.characterPreview({ description: malik.description, seed: 1, poseIndex: 0, look: malik.look });
    [poses, others] = await Promise.all([
      Promise.all(Array.from({ length: POSE_COUNT }, (_, poseIndex) => engine.photoshootPose({ characterImage: preview.data, garment, poseIndex }))),
      Promise.all([0, 4, 8].map((poseIndex) => engine.photoshootPose({ characterImage: malikPreview.data, garment, poseIndex }))),
    ]);
  }, 240_000);

  it('makes ten different pictures', async () => {
    expect(poses).toHaveLength(10);
    for (let a = 0; a < poses.length; a++) {
      for (let b = a + 1; b < poses.length; b++) {
        expect(await difference(poses[a]!.data, poses[b]!.data), `poses ${a + 1} and ${b + 1}`).toBeGreaterThan(4);
      }
    }
  });

  it('pose 10 ("leaning … as if against a wall") has a pillar under its outstretched hand; other poses stand free', async () => {
    const { hands, unit } = studioLandmarks(lena.look, 9);
    const figureX = studioLandmarks(lena.look, 9).chest.centre[0];
    const hand = [...hands].sort((a, b) => Math.abs(b[0] - figureX) - Math.abs(a[0] - figureX))[0]!;
    const side = hand[0] < figureX ? -1 : 1;
    // Above the hand: the pillar's front face under the hand's tip, its darker inner side face just inwards.
    const y = hand[1] - 3 * unit;
    const luma = ([r, g, b]: Rgb) => 0.299 * r + 0.587 * g + 0.114 * b;
    const frontFace = luma(await sample(poses[9]!.data, [hand[0], y]));
    const sideFace = luma(await sample(poses[9]!.data, [hand[0] - side * 0.44 * unit, y]));
    expect(frontFace - sideFace).toBeGreaterThan(20);
    const free = luma(await sample(poses[0]!.data, [hand[0], y])) - luma(await sample(poses[0]!.data, [hand[0] - side * 0.44 * unit, y]));
    expect(Math.abs(free)).toBeLessThan(6);
  });

  it('a hand on the hip (poses 2 and 3) rests at the side of the waist, its fingers down along it, not over the middle', () => {
    for (const look of [lena.look, malik.look]) {
      for (const [poseIndex, onHip] of [[1, [0, 1]], [2, [1]]] as const) {
        const { hands, chest, unit } = studioLandmarks(look, poseIndex);
        for (const i of onHip) expect(Math.abs(hands[i]![0] - chest.centre[0]) / unit, `pose ${poseIndex + 1}, hand ${i}`).toBeGreaterThan(0.3);
      }
    }
  });

  it('pose 8 ("body turned three-quarters") shows a body narrower than the front pose, as a turned one is seen', async () => {
    /** The torso's width a head below the chest (under the sleeves): what differs from the wall, bare arms apart. */
    const widthAtChest = async (image: Buffer, poseIndex: number) => {
      const { chest, unit } = studioLandmarks(lena.look, poseIndex);
      const y = Math.round(chest.centre[1] + unit);
      const { data, info } = await sharp(image).removeAlpha().extract({ left: 0, top: y, width: 1024, height: 1 }).raw().toBuffer({ resolveWithObject: true });
      const wall: Rgb = [data[15]!, data[16]!, data[17]!];
      const skin = parseHex(lena.look.skin);
      let n = 0;
      for (let x = 0; x < info.width; x++) {
        const rgb: Rgb = [data[x * 3]!, data[x * 3 + 1]!, data[x * 3 + 2]!];
        if (distance(rgb, wall) > 30 && distance(rgb, skin) > 40) n++;
      }
      return n;
    };
    expect(await widthAtChest(poses[7]!.data, 7)).toBeLessThan(0.85 * (await widthAtChest(poses[0]!.data, 0)));
  });

  it('reads the look the preview wrote into its XMP and writes it into every pose', async () => {
    expect(await readImageLook(preview.data)).toEqual(lena.look);
    for (const pose of poses) expect(await readImageLook(pose.data)).toEqual(lena.look);
  });

  it('keeps the same skin, hair and face in every pose, and they are not another character\'s', async () => {
    const reference = await identity(poses[0]!.data, lena.look, 0);
    // The drawn skin and hair are the look's own colours (lit, so not exactly).
    expect(distance(reference.skin, parseHex(lena.look.skin))).toBeLessThan(30);
    expect(distance(reference.hair, parseHex(lena.look.hair))).toBeLessThan(40);
    for (let poseIndex = 1; poseIndex < POSE_COUNT; poseIndex++) {
      const seen = await identity(poses[poseIndex]!.data, lena.look, poseIndex);
      expect(distance(seen.skin, reference.skin), `skin in pose ${poseIndex + 1}`).toBeLessThan(14);
      expect(distance(seen.hair, reference.hair), `hair in pose ${poseIndex + 1}`).toBeLessThan(16);
      expect(distance(seen.face, reference.face), `face in pose ${poseIndex + 1}`).toBeLessThan(14);
    }
    for (const [i, poseIndex] of [0, 4, 8].entries()) {
      const other = await identity(others[i]!.data, malik.look, poseIndex);
      expect(distance(other.skin, reference.skin)).toBeGreaterThan(80);
      expect(distance(other.hair, reference.hair)).toBeGreaterThan(80);
      expect(distance(other.face, reference.face)).toBeGreaterThan(50);
    }
  });

  it("wears the garment: its main colour covers the chest in every pose", async () => {
    const { main } = await analyseGarment(garment);
    for (let poseIndex = 0; poseIndex < POSE_COUNT; poseIndex++) {
      const { chest } = studioLandmarks(lena.look, poseIndex);
      expect(await share(poses[poseIndex]!.data, chest, main), `pose ${poseIndex + 1}`).toBeGreaterThan(0.25);
    }
    // The preview wears the look's own basics, not the garment.
    expect(await share(preview.data, studioLandmarks(lena.look, 0).chest, main)).toBeLessThan(0.05);
  });

  it('reads a garment photo however thin it is (a 16×10000 strip failed with "bad extract area")', async () => {
    for (const [width, height] of [[16, 2000], [2000, 16], [3, 400]] as const) {
      const strip = await sharp({ create: { width, height, channels: 3, background: '#c1121f' } }).png().toBuffer();
      const art = await analyseGarment(strip);
      expect(art.fabric.width).toBeGreaterThan(0);
    }
  });

  it("keeps the preview's trousers under a top (the final photos wore other trousers than the preview chosen)", async () => {
    const { main } = await analyseGarment(garment);
    // The garment's own partner colour would be another one: the check can fail.
    expect(distance(parseHex(trousersFor(lena.look.outfit)), parseHex(trousersFor(main)))).toBeGreaterThan(30);
    const { chest, unit } = studioLandmarks(lena.look, 0);
    const thigh = { centre: [chest.centre[0] - 0.35 * unit, chest.centre[1] + 2.9 * unit] as Point, halfWidth: 0.12 * unit, halfHeight: 0.3 * unit };
    expect(distance(await mean(poses[0]!.data, thigh), await mean(preview.data, thigh))).toBeLessThan(20);
  });

  it('gives PNGs without alpha that convert cleanly to JPEG, marked as local', async () => {
    for (const pose of [poses[0]!, poses[5]!]) {
      expect([pose.width, pose.height, pose.contentType, pose.engine]).toEqual([1024, 1536, 'image/png', 'local']);
      const meta = await sharp(pose.data).metadata();
      expect([meta.format, meta.channels, meta.hasAlpha, meta.space]).toEqual(['png', 3, false, 'srgb']);
      expect(await hasLocalMark(pose.data)).toBe(true);
      const jpeg = await sharp(pose.data).flatten({ background: '#ffffff' }).jpeg({ quality: 90 }).toBuffer();
      expect(await difference(pose.data, jpeg)).toBeLessThan(2);
    }
  });

  it('without the XMP (a re-encoded copy) estimates the look from the pixels and keeps skin and hair', async () => {
    const stripped = await sharp(preview.data).jpeg({ quality: 88 }).toBuffer();
    expect(await readImageLook(stripped)).toBeNull();
    const pose = await engine.photoshootPose({ characterImage: stripped, garment, poseIndex: 2 });
    const look = (await readImageLook(pose.data))!;
    expect(distance(parseHex(look.skin), parseHex(lena.look.skin))).toBeLessThan(25);
    expect(distance(parseHex(look.hair), parseHex(lena.look.hair))).toBeLessThan(25);
    expect(look.hairStyle).toBe('long');
  });

  it('takes the look from the caller first', async () => {
    const pose = await engine.photoshootPose({ characterImage: preview.data, garment, poseIndex: 0, look: malik.look });
    expect(await readImageLook(pose.data)).toEqual(malik.look);
  });
});

describe('house cast', () => {
  it('has at least six characters with stable keys and varied looks', () => {
    expect(HOUSE_CAST.length).toBeGreaterThanOrEqual(6);
    expect(new Set(HOUSE_CAST.map((c) => c.key)).size).toBe(HOUSE_CAST.length);
    expect(new Set(HOUSE_CAST.map((c) => c.name)).size).toBe(HOUSE_CAST.length);
    for (const c of HOUSE_CAST) expect(c.key).toBe(`house-${c.name.toLowerCase()}`);
    expect(new Set(HOUSE_CAST.map((c) => c.look.skin)).size).toBe(HOUSE_CAST.length);
    expect(new Set(HOUSE_CAST.map((c) => c.look.hairStyle)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(HOUSE_CAST.map((c) => c.look.build))).toEqual(new Set(['slim', 'average', 'curvy', 'broad']));
    expect(new Set(HOUSE_CAST.map((c) => c.look.presentation))).toEqual(new Set(['woman', 'man', 'androgynous']));
  });

  it('renders every character, each with its look in the XMP, all different', async () => {
    const previews = await Promise.all(HOUSE_CAST.map((c) => engine.characterPreview({ description: c.description, seed: 3, poseIndex: 0, look: c.look })));
    for (const [i, c] of HOUSE_CAST.entries()) {
      expect(previews[i]!.engine).toBe('local');
      expect(previews[i]!.look).toEqual(c.look);
      expect(await readImageLook(previews[i]!.data)).toEqual(c.look);
      const skin = await sample(previews[i]!.data, studioLandmarks(c.look, 0).cheek);
      expect(distance(skin, parseHex(c.look.skin)), c.name).toBeLessThan(30);
    }
    for (let a = 0; a < previews.length; a++) {
      for (let b = a + 1; b < previews.length; b++) {
        expect(await difference(previews[a]!.data, previews[b]!.data), `${HOUSE_CAST[a]!.name} and ${HOUSE_CAST[b]!.name}`).toBeGreaterThan(2);
      }
    }
  }, 120_000);
});

describe('local characterFromPhoto', () => {
  it('reads skin and hair from a photo of a person and draws a studio preview carrying the look', async () => {
    const photo = await personWithHair({ skin: '#8d5a3b', hair: '#2a1a12', shirt: '#3f6f8f' });
    const result = await engine.characterFromPhoto({ photo, name: 'Ada', seed: 4 });
    expect([result.width, result.height, result.contentType, result.engine]).toEqual([1024, 1536, 'image/png', 'local']);
    expect(distance(parseHex(result.look.skin), parseHex('#8d5a3b'))).toBeLessThan(25);
    expect(distance(parseHex(result.look.hair), parseHex('#2a1a12'))).toBeLessThan(30);
    expect(distance(parseHex(result.look.outfit), parseHex('#3f6f8f'))).toBeLessThan(30);
    expect(await readImageLook(result.data)).toEqual(result.look);
    expect(await hasLocalMark(result.data)).toBe(true);
    // The preview shows that skin on the face.
    const skin = await sample(result.data, studioLandmarks(result.look, 0).cheek);
    expect(distance(skin, parseHex('#8d5a3b'))).toBeLessThan(30);
  });

  it("fits a long name's title in the picture (a 40-character one ran off its right edge)", async () => {
    const photo = await personWithHair({ skin: '#8d5a3b', hair: '#2a1a12', shirt: '#3f6f8f' });
    /** The rightmost column of the title's band that differs from the wall at the band's right end. */
    const titleRight = async (name: string) => {
      const { data } = await engine.characterFromPhoto({ photo, name, seed: 4 });
      const { data: px, info } = await sharp(data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      let right = -1;
      for (let y = 52; y < 92; y++) {
        const wall = [0, 1, 2].map((c) => px[(y * info.width + info.width - 8) * 3 + c]!);
        for (let x = 40; x < info.width - 8; x++) {
          const i = (y * info.width + x) * 3;
          if (Math.abs(px[i]! - wall[0]!) + Math.abs(px[i + 1]! - wall[1]!) + Math.abs(px[i + 2]! - wall[2]!) > 60) right = Math.max(right, x);
        }
      }
      return { right, width: info.width };
    };
    const long = await titleRight('W'.repeat(40));
    expect(long.right).toBeGreaterThan(long.width / 2); // drawn, across the picture
    expect(long.right).toBeLessThan(long.width - 40);
    // A short name keeps the title's full size (its letters as wide as before).
    expect((await titleRight('Ada')).right).toBeGreaterThan(150);
  });

  it('tells long blond hair on light skin against a light wall', async () => {
    const photo = await personWithHair({ skin: '#e8c4a8', hair: '#c9a063', long: true, shirt: '#7a2e3a' });
    const { look } = await engine.characterFromPhoto({ photo });
    expect(distance(parseHex(look.skin), parseHex('#e8c4a8'))).toBeLessThan(25);
    expect(distance(parseHex(look.hair), parseHex('#c9a063'))).toBeLessThan(30);
    expect(look.hairStyle).toBe('long');
  });

  it('reads the stock person photo too (no hair: a close crop)', async () => {
    const { look } = await engine.characterFromPhoto({ photo: await personPhoto() });
    expect(distance(parseHex(look.skin), parseHex('#c58c6a'))).toBeLessThan(25);
    expect(look.hairStyle).toBe('buzz');
  });

  it('is deterministic for the same photo and seed', async () => {
    const photo = await personWithHair();
    const [a, b] = await Promise.all([engine.characterFromPhoto({ photo, seed: 9 }), engine.characterFromPhoto({ photo, seed: 9 })]);
    expect(a.data.equals(b.data)).toBe(true);
  });
});

describe('garments', () => {
  it.each([
    ['dress', 'dress', 'none'],
    ['trousers', 'trousers', 'none'],
    ['longSleeve', 'top', 'long'],
    ['skirt', 'skirt', 'none'],
  ] as const)('reads a %s product photo as %s with %s sleeves', async (kind, shape, sleeves) => {
    const art = await analyseGarment(await productPhoto(kind, '#2f6b4f'));
    expect([art.shape, art.sleeves]).toEqual([shape, sleeves]);
    expect(distance(parseHex(art.main), parseHex('#2f6b4f'))).toBeLessThan(20);
  });

  it('reads a garment that fills its photo (a fabric patch larger than the tile)', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800"><rect width="600" height="800" fill="#f3f3f1"/><path d="M40,80 L560,80 L580,760 L20,760 Z" fill="#7a5c3e"/></svg>`;
    const art = await analyseGarment(await sharp(Buffer.from(svg)).jpeg().toBuffer());
    expect(distance(parseHex(art.main), parseHex('#7a5c3e'))).toBeLessThan(20);
  });

  it('reads the striped T-shirt as a top with short sleeves, its main colour one of its stripes', async () => {
    const art = await analyseGarment(await garmentPhoto());
    expect([art.shape, art.sleeves]).toEqual(['top', 'short']);
    expect(Math.min(distance(parseHex(art.main), parseHex('#1d3557')), distance(parseHex(art.main), parseHex('#e63946')))).toBeLessThan(25);
  });

  it('puts trousers on the legs and a dress over the body', async () => {
    const priya = cast('house-priya');
    const characterImage = (await engine.characterPreview({ description: priya.description, seed: 1, poseIndex: 0, look: priya.look })).data;
    const [trousers, dress] = await Promise.all([
      engine.photoshootPose({ characterImage, garment: await productPhoto('trousers', '#3b5a8a'), poseIndex: 6 }),
      engine.photoshootPose({ characterImage, garment: await productPhoto('dress', '#2f6b4f'), poseIndex: 3 }),
    ]);
    // Trousers: on the hips, not on the chest. Dress: on the chest and on the hips.
    const hips = (poseIndex: number) => {
      const { chest, unit } = studioLandmarks(priya.look, poseIndex);
      return { centre: [chest.centre[0], chest.centre[1] + unit * 1.95] as Point, halfWidth: unit * 0.45, halfHeight: unit * 0.2 };
    };
    expect(await share(trousers.data, hips(6), '#3b5a8a')).toBeGreaterThan(0.4);
    expect(await share(trousers.data, studioLandmarks(priya.look, 6).chest, '#3b5a8a')).toBeLessThan(0.05);
    expect(await share(dress.data, studioLandmarks(priya.look, 3).chest, '#2f6b4f')).toBeGreaterThan(0.4);
    expect(await share(dress.data, hips(3), '#2f6b4f')).toBeGreaterThan(0.4);
  });
});

describe('photoshoot input errors', () => {
  it('refuses bad photos, names, seeds and looks with EngineInputError', async () => {
    const photo = await personWithHair();
    await expect(engine.characterFromPhoto({ photo: Buffer.alloc(0) })).rejects.toBeInstanceOf(EngineInputError);
    await expect(engine.characterFromPhoto({ photo: Buffer.from('definitely not an image') })).rejects.toBeInstanceOf(EngineInputError);
    await expect(engine.characterFromPhoto({ photo: await solidPng(300, 400, '#cccccc') })).rejects.toBeInstanceOf(EngineInputError);
    await expect(engine.characterFromPhoto({ photo, name: 'x'.repeat(81) })).rejects.toBeInstanceOf(EngineInputError);
    await expect(engine.characterFromPhoto({ photo, name: 42 as unknown as string })).rejects.toBeInstanceOf(EngineInputError);
    await expect(engine.characterFromPhoto({ photo, seed: 1.5 })).rejects.toBeInstanceOf(EngineInputError);
    const bad = { ...cast('house-amara').look, skin: 'brown' } as CharacterLook;
    await expect(engine.characterPreview({ description: 'x', seed: 1, poseIndex: 0, look: bad })).rejects.toBeInstanceOf(EngineInputError);
    await expect(engine.characterPreview({ description: 'x', seed: 1, poseIndex: 0, look: { ...cast('house-amara').look, build: 'tall' } as unknown as CharacterLook })).rejects.toBeInstanceOf(
      EngineInputError,
    );
    await expect(engine.photoshootPose({ characterImage: photo, garment: await garmentPhoto(), poseIndex: 0, look: bad })).rejects.toBeInstanceOf(EngineInputError);
    await expect(engine.photoshootPose({ characterImage: photo, garment: await garmentPhoto(), poseIndex: -1 })).rejects.toBeInstanceOf(EngineInputError);
  });
});

describe('looks as data', () => {
  it('parses stored looks, refusing anything else', () => {
    const look = cast('house-kenji').look;
    expect(parseCharacterLook(JSON.parse(JSON.stringify(look)))).toEqual(look);
    expect(parseCharacterLook({ ...look, skin: '#E2BB97' })?.skin).toBe('#e2bb97');
    expect(parseCharacterLook({ ...look, hairStyle: 'mullet' })).toBeNull();
    expect(parseCharacterLook(null)).toBeNull();
    expect(characterLookSchema.safeParse(look).success).toBe(true);
  });

  it('reads skin, hair, build and presentation words from a description', () => {
    const look = lookFromDescription('broad-shouldered man with deep skin and short curly black hair, athletic', 1);
    expect([look.hairStyle, look.build, look.presentation, look.skin]).toEqual(['curly', 'broad', 'man', SKIN_TONES[6]]);
    const other = lookFromDescription('slim woman, long blonde hair, fair skin', 1);
    expect([other.hairStyle, other.build, other.presentation, other.hair]).toEqual(['long', 'slim', 'woman', HAIR_COLOURS[4]]);
  });
});
