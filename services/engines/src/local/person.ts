import type { PoseJoints } from '../poses.js';
import type { Build, CharacterLook, Presentation } from '../types.js';
import { darken, lighten, luminance, mix, parseHex } from './colour.js';
import { isCoat, type GarmentArt, type SleeveLength } from './garment.js';

/**
 * A studio person drawn as SVG from a {@link CharacterLook}: face (eyes, brows, nose, lips), hair style,
 * body build and presentation, in one of the photoshoot poses, wearing either basics in the look's outfit
 * colour or a garment mapped onto the body (its cut-out front panel on the torso, its fabric on sleeves
 * and trouser legs). Everything that makes the identity comes from the look alone, so every pose of one
 * look shows the same person.
 */

type P = [number, number];

export interface PersonSpec {
  /** Centre of the feet line. */
  x: number;
  footY: number;
  /** Top of the head to the soles. */
  height: number;
  joints: PoseJoints;
  /** How far the face turns to the picture's right (positive) or left, -1..1; 0 faces the camera. */
  turn?: number;
  /** How far the body turns away from the camera, 0..1: its width narrows as a three-quarter view's does. */
  bodyTurn?: number;
  look: CharacterLook;
  /** What the person wears; without it the look's basics. */
  garment?: GarmentArt;
  /** Bare feet (swimwear) instead of shoes. */
  barefoot?: boolean;
  /** The shoes' colour; neutral leather when not given. */
  shoes?: string;
  /** Unique prefix for SVG ids. */
  id: string;
}

/** Points of the drawn person in image pixels, for tests and for the estimator's sanity checks. */
export interface PersonLandmarks {
  /** Below the left eye, clear of features and blush. */
  cheek: P;
  /** The crown of the head: hair in every style. */
  hair: P;
  /** The face's centre and half-size (head units × scale). */
  face: { centre: P; halfWidth: number; halfHeight: number };
  /** The chest's centre and half-size: where a top or dress is worn. */
  chest: { centre: P; halfWidth: number; halfHeight: number };
  /** The hands' tips (left, right: the figure's own), where a hand rests on something. */
  hands: [P, P];
  /** One head unit in pixels. */
  unit: number;
}

export interface PersonSvg {
  defs: string;
  body: string;
  landmarks: PersonLandmarks;
}

interface Proportions {
  shoulder: number;
  chest: number;
  waist: number;
  hip: number;
  limb: number;
  neck: number;
}

const BUILD: Record<Build, Proportions> = {
  slim: { shoulder: 0.8, chest: 0.64, waist: 0.47, hip: 0.64, limb: 0.9, neck: 0.14 },
  average: { shoulder: 0.86, chest: 0.7, waist: 0.55, hip: 0.71, limb: 1, neck: 0.15 },
  curvy: { shoulder: 0.84, chest: 0.76, waist: 0.56, hip: 0.88, limb: 1.1, neck: 0.15 },
  broad: { shoulder: 1.02, chest: 0.86, waist: 0.72, hip: 0.78, limb: 1.18, neck: 0.18 },
  // Plus-size: fuller everywhere, the waist too (drawn only when a prompt asks for it).
  plus: { shoulder: 0.92, chest: 0.9, waist: 0.76, hip: 1.04, limb: 1.32, neck: 0.17 },
};
const PRESENTATION: Record<Presentation, Partial<Proportions>> = {
  woman: { shoulder: -0.05, waist: -0.03, hip: 0.03, limb: -0.06, neck: -0.015 },
  man: { shoulder: 0.07, chest: 0.03, waist: 0.07, hip: -0.06, limb: 0.06, neck: 0.025 },
  androgynous: {},
};

export function proportions(look: Pick<CharacterLook, 'build' | 'presentation'>): Proportions {
  const base = BUILD[look.build];
  const delta = PRESENTATION[look.presentation];
  return {
    shoulder: base.shoulder + (delta.shoulder ?? 0),
    chest: base.chest + (delta.chest ?? 0),
    waist: base.waist + (delta.waist ?? 0),
    hip: base.hip + (delta.hip ?? 0),
    limb: base.limb + (delta.limb ?? 0),
    neck: base.neck + (delta.neck ?? 0),
  };
}

const rad = (deg: number) => (deg * Math.PI) / 180;
/** A thigh's length, head units, standing (a seated figure's is seen shorter: PoseJoints.thighReach). */
export const THIGH = 2.0;
/** The hips' height above the soles, head units: 4 standing, lower by what a seated figure's thighs are not seen of. */
export const hipHeight = (j: PoseJoints) => 4 - THIGH * (1 - (j.thighReach ?? 1));

export const along = ([x, y]: P, angle: number, length: number): P => [x + Math.sin(rad(angle)) * length, y + Math.cos(rad(angle)) * length];
export const angleOf = ([x1, y1]: P, [x2, y2]: P) => (Math.atan2(x2 - x1, y2 - y1) * 180) / Math.PI;
const f = (n: number) => (Math.round(n * 100) / 100).toString();
const pt = ([x, y]: P) => `${f(x)},${f(y)}`;
const lerp = (a: P, b: P, t: number): P => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];

/** A closed (or open) smooth path through points (Catmull-Rom as cubic Béziers). */
function smooth(points: P[], closed = true, tension = 1): string {
  const n = points.length;
  const at = (i: number) => (closed ? points[(i + n) % n]! : points[Math.max(0, Math.min(n - 1, i))]!);
  let d = `M${pt(points[0]!)}`;
  const last = closed ? n : n - 1;
  for (let i = 0; i < last; i++) {
    const p0 = at(i - 1);
    const p1 = at(i);
    const p2 = at(i + 1);
    const p3 = at(i + 2);
    const k = tension / 6;
    const c1: P = [p1[0] + (p2[0] - p0[0]) * k, p1[1] + (p2[1] - p0[1]) * k];
    const c2: P = [p2[0] - (p3[0] - p1[0]) * k, p2[1] - (p3[1] - p1[1]) * k];
    d += ` C${pt(c1)} ${pt(c2)} ${pt(p2)}`;
  }
  return closed ? `${d} Z` : d;
}

/** The shoes' leather. */
const SHOE_LEATHER = '#2b2522';
/** An elbow opened less than this (degrees between upper arm and forearm) is folded: the forearm lies in front. */
const FOLDED_ARM = 60;

/** A tapered capsule from a (radius ra) to b (radius rb): a limb segment. */
export function capsule(a: P, b: P, ra: number, rb: number): string {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const length = Math.hypot(dx, dy) || 1e-6;
  const u: P = [dx / length, dy / length];
  const v: P = [-u[1], u[0]];
  const k = 0.5523;
  const p = (c: P, r: number, s: number, t: number): P => [c[0] + (u[0] * s + v[0] * t) * r, c[1] + (u[1] * s + v[1] * t) * r];
  return [
    `M${pt(p(a, ra, 0, 1))}`,
    `L${pt(p(b, rb, 0, 1))}`,
    `C${pt(p(b, rb, k, 1))} ${pt(p(b, rb, 1, k))} ${pt(p(b, rb, 1, 0))}`,
    `C${pt(p(b, rb, 1, -k))} ${pt(p(b, rb, k, -1))} ${pt(p(b, rb, 0, -1))}`,
    `L${pt(p(a, ra, 0, -1))}`,
    `C${pt(p(a, ra, -k, -1))} ${pt(p(a, ra, -1, -k))} ${pt(p(a, ra, -1, 0))}`,
    `C${pt(p(a, ra, -1, k))} ${pt(p(a, ra, -k, 1))} ${pt(p(a, ra, 0, 1))}`,
    'Z',
  ].join(' ');
}

