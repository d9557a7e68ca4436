import sharp from 'sharp';
import { decodeLook, encodeLook } from '../look.js';
import type { CharacterLook } from '../types.js';

/**
 * zlib level of the local engine's PNGs. A grainy 1024×1536 still: level 6 took ~150 ms of CPU for 1.95 MB, level 4
 * takes ~80 ms for 2.02 MB (+3.5 %), about a tenth of the still's whole CPU time; the gallery shows thumbnails.
 */
export const PNG_COMPRESSION_LEVEL = 4;

/**
 * Rasterises an SVG with sharp and adds a fine, seeded film grain (deterministic, unlike libvips noise).
 * `mark` is where the SVG draws {@link localCaption}; the PNG records it with {@link localMarkXmp}, and the
 * character `look` it shows when there is one.
 */
export async function rasterise(svg: string, width: number, height: number, seed: number, grain = 10, mark?: MarkBox, look?: CharacterLook): Promise<Buffer> {
  const base = sharp(Buffer.from(svg), { density: 72 })
    .resize(width, height, { fit: 'fill' })
    .removeAlpha()
    .withXmp(localMarkXmp(mark ?? localCaptionBox(width, height), look));
  if (grain <= 0) return base.png({ compressionLevel: PNG_COMPRESSION_LEVEL }).toBuffer();
  return base
    .composite([{ input: grainLayer(width, height, seed, grain), raw: { width, height, channels: 1 }, blend: 'overlay' }])
    .png({ compressionLevel: PNG_COMPRESSION_LEVEL })
    .toBuffer();
}

/**
 * Mid-grey noise: neutral under the overlay blend except for the grain itself. Each pixel is the sum of two uniform
 * 16-bit halves of one mulberry32 draw (a triangular distribution, as two draws gave): the generator inlined, one
 * draw a pixel — half the time of calling `createRandom` twice for each of the 1.5 million pixels of a 2:3 still.
 */
export function grainLayer(width: number, height: number, seed: number, strength: number): Buffer {
  let state = (seed ^ 0x9e3779b9) >>> 0;
  const out = Buffer.allocUnsafe(width * height);
  const scale = (strength * 1.7) / 65_536;
  for (let i = 0; i < out.length; i++) {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    t = (t ^ (t >>> 14)) >>> 0;
    out[i] = 128 + Math.round(((t >>> 16) + (t & 0xffff) - 65_535) * scale);
  }
  return out;
}

/**
 * `text` in at most `max` characters: whole, or cut after the last whole word that fits (and its punctuation dropped)
 * with an ellipsis — not "arms swinging na…". A single word longer than the line is cut where it must be.
 */
export function excerptOf(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  const room = chars.slice(0, max - 1).join('');
  const atWord = /\s/.test(chars[max - 1] ?? '') ? room : room.replace(/\s+\S*$/, '');
  const cut = (atWord.length >= room.length * 0.5 ? atWord : room).replace(/[\s,;:·–-]+$/, '');
  return `${cut}…`;
}

/** Characters XML 1.0 cannot hold (C0 controls but tab and line breaks, U+FFFE, U+FFFF): librsvg refuses the document. */
// eslint-disable-next-line no-control-regex -- these are the characters to drop
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** Text for an SVG: escaped, and without the characters XML cannot hold (the services refuse them; a recipe may not). */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML, '').replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
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

/** Where an image shows the local engine's mark, as fractions of its width and height. */
export interface MarkBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The corner caption's box (generous) as fractions of the frame. */
export function localCaptionBox(width: number, height: number, inset = 0, detail?: string): MarkBox {
  const { size, left, right, baseline } = localCaptionLayout(width, height, inset, detail);
  return { left: left / width, top: (baseline - size) / height, right: (right + size * 0.2) / width, bottom: (baseline + size * 0.3) / height };
}

const MARK_ATTRIBUTE = 'atelier:localMark';
const LOOK_ATTRIBUTE = 'atelier:look';
/** The recipe a local still was drawn from (base64url JSON; text-to-image.ts writes and reads it). */
export const RECIPE_ATTRIBUTE = 'atelier:recipe';

/** XMP carrying `atelier:` attributes, in order: `[name, value]`, values already fit for an attribute. */
function atelierXmp(attributes: readonly (readonly [string, string])[]): string {
  const listed = attributes.map(([name, value]) => ` ${name}="${value}"`).join('');
  return `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:atelier="https://atelier.local/ns/1.0/"${listed}/></rdf:RDF></x:xmpmeta>`;
}

/**
 * XMP that says an image already shows the local engine's mark, and where (fractions of the frame).
 * Local results carry it so a later step (image to video) does not stamp a second mark over the first;
 * uploads are re-encoded without metadata, so a user's photo never claims it.
 */
export function localMarkXmp(box: MarkBox, look?: CharacterLook, more: readonly (readonly [string, string])[] = []): string {
  const where = [box.left, box.top, box.right, box.bottom].map((n) => Math.min(1, Math.max(0, n)).toFixed(4)).join(' ');
  return atelierXmp([[MARK_ATTRIBUTE, where], ...(look ? [[LOOK_ATTRIBUTE, encodeLook(look)] as const] : []), ...more]);
}

