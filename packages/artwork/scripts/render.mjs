#!/usr/bin/env node
// `npm run build` of @atelier/artwork: draws every recipe of src/recipes.json with the local engine at its largest
// width, then writes each at its widths as AVIF and WebP (a preset thumbnail: one WebP) named by content hash
// (dist/art/<id>-<width>.<hash>.<ext>, cached for a year by the gateway) and dist/index.js: the manifest the shell
// imports (srcset strings, intrinsic size, a placeholder colour). The shell's build copies dist/art to /art/.
// Turborepo caches dist/ by the recipes' and the engine's sources, so only a change to either renders again.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** The create service's presets (their data file, read with Node's type stripping): each gets a thumbnail. */
const PRESETS_FILE = join(root, '../../services/create/src/presets/presets.ts');
/**
 * Only what is shown: the create page's preset picker shows a thumbnail by its plain `src` (services/create's
 * presetThumbnailUrl), a 320 px WebP, with no srcset; a 160 px size and AVIF copies were never requested.
 */
const THUMBNAIL_WIDTHS = [320];
const THUMBNAIL_FORMATS = ['webp'];
/** Where the shell serves the files (its build copies dist/art there). */
export const ART_PATH = '/art';
const WEBP = { quality: 78, effort: 4 };
// Effort 1 rather than 2: half the AVIF encoding time for the same bytes (+0.6 % over all of dist/art) and no
// visible difference (PSNR 0.5 dB lower, SSIM 0.001 lower on a sample of every kind); effort 0 is 15 % larger.
const AVIF = { quality: 52, effort: 1 };
const FORMATS = ['avif', 'webp'];

/**
 * The still of a recipe, without the engine's "Local engine" caption (this is the product's own artwork), drawn
 * at `width`: the engine draws its vectors at that size directly, so an avatar or a thumbnail costs a fraction of
 * the ratio's full size (1080 × 1440 and up) it was once drawn at and downscaled from.
 */
async function draw(recipe, width) {
  const engines = await import('@atelier/engines');
  const input = {
    prompt: recipe.prompt,
    preset: { name: recipe.id, style: recipe.use, palette: recipe.palette, composition: recipe.composition },
    aspectRatio: recipe.aspectRatio,
    seed: recipe.seed,
  };
  if (typeof engines.renderArtwork === 'function') return engines.renderArtwork(input, { width });
  return (await engines.createLocalEngine().textToImage(input)).data;
}

const hash = (data) => createHash('sha256').update(data).digest('hex').slice(0, 10);

/** Renders one recipe into `outDir`; returns its manifest entry. */
export async function renderRecipe(recipe, outDir) {
  const formats = recipe.formats ?? FORMATS;
  // Drawn at the largest width the page asks for (no pixels drawn only to be thrown away) and decoded once. The
  // engine's PNG carries an alpha channel, always opaque: dropped, or AVIF would encode it as a second image
  // (about 3 % of its bytes and 15 % of its encoding time, for nothing).
  const { data: pixels, info: meta } = await sharp(await draw(recipe, Math.max(...recipe.widths)))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = (width, height) => ({ raw: { width, height, channels: meta.channels } });
  const sizes = await Promise.all(
    recipe.widths.map(async (width) => {
      const height = Math.round((meta.height * width) / meta.width);
      if (width === meta.width) return { width, height, pixels };
      const resized = sharp(pixels, raw(meta.width, meta.height)).resize(width, height, { kernel: 'lanczos3' });
      return { width, height, pixels: await resized.raw().toBuffer() };
    }),
  );
  // The placeholder colour from the smallest size: its 16-level histogram has the same peak as the largest's (the
  // same colour for every recipe), without the statistics sharp computes alongside (entropy, sharpness) on 960 px.
  const smallest = sizes.reduce((a, b) => (b.width < a.width ? b : a));
  const { dominant } = await sharp(smallest.pixels, raw(smallest.width, smallest.height)).stats();
  // Every size and format at once: sharp runs them on its thread pool, the recipes' pool (below) bounds the total.
  const encode = async (size, format) => sharp(size.pixels, raw(size.width, size.height))[format](format === 'avif' ? AVIF : WEBP).toBuffer();
  const encoded = await Promise.all(
    sizes.flatMap((size) => formats.map(async (format) => ({ width: size.width, format, data: await encode(size, format) }))),
  );
  const sources = { avif: [], webp: [] };
  let fallback = null;
  for (const { width, format, data } of encoded) {
    const name = `${recipe.id}-${width}.${hash(data)}.${format}`;
    await writeFile(join(outDir, name), data);
    sources[format].push(`${ART_PATH}/${name} ${width}w`);
    if (format === 'webp' && (!fallback || width <= 480)) fallback = `${ART_PATH}/${name}`;
  }
  const hex = (n) => n.toString(16).padStart(2, '0');
  return {
    width: meta.width,
    height: meta.height,
    src: fallback,
    avif: sources.avif.join(', '),
    webp: sources.webp.join(', '),
    colour: `#${hex(dominant.r)}${hex(dominant.g)}${hex(dominant.b)}`,
  };
}