/** A chain of capsules through points with radii: one `d` for a whole limb. */
const chain = (points: P[], radii: number[]) => points.slice(1).map((b, i) => capsule(points[i]!, b, radii[i]!, radii[i + 1]!)).join(' ');

/** The iris colour when the look does not say: light eyes with fair skin and light hair, else brown. */
export function eyeColour(look: CharacterLook): string {
  if (look.eyes) return look.eyes;
  return luminance(look.skin) > 0.55 && luminance(look.hair) > 0.3 ? '#5f7f95' : '#3a2416';
}

/** Trousers that go with a top of this colour: dark under light tops, stone under dark ones. */
export function trousersFor(top: string): string {
  return luminance(top) < 0.12 ? '#cfc6b8' : mix(darken(top, 0.55), '#26272b', 0.6);
}

export function drawPerson(spec: PersonSpec): PersonSvg {
  const { look, joints: j, id } = spec;
  const h = spec.height / 8;
  const body = proportions(look);
  const woman = look.presentation === 'woman';
  const hip: P = [spec.x + j.lean * h * 0.02, spec.footY - hipHeight(j) * h];
  const cosL = Math.cos(rad(-j.lean));
  const sinL = Math.sin(rad(-j.lean));
  /** A point of the upper body, in head units from the hip centre, leaned with the pose. */
  // A body turned away from the camera is seen narrower (a three-quarter view: about cos 45° of its width).
  const squeeze = 1 - 0.3 * Math.min(1, Math.abs(spec.bodyTurn ?? 0));
  const U = (dx: number, dy: number): P => [hip[0] + (dx * squeeze * cosL - dy * sinL) * h, hip[1] + (dx * squeeze * sinL + dy * cosL) * h];
  const mirror = (points: [number, number][]) => [...points, ...[...points].reverse().map(([x, y]) => [-x, y] as [number, number])];

  const skin = look.skin;
  const skinLight = lighten(skin, 0.07);
  const skinShade = darken(skin, 0.13);
  const skinDeep = darken(skin, 0.26);
  const limb = body.limb;

  // Skeleton.
  const shoulderJoint = (side: -1 | 1) => U(side * (body.shoulder - 0.16), -2.26);
  const shoulderL = shoulderJoint(-1);
  const shoulderR = shoulderJoint(1);
  const elbowL = along(shoulderL, j.upperArmL, 1.42 * h);
  const wristL = along(elbowL, j.forearmL, 1.25 * h);
  const elbowR = along(shoulderR, j.upperArmR, 1.42 * h);
  const wristR = along(elbowR, j.forearmR, 1.25 * h);
  const thighTop = (woman ? 0.3 : 0.28) * limb;
  const rootX = (body.hip - thighTop * 0.95) * squeeze;
  const rootL: P = [hip[0] - rootX * h, hip[1] + 0.05 * h];
  const rootR: P = [hip[0] + rootX * h, hip[1] + 0.05 * h];
  const thigh = THIGH * (j.thighReach ?? 1) * h;
  const kneeL = along(rootL, j.thighL, thigh);
  const ankleL = along(kneeL, j.shinL, 1.85 * h);
  const kneeR = along(rootR, j.thighR, thigh);
  const ankleR = along(kneeR, j.shinR, 1.85 * h);
  const neckBase = U(0, -2.7);
  const pivot = U(0, -2.92);
  const headAngle = -(j.lean + j.headTilt);

  // Paints.
  const figureLeft = hip[0] - 2.2 * h;
  const figureRight = hip[0] + 2.2 * h;
  const defs: string[] = [
    `<linearGradient id="${id}-skin" gradientUnits="userSpaceOnUse" x1="${f(figureLeft)}" y1="0" x2="${f(figureRight)}" y2="0"><stop offset="0" stop-color="${skinLight}"/><stop offset="0.5" stop-color="${skin}"/><stop offset="1" stop-color="${skinShade}"/></linearGradient>`,
    `<radialGradient id="${id}-face" cx="0.42" cy="0.4" r="0.62"><stop offset="0" stop-color="${lighten(skin, 0.09)}"/><stop offset="0.55" stop-color="${skin}"/><stop offset="1" stop-color="${darken(skin, 0.12)}"/></radialGradient>`,
    `<linearGradient id="${id}-fold" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#ffffff" stop-opacity="0.16"/><stop offset="0.3" stop-color="#ffffff" stop-opacity="0"/><stop offset="0.62" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.3"/></linearGradient>`,
    `<linearGradient id="${id}-fold-wide" gradientUnits="userSpaceOnUse" x1="${f(figureLeft)}" y1="0" x2="${f(figureRight)}" y2="0"><stop offset="0" stop-color="#ffffff" stop-opacity="0.14"/><stop offset="0.45" stop-color="#ffffff" stop-opacity="0"/><stop offset="0.6" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.3"/></linearGradient>`,
    `<linearGradient id="${id}-limbshade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#ffffff" stop-opacity="0.1"/><stop offset="0.5" stop-color="#ffffff" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.22"/></linearGradient>`,
    `<radialGradient id="${id}-chin"><stop offset="0" stop-color="${skinDeep}" stop-opacity="0.5"/><stop offset="1" stop-color="${skinDeep}" stop-opacity="0"/></radialGradient>`,
    `<filter id="${id}-blur" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur stdDeviation="${f(h * 0.06)}"/></filter>`,
  ];
  const parts: string[] = [];

  // What is worn.
  const art = spec.garment;
  const basics = look.outfit;
  type Cloth = { colour: string; art?: GarmentArt };
  const top: Cloth | null = art && (art.shape === 'top' || art.shape === 'dress') ? { colour: art.main, art } : { colour: basics };
  const topSleeves: SleeveLength = art && (art.shape === 'top' || art.shape === 'dress') ? art.sleeves : 'short';
  const skirt: Cloth | null = art && (art.shape === 'dress' || art.shape === 'skirt') ? { colour: art.main, art } : null;
  // Trousers under a top garment are the look's own (the preview's), unless they would merge with it: the final
  // photos showed other trousers than the preview the user chose the character by.
  const ownTrousers = trousersFor(basics);
  // A coat hangs like a dress but is worn over trousers (bare legs showed under a camel coat).
  const trousers: Cloth | null = skirt && !(art && isCoat(art))
    ? null
    : art?.shape === 'trousers'
      ? { colour: art.main, art }
      : { colour: Math.abs(luminance(ownTrousers) - luminance(top.colour)) < 0.06 ? trousersFor(top.colour) : ownTrousers };
  // Shoes in the colour the prompt gave them, else neutral dark leather (a tint of the garment read as its colour
  // leaking on to the feet, and kept the old tint when the garment was recoloured).
  const shoes = spec.shoes ?? SHOE_LEATHER;

  // Widths of the body (half, head units) along the upper body, for clothes that follow it.
  const outline: [number, number][] = [
    [body.neck * 0.95, -2.8],
    [body.neck + 0.3, -2.62],
    [body.shoulder, -2.42],
    [body.shoulder + 0.01, -2.2],
    [body.chest - 0.02, -1.95],
    [body.chest + (woman ? 0.02 : 0), -1.68],
    [body.waist, -1.0],
    [body.hip, -0.25],
    [body.hip - 0.05, 0.15],
    [0.14, 0.3],
  ];
  const halfAt = (y: number) => {
    for (let i = 3; i < outline.length - 1; i++) {
      const [x0, y0] = outline[i]!;
      const [x1, y1] = outline[i + 1]!;
      if (y >= y0 && y <= y1) return x0 + ((x1 - x0) * (y - y0)) / (y1 - y0);
    }
    return y < -2.2 ? body.shoulder : body.hip - 0.05;
  };

  // Hair behind the body.
  const headGroup = (inner: string) => `<g transform="translate(${pt(pivot)}) rotate(${f(headAngle)}) scale(${f(h)}) translate(0 -0.58)">${inner}</g>`;
  const hairArt = drawHair(look, id);
  defs.push(hairArt.defs);
  parts.push(headGroup(hairArt.back));

  // Legs and shoes.
  const legRadii = [thighTop * h, 0.2 * limb * h, 0.17 * limb * h, 0.105 * limb * h];
  const legPoints = (root: P, knee: P, ankle: P, shin: number): P[] => [root, knee, along(knee, shin, 0.55 * h), ankle];
  const legs = [legPoints(rootL, kneeL, ankleL, j.shinL), legPoints(rootR, kneeR, ankleR, j.shinR)];
  for (const leg of legs) parts.push(`<path d="${chain(leg, legRadii)}" fill="url(#${id}-skin)"/>`, `<path d="${chain(leg, legRadii)}" fill="url(#${id}-limbshade)"/>`);
  for (const [ankle, side] of [
    [ankleL, -1],
    [ankleR, 1],
  ] as const) {
    const toe: P = [ankle[0] + side * 0.07 * h, ankle[1] + 0.17 * h];
    if (spec.barefoot) {
      // A foot: the skin's own, a little shaded, its toes a rounded end on the ground.
      const foot = capsule([ankle[0], ankle[1] - 0.05 * h], [toe[0] + side * 0.02 * h, toe[1] + 0.02 * h], 0.1 * limb * h, 0.085 * h);
      parts.push(`<path d="${foot}" fill="url(#${id}-skin)"/>`, `<path d="${foot}" fill="${skinShade}" opacity="0.35"/>`);
      continue;
    }
    parts.push(
      `<path d="${capsule([ankle[0], ankle[1] - 0.05 * h], toe, 0.12 * limb * h, 0.11 * h)}" fill="${shoes}"/>`,
      `<ellipse cx="${f(toe[0] + side * 0.03 * h)}" cy="${f(toe[1] + 0.03 * h)}" rx="${f(0.17 * h)}" ry="${f(0.075 * h)}" fill="${darken(shoes, 0.3)}"/>`,
    );
  }

  // Torso skin and neck.
  const torsoOutline = mirror(outline).map(([x, y]) => U(x, y));
  parts.push(`<path d="${smooth(torsoOutline)}" fill="url(#${id}-skin)"/>`);
  parts.push(`<path d="${capsule(neckBase, pivot, body.neck * h, body.neck * 0.92 * h)}" fill="url(#${id}-skin)"/>`);
  // The shadow the chin casts on the neck.
  parts.push(`<ellipse cx="${f(pivot[0])}" cy="${f(pivot[1] + 0.02 * h)}" rx="${f(body.neck * 1.3 * h)}" ry="${f(0.14 * h)}" fill="url(#${id}-chin)"/>`);
  if (woman && !art) parts.push(`<path d="M${pt(U(-0.28, -2.58))} Q${pt(U(0, -2.5))} ${pt(U(0.28, -2.58))}" fill="none" stroke="${skinShade}" stroke-width="${f(0.02 * h)}" opacity="0.6"/>`);

  // Trousers: legs and seat in one flat fill (the fabric turned along each leg), one shading over them all.
  if (trousers) {
    const fill = clothFill(trousers, `${id}-trousers`, h, defs, j.lean, hip);
    const hemY = 0.08 * h;
    const trouserRadii = [legRadii[0]! + 0.08 * h, legRadii[1]! + 0.08 * h, legRadii[2]! + 0.07 * h, 0.16 * limb * h];
    const pieces: string[] = [];
    const pelvis = smooth(
      mirror([
        [halfAt(-1.0), -1.0],
        [halfAt(-0.6) + 0.04, -0.6],
        [halfAt(-0.25) + 0.06, -0.25],
        [body.hip + 0.03, 0.15],
        [body.hip - 0.25, 0.34],
        [0.1, 0.36],
      ]).map(([x, y]) => U(x, y)),
    );
    pieces.push(`<path d="${pelvis}" fill="${fill}"/>`);
    const shapes = [pelvis];
    legs.forEach((leg, i) => {
      const hem = along(leg[2]!, angleOf(leg[2]!, leg[3]!), Math.hypot(leg[3]![0] - leg[2]![0], leg[3]![1] - leg[2]![1]) - hemY);
      const d = chain([leg[0]!, leg[1]!, leg[2]!, hem], trouserRadii);
      const legFill = trousers.art ? clothFill(trousers, `${id}-trousers-${i}`, h, defs, angleOf(leg[0]!, leg[1]!), leg[0]!) : fill;
      pieces.push(`<path d="${d}" fill="${legFill}"/>`);
      shapes.push(d);
    });
    parts.push(...pieces);
    defs.push(`<clipPath id="${id}-trousers-clip">${shapes.map((d) => `<path d="${d}"/>`).join('')}</clipPath>`);
    parts.push(`<rect x="${f(hip[0] - 2.4 * h)}" y="${f(hip[1] - 1.2 * h)}" width="${f(4.8 * h)}" height="${f(5.4 * h)}" fill="url(#${id}-fold-wide)" clip-path="url(#${id}-trousers-clip)"/>`);
    parts.push(
      `<path d="M${pt(U(-(body.waist + 0.04), -0.92))} Q${pt(U(0, -0.86))} ${pt(U(body.waist + 0.04, -0.92))}" fill="none" stroke="${darken(trousers.colour, 0.35)}" stroke-width="${f(0.035 * h)}" opacity="0.6"/>`,
      `<path d="M${pt(U(0, -0.88))} L${pt(U(0, 0.26))}" stroke="${darken(trousers.colour, 0.3)}" stroke-width="${f(0.025 * h)}" opacity="0.45"/>`,
    );
    for (const [root, knee] of [
      [rootL, kneeL],
      [rootR, kneeR],
    ] as const) {
      parts.push(`<path d="M${pt(lerp(root, knee, 0.55))} Q${pt(lerp(root, knee, 0.9))} ${pt([knee[0] + 0.04 * h, knee[1] + 0.05 * h])}" fill="none" stroke="${darken(trousers.colour, 0.35)}" stroke-width="${f(0.025 * h)}" opacity="0.3"/>`);
    }
  }

  // Top (or a dress's bodice) and skirt: one clip, the garment's own panel mapped across it.
  const chestWidth = 2 * (body.chest + 0.07);
  const topHemY = (() => {
    if (!top.art || top.art.shape === 'dress') return art && (art.shape === 'skirt' || art.shape === 'dress') ? -0.85 : -0.05;
    const length = (top.art.panel.height / top.art.panel.chest) * chestWidth;
    return Math.max(-1.1, Math.min(0.1, -2.8 + length));
  })();
  const topShape = clothOutline(halfAt, topHemY, body, !top.art || top.art.shape === 'dress').map(([x, y]) => U(x, y));
  const skirtShape = skirt ? skirtOutline(skirt, body, halfAt, hip, h, U, legs, legRadii, chestWidth) : null;
  const drawCloth = (cloth: Cloth, shapes: string[], anchorTop: number, anchorWidth: number, hemY: number, key: string) => {
    const clipId = `${id}-${key}-clip`;
    defs.push(`<clipPath id="${clipId}">${shapes.map((d) => `<path d="${d}"/>`).join('')}</clipPath>`);
    const out: string[] = [`<g clip-path="url(#${clipId})">`];
    // The main colour under everything (covers where the panel is narrower than the body), but not the
    // neckline, where the panel's own neckline shows the skin.
    const [nx, ny] = [hip[0], hip[1] - 2.8 * h];
    const rx = (body.neck + 0.16) * h;
    const ry = 0.42 * h;
    out.push(
      `<path d="M${f(hip[0] - 4 * h)},${f(hip[1] - 3.2 * h)} h${f(8 * h)} v${f(11 * h)} h${f(-8 * h)} Z M${f(nx - rx)},${f(ny)} a${f(rx)},${f(ry)} 0 1,0 ${f(2 * rx)},0 a${f(rx)},${f(ry)} 0 1,0 ${f(-2 * rx)},0 Z" fill-rule="evenodd" fill="${cloth.colour}" transform="rotate(${f(-j.lean)} ${pt(hip)})"/>`,
    );
    if (cloth.art) {
      const panel = cloth.art.panel;
      const sx = (anchorWidth * 1.06) / panel.chest;
      const sy = (hemY - anchorTop) / panel.height;
      const x = hip[0] - panel.centre * sx * h;
      const y = hip[1] + anchorTop * h;
      out.push(
        `<g transform="rotate(${f(-j.lean)} ${pt(hip)})"><image x="${f(x)}" y="${f(y)}" width="${f(panel.width * sx * h)}" height="${f(panel.height * sy * h)}" preserveAspectRatio="none" href="${panel.href}" xlink:href="${panel.href}"/></g>`,
      );
    } else {
      out.push(`<rect x="${f(hip[0] - 4 * h)}" y="${f(hip[1] - 6 * h)}" width="${f(8 * h)}" height="${f(12 * h)}" fill="${cloth.colour}"/>`);
    }
    out.push(...shapes.map((d) => `<path d="${d}" fill="url(#${id}-fold)"/>`));
    // Folds: from the armpits towards the waist, and a soft crease at the waist.
    const fold = darken(cloth.colour, 0.5);
    out.push(
      `<path d="M${pt(U(-(body.chest - 0.04), -1.85))} Q${pt(U(-(body.chest - 0.2), -1.5))} ${pt(U(-(body.waist - 0.12), -1.15))}" fill="none" stroke="${fold}" stroke-width="${f(0.03 * h)}" stroke-linecap="round" opacity="0.07"/>`,
      `<path d="M${pt(U(body.chest - 0.04, -1.85))} Q${pt(U(body.chest - 0.2, -1.5))} ${pt(U(body.waist - 0.12, -1.15))}" fill="none" stroke="${fold}" stroke-width="${f(0.03 * h)}" stroke-linecap="round" opacity="0.1"/>`,
    );
    if (woman) out.push(`<ellipse cx="${pt(U(0, -1.5)).split(',')[0]}" cy="${pt(U(0, -1.5)).split(',')[1]}" rx="${f(0.5 * h)}" ry="${f(0.06 * h)}" fill="url(#${id}-chin)" opacity="0.25"/>`);
    out.push('</g>');
    // A fine edge so the garment reads against skin of a similar tone.
    out.push(...shapes.map((d) => `<path d="${d}" fill="none" stroke="${darken(cloth.colour, 0.45)}" stroke-width="${f(0.018 * h)}" opacity="0.35"/>`));
    return out.join('');
  };
  if (art?.shape === 'dress' && skirt && skirtShape) {
    parts.push(drawCloth(skirt, [smooth(topShape), skirtShape.d], -2.8, chestWidth, skirtShape.hemDepth, 'dress'));
  } else {
    parts.push(drawCloth(top, [smooth(topShape)], -2.8, chestWidth, topHemY, 'top'));
    if (skirt && skirtShape) parts.push(drawCloth(skirt, [skirtShape.d], -1.05, 2 * (body.waist + 0.08), skirtShape.hemDepth, 'skirt'));
  }

  // The arms' soft shadows on the body, then the arms, sleeves and hands.
  const armPoints = (shoulder: P, elbow: P, wrist: P): P[] => [shoulder, elbow, wrist];
  const armRadii = [0.18 * limb * h, 0.135 * limb * h, 0.095 * limb * h];
  const arms = [armPoints(shoulderL, elbowL, wristL), armPoints(shoulderR, elbowR, wristR)];
  defs.push(`<clipPath id="${id}-torso-clip"><path d="${smooth(topShape)}"/>${skirtShape ? `<path d="${skirtShape.d}"/>` : ''}</clipPath>`);
  parts.push(
    `<g clip-path="url(#${id}-torso-clip)"><g filter="url(#${id}-blur)" opacity="0.28">${arms.map((arm) => `<path d="${chain(arm.map(([x, y]) => [x + 0.05 * h, y + 0.04 * h] as P), armRadii)}" fill="#000"/>`).join('')}</g></g>`,
  );
  arms.forEach((arm, i) => {
    const [shoulder, elbow, wrist] = arm as [P, P, P];
    parts.push(`<path d="${chain(arm, armRadii)}" fill="url(#${id}-skin)"/>`, `<path d="${chain(arm, armRadii)}" fill="url(#${id}-limbshade)"/>`);
    // The hand: a thumb to the body's side, the palm a little wider than the wrist, then the fingers.
    const forearmDir = angleOf(elbow, wrist);
    const dir = (i === 0 ? j.handL : j.handR) ?? forearmDir;
    const inward = i === 0 ? 1 : -1;
    const edge = darken(skin, 0.3);
    // An arm folded back on itself (a hand to the collar) has its forearm in front of the upper arm: drawn again over
    // it with its own edge and a soft shadow, so it does not read as a stump with a second arm growing from its middle.
    const opening = Math.abs(((angleOf(elbow, shoulder) - forearmDir + 540) % 360) - 180);
    if (opening < FOLDED_ARM) {
      const forearm = capsule(elbow, wrist, armRadii[1]!, armRadii[2]!);
      parts.push(
        `<path d="${capsule([elbow[0] + 0.04 * h, elbow[1] + 0.05 * h], [wrist[0] + 0.04 * h, wrist[1] + 0.05 * h], armRadii[1]!, armRadii[2]!)}" fill="#000" opacity="0.22" filter="url(#${id}-blur)"/>`,
        `<path d="${forearm}" fill="url(#${id}-skin)" stroke="${edge}" stroke-width="${f(0.014 * h)}" stroke-opacity="0.4"/>`,
        `<path d="${forearm}" fill="url(#${id}-limbshade)"/>`,
      );
    }
    const thumb = capsule(along(wrist, dir, 0.1 * h), along(along(wrist, dir, 0.14 * h), dir + inward * 28, 0.2 * h), 0.05 * limb * h, 0.038 * limb * h);
    const hand = capsule(along(wrist, dir, 0.08 * h), along(wrist, dir, 0.54 * h), 0.105 * limb * h, 0.072 * limb * h);
    const knuckles = along(wrist, dir, 0.33 * h);
    // A hand in a pocket: the forearm ends where it goes in, in the pocket's shadow.
    if (j.handsHidden) {
      const across = forearmDir + 90;
      const r = armRadii[2]! * 1.25;
      parts.push(`<path d="M${pt(along(wrist, across, r))} Q${pt(along(wrist, forearmDir, -0.06 * h))} ${pt(along(wrist, across, -r))}" fill="none" stroke="${darken(skin, 0.45)}" stroke-width="${f(0.035 * h)}" stroke-linecap="round" opacity="0.7"/>`);
    } else parts.push(
      `<path d="${thumb}" fill="${skinShade}" stroke="${edge}" stroke-width="${f(0.012 * h)}" stroke-opacity="0.35"/>`,
      `<path d="${hand}" fill="url(#${id}-skin)" stroke="${edge}" stroke-width="${f(0.012 * h)}" stroke-opacity="0.3"/>`,
      `<path d="${hand}" fill="url(#${id}-limbshade)"/>`,
      `<path d="M${pt(along(knuckles, dir + 90, 0.06 * h))} Q${pt(along(knuckles, dir, 0.02 * h))} ${pt(along(knuckles, dir - 90, 0.06 * h))}" fill="none" stroke="${edge}" stroke-width="${f(0.01 * h)}" opacity="0.3"/>`,
    );
    const sleeveLength = topSleeves;
    if (sleeveLength === 'none') return;
    const upperLength = Math.hypot(elbow[0] - shoulder[0], elbow[1] - shoulder[1]);
    const cloth = top;
    const ease = 0.035 * h;
    const start = along(shoulder, angleOf(shoulder, elbow), 0.03 * h);
    let d: string;
    if (sleeveLength === 'long') {
      // Along the forearm, not the hand (a hand on the hip points down: the sleeve hung straight from the elbow, a bare
      // forearm growing out beside it).
      d = chain([start, elbow, along(elbow, forearmDir, 1.12 * h)], [armRadii[0]! + ease, armRadii[1]! + ease, armRadii[2]! + ease * 0.9]);
    } else {
      const reach = sleeveLength === 'short' ? 0.42 : 0.95;
      const end = along(shoulder, angleOf(shoulder, elbow), upperLength * reach);
      const endRadius = armRadii[0]! + (armRadii[1]! - armRadii[0]!) * reach;
      d = capsule(start, end, armRadii[0]! + ease, endRadius + ease * 1.3);
    }
    const fill = cloth.art ? clothFill(cloth, `${id}-sleeve-${i}`, h, defs, angleOf(shoulder, elbow), shoulder, chestWidth) : cloth.colour;
    parts.push(`<path d="${d}" fill="${cloth.colour}"/>`, `<path d="${d}" fill="${fill}"/>`, `<path d="${d}" fill="url(#${id}-fold-wide)"/>`);
    // The hem of the sleeve.
    if (sleeveLength !== 'long') {
      const end = along(shoulder, angleOf(shoulder, elbow), upperLength * (sleeveLength === 'short' ? 0.42 : 0.95));
      const across = angleOf(shoulder, elbow) + 90;
      const r = (armRadii[0]! + (armRadii[1]! - armRadii[0]!) * 0.5 + ease) * 0.95;
      parts.push(`<path d="M${pt(along(end, across, r))} L${pt(along(end, across, -r))}" stroke="${darken(cloth.colour, 0.4)}" stroke-width="${f(0.02 * h)}" opacity="0.35"/>`);
    }
  });

  // Head: ears, face, features, hair in front.
  parts.push(headGroup(drawFace(look, id, spec.turn ?? 0) + hairArt.front));

  // Landmarks in image pixels.
  const headPoint = (x: number, y: number): P => {
    const a = rad(headAngle);
    const lx = x * h;
    const ly = (y - 0.58) * h;
    return [pivot[0] + lx * Math.cos(a) - ly * Math.sin(a), pivot[1] + lx * Math.sin(a) + ly * Math.cos(a)];
  };
  const landmarks: PersonLandmarks = {
    cheek: headPoint(-0.16, 0.1),
    hair: headPoint(0, -0.4),
    face: { centre: headPoint(0, 0.06), halfWidth: 0.2 * h, halfHeight: 0.26 * h },
    chest: { centre: U(0, -1.75), halfWidth: 0.4 * h, halfHeight: 0.3 * h },
    hands: [along(wristL, j.handL ?? angleOf(elbowL, wristL), 0.54 * h), along(wristR, j.handR ?? angleOf(elbowR, wristR), 0.54 * h)],
    unit: h,
  };
  return { defs: defs.join(''), body: parts.join(''), landmarks };
}

