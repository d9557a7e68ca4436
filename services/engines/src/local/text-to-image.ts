import sharp from 'sharp';
import { EngineInputError } from '../errors.js';
import { MAX_PROMPT_LENGTH } from '../validate.js';
import { POSES, SCENE_POSES, type Pose, type PoseJoints } from '../poses.js';
import { STUDIO_CAMERA } from './character.js';
import { hipHeight } from './person.js';
import type { AspectRatio, EngineResult, Preset, TextToImageInput } from '../types.js';
import { darken, inkFor, luminance, mix } from './colour.js';
import { createRandom, hashString } from './random.js';
import { escapeXml, excerptOf, grainLayer, localCaption, localCaptionBox, localCaptionLayout, localMarkXmp, PNG_COMPRESSION_LEVEL, RECIPE_ATTRIBUTE } from './render.js';
import { applyGrade, backdropSvg, gradeMatrix, type Stage } from './scene-backdrop.js';
import { stillLifeSvg, type StillLifeItem } from './still-life.js';
import { headwearRise } from './accessories.js';
import { bareNecklineTop, buildLook, drawSceneFigure, partnerOf, type SceneFigure } from './scene-figure.js';
import { describe, dressIn, nameOf, standsAlone, understand, understoodOf, type Reading, type RecolourRequest } from './understand.js';
import { GARMENTS, type Framing, type HairLength } from './vocabulary.js';

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
    // The small line can cross a backdrop's shapes (a building behind "EDITORIAL · N° 48"): a faint halo of the
    // opposite tone keeps it legible there and is lost against the plain sky.
    `<text x="${x.toFixed(1)}" y="${subtitleBaseline.toFixed(1)}" text-anchor="${anchor}" font-family="DejaVu Sans, sans-serif" font-size="${small}" letter-spacing="${(small * SUBTITLE_TRACKING_EM).toFixed(1)}" fill="${ink}" stroke="${inkFor(ink)}" stroke-opacity="0.35" stroke-width="${(small * 0.22).toFixed(1)}" stroke-linejoin="round" paint-order="stroke" opacity="0.85">${escapeXml(subtitle)}</text>`,
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
  return excerptOf(prompt, maxChars);
}


/** Poses that read well in a single fashion still (arms clear of the outfit's front). */
const STILL_POSES = [0, 1, 2, 3, 6];
/**
 * The same for a half-length or closer still, whose frame is narrower than elbows held out (hands on the hips ran off
 * both sides of a half-length picture): arms by the sides, walking. As many, so the seed's draw is the same.
 */
const CLOSE_POSES = [0, 3, 0, 6, 3];
/** How a pose turns the face and body: looking back over the shoulder turns both, as the photoshoot's camera does. */
export const turnOf = (pose: Pose): { turn?: number; bodyTurn?: number } => {
  const camera = STUDIO_CAMERA[POSES.indexOf(pose)];
  return pose.name === 'Over the shoulder' && camera ? { turn: camera.turn, ...(camera.bodyTurn ? { bodyTurn: camera.bodyTurn } : {}) } : {};
};

/** The poses the seed picks from for a framing. */
export const stillPoses = (framing: Framing) => (framing === 'full body' ? STILL_POSES : CLOSE_POSES);
/** Film grain strength of a local still. */
const GRAIN = 8;

interface Scene {
  reading: Reading;
  width: number;
  height: number;
  backdrop: string;
  figure: SceneFigure;
  /** A second person beside the first (drawn behind where they meet). */
  companion?: SceneFigure;
  overlay: string;
  /** Depth of field: close shots blur the backdrop. */
  backdropBlur: number;
  /** The figure's lower garment hangs free (a skirt or a dress, standing, alone): a video may ripple it. */
  flows: boolean;
}

/**
 * A garment the local try-on put on a still's figure: a vocabulary garment's name and its colour. `dyed`: an edit
 * painted the figure's own garment of that name this colour (its material and print kept) — worn as a new garment
 * only when the figure has none of that name.
 */
export interface WornGarment {
  garment: string;
  hex: string;
  /** The garment photo's pattern and its second colour (garment.ts printOf): drawn as the vocabulary's print. */
  print?: 'stripes' | 'pinstripe' | 'polka dot' | 'check';
  printHex?: string;
  dyed?: true;
  /** Painted on the second of two people (a recolour asked for what only they wear). */
  companion?: true;
}

/**
 * What a local still is drawn from: the text-to-image input, and a garment the local try-on dressed its figure in
 * (recorded in the still's XMP with the rest, so a video of a tried-on still animates what it shows).
 */
export type LocalStillRecipe = TextToImageInput & { wearing?: WornGarment[] };

/** The prints a garment photo can be read as wearing (WornGarment.print). */
const WORN_PRINTS = ['stripes', 'pinstripe', 'polka dot', 'check'] as const;

/** Garments a still's recipe records, the latest tried on last; older ones give way. */
const MAX_WORN = 4;

const HEX = /^#[0-9a-f]{6}$/;

/**
 * What a still's figure wears and where it stands: the prompt's reading, dressed in what the try-on put on it and
 * painted as edits asked, in that order (a top, then a skirt: both worn).
 */
export function readingOf(input: LocalStillRecipe): Reading {
  return (input.wearing ?? []).reduce((dressed, { garment, hex, dyed, companion, print, printHex }) => {
    const entry = Object.hasOwn(GARMENTS, garment) ? GARMENTS[garment] : undefined;
    if (!entry || !HEX.test(hex)) return dressed;
    if (companion) {
      const pair = dressed.companion;
      if (!dyed || !pair?.garments.some((g) => g.name === entry.name)) return dressed;
      const garments = pair.garments.map((g) => (g.name === entry.name ? { ...g, paint: { name: nameOf(hex), hex }, source: 'prompt' as const } : g));
      return { ...dressed, companion: { ...pair, garments } };
    }
    if (dyed && dressed.garments.some((g) => g.name === entry.name)) {
      // What the drawing adds to complete the outfit keeps its colour (it follows the main garment's otherwise).
      const partnerPaint = dressed.partnerPaint ?? partnerOf(dressed.garments[0]!.paint.hex);
      return { ...dressed, partnerPaint, garments: dressed.garments.map((g) => (g.name === entry.name ? { ...g, paint: { name: nameOf(hex), hex }, source: 'prompt' as const } : g)) };
    }
    return dressIn(dressed, entry, hex, print && printHex && HEX.test(printHex) ? { print, hex: printHex } : undefined);
  }, understand(input.prompt, input.preset, input.seed));
}

