import type { HairStyle } from '../types.js';
import { darken, lighten, luminance } from './colour.js';
import { along, angleOf, capsule } from './person.js';
import type { AccessoryKind, AccessoryReading } from './understand.js';
import type { PrintKind } from './vocabulary.js';

/**
 * What a local still's figure wears besides clothes and shoes, drawn over the dressed figure: a hat on the hair,
 * eyewear over the eyes, jewellery at the neck and ears (in head units, inside the head's transform), and a bag
 * hanging from the lower hand (or the crook of an elbow when both hands rest on the hips).
 */

type P = [number, number];

export interface AccessoryFrame {
  /** The head's transform into image pixels (head units: the head's centre at 0,0, its top at y -0.5). */
  headTransform: string;
  hairStyle: HairStyle;
  /** One head unit in pixels. */
  h: number;
  /** A point of the upper body, in head units from the hip centre (person.ts's U). */
  U: (dx: number, dy: number) => P;
  /** The neck's half-width in head units. */
  neck: number;
  /** The hip centre in pixels. */
  hip: P;
  /** Each arm's shoulder, elbow and hand tip, in pixels (the figure's left arm first). */
  arms: { shoulder: P; elbow: P; wrist: P; hand: P }[];
  /** The arm's radii at the shoulder, elbow and wrist, in pixels (gloves cover them). */
  armRadii?: readonly number[];
  /** A print as SVG patterns over a colour, as the clothes' (a scarf's print is drawn as a garment's). */
  printSurface?: (id: string, print: PrintKind, colour: string) => { defs: string; overlays: string[] };
  /** Where the picture ends (pixels): a bag the hand would carry out of it hangs from the shoulder instead. */
  visibleBottom?: number;
  /** The outfit's main colour: a bag or hat with no colour said stands apart from it. */
  outfit: string;
}

const f = (n: number) => (Math.round(n * 1000) / 1000).toString();
const px = (n: number) => (Math.round(n * 100) / 100).toString();
const pt = ([x, y]: P) => `${px(x)},${px(y)}`;
const lerp = (a: P, b: P, t: number): P => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];

/** The colour an accessory is drawn in when none is said. */
export function defaultColour(kind: AccessoryKind, outfit: string): string {
  const darkOutfit = luminance(outfit) < 0.2;
  switch (kind) {
    case 'sun hat':
      return '#d8bd82';
    case 'sunglasses':
      return '#17161a';
    case 'glasses':
      return '#2b211c';
    case 'necklace':
    case 'hoops':
    case 'earrings':
      return '#c9a44f';
    case 'pearls':
      return '#efe9dd';
    case 'veil':
      return '#fbf8f2';
    case 'umbrella':
      return darkOutfit ? '#8a1c2b' : '#17161a';
    case 'scarf':
      // A scarf with no colour said stands out from the coat: camel on dark, burgundy on light.
      return darkOutfit ? '#c4a27a' : '#7e2233';
    case 'cap':
      return darkOutfit ? '#e9e5dc' : '#1f2430';
    case 'beanie':
      return darkOutfit ? '#b9b3a8' : '#2c2b2e';
    default:
      // Hats and bags: black leather by a light outfit, tan by a dark one.
      return darkOutfit ? '#8a5a36' : '#1d1b1c';
  }
}

/** The top of each hat in head units, as drawn (the skull's top is at -0.5). */
const HAT_TOP: Partial<Record<AccessoryKind, number>> = { hat: -0.88, 'cowboy hat': -0.86, 'sun hat': -0.79, 'bucket hat': -0.74, beanie: -0.78, cap: -0.73, beret: -0.8 };
/** Where a hat sits on a hair style: higher and larger on a mass of curls, a little higher over a bun (which it hides). */
const HAT_SEAT: Partial<Record<HairStyle, { lift: number; scale: number }>> = { curly: { lift: 0.13, scale: 1.22 }, bun: { lift: 0.07, scale: 1.06 } };

/** How far a hat rises above the skull's top on this hair, in head units (the masthead keeps clear of it); 0 for none. */
export function headwearRise(kind: AccessoryKind, hairStyle: HairStyle): number {
  const top = HAT_TOP[kind];
  if (top === undefined) return 0;
  const seat = HAT_SEAT[hairStyle] ?? { lift: 0, scale: 1 };
  return -(top * seat.scale - seat.lift) - 0.5;
}

