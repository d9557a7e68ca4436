import type { AspectRatio, EngineResult, Preset, TextToImageInput } from '../types.js';
import { POSES } from '../poses.js';
import { darken, inkFor, isHexColour, lighten, luminance, mix, saturation } from './colour.js';
import { drawFigure, type GarmentKind, type GarmentPattern, type HairStyle } from './figure.js';
import { HAIR_COLOURS, paletteForPrompt, SKIN_TONES } from './palettes.js';
import { createRandom, hashString } from './random.js';
import { escapeXml, localCaption, localCaptionBox, localCaptionLayout, rasterise } from './render.js';

/** Output sizes: 2:3 is 1024×1536 and the others keep about the same pixel count. */
export const IMAGE_SIZES: Record<AspectRatio, { width: number; height: number }> = {
  '2:3': { width: 1024, height: 1536 },
  '3:4': { width: 1080, height: 1440 },
  '4:5': { width: 1120, height: 1400 },
  '1:1': { width: 1248, height: 1248 },
  '3:2': { width: 1536, height: 1024 },
  '9:16': { width: 936, height: 1664 },
  '16:9': { width: 1664, height: 936 },
};

const GARMENT_WORDS: [GarmentKind, string[]][] = [
  ['dress', ['dress', 'gown', 'slip', 'frock', 'maxi', 'midi']],
  ['coat', ['coat', 'trench', 'overcoat', 'cape', 'parka', 'puffer']],
  ['suit', ['suit', 'blazer', 'tailored', 'tuxedo', 'jacket', 'tailoring']],
  ['skirt', ['skirt', 'pleated', 'tutu']],
  ['set', ['jeans', 'trousers', 'pants', 'denim', 'streetwear', 'hoodie', 'tracksuit', 'shirt']],
];
const PATTERN_WORDS: [GarmentPattern, string[]][] = [
  ['stripes', ['stripe', 'stripes', 'striped', 'pinstripe', 'nautical']],
  ['dots', ['dots', 'polka', 'dotted', 'spotted']],
  ['check', ['check', 'plaid', 'tartan', 'gingham', 'houndstooth', 'checked']],
];

export type Backdrop = 'sweep' | 'arch' | 'sun' | 'split';

interface SceneChoices {
  words: string[];
  palette: string[];
  backdrop: Backdrop;
  garment: GarmentKind;
  pattern: GarmentPattern;
  poseIndex: number;
  scale: number;
  offset: number;
}

function wordsOf(text: string): string[] {
  return text.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
}

function findWord<T>(words: string[], table: [T, string[]][]): T | undefined {
  return table.find(([, list]) => list.some((w) => words.includes(w)))?.[0];
}

function choose(input: TextToImageInput): SceneChoices {
  const words = wordsOf(`${input.prompt} ${input.preset?.style ?? ''}`);
  const random = createRandom(hashString(input.prompt) ^ input.seed);
  const presetPalette = (input.preset?.palette ?? []).filter(isHexColour);
  const palette = presetPalette.length >= 2 ? presetPalette : paletteForPrompt(input.prompt, input.seed);
  const composition = (input.preset?.composition ?? '').toLowerCase();
  const closeUp = /close|portrait|bust|tight/.test(composition);
  const wide = /wide|full|long|environment/.test(composition);
  const thirds = /third|left|right|off-?cent|asym/.test(composition);
  return {
    words,
    palette,
    backdrop: random.pick<Backdrop>(['sweep', 'arch', 'sun', 'split']),
    garment: findWord(words, GARMENT_WORDS) ?? random.pick<GarmentKind>(['dress', 'coat', 'suit', 'skirt', 'set']),
    pattern: findWord(words, PATTERN_WORDS) ?? random.pick<GarmentPattern>(['plain', 'plain', 'plain', 'stripes', 'check', 'dots']),
    poseIndex: random.int(0, POSES.length - 1),
    scale: closeUp ? 1.45 : wide ? 0.7 : random.range(0.8, 0.9),
    offset: thirds ? (random.next() < 0.5 ? -1 : 1) / 6 : random.range(-0.04, 0.04),
  };
}