/** Lays out a still: where the figure stands and how large for the framing, the backdrop's horizon, the typography. */
function sceneOf(input: LocalStillRecipe): Scene {
  const { width: w, height: h } = IMAGE_SIZES[input.aspectRatio];
  const reading = readingOf(input);
  const seedHash = hashString(`${input.prompt}|${input.seed}`);
  const random = createRandom(seedHash);
  const landscape = w > h * 1.2;
  // The pose asked for, else the seed's (drawn from either way: the rest of the seed's choices stay as they were).
  const seedPose = stillPoses(reading.framing)[random.int(0, STILL_POSES.length - 1)]!;
  const drawn = SCENE_POSES[reading.pose ?? seedPose]!;
  // A product shot's clothes hang from an invisible mannequin standing straight ("Front, relaxed").
  const pose = reading.noPerson ? POSES[0]! : drawn;
  const look = buildLook(reading, random.int(0, 5));

  // The backdrop is laid out for a full-length figure; closer framings enlarge the figure, not the set.
  const floorY = h * (landscape ? 0.9 : 0.88);
  const fullHeight = h * (landscape ? 0.76 : 0.72);
  const unit = fullHeight / 8;
  // Typography first: a close figure's hair starts below the masthead (an afro's volume ran under the title).
  const frame = frameInset(w, h);
  const description = describe(reading);
  // A garment the seed chose (nothing named one) is drawn but not announced: the prompt's own first words say what it is.
  const title = (input.preset?.name ?? (reading.sources.garment === 'seed' && !reading.stillLife ? promptTitle(input.prompt) ?? description : description)).toUpperCase();
  const style = (input.preset?.style ?? 'Editorial').toUpperCase();
  const issue = `N° ${String((seedHash % 97) + 1).padStart(2, '0')}`;
  const masthead = mastheadLayout(w, h, title, `${style} · ${issue}`);
  // A hat rises above the hair (and sits higher on curls).
  const pair = reading.noPerson ? undefined : reading.companion;
  const hatRise = Math.max(
    0,
    ...(reading.accessories ?? []).map((a) => headwearRise(a.kind, reading.figure.hairStyle)),
    ...(pair?.accessories ?? []).map((a) => headwearRise(a.kind, pair!.figure.hairStyle)),
  );
  const hairAbove = Math.max(HAIR_VOLUME[reading.figure.hairStyle] ?? 0.15, hatRise, pair ? (HAIR_VOLUME[pair.figure.hairStyle] ?? 0.15) : 0);
  // A full-length figure stands on the floor; one whose hat (or hair) would reach the title stands a little smaller
  // (a fedora covered the line under a square still's title).
  const titleBottom = (landscape ? frame : masthead.box.bottom) + h * 0.01;
  const standing = Math.min(fullHeight, (floorY - titleBottom) / (1 + hairAbove / 8));
  // A half-length figure whose hair or hat would reach the title is drawn a little smaller about its middle (the
  // hips stay where they were): its head clears the title and its skirt stays in the picture (moved down, a skirt
  // left the frame; left in place, a bun, an afro or a beret covered the line under the title).
  const halfMiddle = h * (0.15 + 1.55 / 2);
  const halfTop = Math.max(h * 0.15, (titleBottom + (hairAbove * halfMiddle) / 4) / (1 + hairAbove / 4));
  const figureHeight = reading.framing === 'close-up' ? closeUpHeight(reading, h, h - frame, titleBottom, hairAbove) : reading.framing === 'half body' ? 2 * (halfMiddle - halfTop) : standing;
  // A portrait's masthead runs along the top; a landscape's sits at the side, and only the frame is above the head
  // (a hat on a landscape close-up ran out of the picture).
  const clearOfTitle = titleBottom + (hairAbove * figureHeight) / 8;
  // A close-up's head starts below the title by its hair's (and hat's) height.
  const headTop = reading.framing === 'close-up' ? Math.max(h * 0.16, clearOfTitle) : reading.framing === 'half body' ? halfTop : h * 0.15;
  const footY = reading.framing === 'full body' ? floorY : headTop + figureHeight;
  // A preset's "rule of thirds" (or the prompt's "off-centre") stands a portrait figure on a third line.
  const thirds = /third|off.?cent|asymmetr/.test(`${input.prompt} ${input.preset?.composition ?? ''}`.toLowerCase()) && reading.framing === 'full body';
  const side = random.next() < 0.5 ? -1 : 1;
  const figureX = landscape ? w * (0.64 + random.range(-0.02, 0.04)) : w * (thirds ? 0.5 + side / 6 : 0.5 + random.range(-0.04, 0.04));
  const places = pair ? pairPlaces(reading, { w, landscape, footY, figureHeight }) : [{ x: figureX, footY, height: figureHeight }];
  const stage: Stage = { width: w, height: h, floorY, horizon: floorY - unit * (reading.setting === 'interior' ? 3.6 : 2.4), figureX, unit, palette: setPalette(reading) };
  const backdropRandom = createRandom(seedHash ^ 0x5bd1e995);
  let backdrop = backdropSvg(reading.setting, reading.light, stage, backdropRandom, reading.atmosphere);
  // The floor shadow under the feet: hard and offset under a flash or the noon sun, soft otherwise.
  if (reading.framing === 'full body' && !reading.noPerson) {
    const hard = reading.light === 'flash' || reading.light === 'noon';
    backdrop += `<defs><filter id="shadow-soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${(w * (hard ? 0.003 : 0.01)).toFixed(1)}"/></filter></defs>`;
    for (const place of places) {
      const k = place.height / figureHeight;
      backdrop += `<ellipse cx="${(place.x + (hard ? unit * 0.5 * k : 0)).toFixed(1)}" cy="${(floorY + unit * 0.12).toFixed(1)}" rx="${(unit * 1.5 * k).toFixed(1)}" ry="${(unit * 0.22 * k).toFixed(1)}" fill="#000" opacity="${hard ? 0.45 : 0.3}" filter="url(#shadow-soft)"/>`;
    }
  }
  const [place, beside] = places as [FigurePlace, FigurePlace?];
  const figure = reading.stillLife
    ? stillLifeFigure(reading, stillLifePlace(reading, { w, h, landscape, floorY, unit, figureX, titleBottom }))
    : drawSceneFigure(reading, look, { ...place, height: seatedHeight(place.height, pose.joints), joints: pose.joints, visibleBottom: h - frame, ...turnOf(pose) }, 'fig');
  // The second person: their own look, and the pose they are given or one of the seed's (from a stream of its own, so
  // that a picture of one person draws as it did).
  let companion: SceneFigure | undefined;
  if (pair && beside) {
    const pairRandom = createRandom(seedHash ^ 0x68e31da4);
    const them: Reading = { ...reading, figure: pair.figure, garments: pair.garments, companion: undefined };
    delete them.accessories;
    delete them.pose;
    if (pair.accessories) them.accessories = pair.accessories;
    const theirPose = SCENE_POSES[pair.pose ?? stillPoses(reading.framing)[pairRandom.int(0, STILL_POSES.length - 1)]!]!;
    companion = drawSceneFigure(them, buildLook(them, pairRandom.int(0, 5)), { ...beside, height: seatedHeight(beside.height, theirPose.joints), joints: theirPose.joints, visibleBottom: h - frame, ...turnOf(theirPose) }, 'fig2');
  }

  // Typography: the preset's name (or the reading's own description) and a clean line of what is shown.
  const topColour = backdropTone(reading, 'top');
  const bottomColour = backdropTone(reading, 'bottom');
  const ink = inkFor(topColour);
  const excerptLayout = promptExcerptLayout(w, h, masthead.small);
  const line = fitExcerpt([input.preset ? description : '', reading.setting, reading.light === 'soft' ? '' : reading.light].filter(Boolean).join(' · '), excerptLayout.maxChars);
  const bottomInk = inkFor(darken(bottomColour, 0.2));
  const overlay = [
    `<defs><radialGradient id="vignette" cx="0.5" cy="0.48" r="0.78"><stop offset="0.55" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.38"/></radialGradient></defs>`,
    `<rect width="${w}" height="${h}" fill="url(#vignette)"/>`,
    mastheadSvg(masthead, ink),
    `<text x="${excerptLayout.x}" y="${excerptLayout.baseline}" font-family="DejaVu Serif, serif" font-style="italic" font-size="${excerptLayout.size}" fill="${bottomInk}" opacity="0.85">${escapeXml(line)}</text>`,
    `<rect x="${frame}" y="${frame}" width="${w - 2 * frame}" height="${h - 2 * frame}" fill="none" stroke="${ink}" stroke-opacity="0.35" stroke-width="${Math.max(1, w / 900).toFixed(1)}"/>`,
    localCaption(w, h, bottomInk, undefined, frame),
  ].join('');
  const backdropBlur = reading.framing === 'close-up' ? w * 0.008 : reading.framing === 'half body' ? w * 0.003 : 0;
  // Trousers, a seated figure (its stool too) and two people side by side do not ripple: they wobbled like jelly.
  const flows =
    !pair &&
    !reading.noPerson &&
    (pose.joints.thighReach ?? 1) >= 1 &&
    reading.garments.some((g) => (g.slot === 'one-piece' && /dress|gown/.test(g.template)) || (g.slot === 'bottom' && /skirt/.test(g.template)));
  return { reading, width: w, height: h, backdrop, figure, ...(companion ? { companion } : {}), overlay, backdropBlur, flows };
}