/** A fill for clothing: the colour, or the garment's fabric as a pattern turned along a limb. */
function clothFill(cloth: { colour: string; art?: GarmentArt }, patternId: string, h: number, defs: string[], angle: number, origin: P, chestWidth = 1.6): string {
  if (!cloth.art) return cloth.colour;
  const { fabric, panel } = cloth.art;
  const scale = ((chestWidth * h) / panel.chest) * (cloth.art.shape === 'trousers' ? 1.4 : 1);
  const width = fabric.width * scale;
  const height = fabric.height * scale;
  defs.push(
    `<pattern id="${patternId}" patternUnits="userSpaceOnUse" x="${f(origin[0])}" y="${f(origin[1])}" width="${f(width)}" height="${f(height)}" patternTransform="rotate(${f(-angle)} ${pt(origin)})"><image width="${f(width)}" height="${f(height)}" preserveAspectRatio="none" href="${fabric.href}" xlink:href="${fabric.href}"/></pattern>`,
  );
  return `url(#${patternId})`;
}

/**
 * A top's outline (half-widths in head units, mirrored) from the neckline to the hem: `fitted` basics follow
 * the body, a garment hangs straight from the chest (over the hips when they are wider).
 */
function clothOutline(halfAt: (y: number) => number, hemY: number, body: Proportions, fitted: boolean): [number, number][] {
  const side: [number, number][] = [
    [body.neck + 0.08, -2.76],
    [body.neck + 0.3, -2.63],
    [body.shoulder + 0.03, -2.44],
    [body.shoulder + 0.02, -2.22],
    [body.chest + 0.05, -1.9],
    [body.chest + 0.06, -1.62],
  ];
  const width = (y: number) => {
    const t = Math.max(0, Math.min(1, (y + 1.62) / 1.9));
    return fitted ? halfAt(y) + 0.08 : Math.max(body.chest + 0.07 - 0.05 * t, halfAt(y) + 0.09);
  };
  for (let y = -1.25; y < hemY - 0.12; y += 0.4) side.push([width(y), y]);
  side.push([width(hemY - 0.06), hemY - 0.06], [width(hemY), hemY], [width(hemY) * 0.45, hemY + 0.03]);
  const left = [...side].reverse().map(([x, y]) => [-x, y] as [number, number]);
  // The neckline: down from the left collar point through the front and up to the right one.
  return [...side, ...left, [-(body.neck + 0.02), -2.7], [0, -2.62], [body.neck + 0.02, -2.7]];
}

