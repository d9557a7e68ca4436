import sharp, { type OverlayOptions, type Sharp } from 'sharp';
import type { EditInput, EngineResult } from '../types.js';
import { EngineInputError } from '../errors.js';
import { MAX_EDIT_REFERENCES } from '../types.js';
import { checkImage, checkPrompt } from '../validate.js';
import { localBadge, localBadgeBox, localMarkXmp } from './render.js';

/**
 * The local edit cannot follow free-form instructions; it applies colour-grading recipes chosen by
 * keywords of the prompt, in a fixed order, and shows the reference images as a strip. The caption
 * names the recipes so the user sees what was done.
 */
interface Recipe {
  name: string;
  words: string[];
  apply(image: Sharp): Sharp;
}

const RECIPES: Recipe[] = [
  {
    name: 'skin retouch',
    words: ['skin', 'retouch', 'smooth', 'glow', 'blemish', 'beauty'],
    apply: (image) => image.median(3).modulate({ brightness: 1.04, saturation: 1.03 }),
  },
  {
    name: 'golden hour',
    words: ['golden', 'sunset', 'sunrise', 'warm', 'summer', 'morning'],
    apply: (image) => image.recomb([[1.08, 0.04, 0], [0.02, 1.0, 0], [0, 0, 0.86]]).modulate({ brightness: 1.04, saturation: 1.1 }),
  },
  {
    name: 'night',
    words: ['night', 'evening', 'moody', 'dark', 'midnight', 'moon'],
    apply: (image) => image.recomb([[0.82, 0, 0.04], [0, 0.9, 0.05], [0.02, 0.06, 1.08]]).linear(0.9, -8).modulate({ saturation: 0.85 }),
  },
  {
    name: 'flash',
    words: ['flash', 'paparazzi', 'harsh', 'party', 'direct'],
    apply: (image) => image.linear(1.22, -18).modulate({ brightness: 1.06 }),
  },
  {
    name: 'film',
    words: ['film', 'vintage', 'retro', 'analog', 'faded', '70s', '90s'],
    apply: (image) => image.recomb([[0.9, 0.1, 0.05], [0.06, 0.86, 0.08], [0.04, 0.1, 0.72]]).linear(0.88, 20),
  },
  {
    name: 'monochrome',
    words: ['monochrome', 'black', 'bw', 'b&w', 'grayscale', 'greyscale', 'noir'],
    apply: (image) => image.grayscale().linear(1.12, -10),
  },
  {
    name: 'bright and airy',
    words: ['bright', 'airy', 'clean', 'white', 'studio'],
    apply: (image) => image.modulate({ brightness: 1.1, saturation: 0.95 }).gamma(2.2, 2.0),
  },
];

const EDITORIAL: Recipe = {
  name: 'editorial contrast',
  words: [],
  apply: (image) => image.linear(1.08, -8).sharpen({ sigma: 0.7 }),
};

export function recipesFor(prompt: string): Recipe[] {
  const words = prompt.toLowerCase().split(/[^a-z0-9&]+/);
  const chosen = RECIPES.filter((r) => r.words.some((w) => words.includes(w)));
  return chosen.length > 0 ? chosen : [EDITORIAL];
}

export async function localEdit(input: EditInput): Promise<EngineResult> {
  const prompt = checkPrompt(input.prompt);
  if (!Array.isArray(input.images) || input.images.length === 0) throw new EngineInputError('images must hold the main image');
  if (input.images.length > 1 + MAX_EDIT_REFERENCES) throw new EngineInputError(`at most ${MAX_EDIT_REFERENCES} reference images`);
  for (const [i, image] of input.images.entries()) await checkImage(image, i === 0 ? 'image' : `reference image ${i}`);

  const recipes = recipesFor(prompt);
  const upright = await sharp(input.images[0]).rotate().removeAlpha().png().toBuffer({ resolveWithObject: true });
  const { width, height } = upright.info;
  let graded = upright.data;
  // One pipeline per recipe: sharp applies operations in its own order within a single pipeline.
  for (const recipe of recipes) graded = await recipe.apply(sharp(graded)).png().toBuffer();

  const layers: OverlayOptions[] = [];
  const references = input.images.slice(1);
  if (references.length > 0) {
    const thumb = Math.round(Math.min(width, height) * 0.16);
    const gap = Math.max(4, Math.round(thumb * 0.08));
    for (const [i, reference] of references.entries()) {
      const tile = await sharp(reference)
        .rotate()
        .resize(thumb, thumb, { fit: 'cover' })
        .extend({ top: 3, bottom: 3, left: 3, right: 3, background: '#ffffff' })
        .png()
        .toBuffer();
      layers.push({ input: tile, left: gap + i * (thumb + 6 + gap), top: gap });
    }
  }
  const detail = recipes.map((r) => r.name).join(' + ');
  layers.push({ input: localBadge(width, height, detail), left: 0, top: 0 });
  const data = await sharp(graded).composite(layers).withXmp(localMarkXmp(localBadgeBox(width, height, detail))).png().toBuffer();
  return {
    data,
    contentType: 'image/png',
    width,
    height,
    engine: 'local',
    model: `local/grade:${recipes.map((r) => r.name.replace(/ /g, '-')).join('+')}`,
  };
}