/** A seated figure is drawn larger by what its hips sit lower, so its head is where it would stand (feet on the floor). */
const seatedHeight = (height: number, joints: PoseJoints) => (height * 8) / (4 + hipHeight(joints));

interface FigurePlace {
  x: number;
  footY: number;
  height: number;
}

/**
 * Where two people stand: side by side about the middle, the first named on the left, a head unit and three quarters
 * either side of it, smaller when that would take them out of the picture (about their feet when full-length, about
 * the tops of their heads otherwise: more of them shows); a woman beside a man a little shorter.
 */
export function pairPlaces(reading: Reading, at: { w: number; landscape: boolean; footY: number; figureHeight: number }): [FigurePlace, FigurePlace] {
  const unit = at.figureHeight / 8;
  const fit = Math.min(1, (at.w * 0.22) / (1.75 * unit));
  const anchor = reading.framing === 'full body' ? at.footY : at.footY - at.figureHeight;
  const centre = at.w * (at.landscape ? 0.6 : 0.5);
  const mixed = reading.figure.presentation !== reading.companion!.figure.presentation;
  const place = (side: -1 | 1, who: string): FigurePlace => {
    // Fitted about the anchor, then a woman beside a man shorter about her own feet (her head lower, in any framing).
    const footY = anchor + (at.footY - anchor) * fit;
    return { x: centre + side * 1.75 * unit * fit, footY, height: at.figureHeight * fit * (mixed && who === 'woman' ? 0.95 : 1) };
  };
  return [place(-1, reading.figure.presentation), place(1, reading.companion!.figure.presentation)];
}