function hat(kind: AccessoryKind, colour: string, id: string, hairStyle: HairStyle): string {
  const light = lighten(colour, 0.12);
  const dark = darken(colour, 0.28);
  const defs = `<linearGradient id="${id}-hat" x1="0" y1="0" x2="1" y2="0.3"><stop offset="0" stop-color="${light}"/><stop offset="0.55" stop-color="${colour}"/><stop offset="1" stop-color="${dark}"/></linearGradient>`;
  const fill = `url(#${id}-hat)`;
  const line = (d: string, stroke: string, width: number, opacity: number) => `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${width}" opacity="${opacity}" stroke-linecap="round"/>`;
  // The shadow a brim or peak casts on the forehead.
  const shade = (y: number, rx: number) => `<ellipse cx="0" cy="${y}" rx="${rx}" ry="0.07" fill="#000" opacity="0.18"/>`;
  const parts: string[] = [];
  switch (kind) {
    case 'sun hat': {
      // A wide, soft brim drooping at the sides, a low round crown, a band; straw shows its weave.
      parts.push(
        shade(-0.22, 0.34),
        `<path d="M-1.02,-0.24 C-0.95,-0.4 -0.5,-0.46 0,-0.46 C0.5,-0.46 0.95,-0.4 1.02,-0.24 C0.9,-0.17 0.5,-0.14 0,-0.14 C-0.5,-0.14 -0.9,-0.17 -1.02,-0.24 Z" fill="${dark}"/>`,
        `<path d="M-0.4,-0.34 C-0.42,-0.62 -0.28,-0.79 0,-0.79 C0.28,-0.79 0.42,-0.62 0.4,-0.34 Z" fill="${fill}"/>`,
        `<path d="M-0.41,-0.44 C-0.2,-0.47 0.2,-0.47 0.41,-0.44 L0.4,-0.34 C0.2,-0.37 -0.2,-0.37 -0.4,-0.34 Z" fill="${darken(colour, 0.45)}"/>`,
        `<path d="M-1.02,-0.24 C-0.9,-0.3 -0.5,-0.34 0,-0.34 C0.5,-0.34 0.9,-0.3 1.02,-0.24 C0.9,-0.17 0.5,-0.14 0,-0.14 C-0.5,-0.14 -0.9,-0.17 -1.02,-0.24 Z" fill="${fill}"/>`,
      );
      for (const t of [0.35, 0.6, 0.85]) parts.push(line(`M${f(-1.0 * t - 0.02)},-0.23 C${f(-0.5 * t)},${f(-0.3 + 0.07 * t)} ${f(0.5 * t)},${f(-0.3 + 0.07 * t)} ${f(1.0 * t + 0.02)},-0.23`, dark, 0.008, 0.45));
      break;
    }
    case 'bucket hat':
      parts.push(
        shade(-0.2, 0.3),
        `<path d="M-0.38,-0.38 C-0.4,-0.6 -0.26,-0.74 0,-0.74 C0.26,-0.74 0.4,-0.6 0.38,-0.38 Z" fill="${fill}"/>`,
        `<path d="M-0.4,-0.4 C-0.2,-0.43 0.2,-0.43 0.4,-0.4 L0.64,-0.2 C0.3,-0.13 -0.3,-0.13 -0.64,-0.2 Z" fill="${fill}"/>`,
        line('M-0.4,-0.4 C-0.2,-0.43 0.2,-0.43 0.4,-0.4', dark, 0.02, 0.6),
        line('M-0.56,-0.24 C-0.25,-0.19 0.25,-0.19 0.56,-0.24', dark, 0.01, 0.5),
      );
      break;
    case 'beret':
      parts.push(
        `<path d="M-0.44,-0.31 C-0.54,-0.54 -0.26,-0.74 0.12,-0.73 C0.5,-0.72 0.66,-0.52 0.53,-0.39 C0.38,-0.29 -0.08,-0.26 -0.44,-0.31 Z" fill="${fill}"/>`,
        line('M-0.42,-0.32 C-0.1,-0.28 0.35,-0.31 0.52,-0.39', dark, 0.035, 0.7),
        `<path d="M0.07,-0.73 l0.02,-0.07 l0.04,0.01 l-0.01,0.07 Z" fill="${dark}"/>`,
      );
      break;
    case 'cap':
      parts.push(
        shade(-0.2, 0.3),
        `<path d="M-0.41,-0.27 C-0.44,-0.56 -0.24,-0.7 0,-0.7 C0.24,-0.7 0.44,-0.56 0.41,-0.27 C0.2,-0.31 -0.2,-0.31 -0.41,-0.27 Z" fill="${fill}"/>`,
        line('M0,-0.7 L0,-0.3', dark, 0.012, 0.5),
        line('M-0.22,-0.65 C-0.27,-0.5 -0.27,-0.38 -0.25,-0.29', dark, 0.01, 0.35),
        line('M0.22,-0.65 C0.27,-0.5 0.27,-0.38 0.25,-0.29', dark, 0.01, 0.35),
        `<circle cx="0" cy="-0.7" r="0.03" fill="${dark}"/>`,
        // The peak's top, lit (a dark cap's shows lighter than its crown, a light cap's darker).
        `<path d="M-0.4,-0.28 C-0.3,-0.33 0.3,-0.33 0.4,-0.28 C0.36,-0.17 -0.36,-0.17 -0.4,-0.28 Z" fill="${luminance(colour) < 0.15 ? lighten(colour, 0.16) : darken(colour, 0.12)}"/>`,
        line('M-0.38,-0.25 C-0.2,-0.2 0.2,-0.2 0.38,-0.25', dark, 0.012, 0.5),
      );
      break;
    case 'beanie': {
      parts.push(`<path d="M-0.42,-0.24 C-0.46,-0.62 -0.24,-0.78 0,-0.78 C0.24,-0.78 0.46,-0.62 0.42,-0.24 Z" fill="${fill}"/>`);
      parts.push(`<path d="M-0.44,-0.38 C-0.2,-0.42 0.2,-0.42 0.44,-0.38 L0.44,-0.2 C0.2,-0.24 -0.2,-0.24 -0.44,-0.2 Z" fill="${darken(colour, 0.1)}"/>`);
      // The cuff's ribs.
      for (let x = -0.38; x <= 0.39; x += 0.076) parts.push(line(`M${f(x)},${f(-0.385 + Math.abs(x) * 0.05)} L${f(x)},${f(-0.23 + Math.abs(x) * 0.05)}`, dark, 0.012, 0.45));
      break;
    }
    case 'cowboy hat':
      // A wide brim curled up at both sides, a tall crown creased down the middle, a band.
      parts.push(
        shade(-0.22, 0.34),
        `<path d="M-0.84,-0.5 C-0.8,-0.34 -0.55,-0.3 0,-0.3 C0.55,-0.3 0.8,-0.34 0.84,-0.5 C0.8,-0.3 0.6,-0.2 0,-0.2 C-0.6,-0.2 -0.8,-0.3 -0.84,-0.5 Z" fill="${dark}"/>`,
        `<path d="M-0.4,-0.33 C-0.44,-0.56 -0.4,-0.8 -0.24,-0.86 C-0.12,-0.8 -0.04,-0.76 0,-0.76 C0.04,-0.76 0.12,-0.8 0.24,-0.86 C0.4,-0.8 0.44,-0.56 0.4,-0.33 Z" fill="${fill}"/>`,
        line('M0,-0.76 C0.01,-0.66 0.01,-0.6 0,-0.52', dark, 0.022, 0.55),
        line('M-0.3,-0.78 C-0.32,-0.7 -0.33,-0.64 -0.34,-0.58', dark, 0.014, 0.4),
        line('M0.3,-0.78 C0.32,-0.7 0.33,-0.64 0.34,-0.58', dark, 0.014, 0.4),
        `<path d="M-0.41,-0.44 C-0.2,-0.47 0.2,-0.47 0.41,-0.44 L0.4,-0.36 C0.2,-0.39 -0.2,-0.39 -0.4,-0.36 Z" fill="${darken(colour, 0.45)}"/>`,
        `<path d="M-0.84,-0.5 C-0.78,-0.4 -0.5,-0.33 0,-0.33 C0.5,-0.33 0.78,-0.4 0.84,-0.5 C0.8,-0.3 0.6,-0.22 0,-0.22 C-0.6,-0.22 -0.8,-0.3 -0.84,-0.5 Z" fill="${fill}"/>`,
        line('M-0.8,-0.44 C-0.6,-0.3 0.6,-0.3 0.8,-0.44', light, 0.01, 0.5),
      );
      break;
    default:
      // A fedora: a brim seen almost edge-on, a pinched crown, a band.
      parts.push(
        shade(-0.22, 0.32),
        `<ellipse cx="0" cy="-0.3" rx="0.66" ry="0.085" fill="${dark}"/>`,
        `<path d="M-0.4,-0.32 C-0.43,-0.58 -0.37,-0.82 -0.2,-0.88 Q0,-0.8 0.2,-0.88 C0.37,-0.82 0.43,-0.58 0.4,-0.32 Z" fill="${fill}"/>`,
        `<path d="M-0.41,-0.45 C-0.2,-0.48 0.2,-0.48 0.41,-0.45 L0.4,-0.34 C0.2,-0.37 -0.2,-0.37 -0.4,-0.34 Z" fill="${darken(colour, 0.5)}"/>`,
        line('M-0.05,-0.84 C-0.02,-0.7 0.02,-0.62 0.04,-0.55', dark, 0.02, 0.5),
        `<path d="M-0.66,-0.3 C-0.5,-0.27 -0.3,-0.24 0,-0.24 C0.3,-0.24 0.5,-0.27 0.66,-0.3 C0.5,-0.2 0.3,-0.18 0,-0.18 C-0.3,-0.18 -0.5,-0.2 -0.66,-0.3 Z" fill="${fill}"/>`,
      );
  }
  const seat = HAT_SEAT[hairStyle];
  return `<defs>${defs}</defs>${seat ? `<g transform="translate(0 ${f(-seat.lift)}) scale(${f(seat.scale)})">${parts.join('')}</g>` : parts.join('')}`;
}