/** A skirt from the waist, wide enough at the hem to cover the legs wherever the pose puts them. */
function skirtOutline(
  skirt: { art?: GarmentArt },
  body: Proportions,
  halfAt: (y: number) => number,
  hip: P,
  h: number,
  U: (dx: number, dy: number) => P,
  legs: P[][],
  legRadii: number[],
  chestWidth: number,
): { d: string; hemDepth: number } {
  const art = skirt.art!;
  const panel = art.panel;
  // The garment's own length: a dress from its chest line, a skirt from its waist.
  const widthAtAnchor = art.shape === 'dress' ? chestWidth : 2 * (body.waist + 0.08);
  const length = (panel.height / panel.chest) * widthAtAnchor;
  const hemDepth = art.shape === 'dress' ? Math.max(0.8, Math.min(3.7, -2.8 + length)) : Math.max(0.6, Math.min(3.6, -1.05 + length));
  const hemY = hip[1] + hemDepth * h;
  const flareHalf = Math.max(halfAt(-0.25) + 0.12, (art.panel.hem / panel.chest) * (widthAtAnchor / 2)) * h;
  // Where the legs are down to the hem.
  let minX = hip[0] - flareHalf;
  let maxX = hip[0] + flareHalf;
  for (const leg of legs) {
    for (let i = 0; i < leg.length - 1; i++) {
      for (let t = 0; t <= 1; t += 0.25) {
        const p = lerp(leg[i]!, leg[i + 1]!, t);
        if (p[1] > hemY) continue;
        const r = (legRadii[i]! + (legRadii[i + 1]! - legRadii[i]!) * t) + 0.14 * h;
        minX = Math.min(minX, p[0] - r);
        maxX = Math.max(maxX, p[0] + r);
      }
    }
  }
  const waistL = U(-(body.waist + 0.08), -1.05);
  const waistR = U(body.waist + 0.08, -1.05);
  const hipL = U(-(body.hip + 0.1), -0.25);
  const hipR = U(body.hip + 0.1, -0.25);
  const hemL: P = [minX, hemY - 0.05 * h];
  const hemR: P = [maxX, hemY - 0.05 * h];
  const hemMid: P = [(minX + maxX) / 2, hemY + 0.08 * h];
  const d = `M${pt(waistL)} L${pt(waistR)} C${pt(U(body.waist + 0.14, -0.7))} ${pt(hipR)} ${pt(hipR)} C${pt([hipR[0] + (hemR[0] - hipR[0]) * 0.4, hipR[1] + (hemR[1] - hipR[1]) * 0.5])} ${pt(hemR)} ${pt(hemR)} Q${pt(hemMid)} ${pt(hemL)} C${pt(hemL)} ${pt([hipL[0] + (hemL[0] - hipL[0]) * 0.4, hipL[1] + (hemL[1] - hipL[1]) * 0.5])} ${pt(hipL)} C${pt(hipL)} ${pt(U(-(body.waist + 0.14), -0.7))} ${pt(waistL)} Z`;
  return { d, hemDepth };
}