/** Where a still life's row stands: above the floor line, a little higher than a figure's feet, wider for more things. */
function stillLifePlace(reading: Reading, at: { w: number; h: number; landscape: boolean; floorY: number; unit: number; figureX: number; titleBottom: number }) {
  const count = (reading.stillLife?.shoes ? 1 : 0) + (reading.accessories ?? []).filter(standsAlone).length;
  const floor = at.floorY - at.unit * (at.landscape ? 0.4 : 0.9);
  return { cx: at.figureX, floorY: floor, width: at.w * (at.landscape ? 0.5 : count > 1 ? 0.84 : 0.74), maxHeight: floor - at.titleBottom - at.h * 0.08 };
}

/**
 * A still life as the scene's figure layer: the named shoes and accessories alone on the floor (still-life.ts), with
 * landmarks from the box they take (the head is the top of the tallest thing, for the camera moves that keep it clear
 * of the title).
 */
function stillLifeFigure(reading: Reading, place: { cx: number; floorY: number; width: number; maxHeight: number }): SceneFigure {
  const items: StillLifeItem[] = [
    ...(reading.stillLife?.shoes ? [{ kind: 'shoes' as const, shoe: reading.stillLife.shoes.kind, colour: reading.stillLife.shoes.colour.hex }] : []),
    ...(reading.accessories ?? []).filter(standsAlone).map((accessory) => ({ kind: 'accessory' as const, accessory })),
  ].slice(0, 3);
  const { svg, box } = stillLifeSvg(items, place.cx, place.floorY, place.width, place.maxHeight, 'still');
  const middle = (box.top + box.bottom) / 2;
  return {
    svg,
    passes: { person: '', clothes: svg, armsMask: '', sleeves: '', headMask: '', accessories: '' },
    bounds: { left: box.left - 40, top: box.top - 40, right: box.right + 40, bottom: box.bottom + 40 },
    landmarks: {
      shoulderY: box.top,
      hipY: middle,
      shoulders: [[box.left, box.top], [box.right, box.top]],
      garmentBox: box,
      head: { centre: [(box.left + box.right) / 2, box.top + (box.bottom - box.top) / 4], radius: (box.bottom - box.top) / 4 },
    },
  };
}

/** How far a hair style rises above the head's top, in head units (an afro's volume, a bun). */
const HAIR_VOLUME: Partial<Record<HairLength, number>> = { curly: 0.5, bun: 0.4, ponytail: 0.2 };

/** Longest masthead taken from a prompt, in characters. */
const PROMPT_TITLE_MAX = 28;

/** A clause's opening that names the shot, not its subject: "close-up of", "a full body photo of", "portrait of". */
const SHOT_WORDS = 'extreme|full|body|full-body|full-length|length|half|half-body|studio|fashion|editorial|beauty|product|detail|candid|cinematic|professional|high|low|angle|wide|medium|close|street|vintage|film|polaroid|magazine|glamour|lifestyle|campaign|black|white|and|colour|color|realistic|photorealistic';
const SHOT_OPENING = new RegExp(`^(?:(?:a|an|the)\\s+)?(?:(?:${SHOT_WORDS})\\s+){0,3}(?:close[- ]?ups?|portrait|photo(?:graph)?|picture|image|shot|headshot|editorial|illustration)\\s+of\\s+(?=\\S)`, 'i');

/**
 * The prompt's first clause as a masthead ("beauty portrait, glossy lips" → "Beauty portrait"), whole words only,
 * without an opening that names the shot ("close-up of a silk scarf" → "A silk scarf"); null when empty.
 */
export function promptTitle(prompt: string): string | null {
  const clause = prompt.split(/[,.;:!?\n]/)[0]!.replace(/\s+/g, ' ').trim().replace(SHOT_OPENING, '').replace(ORIGIN_BEFORE_PERSON, '');
  let title = '';
  for (const word of clause.split(' ')) {
    const longer = title ? `${title} ${word}` : word;
    if ([...longer].length > PROMPT_TITLE_MAX) break;
    title = longer;
  }
  if (!title) title = [...clause].slice(0, PROMPT_TITLE_MAX).join('');
  else if (title.length < clause.length) title = beforeLastPhrase(title);
  return title ? title.charAt(0).toUpperCase() + title.slice(1) : null;
}

/**
 * Words for where someone's family is from, before the person ("a South Asian woman", "Black male model"): the picture
 * draws them, but a cover line does not announce them (it read "SOUTH ASIAN WOMAN"); the person's own words stay.
 */
const ORIGIN_BEFORE_PERSON = new RegExp(
  `\\b(?:(?:a|an)\\s+)?(?:(?:south|east|southeast|south-east|west|north|central|middle|mixed|mixed-race|biracial|asian|african|afro|american|european|indian|latina|latino|latinx|latine|hispanic|arab|arabic|caucasian|black|white|brown|indigenous|native|pacific|islander|desi|eastern|western)\\s+)+(?=(?:(?:young|older|elderly|middle-aged|plus-size|curvy|tall|petite|male|female)\\s+){0,2}(?:woman|women|man|men|model|models|girl|girls|guy|guys|lady|ladies|person|people|couple|bride|groom)\\b(?!['’]))`,
  'gi',
);

/** Words that open a phrase: a title cut inside one ends before it ("Woman in a wide-brimmed" is "Woman"). */
const PHRASE_OPENERS = new Set(['in', 'with', 'and', 'wearing', 'on', 'at', 'of', 'a', 'an', 'the', 'by', 'for', 'from', 'under', 'over', 'near', 'or']);

function beforeLastPhrase(title: string): string {
  const words = title.split(' ');
  let cut = -1;
  for (let k = words.length - 1; k >= 1 && cut < 0; k--) if (PHRASE_OPENERS.has(words[k]!.toLowerCase())) cut = k;
  const kept = cut >= 1 ? words.slice(0, cut) : words;
  while (kept.length > 1 && PHRASE_OPENERS.has(kept.at(-1)!.toLowerCase())) kept.pop();
  return kept.join(' ');
}

