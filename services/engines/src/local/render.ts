import sharp from 'sharp';
import { createRandom } from './random.js';

/**
 * Rasterises an SVG with sharp and adds a fine, seeded film grain (deterministic, unlike libvips noise).
 * Every SVG the local engine draws includes {@link localCaption}, so the PNG carries {@link LOCAL_MARK_XMP}.
 */
export async function rasterise(svg: string, width: number, height: number, seed: number, grain = 10): Promise<Buffer> {
  const base = sharp(Buffer.from(svg), { density: 72 }).resize(width, height, { fit: 'fill' }).removeAlpha().withXmp(LOCAL_MARK_XMP);
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

/** The caption's font size on a frame of this size. */
export const localCaptionSize = (width: number, height: number) => Math.max(12, Math.round(Math.min(width, height) * 0.016));

/** DejaVu Sans is at most about 0.64 em per character on average (letter spacing apart): a generous width estimate. */
const CAPTION_ADVANCE_EM = 0.64;
const CAPTION_TRACKING_EM = 0.08;

/**
 * Where the corner caption goes: its text ends one font size inside `inset` (the frame line, when the
 * image has one) from the bottom-right corner, so it never crosses the line. `left` is a generous estimate
 * of where its ink starts, for whatever shares its row.
 */
export function localCaptionLayout(width: number, height: number, inset = 0, detail?: string) {
  const size = localCaptionSize(width, height);
  const text = detail ? `Local engine · ${detail}` : 'Local engine';
  const pad = inset > 0 ? size : size * 1.5;
  const right = width - inset - pad;
  const baseline = height - inset - pad;
  const left = right - [...text].length * (CAPTION_ADVANCE_EM + CAPTION_TRACKING_EM) * size;
  return { size, text, right, baseline, left };
}

/** The mark every local result carries in its bottom-right corner, inside the frame line at `inset`. */
export function localCaption(width: number, height: number, ink: string, detail?: string, inset = 0): string {
  const { size, text, right, baseline } = localCaptionLayout(width, height, inset, detail);
  return `<text x="${right.toFixed(1)}" y="${baseline.toFixed(1)}" text-anchor="end" font-family="DejaVu Sans, sans-serif" font-size="${size}" letter-spacing="${(size * CAPTION_TRACKING_EM).toFixed(1)}" fill="${ink}" opacity="0.72">${escapeXml(text)}</text>`;
}

/**
 * XMP that says an image already shows the local engine's mark. Local results carry it so a later
 * step (image to video) does not stamp a second mark over the first; uploads are re-encoded without
 * metadata, so a user's photo never claims it.
 */
export const LOCAL_MARK_XMP =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:atelier="https://atelier.local/ns/1.0/" atelier:localMark="bottom-right"/></rdf:RDF></x:xmpmeta>';

/** Whether an image says (in its XMP) that it already shows the local engine's mark. */
export async function hasLocalMark(image: Buffer): Promise<boolean> {
  try {
    const { xmp } = await sharp(image).metadata();
    return Boolean(xmp && xmp.toString('utf8').includes('atelier:localMark='));
  } catch {
    return false;
  }
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
