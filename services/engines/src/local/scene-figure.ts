import type { PoseJoints } from '../poses.js';
import type { Build, CharacterLook } from '../types.js';
import { darken, lighten, luminance, mix } from './colour.js';
import type { GarmentArt } from './garment.js';
import { defaultColour, drawAccessories, veilPath } from './accessories.js';
import { along, angleOf, capsule, drawPerson, hipHeight, LONG_HAIR_LOCKS, proportions, THIGH } from './person.js';
import type { GarmentReading, Reading } from './understand.js';
import type { GarmentTemplate, MaterialKind, PrintKind } from './vocabulary.js';

/**
 * The figure of a local text-to-image render: the photoshoot's person (face, hair, skin, build) drawn
 * bare, then the outfit the reading names cut to that body (a slip dress's straps, a suit's jacket and
 * trousers, a trench to the calf...), in its colour, with its material's texture or its print. The arms
 * and head are drawn again over the clothes (the same drawing, clipped), so sleeveless garments sit
 * behind the arms and collars under the chin.
 */

type P = [number, number];

export interface FigurePlacement {
  x: number;
  footY: number;
  height: number;
  joints: PoseJoints;
  /** Where the picture ends below the figure (a half-length still cuts it off): a bag is carried where it shows. */
  visibleBottom?: number;
  /** The face's turn (-1..1, 0 to the camera) and the body's (0..1, narrower as a three-quarter view): drawPerson's. */
  turn?: number;
  bodyTurn?: number;
}

export interface SceneFigure {
  /** The whole figure as one SVG fragment (slow to rasterise: the person is drawn three times). */
  svg: string;
  /**
   * The same figure in passes, for a faster raster: the bare person; the clothes over it; the person again
   * inside `armsMask`; the sleeves; the person again inside `headMask`; the accessories over all. Masks are white shapes.
   */
  passes: { person: string; clothes: string; armsMask: string; sleeves: string; headMask: string; accessories: string };
  /** Where the figure can draw, in pixels (generous). */
  bounds: { left: number; top: number; right: number; bottom: number };
  /** Points measured in tests and by later steps: shoulder and hip lines, the main garment's chest-to-hip box, the head. */
  landmarks: {
    shoulderY: number;
    hipY: number;
    shoulders: [P, P];
    garmentBox: { left: number; top: number; right: number; bottom: number };
    head: { centre: P; radius: number };
  };
}

const rad = (deg: number) => (deg * Math.PI) / 180;
const f = (n: number) => (Math.round(n * 100) / 100).toString();
const pt = ([x, y]: P) => `${f(x)},${f(y)}`;

const chain = (points: P[], radii: number[]) => points.slice(1).map((b, i) => capsule(points[i]!, b, radii[i]!, radii[i + 1]!)).join(' ');

/** A closed smooth path through points (Catmull-Rom). */
function smooth(points: P[]): string {
  const n = points.length;
  const at = (i: number) => points[(i + n) % n]!;
  let d = `M${pt(points[0]!)}`;
  for (let i = 0; i < n; i++) {
    const [p0, p1, p2, p3] = [at(i - 1), at(i), at(i + 1), at(i + 2)];
    d += ` C${pt([p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6])} ${pt([p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6])} ${pt(p2)}`;
  }
  return `${d} Z`;
}
const polygon = (points: P[]) => `M${points.map(pt).join(' L')} Z`;

/**
 * A transparent pixel: the bare figure wears invisible "trousers" (so the person draws no trouser colour
 * and no skirt between the legs) and a top in its own skin colour.
 */
const CLEAR_PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADUlEQVQImWNgYGBgAAAABQABh6FO1AAAAABJRU5ErkJggg==';

function bareArt(skin: string): GarmentArt {
  const image = { href: CLEAR_PNG, width: 1, height: 1 };
  return { shape: 'trousers', sleeves: 'none', main: skin, panel: { ...image, centre: 0.5, chest: 1, hem: 1 }, fabric: image, opensAtFront: false };
}

type Neckline = 'strap' | 'strapless' | 'crew' | 'v' | 'lapel' | 'turtle' | 'hood' | 'collar' | 'wrap';
type Sleeves = 'none' | 'short' | 'long' | 'wide';
type Lower = 'none' | 'trousers' | 'wide trousers' | 'jeans' | 'shorts' | 'skirt' | 'mini' | 'maxi' | 'brief';

/** One piece of the outfit as the renderer draws it. */
interface Piece {
  garment: GarmentReading;
  neckline: Neckline;
  sleeves: Sleeves;
  /** Hem in head units below the hip (negative above it). */
  hem: number;
  /** Extra width beyond the body, head units. */
  ease: number;
  /** How far the hem flares beyond the hips, head units; skirts also cover the legs. */
  flare: number;
  lower: Lower;
  /** The lower part's own length for skirts (head units below the hip). */
  skirtHem?: number;
  details: ('belt' | 'buttons' | 'double' | 'pockets' | 'bow tie' | 'tie' | 'hood' | 'ribs' | 'boning' | 'sash' | 'quilt' | 'zip' | 'drape')[];
}

const TEMPLATE_PIECES: Record<GarmentTemplate, Omit<Piece, 'garment'>> = {
  'slip dress': { neckline: 'strap', sleeves: 'none', hem: 2.7, ease: 0.03, flare: 0.35, lower: 'none', details: [] },
  dress: { neckline: 'crew', sleeves: 'short', hem: 1.9, ease: 0.04, flare: 0.5, lower: 'none', details: ['belt'] },
  'mini dress': { neckline: 'strap', sleeves: 'none', hem: 0.95, ease: 0.03, flare: 0.25, lower: 'none', details: [] },
  'maxi dress': { neckline: 'v', sleeves: 'short', hem: 3.85, ease: 0.05, flare: 0.8, lower: 'none', details: ['sash'] },
  gown: { neckline: 'strapless', sleeves: 'none', hem: 4.05, ease: 0.03, flare: 1.3, lower: 'none', details: [] },
  'shirt dress': { neckline: 'collar', sleeves: 'long', hem: 2.0, ease: 0.08, flare: 0.4, lower: 'none', details: ['buttons', 'belt'] },
  suit: { neckline: 'lapel', sleeves: 'long', hem: 0.45, ease: 0.1, flare: 0.1, lower: 'trousers', details: ['buttons', 'pockets'] },
  tuxedo: { neckline: 'lapel', sleeves: 'long', hem: 0.4, ease: 0.1, flare: 0.1, lower: 'trousers', details: ['buttons', 'bow tie'] },
  blazer: { neckline: 'lapel', sleeves: 'long', hem: 0.45, ease: 0.11, flare: 0.12, lower: 'trousers', details: ['buttons', 'pockets'] },
  trench: { neckline: 'lapel', sleeves: 'long', hem: 2.55, ease: 0.16, flare: 0.55, lower: 'trousers', details: ['belt', 'double'] },
  coat: { neckline: 'lapel', sleeves: 'long', hem: 2.35, ease: 0.17, flare: 0.4, lower: 'trousers', details: ['buttons', 'pockets'] },
  puffer: { neckline: 'turtle', sleeves: 'long', hem: 0.3, ease: 0.3, flare: 0.2, lower: 'trousers', details: ['quilt', 'zip'] },
  jacket: { neckline: 'collar', sleeves: 'long', hem: -0.15, ease: 0.13, flare: 0.02, lower: 'jeans', details: ['buttons', 'pockets'] },
  'leather jacket': { neckline: 'lapel', sleeves: 'long', hem: -0.2, ease: 0.12, flare: 0, lower: 'jeans', details: ['zip'] },
  jumpsuit: { neckline: 'v', sleeves: 'short', hem: 0.2, ease: 0.08, flare: 0.05, lower: 'wide trousers', details: ['belt'] },
  jeans: { neckline: 'crew', sleeves: 'short', hem: 0.05, ease: 0.06, flare: 0.02, lower: 'jeans', details: [] },
  trousers: { neckline: 'crew', sleeves: 'short', hem: -0.6, ease: 0.05, flare: 0, lower: 'wide trousers', details: [] },
  shorts: { neckline: 'crew', sleeves: 'short', hem: -0.6, ease: 0.06, flare: 0, lower: 'shorts', details: [] },
  skirt: { neckline: 'crew', sleeves: 'short', hem: -0.85, ease: 0.04, flare: 0, lower: 'skirt', skirtHem: 1.9, details: [] },
  'mini skirt': { neckline: 'crew', sleeves: 'short', hem: -0.85, ease: 0.04, flare: 0, lower: 'mini', skirtHem: 0.8, details: [] },
  'maxi skirt': { neckline: 'crew', sleeves: 'long', hem: -0.85, ease: 0.04, flare: 0, lower: 'maxi', skirtHem: 3.8, details: [] },
  shirt: { neckline: 'collar', sleeves: 'long', hem: 0.0, ease: 0.07, flare: 0.02, lower: 'trousers', details: ['buttons'] },
  tee: { neckline: 'crew', sleeves: 'short', hem: -0.05, ease: 0.06, flare: 0.02, lower: 'jeans', details: [] },
  tank: { neckline: 'strap', sleeves: 'none', hem: -0.3, ease: 0.03, flare: 0, lower: 'jeans', details: [] },
  hoodie: { neckline: 'hood', sleeves: 'long', hem: 0.1, ease: 0.14, flare: 0.04, lower: 'trousers', details: ['hood', 'ribs', 'pockets'] },
  sweater: { neckline: 'crew', sleeves: 'long', hem: 0.0, ease: 0.12, flare: 0.04, lower: 'trousers', details: ['ribs'] },
  turtleneck: { neckline: 'turtle', sleeves: 'long', hem: -0.1, ease: 0.06, flare: 0.02, lower: 'trousers', details: ['ribs'] },
  cardigan: { neckline: 'v', sleeves: 'long', hem: 0.35, ease: 0.13, flare: 0.06, lower: 'trousers', details: ['buttons', 'ribs'] },
  swimsuit: { neckline: 'strap', sleeves: 'none', hem: -0.25, ease: 0.0, flare: 0, lower: 'brief', details: [] },
  bikini: { neckline: 'strap', sleeves: 'none', hem: -1.75, ease: 0.0, flare: 0, lower: 'brief', details: [] },
  corset: { neckline: 'strapless', sleeves: 'none', hem: -0.3, ease: 0.0, flare: 0, lower: 'skirt', skirtHem: 2.4, details: ['boning'] },
  kimono: { neckline: 'wrap', sleeves: 'wide', hem: 3.6, ease: 0.16, flare: 0.45, lower: 'none', details: ['sash'] },
  cape: { neckline: 'crew', sleeves: 'none', hem: 1.6, ease: 0.9, flare: 1.0, lower: 'trousers', details: [] },
  vest: { neckline: 'v', sleeves: 'none', hem: -0.1, ease: 0.07, flare: 0, lower: 'trousers', details: ['buttons'] },
};