/** Roughly the backdrop's colour at the top (under the masthead) or bottom (under the caption), for the ink. */
/** The set's colours: the backdrop's colour the prompt gives (both the sweep and its shading), else the palette. */
const setPalette = (reading: Reading): string[] => (reading.backdrop ? [reading.backdrop.hex, reading.backdrop.hex] : reading.palette);

function backdropTone(reading: Reading, where: 'top' | 'bottom'): string {
  const dark = ['night', 'blue hour', 'neon'].includes(reading.light) || reading.setting === 'runway';
  if (reading.setting === 'studio' || reading.setting === 'interior') {
    const palette = setPalette(reading);
    const sorted = [...palette].sort((a, b) => luminance(b) - luminance(a));
    const base = luminance(palette[0] ?? '#eeeeee') < 0.12 ? sorted[sorted.length - 1]! : sorted[0]!;
    return dark ? darken(base, 0.7) : where === 'bottom' ? darken(base, 0.2) : base;
  }
  if (dark) return '#101020';
  if (where === 'bottom') return reading.setting === 'snow' ? '#eef2f5' : reading.setting === 'street' || reading.setting === 'city' ? '#55565a' : reading.setting === 'garden' ? '#b9ad90' : '#d8c39d';
  return reading.light === 'noon' ? '#5a9ad6' : reading.light === 'sunset' ? '#4a3a6a' : mix('#d7dde2', '#e8b070', reading.light === 'golden hour' ? 0.7 : 0);
}

/** An SVG of a frame laid out at w × h, rasterised at pw × ph pixels (the same by default). */
const svgDocument = (w: number, h: number, body: string, pw = w, ph = h) =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${pw}" height="${ph}" viewBox="0 0 ${w} ${h}">${body}</svg>`;

export interface LocalSceneLayers {
  width: number;
  height: number;
  /** Everything behind the figure (set, floor shadow), graded: an opaque PNG. */
  backdrop: Buffer;
  /** The dressed figure on transparency, graded: a PNG with alpha. */
  figure: Buffer;
  /** What lies over both: vignette, masthead, the line under it, the frame and the "Local engine" caption (PNG with alpha). */
  overlay: Buffer;
  /** Where the figure's pixels are, in pixels of the frame. */
  figureBox: { left: number; top: number; right: number; bottom: number };
  /** The figure's shoulder and hip lines, its main garment's box and its head, in pixels. */
  landmarks: SceneFigure['landmarks'];
  reading: Reading;
  /** The figure's lower garment hangs free (a skirt or a dress, standing, alone): a video may ripple it. */
  flows: boolean;
}

/**
 * Renders a local still's layers: backdrop, figure with alpha, overlay. The still is exactly
 * backdrop, then figure, then overlay composited, with the film grain of {@link composeStill} on top.
 */
/** The layers as raw pixels: backdrop RGB, figure and overlay RGBA (not premultiplied). */
interface RawSceneLayers {
  width: number;
  height: number;
  backdrop: Buffer;
  figure: Buffer;
  overlay: Buffer;
  figureBox: LocalSceneLayers['figureBox'];
  landmarks: SceneFigure['landmarks'];
  reading: Reading;
  flows: boolean;
}

/**
 * Rasterises a still's layers. The scene is always laid out at the aspect ratio's full size; `pixelWidth`
 * (the artwork's thumbnails) draws the same vectors at fewer pixels rather than drawing in full and
 * downscaling, which costs the full size's rasterising. Pixel-sized effects (the backdrop's blur) scale with it.
 */
async function rasterScene(input: LocalStillRecipe, pixelWidth?: number): Promise<RawSceneLayers> {
  const scene = sceneOf(input);
  const { width: sw, height: sh, reading } = scene;
  const scale = pixelWidth ? pixelWidth / sw : 1;
  const w = pixelWidth ?? sw;
  const h = pixelWidth ? Math.round(sh * scale) : sh;
  const raster = (body: string) => sharp(Buffer.from(svgDocument(sw, sh, body, w, h)), { density: 72 }).resize(w, h, { fit: 'fill' });
  const backImage = raster(scene.backdrop).removeAlpha();
  const [backdrop, figure, overlay] = await Promise.all([
    (scene.backdropBlur > 0 ? backImage.blur(scene.backdropBlur * scale) : backImage).raw().toBuffer(),
    rasterPeople(scene, w, h, scale),
    raster(scene.overlay).ensureAlpha().raw().toBuffer(),
  ]);
  // The grade: whole on the set, part of it on the lit figure.
  applyGrade(backdrop, 3, gradeMatrix(reading.light, 1));
  applyGrade(figure, 4, gradeMatrix(reading.light, reading.light === 'night' || reading.light === 'blue hour' ? 0.45 : 0.35));
  // A black-and-white photograph: every layer under the type in its luminance (Rec. 601), the light's grade first.
  if (reading.blackAndWhite) {
    applyGrade(backdrop, 3, BLACK_AND_WHITE_MATRIX);
    applyGrade(figure, 4, BLACK_AND_WHITE_MATRIX);
  }
  let [left, top, right, bottom] = [w, h, -1, -1];
  for (let y = 0; y < h; y += 2) {
    for (let x = 0; x < w; x += 2) {
      if (figure[(y * w + x) * 4 + 3]! < 24) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      bottom = y;
    }
  }
  return { width: w, height: h, backdrop, figure, overlay, figureBox: { left, top, right: right + 2, bottom: bottom + 2 }, landmarks: scene.figure.landmarks, reading, flows: scene.flows };
}

