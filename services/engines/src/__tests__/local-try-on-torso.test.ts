import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createLocalEngine } from '../local/index.js';
import { estimateTorso, findTorso } from '../local/try-on.js';
import { garmentPhoto, personPhoto } from './fixtures.js';

/**
 * A person drawn in code with usual proportions (the head about an eighth of the height) on a plain
 * wall: `frame` says how much of the figure the photo shows. Returns the photo and its shoulder line.
 */
async function drawnPerson(width: number, height: number, figureHeight: number, top: number) {
  const u = figureHeight / 8;
  const cx = width / 2;
  const shoulder = top + u * 1.35;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#d9d4cc"/>
<ellipse cx="${cx}" cy="${top + u * 0.5}" rx="${u * 0.36}" ry="${u * 0.5}" fill="#b98563"/>
<rect x="${cx - u * 0.15}" y="${top + u * 0.9}" width="${u * 0.3}" height="${u * 0.5}" fill="#a9775a"/>
<path d="M${cx - u * 0.95},${shoulder} L${cx + u * 0.95},${shoulder} L${cx + u * 0.8},${top + u * 3.9} L${cx - u * 0.8},${top + u * 3.9} Z" fill="#3b4a5a"/>
<rect x="${cx - u * 1.2}" y="${shoulder + u * 0.05}" width="${u * 0.28}" height="${u * 2.6}" fill="#3b4a5a"/><rect x="${cx + u * 0.92}" y="${shoulder + u * 0.05}" width="${u * 0.28}" height="${u * 2.6}" fill="#3b4a5a"/>
<rect x="${cx - u * 0.7}" y="${top + u * 3.9}" width="${u * 0.6}" height="${u * 4.1}" fill="#222"/><rect x="${cx + u * 0.1}" y="${top + u * 3.9}" width="${u * 0.6}" height="${u * 4.1}" fill="#222"/>
</svg>`;
  return { photo: await sharp(Buffer.from(svg)).png().toBuffer(), shoulder, neck: { left: cx - u * 0.12, top: top + u * 0.95, width: u * 0.24, height: u * 0.2 }, u };
}

const framings = [
  ['full length, 2:3', 800, 1200, 1200 * 0.86, 1200 * 0.06],
  ['full length, 3:4', 900, 1200, 1200 * 0.86, 1200 * 0.06],
  ['knees up, 2:3', 800, 1200, 1200 * 1.3, 1200 * 0.08],
  ['landscape', 1200, 800, 800 * 0.86, 800 * 0.06],
] as const;

describe('local tryOn torso', () => {
  it.each(framings)('puts the top of the garment on the shoulder line, not the neck (%s)', async (_name, w, h, figure, top) => {
    const person = await drawnPerson(w, h, figure, top);
    const torso = await findTorso(person.photo);
    expect(torso).not.toBeNull();
    // Just above the shoulder line, where a collar sits: within a fifth of a head of it.
    expect(Math.abs(torso!.top - person.shoulder)).toBeLessThan(person.u * 0.2);
    expect(torso!.left + torso!.width / 2).toBeCloseTo(w / 2, -1);
    expect(torso!.width).toBeGreaterThan(person.u * 1.9);

    // The result leaves the neck as it was (above the soft shadow the garment casts).
    const result = await createLocalEngine().tryOn({ person: person.photo, garment: await garmentPhoto() });
    const neck = await regionStats(result.data, rounded(person.neck));
    const before = await regionStats(person.photo, rounded(person.neck));
    expect(Math.abs(neck.channels[0]!.mean - before.channels[0]!.mean)).toBeLessThan(6);
  });

  it('finds the shoulders of the stock person photo below its neck', async () => {
    // personPhoto: the neck runs from y 270 to 320, the shirt's shoulders at 320.
    const torso = await findTorso(await personPhoto());
    expect(torso!.top).toBeGreaterThan(295);
    expect(torso!.top).toBeLessThan(330);
  });

  it('finds no torso where no person stands out from the background (and the try-on refuses a picture without skin)', async () => {
    const noise = await sharp({ create: { width: 600, height: 900, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 70 } } }).png().toBuffer();
    expect(await findTorso(noise)).toBeNull();
    const plain = await sharp({ create: { width: 600, height: 900, channels: 3, background: '#cccccc' } }).png().toBuffer();
    expect(await findTorso(plain)).toBeNull();
    await expect(createLocalEngine().tryOn({ person: noise, garment: await garmentPhoto() })).rejects.toThrow(/shows no person to dress/);
    expect(estimateTorso(600, 900).top).toBeCloseTo(900 * 0.27);
  });
});

/** Statistics of one region (stats() alone would measure the whole input, whatever was extracted). */
async function regionStats(image: Buffer, region: { left: number; top: number; width: number; height: number }) {
  return sharp(await sharp(image).extract(region).png().toBuffer()).stats();
}

function rounded(box: { left: number; top: number; width: number; height: number }) {
  return { left: Math.round(box.left), top: Math.round(box.top), width: Math.max(1, Math.round(box.width)), height: Math.max(1, Math.round(box.height)) };
}