/** A colour that goes with the main one: dark under light garments, stone under dark ones. */
export const partnerOf = (hex: string) => (luminance(hex) > 0.25 ? mix(darken(hex, 0.6), '#1d1d22', 0.7) : '#e6e0d5');

interface Body {
  h: number;
  hip: P;
  U: (dx: number, dy: number) => P;
  halfAt: (y: number) => number;
  b: ReturnType<typeof proportions>;
  arms: { shoulder: P; elbow: P; wrist: P }[];
  legs: P[][];
  legRadii: number[];
  armRadii: number[];
  head: { pivot: P; angle: number };
}

/** The person's skeleton, as drawPerson builds it (person.ts), to cut clothes to. */
function bodyOf(look: CharacterLook, place: FigurePlacement): Body {
  const j = place.joints;
  const h = place.height / 8;
  const b = proportions(look);
  const hip: P = [place.x + j.lean * h * 0.02, place.footY - hipHeight(j) * h];
  const cosL = Math.cos(rad(-j.lean));
  const sinL = Math.sin(rad(-j.lean));
  // A body turned from the camera is seen narrower, as drawPerson draws it.
  const squeeze = 1 - 0.3 * Math.min(1, Math.abs(place.bodyTurn ?? 0));
  const U = (dx: number, dy: number): P => [hip[0] + (dx * squeeze * cosL - dy * sinL) * h, hip[1] + (dx * squeeze * sinL + dy * cosL) * h];
  const outline: [number, number][] = [
    [b.shoulder, -2.42],
    [b.shoulder + 0.01, -2.2],
    [b.chest - 0.02, -1.95],
    [b.chest + (look.presentation === 'woman' ? 0.02 : 0), -1.68],
    [b.waist, -1.0],
    [b.hip, -0.25],
    [b.hip - 0.05, 0.15],
  ];
  const halfAt = (y: number) => {
    if (y <= outline[0]![1]) return b.shoulder;
    for (let i = 0; i < outline.length - 1; i++) {
      const [x0, y0] = outline[i]!;
      const [x1, y1] = outline[i + 1]!;
      if (y >= y0 && y <= y1) return x0 + ((x1 - x0) * (y - y0)) / (y1 - y0);
    }
    return b.hip - 0.05;
  };
  const shoulder = (side: -1 | 1) => U(side * (b.shoulder - 0.16), -2.26);
  const arm = (side: -1 | 1, upper: number, fore: number) => {
    const s = shoulder(side);
    const elbow = along(s, upper, 1.42 * h);
    return { shoulder: s, elbow, wrist: along(elbow, fore, 1.25 * h) };
  };
  const limb = b.limb;
  const thighTop = (look.presentation === 'woman' ? 0.3 : 0.28) * limb;
  const rootX = (b.hip - thighTop * 0.95) * squeeze;
  const leg = (side: -1 | 1, thigh: number, shin: number): P[] => {
    const root: P = [hip[0] + side * rootX * h, hip[1] + 0.05 * h];
    const knee = along(root, thigh, THIGH * (j.thighReach ?? 1) * h);
    return [root, knee, along(knee, shin, 0.55 * h), along(knee, shin, 1.85 * h)];
  };
  return {
    h,
    hip,
    U,
    halfAt,
    b,
    arms: [arm(-1, j.upperArmL, j.forearmL), arm(1, j.upperArmR, j.forearmR)],
    legs: [leg(-1, j.thighL, j.shinL), leg(1, j.thighR, j.shinR)],
    legRadii: [thighTop * h, 0.2 * limb * h, 0.17 * limb * h, 0.105 * limb * h],
    armRadii: [0.18 * limb * h, 0.135 * limb * h, 0.095 * limb * h],
    head: { pivot: U(0, -2.92), angle: -(j.lean + j.headTilt) },
  };
}

