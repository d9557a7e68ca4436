import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderArtwork, renderRecipe } from '../../scripts/render.mjs';

const { recipes } = JSON.parse(await readFile(new URL('../recipes.json', import.meta.url), 'utf8'));
const SAMPLE = ['style-everyday', 'home-try-on', 'avatar-2'];

describe('the recipes', () => {
  it('name each artwork once, with a prompt, a palette, an aspect ratio, a seed and widths', () => {
    const ids = recipes.map((recipe) => recipe.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const recipe of recipes) {
      expect(recipe.prompt.length).toBeGreaterThan(10);
      expect(recipe.palette.every((colour) => /^#[0-9a-f]{6}$/i.test(colour))).toBe(true);
      expect(['3:4', '1:1', '2:3', '4:5', '16:9', '3:2', '9:16']).toContain(recipe.aspectRatio);
      expect(Number.isInteger(recipe.seed)).toBe(true);
      expect(recipe.widths.length).toBeGreaterThan(0);
    }
  });

  it('cover the seven landing styles, the five home cards and four creator avatars', () => {
    const ids = new Set(recipes.map((recipe) => recipe.id));
    for (const style of ['abstract', 'y2k', 'everyday', 'beauty', 'vintage', 'concept', 'retro']) expect(ids.has(`style-${style}`)).toBe(true);
    for (const card of ['image', 'video', 'photoshoot', 'try-on', 'canvas']) expect(ids.has(`home-${card}`)).toBe(true);
    for (const n of [1, 2, 3, 4]) expect(ids.has(`avatar-${n}`)).toBe(true);
  });
});

describe('renderArtwork', () => {
  let outDir;
  let manifest;
  beforeAll(async () => {
    outDir = await mkdtemp(join(tmpdir(), 'atelier-artwork-'));
    manifest = await renderArtwork({ recipes: recipes.filter((recipe) => SAMPLE.includes(recipe.id)), outDir });
  }, 120_000); // AVIF encoding of several pictures: ~5 s on a quiet 2-core host, several times that beside other suites
  afterAll(() => rm(outDir, { recursive: true, force: true }));

  it('writes every width as AVIF and WebP, named by content hash, at the recipe\'s aspect ratio', async () => {
    for (const id of SAMPLE) {
      const entry = manifest[id];
      const recipe = recipes.find((r) => r.id === id);
      const [w, h] = recipe.aspectRatio.split(':').map(Number);
      expect(Math.abs(entry.width / entry.height - w / h)).toBeLessThan(0.02);
      for (const [format, magic] of [['avif', 'ftypavif'], ['webp', 'WEBP']]) {
        const candidates = entry[format].split(', ');
        expect(candidates).toHaveLength(recipe.widths.length);
        for (const [index, candidate] of candidates.entries()) {
          const [url, descriptor] = candidate.split(' ');
          expect(descriptor).toBe(`${recipe.widths[index]}w`);
          expect(url).toMatch(new RegExp(`^/art/${id}-${recipe.widths[index]}\\.[0-9a-f]{10}\\.${format}$`));
          const file = join(outDir, 'art', url.slice('/art/'.length));
          const bytes = await readFile(file);
          expect(bytes.subarray(0, 16).toString('latin1')).toContain(magic);
          const meta = await sharp(bytes).metadata();
          expect(meta.width).toBe(recipe.widths[index]);
          expect(Math.abs(meta.width / meta.height - w / h)).toBeLessThan(0.02);
        }
      }
      expect(entry.src).toMatch(/\.webp$/);
      expect(entry.colour).toMatch(/^#[0-9a-f]{6}$/);
    }
  });

  it('keeps the files small: a 480 px card under 60 KB as AVIF', async () => {
    const url = manifest['style-everyday'].avif.split(', ').find((c) => c.endsWith(' 480w')).split(' ')[0];
    expect((await stat(join(outDir, 'art', url.slice(5)))).size).toBeLessThan(60_000);
  });

  it('draws different pictures for different recipes (figure, garment, setting)', async () => {
    const mean = async (id) => {
      const url = manifest[id].webp.split(', ')[0].split(' ')[0];
      const { channels } = await sharp(join(outDir, 'art', url.slice(5))).stats();
      return channels.slice(0, 3).map((c) => c.mean);
    };
    const [a, b] = [await mean('style-everyday'), await mean('home-try-on')];
    expect(Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2])).toBeGreaterThan(20);
  });

  it('writes the manifest module and its types', async () => {
    const module = await readFile(join(outDir, 'index.js'), 'utf8');
    expect(module).toContain('export const ARTWORK');
    const types = await readFile(join(outDir, 'index.d.ts'), 'utf8');
    expect(types).toContain('"style-everyday" | "home-try-on" | "avatar-2"');
  });
});

// The build draws each recipe at its largest width rather than at the engine's full size: it must be the same picture.
describe('a recipe drawn at its own width', () => {
  it('looks like the full-size picture downscaled (the grain apart)', async () => {
    const { renderArtwork: draw } = await import('@atelier/engines');
    const { prompt, aspectRatio, seed } = recipes.find((recipe) => recipe.id === 'home-try-on');
    const small = await sharp(await draw({ prompt, aspectRatio, seed }, { width: 240 })).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([small.info.width, small.info.height]).toEqual([240, 320]);
    const full = await sharp(await draw({ prompt, aspectRatio, seed })).removeAlpha().resize(240, 320, { kernel: 'lanczos3' }).raw().toBuffer();
    let difference = 0;
    for (let i = 0; i < full.length; i += 1) difference += Math.abs(full[i] - small.data[i]);
    expect(difference / full.length).toBeLessThan(4); // ~1 of 255 measured: the same scene, the grain's noise apart
  });

  it('writes only the formats a recipe asks for (a preset thumbnail: one WebP, shown by its src)', async () => {
    const outDir = await mkdtemp(join(tmpdir(), 'atelier-artwork-'));
    try {
      const avatar = recipes.find((recipe) => recipe.id === 'avatar-1');
      const entry = await renderRecipe({ ...avatar, widths: [64], formats: ['webp'] }, outDir);
      expect(entry.avif).toBe('');
      expect(entry.webp).toMatch(/^\/art\/avatar-1-64\.[0-9a-f]{10}\.webp 64w$/);
      expect(entry.src).toBe(entry.webp.split(' ')[0]);
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  });
});