/** The figure layer: the figure, over the second person's when there are two. */
async function rasterPeople(scene: Scene, w: number, h: number, scale: number): Promise<Buffer> {
  const front = rasterFigure(scene.figure, w, h, scale, Boolean(scene.reading.noPerson));
  if (!scene.companion) return front;
  const [behind, first] = await Promise.all([rasterFigure(scene.companion, w, h, scale), front]);
  const raw = { raw: { width: w, height: h, channels: 4 as const } };
  return sharp(behind, raw).composite([{ input: first, ...raw }]).raw().toBuffer();
}

/** A close-up figure's whole height: the head fills the picture (3.1 × its height). */
const CLOSE_UP = 3.1;
/** How much of a bare-shouldered outfit a close-up shows at least, in head units below its top edge. */
const NECKLINE_SHOWN = 0.7;

/**
 * A close-up's figure height: 3.1 × the picture's, or smaller when the outfit leaves the shoulders bare (a strapless
 * gown, a slip dress) so that its neckline and some of it are in the picture above `visibleBottom` (a close-up cut
 * above the neckline showed only skin, a figure that read as undressed). The head starts at 16 % of the height or
 * below the title by its hair's (and hat's) height, whichever is lower, as the caller places it.
 */
function closeUpHeight(reading: Reading, h: number, visibleBottom: number, titleBottom: number, hairAbove: number): number {
  const top = bareNecklineTop(reading);
  if (top === null) return h * CLOSE_UP;
  const units = 4 + top + NECKLINE_SHOWN; // from the top of the head
  return Math.min(h * CLOSE_UP, (8 * (visibleBottom - h * 0.16)) / units, (8 * (visibleBottom - titleBottom)) / (units + hairAbove));
}

/**
 * Renders a local still's layers as PNGs: backdrop, figure with alpha, overlay. The still is exactly
 * backdrop, then figure, then overlay composited, with the film grain of {@link composeStill} on top.
 */
export async function renderSceneLayers(input: LocalStillRecipe): Promise<LocalSceneLayers> {
  const raw = await rasterScene(input);
  const png = (data: Buffer, channels: 3 | 4) => sharp(data, { raw: { width: raw.width, height: raw.height, channels } }).png({ compressionLevel: 1 }).toBuffer();
  const [backdrop, figure, overlay] = await Promise.all([png(raw.backdrop, 3), png(raw.figure, 4), png(raw.overlay, 4)]);
  return { ...raw, backdrop, figure, overlay };
}

/**
 * The figure layer, fast: only the figure's region is rasterised, the person once, then the clothes over
 * it and the person's arms and head over the clothes through masks. Returns raw RGBA of the whole frame
 * (w × h pixels, the layout's units times `scale`).
 */
async function rasterFigure(figure: SceneFigure, w: number, h: number, scale = 1, clothesOnly = false): Promise<Buffer> {
  const left = Math.max(0, Math.floor(figure.bounds.left * scale));
  const top = Math.max(0, Math.floor(figure.bounds.top * scale));
  const right = Math.min(w, Math.ceil(figure.bounds.right * scale));
  const bottom = Math.min(h, Math.ceil(figure.bounds.bottom * scale));
  const cw = right - left;
  const ch = bottom - top;
  const frame = sharp({ create: { width: w, height: h, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } });
  if (cw <= 0 || ch <= 0) return frame.raw().toBuffer();
  // The crop's pixels back in the layout's units (the same numbers at full size).
  const box = [left, top, cw, ch].map((n) => (scale === 1 ? n : n / scale)).join(' ');
  const crop = (body: string) =>
    sharp(
      Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${cw}" height="${ch}" viewBox="${box}">${body}</svg>`),
      { density: 72 },
    )
      .resize(cw, ch, { fit: 'fill' })
      .ensureAlpha()
      .raw()
      .toBuffer();
  const { person, clothes, armsMask, sleeves, headMask, accessories } = figure.passes;
  // Accessories are a pass only when the figure wears some.
  const [personRaw, clothesRaw, armsRaw, sleevesRaw, headRaw, accessoriesRaw] = await Promise.all([person, clothes, armsMask, sleeves, headMask, ...(accessories ? [accessories] : [])].map(crop));
  // The person inside a mask: its alpha times the mask's (masks are white shapes on transparency).
  const masked = (mask: Buffer) => {
    const out = Buffer.from(personRaw!);
    for (let i = 3; i < out.length; i += 4) out[i] = (out[i]! * mask[i]! + 127) / 255;
    return out;
  };
  const raw = { raw: { width: cw, height: ch, channels: 4 as const } };
  // A product shot: the clothes and sleeves alone, as on an invisible mannequin.
  const layers = clothesOnly ? [sleevesRaw!] : [masked(armsRaw!), sleevesRaw!, masked(headRaw!), ...(accessories ? [accessoriesRaw!] : [])];
  const dressed = await sharp(clothesOnly ? clothesRaw! : personRaw!, raw)
    .composite((clothesOnly ? layers : [clothesRaw!, ...layers]).map((input) => ({ input, ...raw })))
    .raw()
    .toBuffer();
  return frame.composite([{ input: dressed, ...raw, left, top }]).raw().toBuffer();
}


/** XMP of a local still: where its "Local engine" mark is, and the recipe it was drawn from (base64url JSON). */
function stillXmp(width: number, height: number, input: LocalStillRecipe): string {
  const recipe = Buffer.from(
    JSON.stringify({ prompt: input.prompt, preset: input.preset ?? null, aspectRatio: input.aspectRatio, seed: input.seed, ...(input.wearing ? { wearing: input.wearing } : {}) }),
  ).toString('base64url');
  return localMarkXmp(localCaptionBox(width, height, frameInset(width, height)), undefined, [[RECIPE_ATTRIBUTE, recipe]]);
}

/** Each channel becomes the pixel's luminance: a {@link gradeMatrix}-shaped matrix. */
const BLACK_AND_WHITE_MATRIX = [0.299, 0.587, 0.114, 0, 0.299, 0.587, 0.114, 0, 0.299, 0.587, 0.114, 0];