/** The face in head units around the head's centre: shape, ears, eyes, brows, nose, lips, blush. */
function drawFace(look: CharacterLook, id: string, turn: number): string {
  const woman = look.presentation === 'woman';
  const man = look.presentation === 'man';
  const skin = look.skin;
  const shade = darken(skin, 0.16);
  const deep = darken(skin, 0.35);
  const jaw = man ? 0.35 : woman ? 0.31 : 0.33;
  const chin = man ? 0.15 : 0.1;
  const face = smooth(
    [
      [0, -0.47],
      [0.27, -0.41],
      [0.355, -0.2],
      [0.36, 0.02],
      [jaw, 0.22],
      [jaw - 0.1, 0.38],
      [chin, 0.475],
      [-chin, 0.475],
      [-(jaw - 0.1), 0.38],
      [-jaw, 0.22],
      [-0.36, 0.02],
      [-0.355, -0.2],
      [-0.27, -0.41],
    ] as P[],
  );
  const eyes = eyeColour(look);
  const brow = luminance(look.hair) > 0.3 ? mix(look.hair, '#3b2a1f', 0.5) : darken(look.hair, 0.1);
  const lips = woman ? mix(skin, '#a83f4a', 0.42) : mix(skin, '#8e4a42', 0.28);
  const out: string[] = [];
  // Ears, behind the face's edge: the one the face turns towards hides.
  for (const s of [-1, 1]) {
    const hidden = Math.max(0, s * turn);
    out.push(`<ellipse cx="${f(s * (0.35 - hidden * 0.06))}" cy="0.05" rx="${f(0.065 * (1 - hidden * 0.7))}" ry="0.115" fill="${shade}"/>`);
  }
  // Features slide towards the turn; the eye on that side narrows.
  const shift = turn * 0.075;
  out.push(`<g transform="translate(${f(shift)} 0)">`);
  out.push(`<path d="${face}" fill="url(#${id}-face)"/>`);
  // Jaw shadow and cheekbones.
  out.push(`<path d="M-0.3,0.2 Q-0.22,0.42 0,0.47 Q0.22,0.42 0.3,0.2" fill="none" stroke="${shade}" stroke-width="0.03" opacity="0.35"/>`);
  for (const s of [-1, 1]) {
    const squeeze = 1 - Math.max(0, s * turn) * 0.35;
    const ex = s * 0.135 * (1 - Math.max(0, s * turn) * 0.15);
    out.push(`<g transform="translate(${f(ex)} 0) scale(${f(squeeze)} 1) translate(${f(-ex)} 0)">`);
    // Eye: white, iris, pupil, catch light, upper lid (and lashes), lower lid.
    out.push(
      `<path d="M${ex - 0.075},0 Q${ex},-0.05 ${ex + 0.075},0 Q${ex},0.04 ${ex - 0.075},0 Z" fill="#f4efe9"/>`,
      `<circle cx="${ex}" cy="-0.002" r="0.03" fill="${eyes}"/>`,
      `<circle cx="${ex}" cy="-0.002" r="0.014" fill="#120c0a"/>`,
      `<circle cx="${ex - 0.01}" cy="-0.012" r="0.007" fill="#ffffff" opacity="0.9"/>`,
      `<path d="M${ex - 0.08},0.003 Q${ex},-0.058 ${ex + 0.08},0.003" fill="none" stroke="${darken(deep, 0.45)}" stroke-width="${woman ? 0.02 : 0.013}" stroke-linecap="round"/>`,
      `<path d="M${ex - 0.06},0.022 Q${ex},0.045 ${ex + 0.06},0.022" fill="none" stroke="${deep}" stroke-width="0.006" opacity="0.5"/>`,
      `<path d="M${ex - 0.07},-0.035 Q${ex},-0.075 ${ex + 0.075},-0.032" fill="none" stroke="${shade}" stroke-width="0.01" opacity="0.6"/>`,
    );
    if (woman) out.push(`<path d="M${ex + s * 0.078},0.0 l${s * 0.03},-0.022" stroke="${darken(deep, 0.45)}" stroke-width="0.012" stroke-linecap="round"/>`);
    out.push('</g>');
    // Brow.
    out.push(
      `<path d="M${s * 0.05},-0.095 Q${s * 0.13},-0.145 ${s * 0.22},-0.105" fill="none" stroke="${brow}" stroke-width="${man ? 0.038 : woman ? 0.022 : 0.03}" stroke-linecap="round"/>`,
    );
    // Blush.
    out.push(`<ellipse cx="${s * 0.21}" cy="0.2" rx="0.07" ry="0.042" fill="${mix(skin, '#d9534f', 0.6)}" opacity="${woman ? 0.12 : 0.05}"/>`);
  }
  // Nose: the bridge's shadow and the nostrils, a little further along the turn.
  out.push(`<g transform="translate(${f(turn * 0.03)} 0)">`);
  out.push(
    `<path d="M0.03,-0.04 Q0.045,0.08 0.055,0.14" fill="none" stroke="${shade}" stroke-width="0.018" opacity="0.55" stroke-linecap="round"/>`,
    `<path d="M-0.055,0.165 Q-0.03,0.195 0,0.19 Q0.03,0.195 0.055,0.165" fill="none" stroke="${deep}" stroke-width="0.014" opacity="0.7" stroke-linecap="round"/>`,
    `<ellipse cx="0" cy="0.15" rx="0.03" ry="0.02" fill="${lighten(skin, 0.15)}" opacity="0.35"/>`,
  );
  out.push('</g>');
  if (look.facialHair) out.push(drawFacialHair(look.facialHair, look.facialHairColour ?? look.hair, skin, jaw, chin));
  // Mouth: upper lip, lower lip, the line between them.
  const mw = man ? 0.095 : 0.09;
  out.push(
    `<path d="M${-mw},0.282 Q${-mw * 0.5},0.25 0,0.265 Q${mw * 0.5},0.25 ${mw},0.282 Q0,0.29 ${-mw},0.282 Z" fill="${darken(lips, 0.08)}"/>`,
    `<path d="M${-mw},0.282 Q0,0.35 ${mw},0.282 Q0,0.295 ${-mw},0.282 Z" fill="${lips}"/>`,
    `<path d="M${-mw},0.282 Q0,0.296 ${mw},0.282" fill="none" stroke="${darken(lips, 0.45)}" stroke-width="0.01"/>`,
    `<ellipse cx="0.015" cy="0.31" rx="0.03" ry="0.01" fill="#ffffff" opacity="0.18"/>`,
  );
  out.push('</g>');
  return out.join('');
}