/** Renders every recipe (a few at a time) into `outDir`/art and writes the manifest modules. */
export async function renderArtwork({ recipes, outDir }) {
  const artDir = join(outDir, 'art');
  await rm(outDir, { recursive: true, force: true });
  await mkdir(artDir, { recursive: true });
  const entries = {};
  const queue = [...recipes];
  // Two recipes at a time on sharp's default threads (one per core). Measured on 2 cores: 1 to 4 recipes at a time,
  // with sharp's threads at 1 or 2, all cost the same CPU within noise; one at a time is ~30 % slower in wall time.
  const workers = Array.from({ length: Math.max(1, Math.min(2, cpus().length)) }, async () => {
    for (let recipe = queue.shift(); recipe; recipe = queue.shift()) entries[recipe.id] = await renderRecipe(recipe, artDir);
  });
  await Promise.all(workers);
  const ordered = Object.fromEntries(recipes.map((recipe) => [recipe.id, entries[recipe.id]]));
  await writeFile(
    join(outDir, 'index.js'),
    `// Generated by scripts/render.mjs from src/recipes.json: do not edit.\nexport const ARTWORK = ${JSON.stringify(ordered, null, 2)};\n`,
  );
  const ids = recipes.map((recipe) => JSON.stringify(recipe.id)).join(' | ');
  await writeFile(
    join(outDir, 'index.d.ts'),
    `// Generated by scripts/render.mjs from src/recipes.json: do not edit.
/**
 * One rendered artwork: its intrinsic size, srcset strings per format, a WebP fallback and a placeholder colour.
 * A preset thumbnail has no AVIF (\`avif\` is empty): it is shown by \`src\` alone.
 */
export interface Artwork {
  width: number;
  height: number;
  src: string;
  avif: string;
  webp: string;
  colour: string;
}
export type ArtworkId = ${ids};
export declare const ARTWORK: Record<ArtworkId, Artwork>;
`,
  );
  return ordered;
}

/** A thumbnail per preset, drawn from the preset's own recipe: it shows what the preset makes. */
export async function presetRecipes() {
  const { PRESETS } = await import(pathToFileURL(PRESETS_FILE).href);
  return PRESETS.map((preset, index) => ({
    id: `preset-${preset.id}`,
    use: `preset thumbnail: ${preset.name}`,
    prompt: preset.prompt,
    palette: preset.palette,
    composition: preset.composition,
    aspectRatio: '2:3',
    seed: 1000 + index,
    widths: THUMBNAIL_WIDTHS,
    formats: THUMBNAIL_FORMATS,
  }));
}

/** Every recipe: the named artwork, then the preset thumbnails. */
export async function allRecipes() {
  const { recipes } = JSON.parse(await readFile(join(root, 'src/recipes.json'), 'utf8'));
  return [...recipes, ...(await presetRecipes())];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const recipes = await allRecipes();
  await renderArtwork({ recipes, outDir: join(root, 'dist') });
  console.log(`artwork: ${recipes.length} recipes rendered in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
