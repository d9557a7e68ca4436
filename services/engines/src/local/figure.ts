import type { PoseJoints } from '../poses.js';
import { darken, lighten, mix } from './colour.js';

/** A stylised fashion-illustration figure (about 8 heads tall) drawn as SVG. */

export type GarmentKind = 'dress' | 'coat' | 'suit' | 'skirt' | 'set' | 'none';
export type GarmentPattern = 'plain' | 'stripes' | 'dots' | 'check';
export type HairStyle = 'bob' | 'long' | 'bun' | 'short';

export interface FigureSpec {
  /** Centre of the feet line. */
  x: number;
  footY: number;
  height: number;
  joints: PoseJoints;
  skin: string;
  hair: string;
  hairStyle: HairStyle;
  garment: GarmentKind;
  garmentColour: string;
  accent: string;
  pattern: GarmentPattern;
  /** Unique prefix for SVG ids, so several figures can share a document. */
  id: string;
}

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface FigureSvg {
  defs: string;
  body: string;
  /** Shoulders to hips, where a garment is worn. */
  torso: Box;
}

type Point = [number, number];

const rad = (deg: number) => (deg * Math.PI) / 180;
const along = ([x, y]: Point, angle: number, length: number): Point => [
  x + Math.sin(rad(angle)) * length,
  y + Math.cos(rad(angle)) * length,
];
const rotateAround = ([x, y]: Point, [cx, cy]: Point, angle: number): Point => {
  const a = rad(-angle);
  const dx = x - cx;
  const dy = y - cy;
  return [cx + dx * Math.cos(a) - dy * Math.sin(a), cy + dx * Math.sin(a) + dy * Math.cos(a)];
};
const f = (n: number) => n.toFixed(1);
const pt = ([x, y]: Point) => `${f(x)},${f(y)}`;

function limb(points: Point[], width: number, colour: string): string {
  const d = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${pt(p)}`).join(' ');
  return `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${f(width)}" stroke-linecap="round" stroke-linejoin="round"/>`;
}

function patternDefs(spec: FigureSpec, unit: number): string {
  const id = `${spec.id}-pattern`;
  const ink = darken(spec.garmentColour, 0.35);
  const s = unit * 0.22;
  switch (spec.pattern) {
    case 'stripes':
      return `<pattern id="${id}" width="${f(s)}" height="${f(s)}" patternUnits="userSpaceOnUse" patternTransform="rotate(90)"><rect width="${f(s / 2.6)}" height="${f(s)}" fill="${spec.accent}" opacity="0.55"/></pattern>`;
    case 'dots':
      return `<pattern id="${id}" width="${f(s)}" height="${f(s)}" patternUnits="userSpaceOnUse"><circle cx="${f(s / 2)}" cy="${f(s / 2)}" r="${f(s / 6)}" fill="${spec.accent}" opacity="0.8"/></pattern>`;
    case 'check':
      return `<pattern id="${id}" width="${f(s * 1.6)}" height="${f(s * 1.6)}" patternUnits="userSpaceOnUse"><rect width="${f(s * 0.8)}" height="${f(s * 1.6)}" fill="${ink}" opacity="0.28"/><rect width="${f(s * 1.6)}" height="${f(s * 0.8)}" fill="${ink}" opacity="0.28"/></pattern>`;
    default:
      return '';
  }
}