/** The `atelier:` attributes an uploaded picture may keep, each with the only values it can take. */
const KEPT_ATTRIBUTES: [string, RegExp][] = [
  [MARK_ATTRIBUTE, /^[0-9. ]{1,64}$/],
  [LOOK_ATTRIBUTE, /^[A-Za-z0-9_-]{1,8192}$/],
  [RECIPE_ATTRIBUTE, /^[A-Za-z0-9_-]{1,16384}$/],
];

/**
 * The XMP an upload keeps: only the local engine's own attributes (where its mark is, the look and the recipe a
 * local picture was drawn from), rebuilt from their values; everything else an upload carries (camera, GPS, editing
 * history) is dropped with the rest of its metadata. Null when it has none of them. A downloaded local still sent
 * back (to Dress Up, to a video) is then known for what it is: one mark, not two, and its scene can be drawn again.
 */
export function atelierXmpOf(xmp: string): string | null {
  const kept = KEPT_ATTRIBUTES.flatMap(([name, allowed]) => {
    const value = new RegExp(`${name}="([^"]*)"`).exec(xmp)?.[1];
    return value !== undefined && allowed.test(value) ? [[name, value] as const] : [];
  });
  return kept.length === 0 ? null : atelierXmp(kept);
}

/**
 * The character look a local render was drawn from (`atelier:look`, base64url JSON in its XMP), or null
 * when the image says nothing (an upload, a hosted model's image, a re-encoded copy without metadata).
 */
export async function lookOf(image: Buffer): Promise<CharacterLook | null> {
  try {
    const { xmp } = await sharp(image).metadata();
    const match = xmp?.toString('utf8').match(new RegExp(`${LOOK_ATTRIBUTE}="([A-Za-z0-9_-]+)"`));
    return match ? decodeLook(match[1]!) : null;
  } catch {
    return null;
  }
}

/** Where an image says (in its XMP) it shows the local engine's mark, or null when it says nothing. */
export async function localMarkOf(image: Buffer): Promise<MarkBox | null> {
  try {
    const { xmp } = await sharp(image).metadata();
    const match = xmp?.toString('utf8').match(new RegExp(`${MARK_ATTRIBUTE}="([0-9. ]+)"`));
    const n = match?.[1]?.trim().split(/\s+/).map(Number);
    if (!n || n.length !== 4 || n.some((v) => !Number.isFinite(v))) return null;
    return { left: n[0]!, top: n[1]!, right: n[2]!, bottom: n[3]! };
  } catch {
    return null;
  }
}

export const hasLocalMark = async (image: Buffer) => (await localMarkOf(image)) !== null;

function localBadgeLayout(width: number, height: number, detail?: string) {
  const size = Math.max(12, Math.round(Math.min(width, height) * 0.018));
  const text = detail ? `Local engine · ${detail}` : 'Local engine';
  const padX = size * 0.8;
  const boxWidth = text.length * size * 0.62 + padX * 2;
  const boxHeight = size * 1.9;
  return { size, text, boxWidth, boxHeight, x: width - boxWidth - size, y: height - boxHeight - size };
}

/** The pill's box as fractions of the frame. */
export function localBadgeBox(width: number, height: number, detail?: string): MarkBox {
  const { x, y, boxWidth, boxHeight } = localBadgeLayout(width, height, detail);
  return { left: x / width, top: y / height, right: (x + boxWidth) / width, bottom: (y + boxHeight) / height };
}

/** The local-engine mark on photographs: white text on a dark pill, readable on any picture. */
export function localBadge(width: number, height: number, detail?: string): Buffer {
  const { size, text, boxWidth, boxHeight, x, y } = localBadgeLayout(width, height, detail);
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${boxWidth.toFixed(1)}" height="${boxHeight.toFixed(1)}" rx="${(boxHeight / 2).toFixed(1)}" fill="#000000" fill-opacity="0.45"/><text x="${(x + boxWidth / 2).toFixed(1)}" y="${(y + boxHeight * 0.66).toFixed(1)}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="${size}" fill="#ffffff">${escapeXml(text)}</text></svg>`,
  );
}

/**
 * The same pill as {@link localBadge} as a small layer with its place, for sharp's composite: rasterising
 * only the pill, not a frame-sized SVG, saves most of the badge's cost on large photos.
 */
export function localBadgeLayer(width: number, height: number, detail?: string): { input: Buffer; left: number; top: number } {
  const { size, text, boxWidth, boxHeight, x, y } = localBadgeLayout(width, height, detail);
  const left = Math.max(0, Math.floor(x));
  const top = Math.max(0, Math.floor(y));
  const w = Math.min(width - left, Math.ceil(x + boxWidth) - left);
  const h = Math.min(height - top, Math.ceil(y + boxHeight) - top);
  const ox = x - left;
  const oy = y - top;
  return {
    input: Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect x="${ox.toFixed(1)}" y="${oy.toFixed(1)}" width="${boxWidth.toFixed(1)}" height="${boxHeight.toFixed(1)}" rx="${(boxHeight / 2).toFixed(1)}" fill="#000000" fill-opacity="0.45"/><text x="${(ox + boxWidth / 2).toFixed(1)}" y="${(oy + boxHeight * 0.66).toFixed(1)}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="${size}" fill="#ffffff">${escapeXml(text)}</text></svg>`,
    ),
    left,
    top,
  };
}