/** The textures and prints a garment's pieces are overlaid with. */
function surfaceDefs(id: string, g: Pick<GarmentReading, 'material' | 'print' | 'printColour'>, colour: string, h: number): { defs: string; overlays: string[] } {
  const s = h * 0.2;
  const ink = g.printColour?.hex ?? (luminance(colour) > 0.3 ? darken(colour, 0.75) : lighten(colour, 0.8));
  const defs: string[] = [];
  const overlays: string[] = [];
  const pattern = (key: string, w: number, hgt: number, body: string, transform = '') => {
    defs.push(`<pattern id="${id}-${key}" patternUnits="userSpaceOnUse" width="${f(w)}" height="${f(hgt)}"${transform ? ` patternTransform="${transform}"` : ''}>${body}</pattern>`);
    overlays.push(`url(#${id}-${key})`);
  };
  const material: MaterialKind | undefined = g.material;
  switch (material) {
    case 'silk':
    case 'satin':
    case 'chiffon':
    case 'latex':
      defs.push(
        `<linearGradient id="${id}-sheen" x1="0" y1="0" x2="1" y2="0.25"><stop offset="0" stop-color="#ffffff" stop-opacity="0"/><stop offset="0.22" stop-color="#ffffff" stop-opacity="${material === 'latex' ? 0.55 : 0.38}"/><stop offset="0.3" stop-color="#ffffff" stop-opacity="0.04"/><stop offset="0.6" stop-color="#ffffff" stop-opacity="0"/><stop offset="0.7" stop-color="#ffffff" stop-opacity="0.22"/><stop offset="0.78" stop-color="#ffffff" stop-opacity="0"/></linearGradient>`,
      );
      overlays.push(`url(#${id}-sheen)`);
      break;
    case 'leather':
      // A thin specular line, not a broad band: across a sleeve (each piece has its own) a broad one made it read grey.
      defs.push(`<linearGradient id="${id}-sheen" x1="0" y1="0" x2="1" y2="0.3"><stop offset="0.19" stop-color="#ffffff" stop-opacity="0"/><stop offset="0.235" stop-color="#ffffff" stop-opacity="0.26"/><stop offset="0.28" stop-color="#ffffff" stop-opacity="0"/></linearGradient>`);
      overlays.push(`url(#${id}-sheen)`);
      break;
    case 'denim':
      pattern('twill', s * 0.22, s * 0.22, `<path d="M0,${f(s * 0.22)} L${f(s * 0.22)},0" stroke="#ffffff" stroke-width="${f(s * 0.05)}" opacity="0.22"/><path d="M0,${f(s * 0.11)} L${f(s * 0.11)},0" stroke="#000000" stroke-width="${f(s * 0.03)}" opacity="0.12"/>`);
      break;
    case 'knit':
    case 'corduroy':
      pattern('ribs', s * 0.32, s, `<rect width="${f(s * 0.1)}" height="${f(s)}" fill="#000000" opacity="0.16"/><rect x="${f(s * 0.16)}" width="${f(s * 0.05)}" height="${f(s)}" fill="#ffffff" opacity="0.12"/>`);
      break;
    case 'wool':
    case 'tweed':
    case 'fur':
      pattern('weave', s * 0.3, s * 0.3, `<rect width="${f(s * 0.15)}" height="${f(s * 0.15)}" fill="#ffffff" opacity="${material === 'tweed' ? 0.2 : 0.08}"/><rect x="${f(s * 0.15)}" y="${f(s * 0.15)}" width="${f(s * 0.15)}" height="${f(s * 0.15)}" fill="#000000" opacity="${material === 'tweed' ? 0.2 : 0.08}"/>`);
      break;
    case 'linen':
    case 'cotton':
      pattern('slub', s * 0.5, s * 0.37, `<path d="M0,${f(s * 0.1)} h${f(s * 0.3)} M${f(s * 0.2)},${f(s * 0.28)} h${f(s * 0.25)}" stroke="#ffffff" stroke-width="${f(s * 0.03)}" opacity="0.25"/><path d="M${f(s * 0.1)},0 v${f(s * 0.2)}" stroke="#000000" stroke-width="${f(s * 0.02)}" opacity="0.1"/>`);
      break;
    case 'sequin':
      pattern('sequins', s * 0.24, s * 0.24, `<circle cx="${f(s * 0.06)}" cy="${f(s * 0.06)}" r="${f(s * 0.055)}" fill="#ffffff" opacity="0.4"/><circle cx="${f(s * 0.18)}" cy="${f(s * 0.18)}" r="${f(s * 0.055)}" fill="#000000" opacity="0.22"/><circle cx="${f(s * 0.05)}" cy="${f(s * 0.05)}" r="${f(s * 0.018)}" fill="#ffffff" opacity="0.9"/>`);
      break;
    case 'velvet':
      defs.push(`<radialGradient id="${id}-velvet" cx="0.45" cy="0.4" r="0.7"><stop offset="0" stop-color="#ffffff" stop-opacity="0.16"/><stop offset="1" stop-color="#000000" stop-opacity="0.3"/></radialGradient>`);
      overlays.push(`url(#${id}-velvet)`);
      break;
    case 'lace':
    case 'mesh':
      pattern('lace', s * 0.3, s * 0.3, `<circle cx="${f(s * 0.15)}" cy="${f(s * 0.15)}" r="${f(s * 0.09)}" fill="none" stroke="${lighten(colour, 0.5)}" stroke-width="${f(s * 0.025)}" opacity="0.55"/>`);
      break;
    default:
  }
  const print: PrintKind | undefined = g.print;
  switch (print) {
    case 'polka dot':
      pattern('dots', s * 1.1, s * 1.1, `<circle cx="${f(s * 0.3)}" cy="${f(s * 0.3)}" r="${f(s * 0.14)}" fill="${ink}"/><circle cx="${f(s * 0.85)}" cy="${f(s * 0.85)}" r="${f(s * 0.14)}" fill="${ink}"/>`);
      break;
    case 'stripes':
      pattern('stripes', s * 2, s * 0.9, `<rect width="${f(s * 2)}" height="${f(s * 0.3)}" fill="${ink}"/>`);
      break;
    case 'pinstripe':
      pattern('pinstripe', s * 0.7, s * 2, `<rect width="${f(s * 0.035)}" height="${f(s * 2)}" fill="${ink}" opacity="0.75"/>`);
      break;
    case 'check':
    case 'houndstooth': {
      const c = print === 'houndstooth' ? s * 0.4 : s * 1.2;
      pattern('check', c, c, `<rect width="${f(c * 0.35)}" height="${f(c)}" fill="${ink}" opacity="0.35"/><rect width="${f(c)}" height="${f(c * 0.35)}" fill="${ink}" opacity="0.35"/><rect x="${f(c * 0.65)}" width="${f(c * 0.04)}" height="${f(c)}" fill="${ink}" opacity="0.5"/>`);
      break;
    }
    case 'floral': {
      const petals = (cx: number, cy: number, r: number, colourP: string) =>
        Array.from({ length: 5 }, (_, k) => {
          const a = (k / 5) * Math.PI * 2;
          return `<circle cx="${f(cx + Math.cos(a) * r)}" cy="${f(cy + Math.sin(a) * r)}" r="${f(r * 0.75)}" fill="${colourP}"/>`;
        }).join('') + `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.5)}" fill="#f2d36b"/>`;
      const second = g.printColour?.hex ?? (luminance(colour) > 0.3 ? '#c2456a' : '#f3c1cf');
      pattern('floral', s * 1.6, s * 1.6, `${petals(s * 0.4, s * 0.4, s * 0.11, ink)}${petals(s * 1.2, s * 1.15, s * 0.09, second)}<path d="M${f(s * 0.55)},${f(s * 0.55)} q${f(s * 0.3)},${f(s * 0.2)} ${f(s * 0.5)},${f(s * 0.5)}" stroke="#4f7a44" stroke-width="${f(s * 0.04)}" fill="none"/>`);
      break;
    }
    case 'zebra': {
      // Wavy bands across, one broad and one thin, in the motif's colour.
      const w = s * 1.2;
      const band = (y: number, t: number) =>
        `<path d="M0,${f(y)} q${f(w * 0.25)},${f(-s * 0.1)} ${f(w * 0.5)},0 t${f(w * 0.5)},0 L${f(w)},${f(y + t)} q${f(-w * 0.25)},${f(s * 0.1)} ${f(-w * 0.5)},0 t${f(-w * 0.5)},0 Z" fill="${ink}"/>`;
      pattern('zebra', w, s * 0.9, `${band(s * 0.1, s * 0.2)}${band(s * 0.55, s * 0.09)}`);
      break;
    }
    case 'camouflage': {
      // Blobs of two colours over the ground.
      const second = g.printColour ? darken(g.printColour.hex, 0.35) : darken(colour, 0.45);
      const blob = (cx: number, cy: number, r: number, fill: string) =>
        `<path d="M${f(cx - r)},${f(cy)} q${f(r * 0.3)},${f(-r * 1.1)} ${f(r)},${f(-r * 0.7)} q${f(r * 1.1)},${f(r * 0.1)} ${f(r)},${f(r * 0.8)} q${f(-r * 0.5)},${f(r * 0.9)} ${f(-r * 1.2)},${f(r * 0.6)} q${f(-r * 0.9)},${f(-r * 0.2)} ${f(-r * 0.8)},${f(-r * 0.7)} Z" fill="${fill}"/>`;
      pattern('camouflage', s * 1.6, s * 1.6, `${blob(s * 0.4, s * 0.45, s * 0.3, ink)}${blob(s * 1.15, s * 1.1, s * 0.28, second)}${blob(s * 1.2, s * 0.35, s * 0.18, second)}${blob(s * 0.45, s * 1.25, s * 0.2, ink)}`);
      break;
    }
    case 'leopard': {
      // Rosettes: broken rings of the motif's colour around a warmer centre, scattered at sizes and turns.
      const centre = mix(colour, ink, 0.3);
      const rosette = (cx: number, cy: number, r: number, turn: number) => {
        const arcs = [
          [10, 95],
          [130, 205],
          [235, 330],
        ]
          .map(([a0, a1]) => {
            const [x0, y0] = [Math.cos(rad(a0!)) * r, Math.sin(rad(a0!)) * r];
            const [x1, y1] = [Math.cos(rad(a1!)) * r, Math.sin(rad(a1!)) * r];
            return `M${f(x0)},${f(y0)} A${f(r)},${f(r)} 0 0 1 ${f(x1)},${f(y1)}`;
          })
          .join(' ');
        return `<g transform="translate(${f(cx)} ${f(cy)}) rotate(${turn}) scale(1 0.78)"><ellipse rx="${f(r * 0.78)}" ry="${f(r * 0.7)}" fill="${centre}"/><path d="${arcs}" fill="none" stroke="${ink}" stroke-width="${f(r * 0.36)}" stroke-linecap="round"/></g>`;
      };
      const spot = (cx: number, cy: number, r: number) => `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${ink}"/>`;
      const k = s * 1.8;
      pattern('leopard', k * 1.3, k * 1.3, `${rosette(k * 0.3, k * 0.3, k * 0.17, 20)}${rosette(k * 0.95, k * 0.62, k * 0.14, -35)}${rosette(k * 0.4, k * 1.0, k * 0.15, 70)}${spot(k * 0.8, k * 0.15, k * 0.04)}${spot(k * 0.1, k * 0.75, k * 0.035)}${spot(k * 1.05, k * 1.12, k * 0.045)}`);
      break;
    }
    case 'paisley': {
      // Teardrops with curled tips (boteh), outlined in the motif's colour, filled with a second colour, a dot inside.
      const fill = g.printColour ? mix(g.printColour.hex, colour, 0.35) : mix(colour, ink, 0.22);
      const boteh = 'M0.35,-1 C-0.1,-0.8 -0.65,-0.3 -0.6,0.3 C-0.55,0.8 0,1 0.35,0.85 C0.7,0.7 0.75,0.2 0.5,-0.05 C0.3,-0.25 0.25,-0.55 0.35,-1 Z';
      const inner = 'M0.2,-0.45 C-0.15,-0.3 -0.4,0 -0.35,0.35 C-0.3,0.65 0.1,0.7 0.3,0.5 C0.45,0.3 0.35,0.05 0.2,-0.1 Z';
      const motif = (cx: number, cy: number, r: number, turn: number) =>
        `<g transform="translate(${f(cx)} ${f(cy)}) rotate(${turn}) scale(${f(r)})"><path d="${boteh}" fill="${fill}" stroke="${ink}" stroke-width="0.12"/><path d="${inner}" fill="none" stroke="${ink}" stroke-width="0.07" opacity="0.8"/><circle cx="-0.02" cy="0.3" r="0.12" fill="${ink}"/></g>`;
      const w = s * 1.5;
      pattern('paisley', w, w, `${motif(s * 0.38, s * 0.42, s * 0.3, -20)}${motif(s * 1.12, s * 1.1, s * 0.26, 160)}<circle cx="${f(s * 1.15)}" cy="${f(s * 0.3)}" r="${f(s * 0.05)}" fill="${ink}"/><circle cx="${f(s * 0.35)}" cy="${f(s * 1.25)}" r="${f(s * 0.05)}" fill="${ink}"/>`);
      break;
    }
    default:
  }
  return { defs: defs.join(''), overlays };
}