/** The still from its layers (PNGs, as {@link renderSceneLayers} gives them): the same bytes as the engine's still. */
export async function composeStill(layers: LocalSceneLayers, input: LocalStillRecipe): Promise<Buffer> {
  const raw = (png: Buffer) => sharp(png).raw().toBuffer();
  const [backdrop, figure, overlay] = await Promise.all([raw(layers.backdrop), raw(layers.figure), raw(layers.overlay)]);
  return composeRaw({ width: layers.width, height: layers.height, backdrop, figure, overlay }, input);
}

/** Backdrop, then figure, then overlay, then a seeded film grain (of strength `grain`); the recipe goes in the XMP. */
async function composeRaw(
  layers: Pick<RawSceneLayers, 'width' | 'height' | 'backdrop' | 'figure' | 'overlay'>,
  input: LocalStillRecipe,
  grain = GRAIN,
): Promise<Buffer> {
  const { width, height } = layers;
  const rawInput = (channels: 3 | 4) => ({ raw: { width, height, channels } });
  const flat = await sharp(layers.backdrop, rawInput(3))
    .composite([
      { input: layers.figure, ...rawInput(4) },
      { input: layers.overlay, ...rawInput(4) },
    ])
    .removeAlpha()
    .raw()
    .toBuffer();
  return sharp(flat, rawInput(3))
    .composite([{ input: grainLayer(width, height, hashString(input.prompt) ^ input.seed, grain), raw: { width, height, channels: 1 }, blend: 'overlay' }])
    .withXmp(stillXmp(width, height, input))
    .png({ compressionLevel: PNG_COMPRESSION_LEVEL })
    .toBuffer();
}

/** The text-to-image input a local still was drawn from (its `atelier:recipe` XMP), or null when it says nothing. */
export async function readLocalRecipe(png: Buffer): Promise<LocalStillRecipe | null> {
  try {
    const { xmp } = await sharp(png).metadata();
    const match = xmp?.toString('utf8').match(new RegExp(`${RECIPE_ATTRIBUTE}="([A-Za-z0-9_-]+)"`));
    return match ? recipeOf(JSON.parse(Buffer.from(match[1]!, 'base64url').toString('utf8'))) : null;
  } catch {
    return null;
  }
}

const isText = (value: unknown, max: number): value is string => typeof value === 'string' && [...value].length <= max;

/**
 * A recipe read from an image's XMP, checked field by field: an uploaded picture keeps its `atelier:` XMP
 * (atelierXmpOf), so what it says is the uploader's to write. Anything out of shape: null (not a local still).
 */
function recipeOf(value: unknown): LocalStillRecipe | null {
  if (typeof value !== 'object' || value === null) return null;
  const recipe = value as Record<string, unknown>;
  const { prompt, seed, aspectRatio, preset, wearing } = recipe;
  if (!isText(prompt, MAX_PROMPT_LENGTH) || !Number.isSafeInteger(seed) || typeof aspectRatio !== 'string' || !Object.hasOwn(IMAGE_SIZES, aspectRatio)) return null;
  const out: LocalStillRecipe = { prompt, seed: seed as number, aspectRatio: aspectRatio as TextToImageInput['aspectRatio'] };
  if (preset !== null && preset !== undefined) {
    const p = preset as Record<string, unknown>;
    const palette = p.palette;
    if (typeof p !== 'object' || !isText(p.name, 200) || !isText(p.style, 200) || !isText(p.composition, 200)) return null;
    if (!Array.isArray(palette) || palette.length > 12 || !palette.every((c) => typeof c === 'string' && HEX.test(c))) return null;
    out.preset = { name: p.name, style: p.style, composition: p.composition, palette: palette as string[] };
  }
  if (wearing !== undefined) {
    if (!Array.isArray(wearing) || wearing.length > MAX_WORN) return null;
    out.wearing = [];
    for (const item of wearing as unknown[]) {
      const w = item as Record<string, unknown> | null;
      if (typeof w !== 'object' || w === null || typeof w.garment !== 'string' || !Object.hasOwn(GARMENTS, w.garment) || typeof w.hex !== 'string' || !HEX.test(w.hex)) return null;
      if ((w.dyed !== undefined && w.dyed !== true) || (w.companion !== undefined && w.companion !== true)) return null;
      const print = w.print === undefined ? undefined : WORN_PRINTS.find((kind) => kind === w.print);
      if (w.print !== undefined && (print === undefined || typeof w.printHex !== 'string' || !HEX.test(w.printHex))) return null;
      out.wearing.push({
        garment: w.garment,
        hex: w.hex,
        ...(print ? { print, printHex: w.printHex as string } : {}),
        ...(w.dyed ? { dyed: true as const } : {}),
        ...(w.companion ? { companion: true as const } : {}),
      });
    }
  }
  return out;
}

/**
 * The still `recipe` drew, its figure dressed in `worn` instead (the local try-on of a local still): the same set,
 * figure, pose and typography, drawn again. The result's recipe records the garment.
 */
export function localStillWearing(recipe: LocalStillRecipe, ...worn: WornGarment[]): Promise<EngineResult> {
  return redrawWearing(recipe, [...(recipe.wearing ?? []), ...worn]);
}

/** The still `recipe` drew, its figure wearing `wearing` (the latest MAX_WORN of them). */
async function redrawWearing(recipe: LocalStillRecipe, wearing: WornGarment[]): Promise<EngineResult> {
  const input: LocalStillRecipe = { ...recipe, wearing: wearing.slice(-MAX_WORN) };
  const layers = await rasterScene(input);
  const data = await composeRaw(layers, input);
  return { data, contentType: 'image/png', width: layers.width, height: layers.height, engine: 'local', model: 'local/redress', understood: understoodOf(layers.reading) };
}

/** A vocabulary key that draws the garment named `name` ("polo shirt" is drawn by "polo"). */
const garmentKeyOf = (name: string) => Object.keys(GARMENTS).find((key) => GARMENTS[key]!.name === name);