/** Picks colour roles from a palette: a light or dark set, a garment colour that stands out from it. */
function roles(palette: string[], seed: number) {
  const byLight = [...palette].sort((a, b) => luminance(b) - luminance(a));
  const lightest = byLight[0]!;
  const darkest = byLight[byLight.length - 1]!;
  const darkSet = luminance(palette[0]!) < 0.12;
  const backdrop = darkSet ? darkest : lightest;
  const backdrop2 = darkSet ? mix(darkest, byLight[byLight.length - 2] ?? darkest, 0.7) : mix(lightest, byLight[1] ?? lightest, 0.75);
  const candidates = palette.filter((c) => c !== backdrop);
  // The most saturated colour that contrasts with the backdrop; the seed breaks near ties.
  const contrasting = candidates.filter((c) => Math.abs(luminance(c) - luminance(backdrop)) > 0.12);
  const ranked = (contrasting.length > 0 ? contrasting : candidates).sort((a, b) => saturation(b) - saturation(a));
  const nearTie = ranked.length > 1 && saturation(ranked[0]!) - saturation(ranked[1]!) < 0.08;
  const garment = ranked[nearTie ? seed % 2 : 0] ?? darkest;
  const accent = candidates.find((c) => c !== garment) ?? lighten(garment, 0.4);
  return { backdrop, backdrop2, garment, accent, ink: inkFor(backdrop) };
}

/** The arch's width and the sun's radius on a w×h frame. */
const archWidth = (w: number, h: number) => Math.min(w * 0.56, h * 0.4);
const sunRadius = (w: number, h: number) => Math.min(w, h) * 0.26;

/**
 * Where the backdrop's shape stands, horizontally: behind the figure (arch, floor glow) or just beside
 * it (sun, behind the shoulder), kept inside the frame line. Landscape frames stand the figure on the
 * right third, so the shape follows it there instead of sitting in the middle.
 */
export function backdropX(kind: Backdrop, w: number, h: number, figureX: number): number {
  const frame = frameInset(w, h);
  const within = (x: number, half: number) => Math.min(w - frame - half, Math.max(frame + half, x));
  switch (kind) {
    case 'arch':
      return within(figureX, archWidth(w, h) / 2);
    case 'sun':
      return within(figureX + Math.min(w, h) * 0.14, sunRadius(w, h) * 0.6);
    default:
      return figureX;
  }
}

