import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createLocalEngine } from '../local/index.js';
import { atelierXmpOf } from '../local/render.js';
import { readLocalRecipe } from '../local/text-to-image.js';
import { wornFrom } from '../local/try-on.js';

/** A product photo: a garment's silhouette in one colour on white. */
const productPhoto = (path: string, fill: string) =>
  sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="600" height="700"><rect width="600" height="700" fill="#ffffff"/><path d="${path}" fill="${fill}"/></svg>`))
    .png()
    .toBuffer();
const TEE = 'M150 120 L250 80 Q300 120 350 80 L450 120 L540 250 L460 300 L440 260 L440 640 L160 640 L160 260 L140 300 L60 250 Z';
const SKIRT = 'M220 100 L380 100 L500 620 L100 620 Z';

const understood = (result: { understood?: { label: string; value: string }[] | null }, label: string) => result.understood?.find((u) => u.label === label)?.value;

describe('local tryOn of a local still', () => {
  const engine = createLocalEngine();

  it('dresses the still\'s own figure in the garment and draws the still again, keeping one mark; garments tried on in turn are all worn', async () => {
    const still = await engine.textToImage({ prompt: 'red silk evening gown on a rooftop in the city at sunset', aspectRatio: '2:3', seed: 69 });
    const tee = await engine.tryOn({ person: still.data, garment: await productPhoto(TEE, '#2150a8') });
    expect(tee).toMatchObject({ model: 'local/redress', engine: 'local', width: 1024, height: 1536 });
    expect(understood(tee, 'Garment')).toMatch(/^tee\b/);
    expect(understood(tee, 'Colour')).toMatch(/blue/);
    // The same set, figure and typography: only the clothes changed (the gown's red is gone).
    const recipe = await readLocalRecipe(tee.data);
    expect(recipe).toMatchObject({ prompt: 'red silk evening gown on a rooftop in the city at sunset', seed: 69, wearing: [{ garment: 'tee', hex: expect.stringMatching(/^#[0-9a-f]{6}$/) }] });

    const skirt = await engine.tryOn({ person: tee.data, garment: await productPhoto(SKIRT, '#1e6b4a') });
    expect(understood(skirt, 'Garment')).toBe('tee, skirt');
    expect((await readLocalRecipe(skirt.data))!.wearing!.map((w) => w.garment)).toEqual(['tee', 'skirt']);
  }, 60_000);

  it('reads a product photo as the vocabulary\'s garment by its silhouette', () => {
    expect(wornFrom({ shape: 'top', sleeves: 'short', main: '#2150A8' })).toEqual({ garment: 'tee', hex: '#2150a8' });
    expect(wornFrom({ shape: 'top', sleeves: 'none', main: '#000000' }).garment).toBe('tank top');
    expect(wornFrom({ shape: 'top', sleeves: 'long', main: '#000000' }).garment).toBe('shirt');
    expect(wornFrom({ shape: 'dress', sleeves: 'none', main: '#000000' }).garment).toBe('slip dress');
    expect(wornFrom({ shape: 'dress', sleeves: 'short', main: '#000000' }).garment).toBe('dress');
    expect(wornFrom({ shape: 'trousers', sleeves: 'none', main: '#000000' }).garment).toBe('trousers');
    // Opening down the front: a long one with sleeves is a coat (it was worn as a dress); a top whose sleeves stand
    // out is a shirt (a button-front plaid shirt was a long coat).
    const panel = { href: '', width: 300, height: 700, centre: 150, chest: 300, hem: 310 };
    expect(wornFrom({ shape: 'dress', sleeves: 'long', main: '#b08a5b', opensAtFront: true, panel }).garment).toBe('coat');
    expect(wornFrom({ shape: 'dress', sleeves: 'none', main: '#b08a5b', opensAtFront: true, panel }).garment).toBe('coat');
    expect(wornFrom({ shape: 'dress', sleeves: 'none', main: '#7a1f3e', opensAtFront: true, panel: { ...panel, hem: 620 } }).garment).toBe('mini dress');
    expect(wornFrom({ shape: 'dress', sleeves: 'long', main: '#7a1f3e', opensAtFront: false, panel }).garment).toBe('dress');
    expect(wornFrom({ shape: 'top', sleeves: 'long', main: '#b34e4c', opensAtFront: true, panel: { ...panel, chest: 320 } }).garment).toBe('shirt');
  });

  it('reads a jacket or a coat whose sleeves hang at its sides by the line down its front (it was read as a tank top)', async () => {
    /** Square shoulders, sleeves hanging down the sides (seams only), a placket with buttons down the middle. */
    const opening = (bottom: number, fill: string) =>
      sharp(
        Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="600" height="${bottom + 60}"><rect width="600" height="${bottom + 60}" fill="#ffffff"/>
<path d="M150 60 L250 40 Q300 70 350 40 L450 60 L480 110 L480 ${bottom} L120 ${bottom} L120 110 Z" fill="${fill}"/>
<path d="M185 130 L185 ${bottom} M415 130 L415 ${bottom}" stroke="#000000" stroke-opacity="0.35" stroke-width="3"/>
<rect x="297" y="70" width="6" height="${bottom - 70}" fill="#1a1a1a"/>
${[0.25, 0.4, 0.55].map((t) => `<circle cx="315" cy="${Math.round(60 + t * bottom)}" r="7" fill="#1a1a1a"/>`).join('')}</svg>`),
      )
        .png()
        .toBuffer();
    const still = await engine.textToImage({ prompt: 'red silk evening gown on a rooftop in the city at sunset', aspectRatio: '2:3', seed: 69 });
    const jacket = await engine.tryOn({ person: still.data, garment: await opening(400, '#2655aa') });
    expect(understood(jacket, 'Garment')).toBe('jacket');
    const coat = await engine.tryOn({ person: still.data, garment: await opening(760, '#e8c62f') });
    expect(understood(coat, 'Garment')).toBe('coat');
    // A tee has no such line: still a tee.
    const tee = await engine.tryOn({ person: still.data, garment: await productPhoto(TEE, '#2150a8') });
    expect(understood(tee, 'Garment')).toMatch(/^tee\b/);
  }, 60_000);

  it('keeps a garment photo\'s pattern: stripes, dots and a check (a striped tee came back plain red)', async () => {
    const patterned = (pattern: string, path: string) =>
      sharp(
        Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="600" height="700"><defs><pattern id="p" width="40" height="40" patternUnits="userSpaceOnUse">${pattern}</pattern></defs><rect width="600" height="700" fill="#ffffff"/><path d="${path}" fill="url(#p)"/></svg>`),
      )
        .png()
        .toBuffer();
    const stripes = '<rect width="40" height="40" fill="#e53945"/><rect y="20" width="40" height="20" fill="#203455"/>';
    const dots = '<rect width="40" height="40" fill="#7a1f3e"/><circle cx="20" cy="20" r="5" fill="#f4efe6"/>';
    const check = '<rect width="40" height="40" fill="#f1e6c8"/><rect width="40" height="8" fill="#b3312c"/><rect width="8" height="40" fill="#b3312c"/>';
    const still = await engine.textToImage({ prompt: 'woman in white linen trousers and a white tee, studio, full body', aspectRatio: '2:3', seed: 5 });
    for (const [pattern, print] of [
      [stripes, 'stripes'],
      [dots, 'polka dot'],
      [check, 'check'],
    ] as const) {
      const dressed = await engine.tryOn({ person: still.data, garment: await patterned(pattern, TEE) });
      expect(understood(dressed, 'Print'), print).toBe(print);
      expect((await readLocalRecipe(dressed.data))!.wearing).toEqual([{ garment: 'tee', hex: expect.any(String), print, printHex: expect.stringMatching(/^#[0-9a-f]{6}$/) }]);
    }
    // A plain garment has none, and nor does one with a logo in one place (white text on a tee read as dots).
    const plain = await engine.tryOn({ person: still.data, garment: await productPhoto(TEE, '#2150a8') });
    expect(understood(plain, 'Print')).toBeUndefined();
    const logo = await sharp(
      Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="600" height="700"><rect width="600" height="700" fill="#ffffff"/><path d="${TEE}" fill="#1c2742"/><text x="300" y="330" font-size="70" font-family="DejaVu Sans" font-weight="bold" fill="#ffffff" text-anchor="middle">ATELIER</text><text x="300" y="400" font-size="40" font-family="DejaVu Sans" fill="#ffffff" text-anchor="middle">PARIS 1998</text></svg>`),
    )
      .png()
      .toBuffer();
    expect(understood(await engine.tryOn({ person: still.data, garment: logo }), 'Print')).toBeUndefined();
    // A sleeveless dress is a slip dress (it came back with puff sleeves and a belt).
    expect(wornFrom({ shape: 'dress', sleeves: 'none', main: '#7a1f3e', panel: { href: '', width: 200, height: 800, centre: 100, chest: 180, hem: 380 } }).garment).toBe('slip dress');
  }, 90_000);

  it('takes a recipe from an image\'s XMP only when every field is in shape (uploads keep it, so anyone can write one)', async () => {
    const withRecipe = async (recipe: unknown) => {
      const attribute = Buffer.from(JSON.stringify(recipe)).toString('base64url');
      const xmp = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:atelier="https://atelier.local/ns/1.0/" atelier:recipe="${attribute}"/></rdf:RDF></x:xmpmeta>`;
      return readLocalRecipe(await sharp({ create: { width: 32, height: 48, channels: 3, background: '#808080' } }).withXmp(xmp).png().toBuffer());
    };
    const good = { prompt: 'linen suit', seed: 4, aspectRatio: '2:3' };
    expect(await withRecipe(good)).toEqual(good);
    const dyed = { ...good, wearing: [{ garment: 'suit', hex: '#0f7a52', dyed: true }] };
    expect(await withRecipe(dyed)).toEqual(dyed);
    const printed = { ...good, wearing: [{ garment: 'tee', hex: '#e53945', print: 'stripes', printHex: '#203455' }] };
    expect(await withRecipe(printed)).toEqual(printed);
    expect(await withRecipe({ ...good, wearing: [{ garment: 'tee', hex: '#e53945', print: 'tartan', printHex: '#203455' }] })).toBeNull();
    expect(await withRecipe({ ...good, wearing: [{ garment: 'tee', hex: '#e53945', print: 'stripes', printHex: 'navy' }] })).toBeNull();
    for (const bad of [
      { ...good, aspectRatio: 'constructor' },
      { ...good, seed: 1.5 },
      { ...good, prompt: 'x'.repeat(2001) },
      { ...good, preset: { name: 'A', style: 'B', composition: 'C', palette: ['red'] } },
      { ...good, preset: 'Quiet Luxury' },
      { ...good, wearing: [{ garment: '__proto__', hex: '#000000' }] },
      { ...good, wearing: [{ garment: 'tee', hex: 'blue' }] },
      { ...good, wearing: [{ garment: 'tee', hex: '#000000', dyed: 'yes' }] },
      { ...good, wearing: Array.from({ length: 5 }, () => ({ garment: 'tee', hex: '#000000' })) },
      ['not', 'an', 'object'],
    ]) {
      expect(await withRecipe(bad), JSON.stringify(bad).slice(0, 80)).toBeNull();
    }
  });

  it('keeps only the local engine\'s own XMP attributes of an upload, rebuilt from values of the right shape', () => {
    const xmp = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="52,22.1N" atelier:localMark="0.7 0.9 0.95 0.97" atelier:recipe="eyJwIjoxfQ" atelier:look="bad value!"/></rdf:RDF></x:xmpmeta>`;
    const kept = atelierXmpOf(xmp)!;
    expect(kept).toContain('atelier:localMark="0.7 0.9 0.95 0.97"');
    expect(kept).toContain('atelier:recipe="eyJwIjoxfQ"');
    expect(kept).not.toContain('GPS');
    expect(kept).not.toContain('atelier:look');
    expect(atelierXmpOf('<x:xmpmeta><rdf:Description exif:GPSLatitude="1"/></x:xmpmeta>')).toBeNull();
    expect(atelierXmpOf('atelier:recipe="<script>"')).toBeNull();
  });
});