/**
 * Facial hair in head units around the head's centre, over the face and under the lips: a beard follows the jaw from
 * the sideburns round the chin and joins a moustache over the upper lip; stubble is the same shape as a shadow of
 * the hair's colour; a moustache alone sits over the upper lip.
 */
function drawFacialHair(kind: NonNullable<CharacterLook['facialHair']>, hair: string, skin: string, jaw: number, chin: number): string {
  // Very light hair on light skin would vanish: it is drawn a little darker.
  const colour = luminance(hair) > 0.45 ? darken(hair, 0.25) : hair;
  const moustache = `M-0.135,0.262 Q-0.07,0.205 0,0.228 Q0.07,0.205 0.135,0.262 Q0.07,0.245 0,0.255 Q-0.07,0.245 -0.135,0.262 Z`;
  if (kind === 'moustache') return `<path d="${moustache}" fill="${colour}" opacity="0.92"/>`;
  // From the sideburns down the jaw, round the chin, and back up to the mouth's corners, below the cheeks.
  const beard = [
    `M${-(jaw + 0.02)},0.0`,
    `L${-(jaw + 0.015)},0.22`,
    `Q${-(jaw - 0.06)},0.42 ${-chin},${0.52}`,
    `Q0,0.56 ${chin},${0.52}`,
    `Q${jaw - 0.06},0.42 ${jaw + 0.015},0.22`,
    `L${jaw + 0.02},0.0`,
    `L${jaw - 0.03},0.0`,
    `Q${jaw - 0.05},0.17 0.19,0.23`,
    `Q0.15,0.35 0,0.365`,
    `Q-0.15,0.35 -0.19,0.23`,
    `Q${-(jaw - 0.05)},0.17 ${-(jaw - 0.03)},0.0 Z`,
  ].join(' ');
  if (kind === 'stubble') return `<path d="${beard}" fill="${mix(colour, skin, 0.45)}" opacity="0.45"/><path d="${moustache}" fill="${mix(colour, skin, 0.45)}" opacity="0.45"/>`;
  return `<path d="${beard}" fill="${colour}" opacity="0.95"/><path d="${moustache}" fill="${colour}"/>`;
}