function eyewear(kind: AccessoryKind, colour: string, id: string): string {
  const sun = kind === 'sunglasses';
  const frame = sun ? darken(colour, 0.1) : colour;
  const lens = (s: number) => {
    const c = s * 0.14;
    return `M${f(c - 0.108)},-0.058 L${f(c + 0.108)},-0.058 Q${f(c + 0.12)},-0.058 ${f(c + 0.114)},-0.01 Q${f(c + 0.1)},0.078 ${f(c)},0.076 Q${f(c - 0.1)},0.078 ${f(c - 0.114)},-0.01 Q${f(c - 0.12)},-0.058 ${f(c - 0.108)},-0.058 Z`;
  };
  const defs = sun
    ? `<linearGradient id="${id}-lens" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" stop-color="${lighten(colour, 0.18)}"/><stop offset="0.6" stop-color="${colour}"/><stop offset="1" stop-color="${darken(colour, 0.3)}"/></linearGradient>`
    : '';
  const out: string[] = [];
  for (const s of [-1, 1]) {
    out.push(`<path d="${lens(s)}" fill="${sun ? `url(#${id}-lens)` : '#ffffff'}" fill-opacity="${sun ? 0.94 : 0.12}" stroke="${frame}" stroke-width="${sun ? 0.02 : 0.016}"/>`);
    // A catch light across the lens.
    out.push(`<path d="M${f(s * 0.14 - 0.07)},-0.03 L${f(s * 0.14 - 0.02)},-0.045" stroke="#ffffff" stroke-width="0.014" opacity="${sun ? 0.45 : 0.3}" stroke-linecap="round"/>`);
    // The temple, back to the ear.
    out.push(`<path d="M${f(s * 0.253)},-0.045 L${f(s * 0.35)},-0.03" stroke="${frame}" stroke-width="0.02" stroke-linecap="round"/>`);
  }
  out.push(`<path d="M-0.032,-0.038 Q0,-0.058 0.032,-0.038" fill="none" stroke="${frame}" stroke-width="0.018"/>`);
  return `${defs ? `<defs>${defs}</defs>` : ''}${out.join('')}`;
}

function earrings(kind: AccessoryKind, colour: string, hairStyle: HairStyle): string {
  const shine = lighten(colour, 0.35);
  // Long hair and a bob cover the ears: the earrings show where the hair is tucked behind them, a little lower and
  // further out, and studs hang a small drop so they read against the hair (a stud alone was lost in it).
  const covered = hairStyle === 'long' || hairStyle === 'braids' || hairStyle === 'bob';
  const x = covered ? 0.345 : 0.36;
  const shadow = (cx: number, cy: number, r: number) => (covered ? `<circle cx="${f(cx + 0.006)}" cy="${f(cy + 0.008)}" r="${f(r)}" fill="none" stroke="#000" stroke-opacity="0.3" stroke-width="0.02"/>` : '');
  return [-1, 1]
    .map((s) => {
      if (kind === 'hoops') {
        const cy = covered ? 0.26 : 0.235;
        return `${shadow(s * x, cy, 0.068)}<circle cx="${f(s * x)}" cy="${f(cy)}" r="0.068" fill="none" stroke="${colour}" stroke-width="${covered ? 0.02 : 0.016}"/><path d="M${f(s * x - 0.04)},${f(cy + 0.055)} Q${f(s * x)},${f(cy + 0.075)} ${f(s * x + 0.04)},${f(cy + 0.055)}" fill="none" stroke="${shine}" stroke-width="0.008"/>`;
      }
      const stud = `<circle cx="${f(s * (covered ? x : 0.355))}" cy="0.165" r="0.028" fill="${colour}"/><circle cx="${f(s * (covered ? x : 0.355) - 0.008)}" cy="0.157" r="0.009" fill="${shine}"/>`;
      if (!covered) return stud;
      return `<path d="M${f(s * x)},0.19 L${f(s * x)},0.225" stroke="${colour}" stroke-width="0.01"/><ellipse cx="${f(s * x)}" cy="0.25" rx="0.024" ry="0.032" fill="${colour}" stroke="#000" stroke-opacity="0.25" stroke-width="0.006"/><circle cx="${f(s * x - 0.007)}" cy="0.24" r="0.008" fill="${shine}"/>${stud}`;
    })
    .join('');
}

/** A chain with a small pendant, or a string of pearls, resting at the base of the neck. */
function necklace(kind: AccessoryKind, colour: string, frame: AccessoryFrame): string {
  const { U, neck, h } = frame;
  return chain(kind, colour, U(-(neck + 0.13), -2.75), U(0, -2.25), U(neck + 0.13, -2.75), h, 0.046);
}

/**
 * A necklace along the curve from `from` through `dip` to `to`: pearls `step` apart (a share of the curve), or a fine
 * chain with a pendant at its lowest point; `unit` sizes the pearls, the chain and the pendant.
 */
function chain(kind: AccessoryKind, colour: string, from: P, dip: P, to: P, unit: number, step: number): string {
  const at = (t: number): P => lerp(lerp(from, dip, t), lerp(dip, to, t), t);
  if (kind === 'pearls') {
    const out: string[] = [];
    for (let t = 0.04; t <= 0.961; t += step) {
      const [x, y] = at(t);
      out.push(`<circle cx="${px(x)}" cy="${px(y)}" r="${px(0.032 * unit)}" fill="${colour}"/><circle cx="${px(x - 0.01 * unit)}" cy="${px(y - 0.01 * unit)}" r="${px(0.011 * unit)}" fill="#ffffff" opacity="0.8"/>`);
    }
    return `<g>${out.join('')}</g>`;
  }
  const bottom = at(0.5);
  return [
    `<path d="M${pt(from)} Q${pt(dip)} ${pt(to)}" fill="none" stroke="${colour}" stroke-width="${px(0.018 * unit)}"/>`,
    `<ellipse cx="${px(bottom[0])}" cy="${px(bottom[1] + 0.05 * unit)}" rx="${px(0.035 * unit)}" ry="${px(0.05 * unit)}" fill="${colour}" stroke="${darken(colour, 0.35)}" stroke-width="${px(0.008 * unit)}"/>`,
    `<circle cx="${px(bottom[0] - 0.01 * unit)}" cy="${px(bottom[1] + 0.035 * unit)}" r="${px(0.012 * unit)}" fill="${lighten(colour, 0.4)}"/>`,
  ].join('');
}

/** A bag: hung from the lower hand, or from the crook of an elbow when no hand hangs below the waist. */
function bag(kind: AccessoryKind, colour: string, id: string, frame: AccessoryFrame): string {
  const { h, hip, arms } = frame;
  const lowest = arms[0]!.hand[1] > arms[1]!.hand[1] ? 0 : 1;
  const arm = arms[lowest]!;
  const handDown = arm.hand[1] > hip[1] - 0.6 * h;
  const light = lighten(colour, 0.12);
  const dark = darken(colour, 0.3);
  const defs = `<linearGradient id="${id}-bag" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="0.6" stop-color="${colour}"/><stop offset="1" stop-color="${dark}"/></linearGradient>`;
  const fill = `url(#${id}-bag)`;
  const edge = `stroke="${darken(colour, 0.45)}" stroke-width="${px(0.014 * h)}" stroke-opacity="0.6"`;
  const visibleBottom = frame.visibleBottom ?? Infinity;
  if (kind === 'clutch') {
    // Held in the hand: a flat envelope across the palm; tucked under the arm when the hand is out of the picture.
    const w = 0.72 * h;
    const t = 0.34 * h;
    const inHand = handDown ? lerp(arm.wrist, arm.hand, 0.55) : lerp(arm.elbow, arm.wrist, 0.6);
    // Under the arm: across the upper arm just above the elbow, pressed to the side.
    const tucked: P = [lerp(arm.shoulder, arm.elbow, 0.7)[0] - Math.sign(arm.elbow[0] - hip[0]) * 0.12 * h, lerp(arm.shoulder, arm.elbow, 0.7)[1]];
    const [cx, cy] = inHand[1] + t / 2 > visibleBottom - 0.05 * h ? tucked : inHand;
    return `<defs>${defs}</defs><rect x="${px(cx - w / 2)}" y="${px(cy - t / 2)}" width="${px(w)}" height="${px(t)}" rx="${px(0.04 * h)}" fill="${fill}" ${edge}/><path d="M${px(cx - w / 2)},${px(cy - t / 2)} L${px(cx)},${px(cy + t * 0.1)} L${px(cx + w / 2)},${px(cy - t / 2)}" fill="none" ${edge}/><circle cx="${px(cx)}" cy="${px(cy + t * 0.1)}" r="${px(0.03 * h)}" fill="#c9a44f"/>`;
  }
  if (kind === 'crossbody') return crossbody(fill, defs, colour, edge, frame, lowest);
  if (kind === 'briefcase' && handDown && arm.hand[1] + 0.95 * h <= visibleBottom) {
    // A flat, wide case hanging from its short handle in the palm: clasps and a seam along its top.
    const grip = lerp(arm.wrist, arm.hand, 0.45);
    const [w, depth, top] = [1.2 * h, 0.82 * h, grip[1] + 0.16 * h];
    const x = grip[0];
    return [
      `<defs>${defs}</defs>`,
      `<path d="M${px(x - 0.16 * h)},${px(top + 0.01 * h)} L${px(x - 0.16 * h)},${px(grip[1] - 0.03 * h)} L${px(x + 0.16 * h)},${px(grip[1] - 0.03 * h)} L${px(x + 0.16 * h)},${px(top + 0.01 * h)}" fill="none" stroke="${darken(colour, 0.2)}" stroke-width="${px(0.05 * h)}" stroke-linejoin="round"/>`,
      `<rect x="${px(x - w / 2)}" y="${px(top)}" width="${px(w)}" height="${px(depth)}" rx="${px(0.06 * h)}" fill="${fill}" ${edge}/>`,
      `<path d="M${px(x - w / 2)},${px(top + 0.2 * h)} L${px(x + w / 2)},${px(top + 0.2 * h)}" stroke="${darken(colour, 0.35)}" stroke-width="${px(0.014 * h)}" opacity="0.7"/>`,
      ...[-1, 1].map((s) => `<rect x="${px(x + s * w * 0.3 - 0.05 * h)}" y="${px(top + 0.15 * h)}" width="${px(0.1 * h)}" height="${px(0.1 * h)}" rx="${px(0.015 * h)}" fill="#c9a44f"/>`),
    ].join('');
  }
  const tote = kind === 'tote';
  if (handDown && arm.hand[1] + (tote ? 0.9 : 0.6) * h > visibleBottom) return shoulderBag(tote, fill, defs, colour, edge, frame, arm);
  // The handle's top: in the hand's palm, or over the forearm near the elbow.
  const grip = handDown ? lerp(arm.wrist, arm.hand, 0.45) : lerp(arm.elbow, arm.wrist, 0.18);
  const top = grip[1] + (tote ? 0.55 : 0.35) * h;
  const wTop = (tote ? 0.95 : 0.7) * h;
  const wBottom = (tote ? 1.05 : 0.86) * h;
  const depth = (tote ? 0.95 : 0.62) * h;
  const x = grip[0];
  const body = `M${px(x - wTop / 2)},${px(top)} L${px(x + wTop / 2)},${px(top)} L${px(x + wBottom / 2)},${px(top + depth - 0.06 * h)} Q${px(x + wBottom / 2)},${px(top + depth)} ${px(x + wBottom / 2 - 0.06 * h)},${px(top + depth)} L${px(x - wBottom / 2 + 0.06 * h)},${px(top + depth)} Q${px(x - wBottom / 2)},${px(top + depth)} ${px(x - wBottom / 2)},${px(top + depth - 0.06 * h)} Z`;
  const handle = (dx: number) => `M${px(x - dx)},${px(top + 0.02 * h)} C${px(x - dx)},${px(grip[1] - 0.02 * h)} ${px(x + dx)},${px(grip[1] - 0.02 * h)} ${px(x + dx)},${px(top + 0.02 * h)}`;
  const out = [
    `<path d="${handle(wTop * 0.32)}" fill="none" stroke="${darken(colour, 0.15)}" stroke-width="${px(0.045 * h)}"/>`,
    `<path d="${body}" fill="${fill}" ${edge}/>`,
  ];
  if (tote) out.push(`<path d="${handle(wTop * 0.22)}" fill="none" stroke="${darken(colour, 0.05)}" stroke-width="${px(0.045 * h)}"/>`);
  else {
    // The flap and its clasp.
    out.push(
      `<path d="M${px(x - wTop / 2)},${px(top)} L${px(x + wTop / 2)},${px(top)} L${px(x + wTop / 2 + 0.03 * h)},${px(top + 0.26 * h)} Q${px(x)},${px(top + 0.34 * h)} ${px(x - wTop / 2 - 0.03 * h)},${px(top + 0.26 * h)} Z" fill="${darken(colour, 0.08)}" ${edge}/>`,
      `<rect x="${px(x - 0.05 * h)}" y="${px(top + 0.25 * h)}" width="${px(0.1 * h)}" height="${px(0.07 * h)}" rx="${px(0.015 * h)}" fill="#c9a44f"/>`,
    );
  }
  return `<defs>${defs}</defs>${out.join('')}`;
}

/**
 * A bag the hand would carry out of a half-length picture: worn on the shoulder instead, its strap from the shoulder
 * to a bag held against the side at the waist, over the arm.
 */
function shoulderBag(tote: boolean, fill: string, defs: string, colour: string, edge: string, frame: AccessoryFrame, arm: AccessoryFrame['arms'][number]): string {
  const { h, hip } = frame;
  const side = Math.sign(arm.shoulder[0] - hip[0]) || 1;
  const wTop = (tote ? 0.9 : 0.68) * h;
  const wBottom = (tote ? 1.0 : 0.82) * h;
  const depth = (tote ? 0.85 : 0.58) * h;
  // Against the side at the waist, just outside the shoulder's line (an arm akimbo would carry it out of the picture).
  const x = arm.shoulder[0] + side * 0.12 * h;
  const top = Math.min(arm.elbow[1] + 0.1 * h, hip[1] - 1.05 * h);
  const body = `M${px(x - wTop / 2)},${px(top)} L${px(x + wTop / 2)},${px(top)} L${px(x + wBottom / 2)},${px(top + depth - 0.06 * h)} Q${px(x + wBottom / 2)},${px(top + depth)} ${px(x + wBottom / 2 - 0.06 * h)},${px(top + depth)} L${px(x - wBottom / 2 + 0.06 * h)},${px(top + depth)} Q${px(x - wBottom / 2)},${px(top + depth)} ${px(x - wBottom / 2)},${px(top + depth - 0.06 * h)} Z`;
  // The strap: over the shoulder's top, down the front and the back to the bag's two top corners.
  const over: P = [arm.shoulder[0] - side * 0.04 * h, arm.shoulder[1] - 0.12 * h];
  const front = `M${px(x - side * wTop * 0.38)},${px(top + 0.02 * h)} Q${px(over[0] - side * 0.1 * h)},${px((over[1] + top) / 2)} ${pt(over)}`;
  const back = `M${pt(over)} Q${px(over[0] + side * 0.2 * h)},${px((over[1] + top) / 2)} ${px(x + side * wTop * 0.38)},${px(top + 0.02 * h)}`;
  const strap = darken(colour, 0.15);
  return [
    `<defs>${defs}</defs>`,
    `<path d="${back}" fill="none" stroke="${darken(colour, 0.3)}" stroke-width="${px(0.04 * h)}" stroke-linecap="round"/>`,
    `<path d="${body}" fill="${fill}" ${edge}/>`,
    tote
      ? ''
      : `<path d="M${px(x - wTop / 2)},${px(top)} L${px(x + wTop / 2)},${px(top)} L${px(x + wTop / 2 + 0.03 * h)},${px(top + 0.24 * h)} Q${px(x)},${px(top + 0.32 * h)} ${px(x - wTop / 2 - 0.03 * h)},${px(top + 0.24 * h)} Z" fill="${darken(colour, 0.08)}" ${edge}/><rect x="${px(x - 0.05 * h)}" y="${px(top + 0.23 * h)}" width="${px(0.1 * h)}" height="${px(0.07 * h)}" rx="${px(0.015 * h)}" fill="#c9a44f"/>`,
    `<path d="${front}" fill="none" stroke="${strap}" stroke-width="${px(0.045 * h)}" stroke-linecap="round"/>`,
  ].join('');
}

/**
 * A scarf wrapped once round the base of the neck, its two ends hanging down the chest (one longer), fringed; a
 * print said of it laid over its colour (checks, stripes, or small motifs for the rest).
 */
function scarf(colour: string, print: PrintKind | undefined, frame: AccessoryFrame, id: string): string {
  const { U, neck, h } = frame;
  const w = neck + 0.3;
  const shade = darken(colour, 0.22);
  const wrap = `M${pt(U(-w, -2.9))} Q${pt(U(0, -2.62))} ${pt(U(w, -2.9))} L${pt(U(w - 0.04, -2.64))} Q${pt(U(0, -2.3))} ${pt(U(-w + 0.04, -2.64))} Z`;
  const end = (top: number, x0: number, x1: number, bottom: number, width: number) =>
    `M${pt(U(x0 - width / 2, top))} L${pt(U(x0 + width / 2, top))} L${pt(U(x1 + width * 0.58, bottom))} L${pt(U(x1 - width * 0.58, bottom))} Z`;
  const long = end(-2.5, 0.12, 0.22, -1.25, 0.26);
  const short = end(-2.5, -0.04, -0.1, -1.55, 0.24);
  const surface = print && frame.printSurface ? frame.printSurface(`${id}-print`, print, colour) : { defs: '', overlays: [] };
  const layer = (d: string, fill: string) =>
    `<path d="${d}" fill="${fill}"/>${surface.overlays.map((o) => `<path d="${d}" fill="${o}"/>`).join('')}<path d="${d}" fill="none" stroke="${darken(colour, 0.4)}" stroke-width="${px(0.012 * h)}" stroke-opacity="0.6"/>`;
  const fringe = (x: number, bottom: number, width: number) =>
    [-0.4, -0.2, 0, 0.2, 0.4].map((t) => `<path d="M${pt(U(x + t * width * 1.1, bottom))} L${pt(U(x + t * width * 1.1, bottom + 0.07))}" stroke="${shade}" stroke-width="${px(0.014 * h)}" stroke-linecap="round"/>`).join('');
  return [
    surface.defs ? `<defs>${surface.defs}</defs>` : '',
    layer(short, shade),
    fringe(-0.1, -1.55, 0.24),
    layer(long, colour),
    fringe(0.22, -1.25, 0.26),
    layer(wrap, colour),
    // The fold along the wrap's lower edge.
    `<path d="M${pt(U(-w + 0.06, -2.68))} Q${pt(U(0, -2.36))} ${pt(U(w - 0.06, -2.68))}" fill="none" stroke="${shade}" stroke-width="${px(0.03 * h)}" opacity="0.7"/>`,
  ].join('');
}

/**
 * A crossbody bag: a small flap bag at the hip on the side of the lower hand, its strap from the other shoulder
 * across the chest (over the clothes, as it is worn).
 */
function crossbody(fill: string, defs: string, colour: string, edge: string, frame: AccessoryFrame, lowest: number): string {
  const { h, hip, arms } = frame;
  const near = arms[lowest]!;
  const far = arms[1 - lowest] ?? near;
  const side = Math.sign(near.shoulder[0] - far.shoulder[0]) || 1;
  const [w, depth] = [0.66 * h, 0.48 * h];
  const x = near.shoulder[0] - side * 0.08 * h;
  const top = hip[1] - 0.75 * h;
  const over: P = [far.shoulder[0] + side * 0.1 * h, far.shoulder[1] - 0.1 * h];
  const strap = `M${pt(over)} Q${px((over[0] + x) / 2 - side * 0.1 * h)},${px((over[1] + top) / 2)} ${px(x - side * w * 0.42)},${px(top + 0.03 * h)}`;
  return [
    `<defs>${defs}</defs>`,
    `<path d="${strap}" fill="none" stroke="${darken(colour, 0.15)}" stroke-width="${px(0.05 * h)}" stroke-linecap="round"/>`,
    `<rect x="${px(x - w / 2)}" y="${px(top)}" width="${px(w)}" height="${px(depth)}" rx="${px(0.07 * h)}" fill="${fill}" ${edge}/>`,
    `<path d="M${px(x - w / 2)},${px(top + 0.02 * h)} L${px(x + w / 2)},${px(top + 0.02 * h)} L${px(x + w / 2)},${px(top + 0.24 * h)} Q${px(x)},${px(top + 0.31 * h)} ${px(x - w / 2)},${px(top + 0.24 * h)} Z" fill="${darken(colour, 0.08)}" ${edge}/>`,
    `<rect x="${px(x - 0.045 * h)}" y="${px(top + 0.23 * h)}" width="${px(0.09 * h)}" height="${px(0.06 * h)}" rx="${px(0.015 * h)}" fill="#c9a44f"/>`,
  ].join('');
}

/**
 * A furled umbrella held by its crook in the lower hand, its tip to the ground a little out from the feet: the canopy
 * folded in pleats down a slim cone, a crook handle and a ferrule. (Open, its canopy would reach the still's title.)
 */
function umbrella(colour: string, frame: AccessoryFrame): string {
  const { h, hip, arms } = frame;
  const arm = arms[0]!.hand[1] > arms[1]!.hand[1] ? arms[0]! : arms[1]!;
  const side = Math.sign(arm.hand[0] - hip[0]) || 1;
  const grip = lerp(arm.wrist, arm.hand, 0.5);
  // The tip: on the ground (the feet are 4 head units below the hips), leaning out a little.
  const tip: P = [grip[0] + side * 0.45 * h, hip[1] + 3.95 * h];
  const length = Math.hypot(tip[0] - grip[0], tip[1] - grip[1]);
  const ux = (tip[0] - grip[0]) / length;
  const uy = (tip[1] - grip[1]) / length;
  const at = (t: number, across: number): P => [grip[0] + ux * length * t - uy * across, grip[1] + uy * length * t + ux * across];
  const fold = 0.17 * h;
  // The folded canopy: widest a third of the way down, tapering to the ferrule.
  const canopy = [at(0.12, 0), at(0.3, fold), at(0.9, 0.03 * h), at(0.9, -0.03 * h), at(0.3, -fold)];
  const edge = darken(colour, 0.4);
  const pleats = [-0.5, 0.5].map((k) => `<path d="M${pt(at(0.14, 0))} Q${pt(at(0.3, fold * k))} ${pt(at(0.88, 0))}" fill="none" stroke="${edge}" stroke-width="${px(0.012 * h)}" opacity="0.55"/>`);
  return [
    // The shaft above the canopy to the crook, and the crook curling back round the fingers.
    `<path d="M${pt(at(0.14, 0))} L${pt(grip)} q${px(-side * 0.05 * h)},${px(-0.28 * h)} ${px(-side * 0.26 * h)},${px(-0.2 * h)}" fill="none" stroke="#4a3222" stroke-width="${px(0.055 * h)}" stroke-linecap="round"/>`,
    `<path d="M${canopy.map(pt).join(' L')} Z" fill="${colour}" stroke="${edge}" stroke-width="${px(0.014 * h)}" stroke-linejoin="round"/>`,
    ...pleats,
    `<path d="M${pt(at(0.9, 0))} L${pt(tip)}" stroke="#b8b4aa" stroke-width="${px(0.03 * h)}" stroke-linecap="round"/>`,
  ].join('');
}

/**
 * Gloves over the hands, in their colour with a sheen along the forearm: to just past the wrist, or (long evening
 * gloves) up over the elbow to the middle of the upper arm. Each hand is a mitten with its thumb, as the bare hand is.
 */
function gloves(colour: string, long: boolean, frame: AccessoryFrame): string {
  const { h } = frame;
  const [r0, r1, r2] = frame.armRadii ?? [0.18 * h, 0.135 * h, 0.095 * h];
  const pad = 0.014 * h;
  const edge = `stroke="${darken(colour, 0.4)}" stroke-width="${px(0.012 * h)}" stroke-opacity="0.55"`;
  const sheen = lighten(colour, luminance(colour) > 0.6 ? 0.5 : 0.22);
  return frame.arms
    .map(({ shoulder, elbow, wrist, hand }, i) => {
      const dir = angleOf(wrist, hand);
      const inward = i === 0 ? 1 : -1;
      const start = long ? lerp(shoulder, elbow, 0.5) : lerp(elbow, wrist, 0.72);
      const startR = (long ? r0! + (r1! - r0!) * 0.5 : r1! + (r2! - r1!) * 0.72) + pad;
      const sleeve = long ? `${capsule(start, elbow, startR, r1! + pad)} ${capsule(elbow, wrist, r1! + pad, r2! + pad)}` : capsule(start, wrist, startR, r2! + pad);
      const thumb = capsule(along(wrist, dir, 0.1 * h), along(along(wrist, dir, 0.14 * h), dir + inward * 28, 0.2 * h), 0.6 * r2! + pad, 0.45 * r2! + pad);
      const palm = capsule(along(wrist, dir, 0.06 * h), along(wrist, dir, 0.55 * h), 1.12 * r2! + pad, 0.78 * r2! + pad);
      // The fingers: three seams down from the tip.
      const seams = [-0.45, 0, 0.45].map((t) => `M${pt(along(along(wrist, dir, 0.36 * h), dir + 90, t * r2!))} L${pt(along(along(wrist, dir, 0.6 * h), dir + 90, t * 0.8 * r2!))}`).join(' ');
      // The sheen: a light stroke down the forearm's outer side; the cuff's edge at the glove's top.
      const side = inward * -1;
      const shine = [lerp(long ? elbow : start, wrist, 0.1), lerp(long ? elbow : start, wrist, 0.85)].map((p) => along(p, dir + side * 90, 0.45 * r2!));
      const cuff = [along(start, angleOf(start, wrist) + 90, startR), along(start, angleOf(start, wrist) - 90, startR)];
      return [
        `<path d="${sleeve}" fill="${colour}" ${edge}/>`,
        `<path d="${thumb}" fill="${darken(colour, 0.08)}" ${edge}/>`,
        `<path d="${palm}" fill="${colour}" ${edge}/>`,
        `<path d="${seams}" stroke="${luminance(colour) < 0.15 ? lighten(colour, 0.3) : darken(colour, 0.35)}" stroke-width="${px(0.012 * h)}" stroke-linecap="round" opacity="0.6"/>`,
        `<path d="M${pt(shine[0]!)} L${pt(shine[1]!)}" stroke="${sheen}" stroke-width="${px(0.035 * h)}" stroke-linecap="round" opacity="0.45"/>`,
        `<path d="M${pt(cuff[0]!)} L${pt(cuff[1]!)}" stroke="${darken(colour, 0.3)}" stroke-width="${px(0.02 * h)}" stroke-linecap="round" opacity="0.6"/>`,
      ].join('');
    })
    .join('');
}

/** A bouquet's blooms (head units from its centre, and each bloom's radius), domed: the back row higher. */
const BLOOMS: readonly [number, number, number][] = [
  [0, -0.3, 0.15], [-0.27, -0.17, 0.14], [0.27, -0.17, 0.14], [-0.13, -0.06, 0.15], [0.14, -0.05, 0.15],
  [-0.38, 0.06, 0.12], [0.38, 0.06, 0.12], [-0.2, 0.14, 0.13], [0.2, 0.15, 0.13], [0, 0.1, 0.14],
];

/**
 * A bouquet held in the lower hand (at the bottom of the picture when that hand is out of it): stems bound with a
 * ribbon at the grip, leaves, and a dome of roses — in the colour said, else ivory and blush.
 */
function bouquet(colour: string | undefined, frame: AccessoryFrame, centreAt?: P): string {
  const { h, arms } = frame;
  const arm = arms[0]!.hand[1] > arms[1]!.hand[1] ? arms[0]! : arms[1]!;
  let grip = lerp(arm.wrist, arm.hand, 0.5);
  // Out of the picture, the hand is below its bottom: the bouquet shows there, nearer the middle (a corner cut it).
  if (frame.visibleBottom !== undefined && grip[1] - 0.3 * h > frame.visibleBottom) grip = [lerp(grip, frame.hip, 0.45)[0], frame.visibleBottom + 0.15 * h];
  const centre: P = centreAt ?? [grip[0], grip[1] - 0.55 * h];
  const at = (dx: number, dy: number): P => [centre[0] + dx * h, centre[1] + dy * h];
  const greens = ['#4f6b3c', '#3f5a31', '#66824c'];
  const tints = colour ? [colour, darken(colour, 0.08), lighten(colour, 0.1)] : ['#f6efe4', '#e9b9b3', '#f3e2d3'];
  const stems = [-0.1, -0.04, 0.03, 0.09].map((dx, k) => `<path d="M${pt(at(dx * 1.6, 0.1))} L${pt([grip[0] + dx * h, grip[1] + (0.42 + 0.04 * k) * h])}" stroke="${greens[k % 3]}" stroke-width="${px(0.04 * h)}" stroke-linecap="round"/>`);
  const leaves = [-0.5, -0.32, 0.32, 0.5].map((dx, k) => {
    const [x, y] = at(dx, 0.12 - Math.abs(dx) * 0.15);
    return `<ellipse cx="${px(x)}" cy="${px(y)}" rx="${px(0.16 * h)}" ry="${px(0.07 * h)}" transform="rotate(${dx < 0 ? 30 + 8 * k : -30 - 8 * k} ${px(x)} ${px(y)})" fill="${greens[k % 3]}"/>`;
  });
  const blooms = BLOOMS.map(([dx, dy, r], k) => {
    const [x, y] = at(dx, dy);
    const fill = tints[k % tints.length]!;
    const rr = r * h;
    // A rose seen from above: its disc, a darker heart and two petal arcs round it.
    return [
      `<circle cx="${px(x)}" cy="${px(y)}" r="${px(rr)}" fill="${fill}" stroke="${darken(fill, 0.25)}" stroke-width="${px(0.01 * h)}"/>`,
      `<path d="M${px(x - rr * 0.6)},${px(y + rr * 0.1)} A${px(rr * 0.6)},${px(rr * 0.6)} 0 0 1 ${px(x + rr * 0.55)},${px(y - rr * 0.15)}" fill="none" stroke="${darken(fill, 0.22)}" stroke-width="${px(0.012 * h)}" opacity="0.8"/>`,
      `<path d="M${px(x + rr * 0.45)},${px(y + rr * 0.3)} A${px(rr * 0.5)},${px(rr * 0.5)} 0 0 1 ${px(x - rr * 0.35)},${px(y + rr * 0.4)}" fill="none" stroke="${darken(fill, 0.22)}" stroke-width="${px(0.012 * h)}" opacity="0.7"/>`,
      `<circle cx="${px(x + rr * 0.05)}" cy="${px(y)}" r="${px(rr * 0.28)}" fill="${darken(fill, 0.18)}"/>`,
    ].join('');
  });
  const ribbon = `<path d="${capsule([grip[0] - 0.13 * h, grip[1] + 0.05 * h], [grip[0] + 0.13 * h, grip[1] + 0.05 * h], 0.07 * h, 0.07 * h)}" fill="#f4eee6" stroke="#cfc6b8" stroke-width="${px(0.01 * h)}"/>`;
  return [...stems, ...leaves, ...blooms, ribbon].join('');
}

/** The ground colour of an animal print. */
const ANIMAL_GROUNDS: Record<string, string> = { leopard: '#d9a862', zebra: '#f1eee8' };

/** The accessories as one SVG fragment in image pixels, drawn over the dressed figure. */
export function drawAccessories(accessories: readonly AccessoryReading[], frame: AccessoryFrame, id: string): string {
  const head: string[] = [];
  const body: string[] = [];
  for (const [n, accessory] of accessories.entries()) {
    const colour = accessory.colour?.hex ?? defaultColour(accessory.kind, frame.outfit);
    const key = `${id}-acc${n}`;
    switch (accessory.kind) {
      case 'sunglasses':
      case 'glasses':
        head.unshift(eyewear(accessory.kind, colour, key));
        break;
      case 'earrings':
      case 'hoops':
        head.unshift(earrings(accessory.kind, colour, frame.hairStyle));
        break;
      case 'necklace':
      case 'pearls':
        body.push(necklace(accessory.kind, colour, frame));
        break;
      case 'handbag':
      case 'clutch':
      case 'tote':
      case 'crossbody':
      case 'briefcase':
        body.push(bag(accessory.kind, colour, key, frame));
        break;
      case 'scarf':
        // A leopard or zebra scarf with no colour said is in the animal's ground, not burgundy.
        body.push(scarf(accessory.colour?.hex ?? ANIMAL_GROUNDS[accessory.print ?? ''] ?? colour, accessory.print, frame, key));
        break;
      case 'veil':
        break; // behind the figure, under its clothes: drawn with them (veilPath)
      case 'umbrella':
        body.push(umbrella(colour, frame));
        break;
      case 'gloves':
        // Under a bag or a bouquet the hand holds; long evening gloves with no colour said match a dark gown or are
        // white, others are leather.
        body.unshift(gloves(accessory.colour?.hex ?? (accessory.long ? (luminance(frame.outfit) < 0.2 ? '#17161a' : '#efe9df') : colour), accessory.long === true, frame));
        break;
      case 'bouquet':
        body.push(bouquet(accessory.colour?.hex, frame));
        break;
      case 'belt':
        break; // at the waist, under the arms: drawn with the clothes (scene-figure.ts)
      default:
        // A hat last: over the eyewear's temples and the hair.
        head.push(hat(accessory.kind, colour, key, frame.hairStyle));
    }
  }
  const headPart = head.filter(Boolean).join('');
  return `${body.join('')}${headPart ? `<g transform="${frame.headTransform}">${headPart}</g>` : ''}`;
}

/**
 * A bridal veil as a path in body units (U: head units from the hips, the top of the head at −4): sheer tulle from
 * the crown down behind the shoulders, widening to the knees. Drawn under the clothes, arms and head, so it shows
 * beside the figure and through nothing in front of it.
 */
export function veilPath(U: (x: number, y: number) => [number, number]): string {
  const points: [number, number][] = [
    [-0.3, -3.95], [-0.62, -3.2], [-1.0, -2.2], [-1.35, -0.8], [-1.6, 0.9], [-1.45, 1.5], [0, 1.7], [1.45, 1.5], [1.6, 0.9], [1.35, -0.8], [1.0, -2.2], [0.62, -3.2], [0.3, -3.95],
  ];
  const [first, ...rest] = points.map(([x, y]) => U(x, y));
  return `M${pt(first!)} ${rest.map((p) => `L${pt(p)}`).join(' ')} Q${pt(U(0, -4.15))} ${pt(first!)} Z`;
}

/** Where a still life stands an accessory: centred on `cx`, resting on `floorY`, `width` pixels wide at most. */
export interface AccessoryPlace {
  cx: number;
  floorY: number;
  width: number;
}

/**
 * An accessory alone, for a product shot (still-life.ts): a bag standing on its base, a hat on its brim, eyewear,
 * earrings or a necklace laid out, each drawn by the same code as when worn, at the size the place gives it.
 */
export function drawAccessoryAlone(accessory: AccessoryReading, place: AccessoryPlace, id: string): string {
  const { cx, floorY, width } = place;
  const colour = accessory.colour?.hex ?? defaultColour(accessory.kind, '#ffffff');
  const inHead = (k: number, y: number, body: string) => `<g transform="translate(${px(cx)} ${px(y)}) scale(${f(k)})">${body}</g>`;
  switch (accessory.kind) {
    case 'handbag':
    case 'tote':
    case 'clutch':
    case 'crossbody':
    case 'briefcase': {
      // Hung from a hand straight above it, its base on the floor: the worn bag's own drawing (a crossbody bag as a
      // handbag: alone, its strap has nothing to cross).
      const kind = accessory.kind === 'crossbody' ? 'handbag' : accessory.kind;
      // Its head unit for the width, and how far below the grip its base hangs (in head units).
      const [h, drop] = kind === 'briefcase' ? [width / 1.25, 0.98] : kind === 'clutch' ? [(width * 0.85) / 0.72, 0.17] : kind === 'tote' ? [width * 0.6, 1.5] : [width * 0.89, 0.97];
      const grip: P = [cx, floorY - drop * h];
      const arm = { shoulder: [cx, grip[1] - 3 * h] as P, elbow: [cx, grip[1] - 2 * h] as P, wrist: grip, hand: grip };
      const frame: AccessoryFrame = { headTransform: '', hairStyle: 'short', h, U: (dx, dy) => [cx + dx * h, grip[1] + dy * h], neck: 0.2, hip: [cx, grip[1] - h], arms: [arm, arm], outfit: '#ffffff' };
      return bag(kind, colour, id, frame);
    }
    case 'sunglasses':
    case 'glasses': {
      const k = width / 0.75;
      return inHead(k, floorY - 0.09 * k, eyewear(accessory.kind, colour, id));
    }
    case 'earrings':
    case 'hoops': {
      // The pair side by side a little above the floor: hoops, or studs with a small drop.
      const shine = lighten(colour, 0.4);
      const r = width * (accessory.kind === 'hoops' ? 0.17 : 0.07);
      return [-1, 1]
        .map((side) => {
          const x = cx + side * width * 0.22;
          const y = floorY - width * 0.3;
          if (accessory.kind === 'hoops') return `<circle cx="${px(x)}" cy="${px(y)}" r="${px(r)}" fill="none" stroke="${colour}" stroke-width="${px(r * 0.2)}"/><path d="M${px(x - r * 0.7)},${px(y - r * 0.7)} A${px(r)},${px(r)} 0 0 1 ${px(x + r * 0.2)},${px(y - r * 0.98)}" fill="none" stroke="${shine}" stroke-width="${px(r * 0.07)}" stroke-linecap="round"/>`;
          return `<circle cx="${px(x)}" cy="${px(y - r * 1.6)}" r="${px(r * 0.55)}" fill="${colour}"/><path d="M${px(x)},${px(y - r * 1.05)} L${px(x)},${px(y - r * 0.7)}" stroke="${colour}" stroke-width="${px(r * 0.15)}"/><ellipse cx="${px(x)}" cy="${px(y)}" rx="${px(r * 0.7)}" ry="${px(r)}" fill="${colour}" stroke="${darken(colour, 0.35)}" stroke-width="${px(r * 0.08)}"/><circle cx="${px(x - r * 0.25)}" cy="${px(y - r * 0.35)}" r="${px(r * 0.22)}" fill="${shine}"/>`;
        })
        .join('');
    }
    case 'necklace':
    case 'pearls':
      // Laid out in a U on the floor: the worn necklace's own drawing, larger.
      return chain(accessory.kind, colour, [cx - width * 0.4, floorY - width * 0.62], [cx, floorY + width * 0.02], [cx + width * 0.4, floorY - width * 0.62], width * 0.85, 0.034);
    case 'gloves': {
      // The pair standing side by side, fingers up, cuffs on the floor: the worn gloves' own drawing on upright arms.
      const h = width / 1.3;
      const long = accessory.long === true;
      // The figure's left glove on the picture's right: each thumb points out.
      const arms = [1, -1].map((side) => {
        const x = cx + side * 0.34 * h;
        const y = (k: number): P => [x, floorY - k * h];
        return long ? { shoulder: y(-0.62), elbow: y(1.0), wrist: y(2.15), hand: y(2.69) } : { shoulder: y(-2.2), elbow: y(-0.8), wrist: y(0.5), hand: y(1.04) };
      });
      return gloves(colour, long, { headTransform: '', hairStyle: 'short', h, U: (dx, dy) => [cx + dx * h, floorY + dy * h], neck: 0.2, hip: [cx, floorY], arms, outfit: '#ffffff' });
    }
    case 'belt': {
      // Coiled on the floor: a flattened ring of leather, its buckle at the front.
      const [rx, ry, band] = [width * 0.42, width * 0.17, width * 0.07];
      const y = floorY - ry - band / 2;
      const metal = '#c9a44f';
      return [
        `<ellipse cx="${px(cx)}" cy="${px(y)}" rx="${px(rx)}" ry="${px(ry)}" fill="none" stroke="${colour}" stroke-width="${px(band)}"/>`,
        `<ellipse cx="${px(cx)}" cy="${px(y)}" rx="${px(rx + band / 2)}" ry="${px(ry + band / 2)}" fill="none" stroke="${darken(colour, 0.35)}" stroke-width="${px(band * 0.1)}" opacity="0.6"/>`,
        `<rect x="${px(cx - band * 0.9)}" y="${px(y + ry - band * 0.8)}" width="${px(band * 1.8)}" height="${px(band * 1.6)}" rx="${px(band * 0.2)}" fill="none" stroke="${metal}" stroke-width="${px(band * 0.28)}"/>`,
      ].join('');
    }
    case 'bouquet': {
      // Standing on its stems' ends: the held bouquet's drawing with the grip above the floor.
      const h = width / 1.15;
      const grip: P = [cx, floorY - 0.55 * h];
      const arm = { shoulder: grip, elbow: grip, wrist: grip, hand: grip };
      return bouquet(accessory.colour?.hex, { headTransform: '', hairStyle: 'short', h, U: (dx, dy) => [cx + dx * h, grip[1] + dy * h], neck: 0.2, hip: grip, arms: [arm, arm], outfit: '#ffffff' });
    }
    case 'veil':
    case 'umbrella':
    case 'scarf':
      return '';
    default: {
      // A hat resting on its brim.
      const k = width / (accessory.kind === 'sun hat' ? 2.1 : 1.45);
      return inHead(k, floorY + 0.16 * k, hat(accessory.kind, colour, id, 'short'));
    }
  }
}