/** The pieces an outfit is drawn from: the main garment's template, filled in by any other garments named. */
/** Outerwear is worn over the rest, whatever order the prompt names it in ("a red dress and a black leather jacket"). */
function wornOrder(garments: GarmentReading[]): GarmentReading[] {
  const outer = garments.findIndex((g) => g.slot === 'outer');
  return outer <= 0 ? garments : [garments[outer]!, ...garments.filter((_, i) => i !== outer)];
}

/**
 * Where a bare-shouldered outfit's top edge is (a strapless or strap neckline), in head units from the hips (the
 * top of the head is at −4); null when the outfit covers the shoulders. A close-up must reach below it, or the
 * picture shows only skin.
 */
export function bareNecklineTop(reading: Reading): number | null {
  const [first] = wornOrder(reading.garments);
  if (!first) return null;
  const neckline = TEMPLATE_PIECES[first.template].neckline;
  return neckline === 'strapless' ? -1.93 : neckline === 'strap' ? -1.97 : null;
}

/** A skirt's kind by its length (head units below the hip). */
const skirtOf = (hem: number): Lower => (hem > 3 ? 'maxi' : hem < 1.2 ? 'mini' : 'skirt');

function outfitOf(reading: Reading): { main: Piece; under?: Piece; lowerGarment: GarmentReading } {
  const [first, ...rest] = wornOrder(reading.garments);
  const main: Piece = { garment: first!, ...TEMPLATE_PIECES[first!.template], details: [...TEMPLATE_PIECES[first!.template].details] };
  const partner = (slot: GarmentReading['slot'], template: GarmentTemplate, name: string): GarmentReading => {
    const hex = reading.partnerPaint ?? partnerOf(first!.paint.hex);
    return { name, template, slot, paint: { name: '', hex }, source: 'seed' };
  };
  const bottom = rest.find((g) => g.slot === 'bottom');
  const top = rest.find((g) => g.slot === 'top');
  // A dress under a coat or jacket: its bodice shows in the opening, its skirt below.
  const dress = first!.slot === 'outer' && !bottom ? rest.find((g) => g.slot === 'one-piece') : undefined;
  let lowerGarment = first!;
  let under: Piece | undefined;
  if (first!.slot === 'bottom') {
    // A skirt or trousers named first: a top goes with them.
    const topGarment = top ?? partner('top', first!.template === 'jeans' ? 'tee' : 'tee', 'top');
    if (!top) topGarment.paint = { name: '', hex: luminance(first!.paint.hex) > 0.3 ? '#1d1d20' : '#f1eee8' };
    const template = TEMPLATE_PIECES[topGarment.template];
    const lowerFromMain = TEMPLATE_PIECES[first!.template];
    return {
      main: { garment: topGarment, ...template, lower: lowerFromMain.lower, ...(lowerFromMain.skirtHem ? { skirtHem: lowerFromMain.skirtHem } : {}), details: [...template.details] },
      lowerGarment: first!,
    };
  }
  if (dress) {
    const hem = TEMPLATE_PIECES[dress.template].hem;
    main.lower = skirtOf(hem);
    main.skirtHem = hem;
    lowerGarment = dress;
  } else if (first!.name === 'saree') {
    // A saree: a fitted short-sleeved blouse, the length to the floor, its end (the pallu) across the body and over the
    // left shoulder with a bordered edge (it was drawn as a strapless gown).
    main.neckline = 'crew';
    main.sleeves = 'short';
    main.details.push('drape');
  } else if (first!.name === 'skirt suit') {
    main.lower = 'skirt';
    main.skirtHem = 1.2;
  } else if (main.lower !== 'none') {
    if (bottom) {
      const lowerTemplate = TEMPLATE_PIECES[bottom.template];
      main.lower = lowerTemplate.lower;
      if (lowerTemplate.skirtHem) main.skirtHem = lowerTemplate.skirtHem;
      lowerGarment = bottom;
    } else if (first!.template === 'suit' || first!.template === 'tuxedo' || first!.template === 'jumpsuit') {
      lowerGarment = first!;
    } else if (first!.name === 'tracksuit') {
      // A tracksuit's bottoms are its own colour.
      lowerGarment = { ...partner('bottom', 'trousers', 'joggers'), paint: first!.paint, material: 'jersey' };
    } else if (main.lower === 'jeans') {
      lowerGarment = { name: 'jeans', template: 'jeans', slot: 'bottom', paint: { name: 'denim blue', hex: '#3b5a86' }, material: 'denim', source: 'seed' };
    } else {
      lowerGarment = partner('bottom', 'trousers', 'trousers');
    }
  }
  if (first!.slot === 'outer') {
    // What shows inside a jacket's opening: the named top, a shirt under a suit, else a quiet tee.
    const inner = top ?? dress ?? (first!.template === 'suit' || first!.template === 'tuxedo' ? { ...partner('top', 'shirt', 'shirt'), paint: { name: 'white', hex: '#f3f1ec' } } : partner('top', 'tee', 'top'));
    if (!top && !dress && first!.template !== 'suit' && first!.template !== 'tuxedo') inner.paint = { name: '', hex: luminance(first!.paint.hex) > 0.35 ? '#26262a' : '#efebe4' };
    const template = TEMPLATE_PIECES[inner.template];
    under = { garment: inner, ...template, sleeves: 'none', lower: 'none', details: first!.template === 'tuxedo' ? ['bow tie'] : [] };
  }
  return { main, ...(under ? { under } : {}), lowerGarment };
}

export function buildLook(reading: Reading, seedBuild: number): CharacterLook {
  const { figure } = reading;
  const builds: Build[] = figure.presentation === 'man' ? ['average', 'broad'] : figure.presentation === 'woman' ? ['slim', 'average', 'curvy'] : ['slim', 'average'];
  return {
    skin: figure.skin.hex,
    hair: figure.hair.hex,
    hairStyle: figure.hairStyle,
    build: figure.build ?? builds[seedBuild % builds.length]!,
    presentation: figure.presentation,
    backdrop: '#ffffff',
    outfit: figure.skin.hex,
    ...(figure.facialHair ? { facialHair: figure.facialHair } : {}),
    ...(figure.facialHairColour ? { facialHairColour: figure.facialHairColour.hex } : {}),
  };
}