function backdropSvg(kind: Backdrop, w: number, h: number, c: ReturnType<typeof roles>, floorY: number, figureX: number): string {
  const light = lighten(c.backdrop, 0.18);
  const parts = [
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${c.backdrop2}"/><stop offset="0.62" stop-color="${c.backdrop}"/><stop offset="1" stop-color="${darken(c.backdrop, 0.16)}"/></linearGradient>`,
    `<radialGradient id="key" cx="0.32" cy="0.3" r="0.75"><stop offset="0" stop-color="#ffffff" stop-opacity="0.34"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>`,
    `<radialGradient id="vignette" cx="0.5" cy="0.48" r="0.78"><stop offset="0.55" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.42"/></radialGradient>`,
    `<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${darken(c.backdrop, 0.06)}"/><stop offset="1" stop-color="${darken(c.backdrop, 0.24)}"/></linearGradient>`,
    `<filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${(w * 0.012).toFixed(1)}"/></filter></defs>`,
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>`,
  ];
  const cx = backdropX(kind, w, h, figureX);
  switch (kind) {
    case 'arch': {
      const aw = archWidth(w, h);
      const top = h * 0.16;
      parts.push(`<path d="M${cx - aw / 2},${floorY} L${cx - aw / 2},${top + aw / 2} A${aw / 2},${aw / 2} 0 0 1 ${cx + aw / 2},${top + aw / 2} L${cx + aw / 2},${floorY} Z" fill="${mix(c.accent, c.backdrop, 0.45)}"/>`);
      break;
    }
    case 'sun':
      parts.push(`<circle cx="${cx}" cy="${h * 0.34}" r="${sunRadius(w, h)}" fill="${mix(c.accent, c.backdrop, 0.3)}"/>`);
      break;
    case 'split':
      parts.push(`<path d="M0,${h * 0.78} L${w},${h * 0.28} L${w},${h} L0,${h} Z" fill="${mix(c.accent, c.backdrop, 0.55)}"/>`);
      break;
    default:
      parts.push(`<ellipse cx="${cx}" cy="${floorY}" rx="${w * 0.7}" ry="${h * 0.06}" fill="${light}" opacity="0.45" filter="url(#soft)"/>`);
  }
  parts.push(`<rect y="${floorY}" width="${w}" height="${h - floorY}" fill="url(#floor)" opacity="${kind === 'sweep' ? 0.55 : 0.85}"/>`);
  parts.push(`<rect width="${w}" height="${h}" fill="url(#key)"/>`);
  return parts.join('');
}

function titleOf(input: TextToImageInput, words: string[]): string {
  if (input.preset?.name) return input.preset.name;
  const stop = new Set(['a', 'an', 'the', 'in', 'on', 'of', 'with', 'and', 'for', 'to', 'at', 'by', 'wearing']);
  return words.filter((w) => !stop.has(w) && w.length > 2).slice(0, 2).join(' ') || 'Atelier';
}

/** The thin frame line's inset from the image edge. */
export const frameInset = (w: number, h: number) => Math.round(Math.min(w, h) * 0.03);

/** Letter spacing of the masthead and of the line under it, in ems of their font size. */
const TITLE_TRACKING_EM = 0.14;
const SUBTITLE_TRACKING_EM = 0.45;
/** DejaVu Serif (the masthead's font) in ems: capitals' advance widths, the cap height, and the height of an accented capital. */
const SERIF_ADVANCE_EM: Record<string, number> = {
  A: 0.723, B: 0.735, C: 0.765, D: 0.802, E: 0.73, F: 0.694, G: 0.799, H: 0.873, I: 0.395, J: 0.401, K: 0.748, L: 0.664, M: 1.024,
  N: 0.875, O: 0.82, P: 0.673, Q: 0.82, R: 0.753, S: 0.668, T: 0.685, U: 0.843, V: 0.723, W: 1.028, X: 0.712, Y: 0.66, Z: 0.695,
  ' ': 0.318, '-': 0.338, '.': 0.318, "'": 0.275, '&': 0.89,
};
const SERIF_DIGIT_EM = 0.636;
/** Anything else (accented or other scripts) counts as a wide capital. */
const SERIF_OTHER_EM = 1.05;
const SERIF_ACCENTED_CAP_EM = 0.95;
/** Distance between stacked title lines, in ems. */
const TITLE_LINE_GAP_EM = 1.1;
/** The most masthead lines a landscape frame stacks. */
const LANDSCAPE_MAX_LINES = 3;

/** The masthead's width in ems of its font size, letter spacing included (generous for unknown characters). */
export function mastheadWidthEm(line: string): number {
  let em = 0;
  for (const ch of line) em += (SERIF_ADVANCE_EM[ch] ?? (/[0-9]/.test(ch) ? SERIF_DIGIT_EM : SERIF_OTHER_EM)) + TITLE_TRACKING_EM;
  return em;
}

export interface MastheadLayout {
  lines: string[];
  subtitle: string;
  /** Font size of the title. */
  size: number;
  x: number;
  /** Baseline of the first title line. */
  baseline: number;
  anchor: 'start' | 'middle';
  /** Font size and baseline of the style · issue line under the title. */
  small: number;
  subtitleBaseline: number;
  /** Where the title and the line under it may draw ink (a generous estimate). */
  box: { left: number; top: number; right: number; bottom: number };
}

/**
 * Places the masthead: portrait and square frames centre one line across the top, landscape frames stack
 * up to three lines on the left third. The size shrinks until the widest line fits its column and the
 * whole masthead stays inside the frame line, whatever the aspect ratio and however long the title.
 */
export function mastheadLayout(w: number, h: number, title: string, subtitle: string): MastheadLayout {
  const frame = frameInset(w, h);
  const landscape = w > h * 1.2;
  const words = title.trim().split(/\s+/).filter(Boolean);
  // Landscape mastheads stack their words (the last line takes the rest); portrait ones run on one line.
  const lines =
    landscape && words.length > LANDSCAPE_MAX_LINES
      ? [...words.slice(0, LANDSCAPE_MAX_LINES - 1), words.slice(LANDSCAPE_MAX_LINES - 1).join(' ')]
      : landscape
        ? words
        : [words.join(' ')];
  if (lines.length === 0 || lines[0] === '') lines.splice(0, lines.length, 'ATELIER');
  const columnWidth = landscape ? w * 0.42 : w * 0.84;
  const widestEm = Math.max(6 * 0.9, ...lines.map(mastheadWidthEm));
  const small = Math.round(Math.min(w, h) * 0.019);
  // At most this share of the height, so tall stacks on short frames still fit.
  const heightCap = landscape ? (h * 0.5) / (lines.length * TITLE_LINE_GAP_EM) : h * 0.1;
  const size = Math.max(8, Math.floor(Math.min(Math.min(w, h) * (landscape ? 0.11 : 0.085), columnWidth / widestEm, heightCap)));
  const x = landscape ? frame * 2.2 : w / 2;
  const baseline = landscape ? h * 0.3 + size : frame + size * 1.15;
  const lastBaseline = baseline + (lines.length - 1) * size * TITLE_LINE_GAP_EM;
  const subtitleBaseline = lastBaseline + small * 2.4;
  // DejaVu Sans capitals are at most 0.78 em wide (W and M excepted, rare in a style name).
  const widthPx = Math.max(widestEm * size, [...subtitle].length * (0.78 + SUBTITLE_TRACKING_EM) * small);
  const left = landscape ? x : x - widthPx / 2;
  return {
    lines,
    subtitle,
    size,
    x,
    baseline,
    anchor: landscape ? 'start' : 'middle',
    small,
    subtitleBaseline,
    box: { left, top: baseline - SERIF_ACCENTED_CAP_EM * size, right: left + widthPx, bottom: subtitleBaseline + small * 0.3 },
  };
}

/** The masthead's SVG: the title and, under it, the style · issue line. */
export function mastheadSvg(layout: MastheadLayout, ink: string): string {
  const { lines, subtitle, size, x, baseline, anchor, small, subtitleBaseline } = layout;
  const tspans = lines
    .map((line, i) => `<tspan x="${x.toFixed(1)}" y="${(baseline + i * size * TITLE_LINE_GAP_EM).toFixed(1)}">${escapeXml(line)}</tspan>`)
    .join('');
  return [
    `<text text-anchor="${anchor}" font-family="DejaVu Serif, serif" font-size="${size}" letter-spacing="${(size * TITLE_TRACKING_EM).toFixed(1)}" fill="${ink}">${tspans}</text>`,
    `<text x="${x.toFixed(1)}" y="${subtitleBaseline.toFixed(1)}" text-anchor="${anchor}" font-family="DejaVu Sans, sans-serif" font-size="${small}" letter-spacing="${(small * SUBTITLE_TRACKING_EM).toFixed(1)}" fill="${ink}" opacity="0.8">${escapeXml(subtitle)}</text>`,
  ].join('');
}

/** DejaVu Serif Italic averages well under 0.6 em per character in running text. */
const EXCERPT_ADVANCE_EM = 0.6;
const EXCERPT_MAX_CHARS = 70;

/**
 * The prompt excerpt along the bottom-left, inside the frame line: it gets as many characters as fit
 * before the local-engine caption in the bottom-right corner (with a gap), 70 at most.
 */
export function promptExcerptLayout(w: number, h: number, small: number) {
  const frame = frameInset(w, h);
  const size = small * 1.05;
  const x = frame * 1.6;
  const caption = localCaptionLayout(w, h, frame);
  const room = caption.left - caption.size * 1.5 - x;
  return { x, baseline: h - frame * 1.6, size, maxChars: Math.max(8, Math.min(EXCERPT_MAX_CHARS, Math.floor(room / (size * EXCERPT_ADVANCE_EM)))) };
}

export function fitExcerpt(prompt: string, maxChars: number): string {
  const chars = [...prompt];
  return chars.length > maxChars ? `${chars.slice(0, maxChars - 1).join('').trimEnd()}…` : prompt;
}

/** Builds the SVG of an editorial fashion image; exported for the character preview, which reuses the stage. */
export function editorialSvg(input: TextToImageInput): { svg: string; width: number; height: number } {
  const { width: w, height: h } = IMAGE_SIZES[input.aspectRatio];
  const choice = choose(input);
  const seedHash = hashString(`${input.prompt}|${input.seed}`);
  const random = createRandom(seedHash);
  const c = roles(choice.palette, seedHash);
  const floorY = h * (h > w ? 0.83 : 0.86);
  const figureHeight = Math.min(h * 0.74, w * 1.25) * choice.scale;
  const footY = choice.scale > 1.2 ? floorY + figureHeight * 0.42 : floorY + h * 0.015;
  // Landscape frames put the masthead on the left and the figure on the right third.
  const landscape = w > h * 1.2;
  const figureX = w * (landscape ? 0.68 + choice.offset / 3 : 0.5 + choice.offset);
  const figure = drawFigure({
    x: figureX,
    footY,
    height: figureHeight,
    joints: POSES[choice.poseIndex]!.joints,
    skin: random.pick(SKIN_TONES),
    hair: random.pick(HAIR_COLOURS),
    hairStyle: random.pick<HairStyle>(['bob', 'long', 'bun', 'short']),
    garment: choice.garment,
    garmentColour: c.garment,
    accent: c.accent,
    pattern: choice.pattern,
    id: 'fig',
  });
  const shadow = `<ellipse cx="${figureX}" cy="${Math.min(footY, h) + h * 0.008}" rx="${figureHeight * 0.2}" ry="${figureHeight * 0.025}" fill="#000" opacity="0.32" filter="url(#soft)"/>`;

  const frame = frameInset(w, h);
  const style = (input.preset?.style ?? 'Editorial').toUpperCase();
  const issue = `N° ${String((seedHash % 97) + 1).padStart(2, '0')}`;
  const masthead = mastheadLayout(w, h, titleOf(input, choice.words).toUpperCase(), `${style} · ${issue}`);
  const small = masthead.small;
  const excerptLayout = promptExcerptLayout(w, h, small);
  const excerpt = fitExcerpt(input.prompt, excerptLayout.maxChars);
  const typography = [
    mastheadSvg(masthead, c.ink),
    `<text x="${excerptLayout.x}" y="${excerptLayout.baseline}" font-family="DejaVu Serif, serif" font-style="italic" font-size="${excerptLayout.size}" fill="${inkFor(darken(c.backdrop, 0.2))}" opacity="0.85">${escapeXml(excerpt)}</text>`,
    `<rect x="${frame}" y="${frame}" width="${w - 2 * frame}" height="${h - 2 * frame}" fill="none" stroke="${c.ink}" stroke-opacity="0.35" stroke-width="${Math.max(1, w / 900).toFixed(1)}"/>`,
    localCaption(w, h, inkFor(darken(c.backdrop, 0.2)), undefined, frame),
  ].join('');

  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${backdropSvg(choice.backdrop, w, h, c, floorY, figureX)}<defs>${figure.defs}</defs>${shadow}${figure.body}<rect width="${w}" height="${h}" fill="url(#vignette)"/>${typography}</svg>`;
  return { svg, width: w, height: h };
}

export async function localTextToImage(input: TextToImageInput): Promise<EngineResult> {
  const { svg, width, height } = editorialSvg(input);
  const data = await rasterise(svg, width, height, hashString(input.prompt) ^ input.seed, 10, localCaptionBox(width, height, frameInset(width, height)));
  return { data, contentType: 'image/png', width, height, engine: 'local', model: 'local/editorial-svg' };
}

export type { Preset };