export function drawFigure(spec: FigureSpec): FigureSvg {
  const h = spec.height / 8.3; // one head
  const j = spec.joints;
  const top = spec.footY - spec.height;
  const hip: Point = [spec.x + j.lean * h * 0.02, top + 3.95 * h];
  const upright = (dx: number, dy: number): Point => rotateAround([hip[0] + dx, hip[1] + dy], hip, j.lean);

  const neck = upright(0, -2.6 * h);
  const head = upright(0, -3.25 * h);
  const shoulderL = upright(-0.82 * h, -2.45 * h);
  const shoulderR = upright(0.82 * h, -2.45 * h);
  const waistL = upright(-0.5 * h, -1.2 * h);
  const waistR = upright(0.5 * h, -1.2 * h);
  const hipL: Point = [hip[0] - 0.55 * h, hip[1]];
  const hipR: Point = [hip[0] + 0.55 * h, hip[1]];
  const elbowL = along(shoulderL, j.upperArmL, 1.45 * h);
  const wristL = along(elbowL, j.forearmL, 1.3 * h);
  const elbowR = along(shoulderR, j.upperArmR, 1.45 * h);
  const wristR = along(elbowR, j.forearmR, 1.3 * h);
  const kneeL = along([hipL[0] + 0.15 * h, hipL[1]], j.thighL, 2.0 * h);
  const ankleL = along(kneeL, j.shinL, 2.0 * h);
  const kneeR = along([hipR[0] - 0.15 * h, hipR[1]], j.thighR, 2.0 * h);
  const ankleR = along(kneeR, j.shinR, 2.0 * h);

  const skinShade = darken(spec.skin, 0.14);
  const g = spec.garmentColour;
  const gId = `${spec.id}-garment`;
  const fill = `url(#${gId})`;
  const patternFill = spec.pattern === 'plain' ? '' : `url(#${spec.id}-pattern)`;
  const defs = [
    `<linearGradient id="${gId}" x1="0" y1="0" x2="1" y2="0.35"><stop offset="0" stop-color="${lighten(g, 0.16)}"/><stop offset="0.55" stop-color="${g}"/><stop offset="1" stop-color="${darken(g, 0.32)}"/></linearGradient>`,
    `<linearGradient id="${spec.id}-skin" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${lighten(spec.skin, 0.08)}"/><stop offset="1" stop-color="${skinShade}"/></linearGradient>`,
    patternDefs(spec, h),
  ].join('');

  const parts: string[] = [];
  const legWidth = 0.42 * h;
  const armWidth = 0.27 * h;
  // Legs and shoes.
  parts.push(limb([hipL, kneeL, ankleL], legWidth, skinShade), limb([hipR, kneeR, ankleR], legWidth, spec.skin));
  for (const ankle of [ankleL, ankleR]) {
    parts.push(`<ellipse cx="${f(ankle[0])}" cy="${f(ankle[1] + 0.12 * h)}" rx="${f(0.32 * h)}" ry="${f(0.14 * h)}" fill="${darken(spec.accent, 0.55)}"/>`);
  }
  // Trousers for suits and sets.
  if (spec.garment === 'suit' || spec.garment === 'set') {
    const trouser = spec.garment === 'suit' ? g : mix(g, '#1a1a1a', 0.45);
    parts.push(limb([hipL, kneeL, along(kneeL, j.shinL, 1.85 * h)], legWidth * 1.35, darken(trouser, 0.12)));
    parts.push(limb([hipR, kneeR, along(kneeR, j.shinR, 1.85 * h)], legWidth * 1.35, trouser));
  }
  // Neck and head.
  parts.push(limb([neck, upright(0, -2.3 * h)], 0.32 * h, skinShade));
  const tilt = j.lean + j.headTilt;
  const hairBack =
    spec.hairStyle === 'long'
      ? `<path d="M${f(head[0] - 0.5 * h)},${f(head[1] - 0.1 * h)} Q${f(head[0] - 0.7 * h)},${f(head[1] + 1.4 * h)} ${f(head[0] - 0.2 * h)},${f(head[1] + 1.6 * h)} L${f(head[0] + 0.3 * h)},${f(head[1] + 1.6 * h)} Q${f(head[0] + 0.75 * h)},${f(head[1] + 1.3 * h)} ${f(head[0] + 0.5 * h)},${f(head[1] - 0.1 * h)} Z" fill="${spec.hair}"/>`
      : spec.hairStyle === 'bun'
        ? `<circle cx="${f(head[0])}" cy="${f(head[1] - 0.62 * h)}" r="${f(0.26 * h)}" fill="${spec.hair}"/>`
        : '';
  const hairTop =
    spec.hairStyle === 'bob'
      ? `<path d="M${f(head[0] - 0.46 * h)},${f(head[1] + 0.45 * h)} Q${f(head[0] - 0.62 * h)},${f(head[1] - 0.75 * h)} ${f(head[0])},${f(head[1] - 0.6 * h)} Q${f(head[0] + 0.62 * h)},${f(head[1] - 0.75 * h)} ${f(head[0] + 0.46 * h)},${f(head[1] + 0.45 * h)} L${f(head[0] + 0.3 * h)},${f(head[1] - 0.05 * h)} Q${f(head[0])},${f(head[1] - 0.4 * h)} ${f(head[0] - 0.3 * h)},${f(head[1] - 0.05 * h)} Z" fill="${spec.hair}"/>`
      : `<path d="M${f(head[0] - 0.42 * h)},${f(head[1] + 0.05 * h)} Q${f(head[0] - 0.45 * h)},${f(head[1] - 0.66 * h)} ${f(head[0] + 0.05 * h)},${f(head[1] - 0.56 * h)} Q${f(head[0] + 0.5 * h)},${f(head[1] - 0.5 * h)} ${f(head[0] + 0.42 * h)},${f(head[1] + 0.05 * h)} Q${f(head[0])},${f(head[1] - 0.3 * h)} ${f(head[0] - 0.42 * h)},${f(head[1] + 0.05 * h)} Z" fill="${spec.hair}"/>`;
  parts.push(
    `<g transform="rotate(${f(-tilt)} ${pt(neck)})">${hairBack}<ellipse cx="${f(head[0])}" cy="${f(head[1])}" rx="${f(0.36 * h)}" ry="${f(0.48 * h)}" fill="url(#${spec.id}-skin)"/>${hairTop}</g>`,
  );

  // Torso: bare skin under the garment.
  const torsoPath = `M${pt(shoulderL)} L${pt(shoulderR)} Q${pt(upright(0.62 * h, -1.8 * h))} ${pt(waistR)} L${pt(hipR)} L${pt(hipL)} L${pt(waistL)} Q${pt(upright(-0.62 * h, -1.8 * h))} ${pt(shoulderL)} Z`;
  parts.push(`<path d="${torsoPath}" fill="url(#${spec.id}-skin)"/>`);

  // Garment body.
  const hemDepth = spec.garment === 'dress' ? 3.1 : spec.garment === 'coat' ? 2.7 : spec.garment === 'skirt' ? 1.9 : 0.45;
  const flare = spec.garment === 'dress' ? 1.6 : spec.garment === 'coat' ? 1.1 : spec.garment === 'skirt' ? 1.3 : 0.8;
  if (spec.garment !== 'none') {
    const hemL: Point = [hip[0] - flare * h, hip[1] + hemDepth * h];
    const hemR: Point = [hip[0] + flare * h, hip[1] + hemDepth * h];
    const hemMid: Point = [hip[0], hip[1] + (hemDepth + 0.18) * h];
    const neckline = upright(0, spec.garment === 'dress' ? -1.95 * h : -2.15 * h);
    // Wider than the body at the hips so the legs never show beside the garment.
    const gHipL: Point = [hip[0] - 0.95 * h, hip[1] + 0.25 * h];
    const gHipR: Point = [hip[0] + 0.95 * h, hip[1] + 0.25 * h];
    const d = `M${pt(shoulderL)} Q${pt(neckline)} ${pt(shoulderR)} Q${pt(upright(0.7 * h, -1.8 * h))} ${pt(waistR)} Q${pt(gHipR)} ${pt(hemR)} Q${pt(hemMid)} ${pt(hemL)} Q${pt(gHipL)} ${pt(waistL)} Q${pt(upright(-0.7 * h, -1.8 * h))} ${pt(shoulderL)} Z`;
    parts.push(`<path d="${d}" fill="${fill}"/>`);
    if (patternFill) parts.push(`<path d="${d}" fill="${patternFill}"/>`);
    // Seams and details: a waist line, a coat's opening, fold lines of a skirt.
    parts.push(
      `<path d="M${pt(waistL)} Q${pt(upright(0, -1.1 * h))} ${pt(waistR)}" fill="none" stroke="${darken(g, 0.4)}" stroke-width="${f(0.05 * h)}" opacity="0.7"/>`,
    );
    if (spec.garment === 'coat' || spec.garment === 'suit') {
      parts.push(
        `<path d="M${pt(neckline)} L${pt([hip[0], hip[1] + hemDepth * h])}" stroke="${darken(g, 0.45)}" stroke-width="${f(0.05 * h)}"/>`,
        `<path d="M${pt(shoulderL)} L${pt(upright(-0.1 * h, -1.5 * h))} L${pt(neckline)}" fill="${darken(g, 0.18)}" opacity="0.8"/>`,
        `<path d="M${pt(shoulderR)} L${pt(upright(0.1 * h, -1.5 * h))} L${pt(neckline)}" fill="${lighten(g, 0.1)}" opacity="0.8"/>`,
      );
    }
    if (spec.garment === 'dress' || spec.garment === 'skirt') {
      for (const t of [-0.55, 0, 0.55]) {
        parts.push(
          `<path d="M${pt([hip[0] + t * 0.6 * h, hip[1] + 0.2 * h])} L${pt([hip[0] + t * flare * h * 0.85, hip[1] + hemDepth * h])}" stroke="${darken(g, 0.3)}" stroke-width="${f(0.04 * h)}" opacity="0.45"/>`,
        );
      }
    }
    if (spec.garment === 'skirt' || spec.garment === 'set') {
      parts.push(`<path d="M${pt(waistL)} L${pt(waistR)} L${pt(hipR)} L${pt(hipL)} Z" fill="${spec.accent}" opacity="0.18"/>`);
    }
  }

  // Arms last so poses with arms across the body read clearly; sleeves for coats, suits and sets.
  const sleeve = spec.garment === 'coat' || spec.garment === 'suit' ? g : spec.garment === 'set' ? lighten(g, 0.05) : null;
  for (const [shoulder, elbow, wrist, shade] of [
    [shoulderL, elbowL, wristL, skinShade],
    [shoulderR, elbowR, wristR, spec.skin],
  ] as const) {
    parts.push(limb([shoulder, elbow, wrist], armWidth, shade));
    if (sleeve) parts.push(limb([shoulder, elbow, along(elbow, angleOf(elbow, wrist), 1.05 * h)], armWidth * 1.45, sleeve));
    else if (spec.garment !== 'none') parts.push(limb([shoulder, along(shoulder, angleOf(shoulder, elbow), 0.45 * h)], armWidth * 1.5, g));
    parts.push(`<circle cx="${f(wrist[0])}" cy="${f(wrist[1])}" r="${f(0.17 * h)}" fill="${shade}"/>`);
  }

  const xs = [shoulderL[0], shoulderR[0], hipL[0], hipR[0]];
  const torso: Box = {
    left: Math.min(...xs) - 0.2 * h,
    top: Math.min(shoulderL[1], shoulderR[1]) - 0.1 * h,
    width: Math.max(...xs) - Math.min(...xs) + 0.4 * h,
    height: hip[1] + 0.6 * h - (Math.min(shoulderL[1], shoulderR[1]) - 0.1 * h),
  };
  return { defs, body: parts.join(''), torso };
}

function angleOf([x1, y1]: Point, [x2, y2]: Point): number {
  return (Math.atan2(x2 - x1, y2 - y1) * 180) / Math.PI;
}