/**
 * The still `recipe` drew, with garments painted as an edit asks ("change the dress to emerald"): the figure's garment
 * of that name, else of the same slot (a "dress" asked of a jumpsuit paints the jumpsuit), else, for the outfit, its
 * first; a garment the figure shows nothing of is an EngineInputError (nothing is put on). The same set, pose and
 * typography, drawn again; the recipe records the paint. `applied` names what was painted, in the picture's words;
 * null when nothing could be.
 */
export async function localStillRecoloured(
  recipe: LocalStillRecipe,
  requests: readonly RecolourRequest[],
  { strict = true }: { strict?: boolean } = {},
): Promise<(EngineResult & { applied: string[] }) | null> {
  const reading = readingOf(recipe);
  // A still life shows no clothes (its reading's garments are the seed's, never drawn): nothing to recolour.
  if (reading.stillLife) {
    if (strict || requests.some((r) => r.explicit)) throw new EngineInputError(`This picture shows no ${requests[0]?.garment?.name ?? 'clothes'} to recolour`);
    return null;
  }
  const wearing = [...(recipe.wearing ?? [])];
  const applied: string[] = [];
  // The second of two people is painted when only they wear what was asked for ("the dress" of a man in a suit and a
  // woman in a dress), by name, then by slot.
  const theirs = reading.noPerson ? [] : (reading.companion?.garments ?? []);
  for (const { garment, colour, explicit } of requests) {
    const named = garment && (reading.garments.find((g) => g.name === garment.name) ?? theirs.find((g) => g.name === garment.name));
    const own = named ?? (garment ? (reading.garments.find((g) => g.slot === garment.slot) ?? theirs.find((g) => g.slot === garment.slot)) : reading.garments[0]);
    // "Change the coat to navy" of a figure in a dress asks for nothing it shows: said so, not a coat put on. (A
    // colour that may only describe the picture, beside other asks, is let go: `strict` false.)
    if (!own) {
      // Trousers the drawing added to complete the outfit (nothing named them): worn in the asked garment and colour
      // ("white jeans" of a figure in a tee was "This picture shows no jeans to recolour" over the jeans it shows).
      const drawnBottoms = garment?.slot === 'bottom' && !reading.garments.some((g) => g.slot === 'bottom' || g.slot === 'one-piece');
      const bottomKey = drawnBottoms && garment ? garmentKeyOf(garment.name) : undefined;
      // Trousers of any name, not a skirt or shorts the figure does not wear.
      if (bottomKey && GARMENTS[bottomKey]?.slot === 'bottom' && ['jeans', 'trousers'].includes(GARMENTS[bottomKey]!.template)) {
        wearing.push({ garment: bottomKey, hex: colour.hex.toLowerCase() });
        applied.push(`${colour.name} ${garment!.name}`);
        continue;
      }
      if (strict || explicit) throw new EngineInputError(`This picture shows no ${garment!.name} to recolour`);
      continue;
    }
    const key = garmentKeyOf(own.name);
    if (!key) continue;
    const hex = colour.hex.toLowerCase();
    // A garment painted (or tried on) before is painted again in its place: a run of edits keeps the record short,
    // so what earlier edits and try-ons put on the figure is not pushed out of it.
    const companion = !reading.garments.includes(own);
    const earlier = wearing.findLastIndex((w) => w.garment === key && !w.companion === !companion);
    if (earlier >= 0) wearing[earlier] = { ...wearing[earlier]!, hex };
    else wearing.push({ garment: key, hex, dyed: true, ...(companion ? { companion: true as const } : {}) });
    applied.push(`${colour.name} ${own.name}`);
  }
  if (applied.length === 0) return null;
  const result = await redrawWearing(recipe, wearing);
  return { ...result, model: 'local/redraw', applied };
}

export interface ArtworkOptions {
  /**
   * Draws at this width (the height follows the aspect ratio) instead of the ratio's full size, at most that
   * size: the same picture for a thumbnail at a fraction of the time. The film grain is weakened as a downscale
   * of the full-size still would average it, keeping the look (and the encoded files as small).
   */
  width?: number;
}

/**
 * The share of the grain's deviation a lanczos3 downscale by a factor k keeps, times k (white noise averages
 * over about k² pixels): measured on libvips' reduce, 0.88 for k from 1.1 to 4.5, 0.79–0.86 for k of 10–20.
 */
const DOWNSCALED_GRAIN = 0.88;

/**
 * The product's own artwork (packages/artwork, rendered at build time): the same scene — backdrop and figure,
 * graded, with the film grain — without the overlay's masthead, prompt line and "Local engine" caption, which
 * belong to a user's result. A PNG of the aspect ratio's size, or of `options.width`.
 */
export async function renderArtwork(input: TextToImageInput, options: ArtworkOptions = {}): Promise<Buffer> {
  const full = IMAGE_SIZES[input.aspectRatio].width;
  const pixelWidth = options.width;
  if (pixelWidth !== undefined && !(Number.isInteger(pixelWidth) && pixelWidth >= 16 && pixelWidth <= full)) {
    throw new EngineInputError(`Artwork width must be a whole number of pixels from 16 to ${full}, got ${pixelWidth}`);
  }
  const layers = await rasterScene(input, pixelWidth === full ? undefined : pixelWidth);
  const { width, height } = layers;
  const grain = width === full ? GRAIN : GRAIN * DOWNSCALED_GRAIN * (width / full);
  return composeRaw({ ...layers, overlay: Buffer.alloc(width * height * 4) }, input, grain);
}

export async function localTextToImage(input: TextToImageInput): Promise<EngineResult> {
  const layers = await rasterScene(input);
  const data = await composeRaw(layers, input);
  return { data, contentType: 'image/png', width: layers.width, height: layers.height, engine: 'local', model: 'local/editorial-scene', understood: understoodOf(layers.reading) };
}

export type { Preset };
