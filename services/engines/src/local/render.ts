import sharp from 'sharp';
import { createRandom } from './random.js';

/** Rasterises an SVG with sharp and adds a fine, seeded film grain (deterministic, unlike libvips noise). */
export async function rasterise(svg: string, width: number, height: number, seed: number, grain = 10): Promise<Buffer> {
  const base = sharp(Buffer.from(svg), { density: 72 }).resize(width, height, { fit: 'fill' }).removeAlpha();
  if (grain <= 0) return base.png({ compressionLevel: 6 }).toBuffer();
  return base
    .composite([{ input: grainLayer(width, height, seed, grain), raw: { width, height, channels: 1 }, blend: 'overlay' }])
    .png({ compressionLevel: 6 })
    .toBuffer();
}

/** Mid-grey noise: neutral under the overlay blend except for the grain itself. */
export function grainLayer(width: number, height: number, seed: number, strength: number): Buffer {
  const random = createRandom(seed ^ 0x9e3779b9);
  const out = Buffer.allocUnsafe(width * height);
  for (let i = 0; i < out.length; i++) {
    out[i] = 128 + Math.round((random.next() + random.next() - 1) * strength * 1.7);
  }
  return out;
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
}

/** The mark every local result carries in a corner. */
export function localCaption(width: number, height: number, ink: string, detail?: string): string {
  const size = Math.max(12, Math.round(Math.min(width, height) * 0.016));
  const text = detail ? `Local engine · ${detail}` : 'Local engine';
  return `<text x="${width - size * 1.6}" y="${height - size * 1.5}" text-anchor="end" font-family="DejaVu Sans, sans-serif" font-size="${size}" letter-spacing="${(size * 0.08).toFixed(1)}" fill="${ink}" opacity="0.72">${escapeXml(text)}</text>`;
}

/** The local-engine mark on photographs: white text on a dark pill, readable on any picture. */
export function localBadge(width: number, height: number, detail?: string): Buffer {
  const size = Math.max(12, Math.round(Math.min(width, height) * 0.018));
  const text = detail ? `Local engine · ${detail}` : 'Local engine';
  const padX = size * 0.8;
  const boxWidth = text.length * size * 0.62 + padX * 2;
  const boxHeight = size * 1.9;
  const x = width - boxWidth - size;
  const y = height - boxHeight - size;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${boxWidth.toFixed(1)}" height="${boxHeight.toFixed(1)}" rx="${(boxHeight / 2).toFixed(1)}" fill="#000000" fill-opacity="0.45"/><text x="${(x + boxWidth / 2).toFixed(1)}" y="${(y + boxHeight * 0.66).toFixed(1)}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="${size}" fill="#ffffff">${escapeXml(text)}</text></svg>`,
  );
}