/** The stool a seated figure sits on, seen from the front behind its legs: a wooden seat at the hips, legs to the floor. */
function stoolSvg(hip: P, footY: number, h: number, hipHalf: number): string {
  const wood = '#6a4a35';
  const half = (hipHalf + 0.4) * h;
  const top = hip[1] + 0.2 * h;
  const slab = 0.2 * h;
  const leg = 0.12 * h;
  const legs = ([-1, 1] as const).map((side) => {
    const x0 = hip[0] + side * (half - 0.16 * h);
    const x1 = hip[0] + side * (half + 0.06 * h);
    return `<path d="M${f(x0 - leg / 2)},${f(top + slab)} L${f(x0 + leg / 2)},${f(top + slab)} L${f(x1 + leg / 2)},${f(footY)} L${f(x1 - leg / 2)},${f(footY)} Z" fill="${darken(wood, 0.18)}"/>`;
  });
  const rungY = top + slab + (footY - top - slab) * 0.62;
  const rungHalf = half - 0.16 * h + 0.22 * 0.62 * h;
  return [
    ...legs,
    `<rect x="${f(hip[0] - rungHalf)}" y="${f(rungY)}" width="${f(2 * rungHalf)}" height="${f(0.07 * h)}" fill="${darken(wood, 0.28)}"/>`,
    `<rect x="${f(hip[0] - half)}" y="${f(top)}" width="${f(2 * half)}" height="${f(slab)}" rx="${f(0.05 * h)}" fill="${wood}"/>`,
    `<rect x="${f(hip[0] - half)}" y="${f(top)}" width="${f(2 * half)}" height="${f(0.05 * h)}" rx="${f(0.025 * h)}" fill="${lighten(wood, 0.25)}"/>`,
  ].join('');
}