/** Hair in head units around the head's centre: `back` goes behind the body, `front` over the face's edge. */
/**
 * Long hair's two locks falling in front of the shoulders, in head units (the hair's own coordinates): drawn, and the
 * shape the scene figure redraws the head through (a box around them showed the bare shoulder beside each lock).
 */
export const LONG_HAIR_LOCKS = [
  'M-0.1,-0.52 C-0.32,-0.44 -0.38,-0.22 -0.35,0.05 C-0.33,0.4 -0.38,0.8 -0.42,1.15 C-0.45,1.4 -0.44,1.6 -0.4,1.8 L-0.58,1.72 C-0.62,1.4 -0.6,0.95 -0.54,0.45 C-0.5,0.0 -0.48,-0.35 -0.38,-0.45 C-0.3,-0.53 -0.2,-0.55 -0.1,-0.52 Z',
  'M-0.06,-0.52 C0.2,-0.5 0.36,-0.3 0.35,0.05 C0.33,0.4 0.38,0.8 0.42,1.15 C0.45,1.4 0.44,1.6 0.4,1.8 L0.58,1.72 C0.62,1.4 0.6,0.95 0.54,0.45 C0.5,0.0 0.48,-0.35 0.38,-0.45 C0.28,-0.55 0.1,-0.56 -0.06,-0.52 Z',
] as const;

function drawHair(look: CharacterLook, id: string): { defs: string; back: string; front: string } {
  const hair = look.hair;
  const shine = lighten(hair, luminance(hair) > 0.3 ? 0.3 : 0.22);
  const dark = darken(hair, 0.16);
  const defs = `<linearGradient id="${id}-hair" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${lighten(hair, 0.1)}"/><stop offset="0.6" stop-color="${hair}"/><stop offset="1" stop-color="${dark}"/></linearGradient>`;
  const fill = `url(#${id}-hair)`;
  const strand = (d: string, colour = dark, width = 0.012, opacity = 0.5) => `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" opacity="${opacity}" stroke-linecap="round"/>`;
  const shineArc = strand('M-0.24,-0.4 Q-0.08,-0.53 0.12,-0.5', shine, 0.035, 0.45);
  /** A cap over the skull with a hairline; `volume` lifts it above the skull. */
  const cap = (volume: number, hairline: number, sides: number, part = -0.12) =>
    `<path d="M${-0.375},${sides} C-0.43,-0.28 -0.3,${-0.5 - volume} 0,${-0.5 - volume} C0.3,${-0.5 - volume} 0.43,-0.28 0.375,${sides} L0.345,${sides} C0.33,-0.12 0.3,${hairline + 0.06} 0.2,${hairline + 0.02} C0.1,${hairline - 0.01} ${part + 0.05},${hairline - 0.04} ${part},${hairline - 0.02} C-0.16,${hairline + 0.02} -0.3,${hairline + 0.08} -0.345,${sides} Z" fill="${fill}"/>`;
  switch (look.hairStyle) {
    case 'long':
      return {
        defs,
        back: `<path d="M-0.5,-0.2 C-0.62,0.5 -0.64,1.2 -0.58,1.75 L0.58,1.75 C0.64,1.2 0.62,0.5 0.5,-0.2 C0.46,-0.62 -0.46,-0.62 -0.5,-0.2 Z" fill="${dark}"/>`,
        front: [
          cap(0.07, -0.3, 0.05, -0.08),
          ...LONG_HAIR_LOCKS.map((d) => `<path d="${d}" fill="${fill}"/>`),
          strand('M-0.42,0.1 C-0.45,0.6 -0.5,1.1 -0.5,1.7'),
          strand('M-0.48,0.3 C-0.52,0.8 -0.56,1.2 -0.55,1.65', dark, 0.01, 0.35),
          strand('M0.42,0.1 C0.45,0.6 0.5,1.1 0.5,1.7'),
          strand('M0.48,0.3 C0.52,0.8 0.56,1.2 0.55,1.65', dark, 0.01, 0.35),
          strand('M0.4,-0.2 C0.44,0.3 0.48,0.9 0.47,1.5', shine, 0.02, 0.35),
          strand('M-0.08,-0.52 C-0.2,-0.45 -0.3,-0.3 -0.33,-0.1', dark, 0.012, 0.5),
          shineArc,
        ].join(''),
      };
    case 'bob':
      return {
        defs,
        back: `<path d="M-0.47,-0.25 C-0.55,0.2 -0.54,0.45 -0.46,0.6 L0.46,0.6 C0.54,0.45 0.55,0.2 0.47,-0.25 C0.42,-0.64 -0.42,-0.64 -0.47,-0.25 Z" fill="${dark}"/>`,
        front: [
          `<path d="M-0.47,0.58 C-0.55,0.1 -0.5,-0.38 -0.3,-0.52 C-0.12,-0.62 0.12,-0.62 0.3,-0.52 C0.5,-0.38 0.55,0.1 0.47,0.58 L0.36,0.57 C0.38,0.25 0.35,-0.05 0.31,-0.16 C0.18,-0.2 -0.18,-0.2 -0.31,-0.16 C-0.35,-0.05 -0.38,0.25 -0.36,0.57 Z" fill="${fill}"/>`,
          strand('M-0.2,-0.5 C-0.24,-0.35 -0.22,-0.25 -0.2,-0.18'),
          strand('M0.05,-0.55 C0.04,-0.4 0.05,-0.28 0.06,-0.18'),
          strand('M0.4,-0.2 C0.44,0.1 0.44,0.35 0.42,0.56', shine, 0.02, 0.35),
          shineArc,
        ].join(''),
      };
    case 'bun':
      return {
        defs,
        back: `<circle cx="0" cy="-0.62" r="0.2" fill="${fill}"/>${strand('M-0.14,-0.66 Q0,-0.8 0.15,-0.66', shine, 0.025, 0.4)}`,
        front: [cap(0.03, -0.32, 0.0, 0), `<path d="M-0.16,-0.5 Q0,-0.56 0.16,-0.5" fill="none" stroke="${dark}" stroke-width="0.04"/>`, strand('M-0.28,-0.3 Q-0.2,-0.45 0,-0.48'), strand('M0.28,-0.3 Q0.2,-0.45 0,-0.48'), shineArc].join(''),
      };
    case 'ponytail':
      return {
        defs,
        back: `<path d="M0.22,-0.42 C0.52,-0.3 0.6,0.1 0.56,0.5 C0.52,0.9 0.44,1.25 0.36,1.5 C0.42,1.1 0.4,0.7 0.36,0.4 C0.32,0.1 0.26,-0.15 0.14,-0.3 Z" fill="${fill}"/>`,
        front: [cap(0.035, -0.31, 0.0, 0.02), `<ellipse cx="0.33" cy="-0.32" rx="0.05" ry="0.07" fill="${dark}" transform="rotate(-30 0.33 -0.32)"/>`, strand('M-0.3,-0.25 Q-0.2,-0.45 0.1,-0.49'), shineArc].join(''),
      };
    case 'braids': {
      // Long hair in braids: the long style's shape, each side plaited — a column of crossed strands down to a tie.
      const long = drawHair({ ...look, hairStyle: 'long' }, id);
      const plaits: string[] = [];
      for (const side of [-1, 1]) {
        for (let y = 0.0; y < 1.62; y += 0.11) plaits.push(`<path d="M${f(side * 0.41)},${f(y)} Q${f(side * 0.49)},${f(y + 0.08)} ${f(side * 0.57)},${f(y + 0.02)}" fill="none" stroke="${dark}" stroke-width="0.022" stroke-linecap="round"/>`);
        plaits.push(`<ellipse cx="${f(side * 0.49)}" cy="1.74" rx="0.05" ry="0.03" fill="${darken(hair, 0.45)}"/>`);
      }
      return { ...long, front: long.front + plaits.join('') };
    }
    case 'bald':
      // No hair: the scalp's own skin, with the light's sheen across its crown.
      return {
        defs,
        back: '',
        front: `<ellipse cx="-0.08" cy="-0.38" rx="0.17" ry="0.07" fill="#ffffff" opacity="0.16" transform="rotate(-18 -0.08 -0.38)"/>`,
      };
    case 'buzz':
      return {
        defs,
        back: '',
        front: `<path d="M-0.37,-0.04 C-0.41,-0.32 -0.28,-0.52 0,-0.52 C0.28,-0.52 0.41,-0.32 0.37,-0.04 L0.35,-0.04 C0.33,-0.16 0.3,-0.25 0.22,-0.28 C0.1,-0.31 -0.1,-0.31 -0.22,-0.28 C-0.3,-0.25 -0.33,-0.16 -0.35,-0.04 Z" fill="${hair}" opacity="0.92"/>`,
      };
    case 'curly': {
      const back: string[] = [];
      for (let i = 0; i < 22; i++) {
        const a = (i / 22) * Math.PI * 2;
        const cx = Math.sin(a) * 0.55;
        const cy = -0.12 - Math.cos(a) * 0.58;
        if (cy > 0.45) continue;
        back.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(0.17 + 0.03 * Math.sin(i * 2.3))}" fill="${i % 3 === 0 ? dark : hair}"/>`);
      }
      back.unshift(`<ellipse cx="0" cy="-0.12" rx="0.6" ry="0.62" fill="${dark}"/>`);
      const front: string[] = [cap(0.16, -0.3, 0.05, 0)];
      for (let i = 0; i <= 8; i++) {
        const t = i / 8;
        const x = -0.34 + t * 0.68;
        const y = -0.3 - Math.sin(t * Math.PI) * 0.06 + (Math.abs(x) > 0.25 ? 0.06 : 0);
        front.push(`<circle cx="${f(x)}" cy="${f(y)}" r="0.075" fill="${i % 2 ? hair : dark}"/>`);
      }
      // Curl texture over the crown: small curls packed in staggered rows, each a touch lighter or darker, with a
      // glint (a V of small arcs read as a parting through the curls, over a smooth cap).
      let n = 0;
      for (let row = 0; row < 5; row++) {
        const y = -0.7 + row * 0.085;
        const half = 0.36 * Math.sqrt(Math.max(0, 1 - ((y + 0.3) / 0.45) ** 2)) + 0.02;
        const stagger = row % 2 ? 0.045 : 0;
        for (let x = -half + stagger; x <= half; x += 0.09) {
          n += 1;
          const jitter = (((n * 37) % 11) / 11 - 0.5) * 0.03;
          const tone = n % 3 === 0 ? dark : n % 3 === 1 ? hair : mix(hair, dark, 0.5);
          front.push(`<circle cx="${f(x + jitter)}" cy="${f(y + jitter * 0.6)}" r="${f(0.062 + Math.abs(jitter))}" fill="${tone}"/>`);
          if (n % 4 === 0) front.push(strand(`M${f(x + jitter - 0.03)},${f(y - 0.02)} q0.03,-0.035 0.06,0`, shine, 0.014, 0.3));
        }
      }
      return { defs, back: back.join(''), front: front.join('') };
    }
    case 'short':
    default:
      return {
        defs,
        back: '',
        front: [cap(look.presentation === 'woman' ? 0.1 : 0.12, -0.3, -0.05, -0.14), strand('M-0.14,-0.33 Q0.05,-0.5 0.3,-0.38'), strand('M-0.1,-0.36 Q-0.25,-0.45 -0.33,-0.3'), shineArc].join(''),
      };
  }
}

/** Used by callers that want a colour's distance (0..441) from another. */
export function colourDistance(a: string, b: string): number {
  const x = parseHex(a);
  const y = parseHex(b);
  return Math.hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2]);
}