export function drawSceneFigure(reading: Reading, look: CharacterLook, place: FigurePlacement, id: string): SceneFigure {
  const body = bodyOf(look, place);
  const { h, U, halfAt, b, hip } = body;
  const { main, under, lowerGarment } = outfitOf(reading);
  // Seated, a long skirt falls over the knees and ends above the feet (a gown's hem ran through the floor).
  const seated = place.joints.thighReach !== undefined && place.joints.thighReach < 1;
  const room = hipHeight(place.joints) - 0.45;
  if (seated) {
    main.hem = Math.min(main.hem, room);
    if (main.skirtHem !== undefined) main.skirtHem = Math.min(main.skirtHem, room);
  }
  // Swimwear is worn barefoot.
  const barefoot = main.lower === 'brief';
  const person = drawPerson({
    x: place.x,
    footY: place.footY,
    height: place.height,
    joints: place.joints,
    look,
    garment: bareArt(look.skin),
    id: `${id}-p`,
    barefoot,
    ...(reading.shoes ? { shoes: reading.shoes.hex } : {}),
    ...(place.turn ? { turn: place.turn } : {}),
    ...(place.bodyTurn ? { bodyTurn: place.bodyTurn } : {}),
  });
  const defs: string[] = [person.defs, `<g id="${id}-person">${person.body}</g>`];
  const parts: string[] = [`<use href="#${id}-person"/>`];
  // A bridal veil behind the whole figure: it shows beside it, never across the neck or the dress.
  const veil = reading.noPerson ? undefined : reading.accessories?.find((a) => a.kind === 'veil');
  const tulle = veil?.colour?.hex ?? '#fbf8f2';
  const veilDefs = veil
    ? `<linearGradient id="${id}-veil" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${tulle}" stop-opacity="0.62"/><stop offset="1" stop-color="${tulle}" stop-opacity="0.3"/></linearGradient>`
    : '';
  const behind =
    (seated ? stoolSvg(hip, place.footY, h, b.hip) : '') +
    (veil ? `<path d="${veilPath(U)}" fill="url(#${id}-veil)" stroke="${tulle}" stroke-opacity="0.55" stroke-width="${f(0.012 * h)}"/>` : '');
  const fold = `<linearGradient id="${id}-fold" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#ffffff" stop-opacity="0.14"/><stop offset="0.25" stop-color="#ffffff" stop-opacity="0"/><stop offset="0.75" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.28"/></linearGradient>`;
  defs.push(fold);
  const surfaces = new Map<GarmentReading, { defs: string; overlays: string[] }>();
  const paint = (d: string, g: GarmentReading, key: string, edge = true) => {
    let surface = surfaces.get(g);
    if (!surface) {
      surface = surfaceDefs(`${id}-${key}`, g, g.paint.hex, h);
      defs.push(surface.defs);
      surfaces.set(g, surface);
    }
    return [
      `<path d="${d}" fill="${g.paint.hex}"/>`,
      ...surface.overlays.map((fill) => `<path d="${d}" fill="${fill}"/>`),
      `<path d="${d}" fill="url(#${id}-fold)"/>`,
      edge ? `<path d="${d}" fill="none" stroke="${darken(g.paint.hex, 0.5)}" stroke-width="${f(0.018 * h)}" opacity="0.45"/>` : '',
    ].join('');
  };

  // Where the legs are, for skirts that must cover them.
  const legsHalfAt = (hemY: number) => {
    let half = 0;
    for (const leg of body.legs) {
      for (let i = 0; i < leg.length - 1; i++) {
        for (let t = 0; t <= 1; t += 0.25) {
          const p: P = [leg[i]![0] + (leg[i + 1]![0] - leg[i]![0]) * t, leg[i]![1] + (leg[i + 1]![1] - leg[i]![1]) * t];
          if (p[1] > hip[1] + hemY * h) continue;
          const r = body.legRadii[i]! + (body.legRadii[i + 1]! - body.legRadii[i]!) * t;
          half = Math.max(half, Math.abs(p[0] - hip[0]) + r + 0.1 * h);
        }
      }
    }
    return half / h;
  };

  /** A panel from the neckline (or the chest line) down to `hem`, `ease` wider than the body, flaring below the hips. */
  const panel = (piece: Pick<Piece, 'neckline' | 'hem' | 'ease' | 'flare'>, fitted = false): string => {
    const { neckline, hem, ease, flare } = piece;
    const hemHalf = Math.max(halfAt(Math.min(hem, 0.15)) + ease + (hem > -0.25 ? flare : 0), hem > 0.3 ? legsHalfAt(hem) : 0);
    const width = (y: number) => {
      const bodyHalf = halfAt(Math.min(y, 0.15)) + ease;
      // Swimwear is fitted: it follows the waist in (other tops hang straight from the chest).
      if (fitted) return bodyHalf;
      if (y <= -0.25 || hem <= -0.25) return Math.max(bodyHalf, y > -1.9 ? b.chest + ease * 0.8 : 0);
      const t = (y + 0.25) / (hem + 0.25);
      return Math.max(bodyHalf, halfAt(-0.25) + ease + (hemHalf - halfAt(-0.25) - ease) * t);
    };
    const side: P[] = [];
    if (neckline === 'strap' || neckline === 'strapless') {
      const top = neckline === 'strap' ? -1.97 : -1.93;
      side.push([b.chest + ease - 0.04, top - 0.03], [b.chest + ease, top + 0.15]);
    } else {
      side.push([b.neck + 0.07, -2.76], [b.neck + 0.32, -2.63], [b.shoulder + 0.04 + ease * 0.6, -2.44], [b.shoulder + 0.03 + ease * 0.7, -2.2], [width(-1.9), -1.9]);
    }
    for (let y = -1.6; y < hem - 0.1; y += 0.35) side.push([width(y), y]);
    side.push([width(hem), hem]);
    const right = side;
    const left = [...side].reverse().map(([x, y]) => [-x, y] as P);
    let neck: P[];
    switch (neckline) {
      case 'strap':
        neck = [[-0.22, -1.96], [0, -1.84], [0.22, -1.96]];
        break;
      case 'strapless':
        neck = [[0, -1.88]];
        break;
      case 'v':
      case 'wrap':
        neck = [[-(b.neck + 0.03), -2.72], [0, neckline === 'wrap' ? -1.75 : -2.05], [b.neck + 0.03, -2.72]];
        break;
      case 'lapel':
        neck = [[-(b.neck + 0.03), -2.72], [0, -1.45], [b.neck + 0.03, -2.72]];
        break;
      case 'turtle':
        neck = [[-(b.neck + 0.06), -2.95], [b.neck + 0.06, -2.95]];
        break;
      default:
        neck = [[-(b.neck + 0.03), -2.72], [0, -2.58], [b.neck + 0.03, -2.72]];
    }
    // Skirts hang straight: no smoothing across the hem corners.
    // A swimsuit's hem is the legs' cut: from the hips down to the crotch.
    const hemPoints: P[] = fitted
      ? [[width(hem), hem], [halfAt(0.1) - 0.03, 0.1], [0.15, 0.3], [-0.15, 0.3], [-(halfAt(0.1) - 0.03), 0.1], [-width(hem), hem]]
      : [[width(hem), hem], [0, hem + (hem > 0.5 ? 0.08 : 0.03)], [-width(hem), hem]];
    const points = [...right.slice(0, -1), ...hemPoints, ...left.slice(1), ...neck].map(([x, y]) => U(x, y));
    return smooth(points);
  };

  const sleevePath = (sleeves: Sleeves, ease: number) =>
    body.arms
      .map(({ shoulder, elbow, wrist }) => {
        const r = body.armRadii;
        const start = along(shoulder, angleOf(shoulder, elbow), 0.04 * h);
        if (sleeves === 'short') {
          const end = along(shoulder, angleOf(shoulder, elbow), Math.hypot(elbow[0] - shoulder[0], elbow[1] - shoulder[1]) * 0.45);
          return capsule(start, end, r[0]! + ease * h, r[0]! + ease * h * 1.3);
        }
        const cuff = along(elbow, angleOf(elbow, wrist), 1.15 * h);
        const wide = sleeves === 'wide' ? 2.4 : 1;
        return chain([start, elbow, cuff], [r[0]! + ease * h, r[1]! + ease * h * wide, r[2]! + ease * h * wide * 1.1]);
      })
      .join(' ');

  /**
   * A seated figure's lap, seen from the front: the thighs come towards the camera and end in the knees, each a
   * rounded end lit on top, a shadow under it where the shin goes down (without them a seated figure read as one
   * standing in front of a stool). `fill` paints a knee in the lower garment; null: bare knees, in skin.
   */
  const lap = (colour: string, ease: number, fill: ((d: string) => string) | null): string =>
    body.legs
      .map((leg) => {
        const [root, knee] = leg as [P, P];
        const rx = (body.legRadii[1]! + ease * h) * 1.22;
        const ry = rx * 0.82;
        const centre: P = [root[0] + (knee[0] - root[0]) * 0.8, root[1] + (knee[1] - root[1]) * 0.8 + ry * 0.35];
        const knob = `M${f(centre[0] - rx)},${f(centre[1])} a${f(rx)},${f(ry)} 0 1,0 ${f(2 * rx)},0 a${f(rx)},${f(ry)} 0 1,0 ${f(-2 * rx)},0 Z`;
        const under = `<ellipse cx="${f(centre[0])}" cy="${f(centre[1] + ry * 0.9)}" rx="${f(rx * 0.85)}" ry="${f(ry * 0.28)}" fill="#000" opacity="0.16"/>`;
        const lit = `<path d="M${f(centre[0] - rx * 0.65)},${f(centre[1] - ry * 0.4)} Q${f(centre[0])},${f(centre[1] - ry * 0.95)} ${f(centre[0] + rx * 0.65)},${f(centre[1] - ry * 0.4)}" fill="none" stroke="${lighten(colour, 0.3)}" stroke-width="${f(0.04 * h)}" stroke-linecap="round" opacity="0.35"/>`;
        const knee_ = fill ? fill(knob) : `<path d="${knob}" fill="url(#${id}-bare)"/><path d="${knob}" fill="none" stroke="${darken(colour, 0.3)}" stroke-width="${f(0.012 * h)}" opacity="0.5"/>`;
        return under + knee_ + lit;
      })
      .join('');

  // Lower half first: trousers over the legs, a skirt over both.
  const lower = main.lower;
  let briefPath: string | null = null;
  // A swimsuit is one piece: its top is cut at the legs (panel below), no brief of its own.
  const onePiece = main.garment.template === 'swimsuit';
  if (lower === 'trousers' || lower === 'wide trousers' || lower === 'jeans' || lower === 'shorts') {
    const ease = lower === 'wide trousers' ? 0.12 : lower === 'jeans' ? 0.04 : 0.07;
    const flareAnkle = lower === 'wide trousers' ? 0.16 : 0.05;
    const pelvis = smooth(
      [
        [halfAt(-1.0) + 0.02, -1.0],
        [halfAt(-0.6) + 0.05, -0.6],
        [halfAt(-0.25) + 0.07, -0.25],
        [b.hip + 0.04, 0.15],
        [b.hip - 0.25, 0.36],
        [0, 0.38],
        [-(b.hip - 0.25), 0.36],
        [-(b.hip + 0.04), 0.15],
        [-(halfAt(-0.25) + 0.07), -0.25],
        [-(halfAt(-0.6) + 0.05), -0.6],
        [-(halfAt(-1.0) + 0.02), -1.0],
      ].map(([x, y]) => U(x!, y!)),
    );
    const legs = body.legs.map((leg) => {
      const r = body.legRadii;
      if (lower === 'shorts') {
        const end = along(leg[0]!, angleOf(leg[0]!, leg[1]!), 0.9 * h);
        return capsule(leg[0]!, end, r[0]! + ease * h, r[0]! * 0.9 + ease * h);
      }
      const hemPoint = along(leg[2]!, angleOf(leg[2]!, leg[3]!), Math.hypot(leg[3]![0] - leg[2]![0], leg[3]![1] - leg[2]![1]) - (lower === 'jeans' ? 0.12 : 0.02) * h);
      return chain([leg[0]!, leg[1]!, leg[2]!, hemPoint], [r[0]! + ease * h, r[1]! + ease * h, r[2]! + (ease + flareAnkle * 0.5) * h, r[3]! + (ease + flareAnkle) * h + 0.04 * h]);
    });
    // Separate paths: overlapping subpaths of opposite winding would cancel each other's fill.
    parts.push(paint(legs.join(' '), lowerGarment, 'lower', false), paint(pelvis, lowerGarment, 'lower', false));
    if (seated && lower !== 'shorts') parts.push(lap(lowerGarment.paint.hex, ease, (d) => paint(d, lowerGarment, 'lower', false)));
    // A centre seam, and jeans' orange stitching.
    const seam = lower === 'jeans' ? '#d08a3c' : darken(lowerGarment.paint.hex, 0.35);
    parts.push(`<path d="M${pt(U(0, -0.95))} L${pt(U(0, 0.34))}" stroke="${seam}" stroke-width="${f(0.02 * h)}" opacity="0.6"/>`);
    for (const leg of body.legs) parts.push(`<path d="M${pt(leg[0]!)} L${pt(leg[1]!)} L${pt(leg[2]!)}" stroke="${darken(lowerGarment.paint.hex, 0.3)}" stroke-width="${f(0.015 * h)}" opacity="0.35" fill="none"/>`);
  } else if (lower === 'skirt' || lower === 'mini' || lower === 'maxi') {
    const hem = main.skirtHem ?? 1.9;
    const d = panel({ neckline: 'strapless', hem, ease: 0.06, flare: lower === 'maxi' ? 0.7 : 0.35 });
    // Only from the waist down: clip the panel.
    defs.push(`<clipPath id="${id}-skirt-clip"><path d="${polygon([U(-4, -1.0), U(4, -1.0), U(4, 6), U(-4, 6)])}"/></clipPath>`);
    parts.push(`<g clip-path="url(#${id}-skirt-clip)">${paint(d, lowerGarment, 'lower')}</g>`);
  } else if (lower === 'brief' && !onePiece) {
    // Along the body over the hips (the figure's hips are wider than its thighs), then the leg's cut to the crotch.
    const d = smooth(
      [
        [halfAt(-0.55) + 0.015, -0.55],
        [b.hip + 0.005, -0.25],
        [b.hip - 0.04, 0.1],
        [0.15, 0.3],
        [-0.15, 0.3],
        [-(b.hip - 0.04), 0.1],
        [-(b.hip + 0.005), -0.25],
        [-(halfAt(-0.55) + 0.015), -0.55],
      ].map(([x, y]) => U(x!, y!)),
    );
    // Over the top's hem (painted after it, below), so its corners do not stand out at the hips.
    briefPath = d;
  }

  // What shows inside an open jacket: the top under it.
  if (under) {
    parts.push(paint(panel({ ...under, hem: Math.min(main.hem, -0.3), ease: 0.02, flare: 0 }), under.garment, 'under'));
    if (under.details.includes('bow tie')) {
      const c = U(0, -2.62);
      parts.push(`<path d="M${pt(c)} l${f(-0.16 * h)},${f(-0.07 * h)} v${f(0.14 * h)} Z M${pt(c)} l${f(0.16 * h)},${f(-0.07 * h)} v${f(0.14 * h)} Z" fill="#111114"/>`);
    }
  }

  // The main garment's body.
  // Bare skin where the garment leaves it: the bare person wears a skin-coloured fitted top (its
  // outline and short sleeves would show as seams), so the shoulders and upper arms are painted again.
  const skinFill = `url(#${id}-bare)`;
  const skinDef = `<linearGradient id="${id}-bare" gradientUnits="userSpaceOnUse" x1="${f(hip[0] - 2.2 * h)}" y1="0" x2="${f(hip[0] + 2.2 * h)}" y2="0"><stop offset="0" stop-color="${lighten(look.skin, 0.07)}"/><stop offset="0.5" stop-color="${look.skin}"/><stop offset="1" stop-color="${darken(look.skin, 0.13)}"/></linearGradient>`;
  defs.push(skinDef);
  const bareTop = main.neckline === 'strap' || main.neckline === 'strapless';
  // No one in a product shot's clothes: no skin shows at the neckline.
  if (bareTop && !reading.noPerson) {
    const yoke = smooth(
      [
        [b.neck + 0.02, -2.78],
        [b.neck + 0.34, -2.64],
        [b.shoulder + 0.09, -2.45],
        [b.shoulder + 0.07, -2.15],
        [b.chest + 0.06, -1.8],
        [0, -1.7],
        [-(b.chest + 0.06), -1.8],
        [-(b.shoulder + 0.07), -2.15],
        [-(b.shoulder + 0.09), -2.45],
        [-(b.neck + 0.34), -2.64],
        [-(b.neck + 0.02), -2.78],
      ].map(([x, y]) => U(x!, y!)),
    );
    parts.push(`<path d="${yoke}" fill="${skinFill}"/>`);
  }
  const mainPath = panel(main, onePiece);
  // Seated in a dress or a skirt: knees below its hem are bare (drawn before it, so the hem lies over them); a hem
  // past them falls over them (drawn after it, in its fabric).
  const skirted = seated && (lower === 'none' || lower === 'skirt' || lower === 'mini' || lower === 'maxi');
  const kneeY = body.legs[0]![1]![1];
  const hemY = hip[1] + (lower === 'none' ? main.hem : (main.skirtHem ?? main.hem)) * h;
  if (skirted && hemY < kneeY) parts.push(lap(look.skin, 0, null));
  parts.push(paint(mainPath, main.garment, 'main'));
  const skirt = lower === 'none' ? main.garment : lowerGarment;
  if (skirted && hemY >= kneeY) parts.push(lap(skirt.paint.hex, lower === 'none' ? main.ease : 0.06, (d) => paint(d, skirt, lower === 'none' ? 'main' : 'lower', false)));
  if (briefPath) parts.push(paint(briefPath, main.garment, 'main'));
  const g = main.garment.paint.hex;
  const line = darken(g, 0.45);
  if (main.neckline === 'strap') {
    for (const s of [-1, 1]) parts.push(`<path d="M${pt(U(s * (b.chest - 0.12), -1.95))} L${pt(U(s * (b.shoulder - 0.28), -2.58))}" stroke="${darken(g, 0.1)}" stroke-width="${f((main.garment.template === 'tank' ? 0.11 : 0.035) * h)}" stroke-linecap="round"/>`);
  }
  if (main.neckline === 'lapel') {
    for (const s of [-1, 1]) {
      parts.push(`<path d="${polygon([U(s * (b.neck + 0.04), -2.72), U(s * 0.05, -1.5), U(s * 0.36, -2.05), U(s * (b.neck + 0.2), -2.6)])}" fill="${darken(g, 0.12)}" stroke="${line}" stroke-width="${f(0.015 * h)}" stroke-opacity="0.5"/>`);
    }
  }
  if (main.neckline === 'collar') {
    for (const s of [-1, 1]) parts.push(`<path d="${polygon([U(s * (b.neck + 0.02), -2.76), U(s * 0.03, -2.5), U(s * (b.neck + 0.3), -2.52)])}" fill="${lighten(g, 0.08)}" stroke="${line}" stroke-width="${f(0.015 * h)}" stroke-opacity="0.5"/>`);
  }
  if (main.neckline === 'hood' || main.details.includes('hood')) {
    parts.push(`<path d="M${pt(U(-(b.neck + 0.3), -2.66))} Q${pt(U(0, -2.35))} ${pt(U(b.neck + 0.3, -2.66))}" fill="none" stroke="${darken(g, 0.2)}" stroke-width="${f(0.16 * h)}" stroke-linecap="round"/>`);
  }
  if (main.neckline === 'turtle') parts.push(`<path d="${capsule(U(0, -2.68), U(0, -2.95), (b.neck + 0.07) * h, (b.neck + 0.05) * h)}" fill="${lighten(g, 0.04)}"/>`);
  if (main.neckline === 'wrap') parts.push(`<path d="M${pt(U(-(b.neck + 0.03), -2.72))} L${pt(U(0.3, -1.2))}" stroke="${line}" stroke-width="${f(0.05 * h)}" opacity="0.6"/>`);
  const opening = main.neckline === 'lapel' || main.details.includes('zip') || (main.details.includes('buttons') && main.neckline !== 'crew');
  if (opening) parts.push(`<path d="M${pt(U(0.02, main.neckline === 'lapel' ? -1.48 : -2.55))} L${pt(U(0.02, main.hem))}" stroke="${line}" stroke-width="${f(0.025 * h)}" opacity="0.7"/>`);
  if (main.details.includes('buttons')) {
    for (const y of main.details.includes('double') ? [-1.35, -0.95] : [-1.3, -0.9, -0.5].filter((y) => y < main.hem - 0.1)) parts.push(`<circle cx="${f(U(0.09, y)[0])}" cy="${f(U(0.09, y)[1])}" r="${f(0.045 * h)}" fill="${darken(g, 0.5)}"/>`);
  }
  if (main.details.includes('double')) {
    for (const x of [-0.22, 0.22]) for (const y of [-1.4, -1.0, -0.6]) parts.push(`<circle cx="${f(U(x, y)[0])}" cy="${f(U(x, y)[1])}" r="${f(0.045 * h)}" fill="${darken(g, 0.5)}"/>`);
  }
  // A belt said ("a black leather belt") is drawn at the waist in its colour with a buckle, over whatever is worn there;
  // else a garment's own belt in its cloth.
  const beltSaid = reading.noPerson ? undefined : reading.accessories?.find((a) => a.kind === 'belt');
  if (beltSaid) {
    const y = -1.0;
    const colour = beltSaid.colour?.hex ?? defaultColour('belt', g);
    const half = halfAt(y) + main.ease + 0.02;
    const metal = beltSaid.colour?.name === 'gold' ? '#e0c56e' : '#c9a44f';
    parts.push(
      `<path d="M${pt(U(-half, y))} L${pt(U(half, y))}" stroke="${colour}" stroke-width="${f(0.14 * h)}"/>`,
      `<path d="M${pt(U(-half, y - 0.055))} L${pt(U(half, y - 0.055))} M${pt(U(-half, y + 0.055))} L${pt(U(half, y + 0.055))}" stroke="${darken(colour, 0.35)}" stroke-width="${f(0.012 * h)}" opacity="0.6"/>`,
      `<path d="M${pt(U(-0.12, y - 0.1))} L${pt(U(0.12, y - 0.1))} L${pt(U(0.12, y + 0.1))} L${pt(U(-0.12, y + 0.1))} Z" fill="none" stroke="${metal}" stroke-width="${f(0.035 * h)}" stroke-linejoin="round"/>`,
      `<path d="M${pt(U(0, y))} L${pt(U(0.1, y))}" stroke="${metal}" stroke-width="${f(0.022 * h)}"/>`,
    );
  } else if (main.details.includes('belt')) {
    const y = -1.0;
    parts.push(`<path d="M${pt(U(-(halfAt(y) + main.ease + 0.02), y))} L${pt(U(halfAt(y) + main.ease + 0.02, y))}" stroke="${darken(g, 0.22)}" stroke-width="${f(0.16 * h)}"/>`);
    if (main.garment.template === 'trench') parts.push(`<path d="M${pt(U(0.15, y))} l${f(0.1 * h)},${f(0.9 * h)} M${pt(U(0.25, y))} l${f(0.15 * h)},${f(0.8 * h)}" stroke="${darken(g, 0.22)}" stroke-width="${f(0.1 * h)}" stroke-linecap="round"/>`);
  }
  if (main.details.includes('drape')) {
    // From the left shoulder (the picture's right) across the chest to the right hip.
    const pallu = polygon([U(0.05, -2.72), U(b.shoulder + 0.05, -2.5), U(b.shoulder + 0.1, -2.1), U(-(halfAt(-0.7) + main.ease + 0.02), -0.55), U(-(halfAt(-0.9) + main.ease), -1.05)]);
    const border = (a: P, c: P) => `<path d="M${pt(a)} L${pt(c)}" stroke="${luminance(g) > 0.5 ? darken(g, 0.45) : '#c9a24a'}" stroke-width="${f(0.07 * h)}" stroke-linecap="round" opacity="0.9"/>`;
    parts.push(paint(pallu, main.garment, 'main'), `<path d="${pallu}" fill="#000" opacity="0.08"/>`, border(U(0.05, -2.72), U(-(halfAt(-0.9) + main.ease), -1.05)), border(U(b.shoulder + 0.1, -2.1), U(-(halfAt(-0.7) + main.ease + 0.02), -0.55)));
  }
  if (main.details.includes('sash')) parts.push(`<path d="M${pt(U(-(halfAt(-1.05) + main.ease), -1.05))} L${pt(U(halfAt(-1.05) + main.ease, -1.05))}" stroke="${darken(g, 0.3)}" stroke-width="${f(0.22 * h)}"/>`);
  if (main.details.includes('pockets') && main.hem > -0.3) {
    for (const s of [-1, 1]) parts.push(`<path d="M${pt(U(s * 0.25, -0.45))} L${pt(U(s * 0.6, -0.45))}" stroke="${line}" stroke-width="${f(0.03 * h)}" opacity="0.6"/>`);
  }
  if (main.details.includes('ribs')) parts.push(`<path d="M${pt(U(-(halfAt(main.hem) + main.ease), main.hem - 0.12))} L${pt(U(halfAt(main.hem) + main.ease, main.hem - 0.12))}" stroke="${darken(g, 0.2)}" stroke-width="${f(0.18 * h)}" opacity="0.5"/>`);
  if (main.details.includes('quilt')) for (let y = -2.1; y < main.hem; y += 0.45) parts.push(`<path d="M${pt(U(-(b.chest + main.ease), y))} Q${pt(U(0, y + 0.06))} ${pt(U(b.chest + main.ease, y))}" stroke="${darken(g, 0.3)}" stroke-width="${f(0.03 * h)}" fill="none" opacity="0.55"/>`);
  if (main.details.includes('boning')) for (const x of [-0.4, -0.15, 0.15, 0.4]) parts.push(`<path d="M${pt(U(x, -1.9))} L${pt(U(x * 1.1, -0.35))}" stroke="${darken(g, 0.3)}" stroke-width="${f(0.02 * h)}" opacity="0.5"/>`);

  // Arms, hands and head over the clothes: the person again, clipped.
  const armClip = body.arms
    .map(({ shoulder, elbow, wrist }) => {
      const dir = angleOf(elbow, wrist);
      const r = body.armRadii;
      // Hands in pockets stay inside the clothes.
      const hand = place.joints.handsHidden ? '' : ` ${capsule(wrist, along(wrist, dir, 0.6 * h), 0.16 * h, 0.12 * h)}`;
      return `${chain([along(shoulder, angleOf(shoulder, elbow), 0.12 * h), elbow, wrist], [r[0]! + 0.02 * h, r[1]! + 0.02 * h, r[2]! + 0.02 * h])}${hand}`;
    })
    .join(' ');
  const { pivot, angle } = body.head;
  const curly = look.hairStyle === 'curly';
  // A clip path holds shapes only (no groups): each carries the head's transform.
  const headTransform = `translate(${pt(pivot)}) rotate(${f(angle)}) scale(${f(h)}) translate(0 -0.58)`;
  // Long hair's locks by their own shape (boxes around them showed the bare shoulder beside each lock, over the coat).
  const locks = look.hairStyle === 'long' || look.hairStyle === 'braids' ? LONG_HAIR_LOCKS.map((d) => `<path transform="${headTransform}" d="${d}"/>`).join('') : '';
  const headShapes = `<ellipse transform="${headTransform}" cx="0" cy="${curly ? -0.12 : -0.06}" rx="${curly ? 0.8 : 0.62}" ry="${curly ? 0.76 : 0.57}"/>${locks}`;
  defs.push(`<clipPath id="${id}-arms"><path d="${armClip}"/></clipPath><clipPath id="${id}-head">${headShapes}</clipPath>`);
  const sleeved = main.sleeves !== 'none';
  const clothes = parts.slice(1).join('');
  const arms = main.garment.template !== 'cape';
  if (arms) parts.push(`<use href="#${id}-person" clip-path="url(#${id}-arms)"/>`);
  const ease = main.garment.template === 'puffer' ? 0.16 : main.ease * 0.35 + 0.03;
  const sleeves = sleeved
    ? paint(sleevePath(main.sleeves, ease), main.garment, 'main', false)
    : arms && !reading.noPerson
      ? `${body.arms.map(({ shoulder, elbow }) => `<path d="${capsule(along(shoulder, angleOf(shoulder, elbow), 0.1 * h), elbow, body.armRadii[0]! + 0.045 * h, body.armRadii[1]! + 0.01 * h)}" fill="${skinFill}"/>`).join('')}`
      : '';
  parts.push(sleeves, `<use href="#${id}-person" clip-path="url(#${id}-head)"/>`);
  // Hat, eyewear, jewellery and bag over everything.
  const accessories = reading.accessories?.length
    ? drawAccessories(
        reading.accessories,
        {
          headTransform,
          hairStyle: look.hairStyle,
          h,
          U,
          neck: b.neck,
          hip,
          arms: body.arms.map(({ shoulder, elbow, wrist }, i) => ({ shoulder, elbow, wrist, hand: person.landmarks.hands[i]! })),
          armRadii: body.armRadii,
          printSurface: (key: string, print: PrintKind, colour: string) => surfaceDefs(key, { print }, colour, h),
          outfit: main.garment.paint.hex,
          ...(place.visibleBottom === undefined ? {} : { visibleBottom: place.visibleBottom }),
        },
        id,
      )
    : '';
  parts.push(accessories);
  const clothesDefs = defs.filter((d) => !d.startsWith(`<g id="${id}-person">`) && d !== person.defs && !d.startsWith(`<clipPath id="${id}-arms"`)).join('');

  const headCentre: P = [pivot[0] + Math.sin(rad(-angle)) * 0.58 * h * -1, pivot[1] - Math.cos(rad(angle)) * 0.58 * h];
  const box = [U(-0.35, -1.6), U(0.35, -1.6), U(-0.35, -0.55), U(0.35, -0.55)];
  const garmentBox = main.garment === reading.garments[0]
    ? { left: Math.min(...box.map((p) => p[0])), top: Math.min(...box.map((p) => p[1])), right: Math.max(...box.map((p) => p[0])), bottom: Math.max(...box.map((p) => p[1])) }
    : { left: U(-0.35, 0.3)[0], top: U(0, 0.1)[1], right: U(0.35, 0.3)[0], bottom: U(0, 0.55)[1] };
  const top = place.footY - place.height - 0.9 * h;
  return {
    svg: `<defs>${defs.join('')}${veilDefs}</defs>${behind}${parts.join('')}`,
    passes: {
      person: `<defs>${person.defs}${veilDefs}</defs>${behind}${person.body}`,
      clothes: `<defs>${clothesDefs}</defs>${clothes}`,
      armsMask: arms ? `<path d="${armClip}" fill="#fff"/>` : '',
      sleeves: `<defs>${clothesDefs}</defs>${sleeves}`,
      headMask: headShapes.replace(/\/>/g, ' fill="#fff"/>'),
      accessories,
    },
    bounds: { left: hip[0] - 4.2 * h, top, right: hip[0] + 4.2 * h, bottom: place.footY + 0.6 * h },
    landmarks: {
      shoulderY: U(0, -2.3)[1],
      hipY: hip[1] - 0.25 * h,
      shoulders: [body.arms[0]!.shoulder, body.arms[1]!.shoulder],
      garmentBox,
      head: { centre: headCentre, radius: 0.6 * h },
    },
  };
}
