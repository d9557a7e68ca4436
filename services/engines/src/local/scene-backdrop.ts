import { darken, lighten, luminance, mix } from './colour.js';
import { createRandom, type Random } from './random.js';
import type { Atmosphere } from './understand.js';
import type { Light, Setting } from './vocabulary.js';

/**
 * The local engine's backdrops: one drawing per setting (studio sweep, street with its crosswalk, city
 * skyline, beach, runway, garden, desert, snow, interior), with the sky and the grade of the light.
 */

export interface Stage {
  width: number;
  height: number;
  /** Where the figure's feet stand, and its centre. */
  floorY: number;
  figureX: number;
  /** Where land meets sky (camera height). */
  horizon: number;
  /** Head units in pixels: the backdrop's props are sized against the figure. */
  unit: number;
  /** The preset's palette (studio and interior colours). */
  palette: string[];
}

/** Sky gradients (top to horizon) per light. */
const SKIES: Record<Light, string[]> = {
  soft: ['#cfd8de', '#eceae4'],
  overcast: ['#aeb4b8', '#d9dad6'],
  morning: ['#a9c8e2', '#f2e6d3'],
  noon: ['#3f86cf', '#a9d3f0'],
  'golden hour': ['#e49a52', '#f9dca0'],
  sunset: ['#3e2f63', '#c8587a', '#f39a5c', '#fbd08a'],
  'blue hour': ['#17244b', '#4d6397'],
  night: ['#05081a', '#141d3d'],
  flash: ['#9aa2a8', '#c9cbc8'],
  neon: ['#0c0620', '#2a0f44'],
};

/** Light that reaches the ground: tints sand, snow, asphalt. */
const GROUND_TINT: Record<Light, [string, number]> = {
  soft: ['#ffffff', 0],
  overcast: ['#8a9096', 0.15],
  morning: ['#fff1dc', 0.1],
  noon: ['#ffffff', 0.05],
  'golden hour': ['#f2a04a', 0.25],
  sunset: ['#d8607a', 0.25],
  'blue hour': ['#2a3a6a', 0.45],
  night: ['#0a1030', 0.62],
  flash: ['#000000', 0.12],
  neon: ['#3a0c4a', 0.55],
};

const f = (n: number) => n.toFixed(1);
const tint = (colour: string, light: Light) => mix(colour, GROUND_TINT[light][0], GROUND_TINT[light][1]);

function sky(id: string, light: Light, x: number, y: number, w: number, h: number): string {
  const stops = SKIES[light];
  const def = `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${stops.map((c, i) => `<stop offset="${(i / (stops.length - 1)).toFixed(2)}" stop-color="${c}"/>`).join('')}</linearGradient>`;
  return `<defs>${def}</defs><rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="url(#${id})"/>`;
}

/** A sun (or moon) low in the sky for the lights that have one. */
function sunFor(light: Light, x: number, y: number, r: number): string {
  const colours: Partial<Record<Light, [string, number]>> = { 'golden hour': ['#fff0c0', 0.95], sunset: ['#ffd39a', 0.95], morning: ['#fff8e6', 0.8], night: ['#e8ecf5', 0.85], 'blue hour': ['#dfe6f5', 0.5] };
  const sun = colours[light];
  if (!sun) return '';
  const glow = `<radialGradient id="sun-glow"><stop offset="0" stop-color="${sun[0]}" stop-opacity="0.7"/><stop offset="1" stop-color="${sun[0]}" stop-opacity="0"/></radialGradient>`;
  const radius = light === 'night' || light === 'blue hour' ? r * 0.45 : r;
  return `<defs>${glow}</defs><circle cx="${f(x)}" cy="${f(y)}" r="${f(radius * 3.2)}" fill="url(#sun-glow)"/><circle cx="${f(x)}" cy="${f(y)}" r="${f(radius)}" fill="${sun[0]}" opacity="${sun[1]}"/>`;
}

/** Buildings along a horizon, windows lit at night. */
function buildings(stage: Stage, random: Random, baseY: number, light: Light, tall: number, colourA: string, colourB: string): string {
  const { width: w } = stage;
  const out: string[] = [];
  const dark = luminance(SKIES[light][0]!) < 0.05;
  let x = -w * 0.02;
  while (x < w) {
    const bw = w * random.range(0.09, 0.2);
    const bh = stage.height * tall * random.range(0.45, 1);
    const top = baseY - bh;
    const colour = mix(colourA, colourB, random.next());
    out.push(`<rect x="${f(x)}" y="${f(top)}" width="${f(bw + 1)}" height="${f(bh + 1)}" fill="${colour}"/>`);
    // Windows: a grid, some lit.
    const cols = Math.max(2, Math.round(bw / (stage.unit * 0.45)));
    const rows = Math.max(3, Math.round(bh / (stage.unit * 0.6)));
    const cw = bw / cols;
    const rh = bh / rows;
    for (let c = 0; c < cols; c++) {
      for (let r = 1; r < rows; r++) {
        const lit = dark ? random.next() < 0.45 : random.next() < 0.08;
        const fill = lit ? (dark ? random.pick(['#ffd27a', '#ffe7b0', '#9fd8ff']) : lighten(colour, 0.35)) : darken(colour, dark ? 0.45 : 0.2);
        out.push(`<rect x="${f(x + c * cw + cw * 0.25)}" y="${f(top + r * rh - rh * 0.55)}" width="${f(cw * 0.5)}" height="${f(rh * 0.45)}" fill="${fill}" opacity="${lit ? 0.95 : 0.55}"/>`);
      }
    }
    x += bw + w * random.range(0, 0.015);
  }
  return out.join('');
}

/** Neon tubes and glows for the neon light, on any setting. */
function neonGlows(stage: Stage): string {
  const { width: w, height: h } = stage;
  return `<defs><radialGradient id="neon-m"><stop offset="0" stop-color="#ff2fb4" stop-opacity="0.75"/><stop offset="1" stop-color="#ff2fb4" stop-opacity="0"/></radialGradient><radialGradient id="neon-c"><stop offset="0" stop-color="#19e6ff" stop-opacity="0.7"/><stop offset="1" stop-color="#19e6ff" stop-opacity="0"/></radialGradient></defs><ellipse cx="${f(w * 0.12)}" cy="${f(h * 0.35)}" rx="${f(w * 0.45)}" ry="${f(h * 0.35)}" fill="url(#neon-m)"/><ellipse cx="${f(w * 0.9)}" cy="${f(h * 0.5)}" rx="${f(w * 0.45)}" ry="${f(h * 0.4)}" fill="url(#neon-c)"/><rect x="${f(w * 0.08)}" y="${f(h * 0.2)}" width="${f(w * 0.012)}" height="${f(h * 0.3)}" rx="${f(w * 0.006)}" fill="#ff8ad8"/><rect x="${f(w * 0.84)}" y="${f(h * 0.16)}" width="${f(w * 0.1)}" height="${f(w * 0.012)}" rx="${f(w * 0.006)}" fill="#8af4ff"/>`;
}

/** Autumn's leaves: rust, amber, ochre and a deep red. */
const AUTUMN_LEAVES = ['#b5552a', '#c9822f', '#8e3b22', '#d4a03a', '#a8452c'];

/**
 * The air of the set, over the backdrop and behind the figure: rain as thin slanting streaks across the whole frame,
 * snowflakes, or autumn leaves drifting down (small tilted ovals in autumn's colours). Its own random stream, so the set under it
 * is the one the seed draws without it.
 */
function atmosphereSvg(atmosphere: Atmosphere, stage: Stage, random: Random): string {
  const { width: w, height: h, unit } = stage;
  const parts: string[] = [];
  if (atmosphere === 'rain') {
    const slant = unit * 0.12;
    for (let i = 0; i < 220; i++) {
      const x = random.range(-0.05, 1.05) * w;
      const y = random.range(-0.05, 1) * h;
      const length = unit * random.range(0.35, 0.8);
      parts.push(`<path d="M${f(x)},${f(y)} l${f(-slant * (length / unit))},${f(length)}" stroke="#ffffff" stroke-width="${f(Math.max(1, unit * 0.018))}" stroke-linecap="round" opacity="${random.range(0.18, 0.42).toFixed(2)}"/>`);
    }
    return parts.join('');
  }
  if (atmosphere === 'snow') {
    // Flakes of three sizes, the nearest the largest and softest.
    for (let i = 0; i < 240; i++) {
      const near = random.next();
      const r = unit * (near < 0.7 ? random.range(0.015, 0.035) : near < 0.93 ? random.range(0.04, 0.07) : random.range(0.08, 0.12));
      parts.push(`<circle cx="${f(random.range(0, w))}" cy="${f(random.range(0, h))}" r="${f(r)}" fill="#ffffff" opacity="${(near < 0.93 ? random.range(0.55, 0.95) : random.range(0.35, 0.6)).toFixed(2)}"/>`);
    }
    return parts.join('');
  }
  for (let i = 0; i < 46; i++) {
    const x = random.range(0, 1) * w;
    const y = random.range(0.05, 0.95) * h;
    const size = unit * random.range(0.09, 0.17);
    parts.push(`<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(size)}" ry="${f(size * 0.55)}" transform="rotate(${Math.round(random.range(0, 180))} ${f(x)} ${f(y)})" fill="${random.pick(AUTUMN_LEAVES)}" opacity="0.9"/>`);
  }
  return parts.join('');
}

export function backdropSvg(setting: Setting, light: Light, stage: Stage, random: Random, atmosphere?: Atmosphere): string {
  const set = setSvg(setting, light, stage, random, atmosphere);
  return atmosphere ? set + atmosphereSvg(atmosphere, stage, createRandom(Math.floor(random.next() * 0x7fffffff) ^ 0x2545f491)) : set;
}

function setSvg(setting: Setting, light: Light, stage: Stage, random: Random, atmosphere?: Atmosphere): string {
  const { width: w, height: h, floorY, figureX, unit } = stage;
  // The whole frame in the sky's lowest colour first: a gap anywhere in a set (between a street's buildings below
  // the sky's edge, at a hedge's rounded ends) shows sky, not the black of an empty pixel.
  const parts: string[] = [`<rect width="${w}" height="${h}" fill="${SKIES[light].at(-1)!}"/>`];
  const horizon = stage.horizon;
  const snowy = atmosphere === 'snow';
  switch (setting) {
    case 'beach': {
      const sea = floorY - unit * 1.2;
      parts.push(sky('sky', light, 0, 0, w, sea + 2), sunFor(light, w * 0.72, sea - unit * 1.4, unit * 0.7));
      const water = tint('#2f7fa3', light);
      parts.push(
        `<defs><linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${darken(water, 0.15)}"/><stop offset="1" stop-color="${lighten(water, 0.18)}"/></linearGradient><linearGradient id="sand" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${tint('#e6d2ad', light)}"/><stop offset="1" stop-color="${tint('#cdb187', light)}"/></linearGradient></defs>`,
        `<rect y="${f(sea)}" width="${w}" height="${f(unit * 0.9)}" fill="url(#sea)"/>`,
      );
      // Glints on the water and the foam line.
      for (let i = 0; i < 40; i++) parts.push(`<rect x="${f(random.range(0, w))}" y="${f(sea + random.range(0.05, 0.8) * unit)}" width="${f(random.range(0.3, 1.2) * unit)}" height="${f(unit * 0.025)}" fill="#ffffff" opacity="${random.range(0.15, 0.45).toFixed(2)}"/>`);
      const shore = sea + unit * 0.9;
      parts.push(
        `<path d="M0,${f(shore)} ${Array.from({ length: 9 }, (_, i) => `Q${f((i + 0.5) * (w / 8))},${f(shore + (i % 2 ? -1 : 1) * unit * 0.08)} ${f((i + 1) * (w / 8))},${f(shore)}`).join(' ')} L${w},${h} L0,${h} Z" fill="url(#sand)"/>`,
        `<path d="M0,${f(shore)} ${Array.from({ length: 9 }, (_, i) => `Q${f((i + 0.5) * (w / 8))},${f(shore + (i % 2 ? -1 : 1) * unit * 0.08)} ${f((i + 1) * (w / 8))},${f(shore)}`).join(' ')}" fill="none" stroke="#ffffff" stroke-width="${f(unit * 0.06)}" opacity="0.7"/>`,
      );
      break;
    }
    case 'street':
    case 'city': {
      parts.push(sky('sky', light, 0, 0, w, horizon + 2), sunFor(light, w * 0.2, horizon - unit * 3.5, unit * 0.6));
      const night = ['night', 'blue hour', 'neon'].includes(light);
      const [a, b] = night ? ['#1c2238', '#2b2f45'] : light === 'golden hour' || light === 'sunset' ? ['#b98867', '#8d6e5c'] : ['#9aa1a8', '#c4bcb0'];
      if (setting === 'city') parts.push(buildings(stage, random, horizon + unit * 0.4, light, 0.62, darken(a, 0.25), darken(b, 0.2)));
      parts.push(buildings(stage, random, horizon + unit * 0.6, light, setting === 'city' ? 0.32 : 0.45, a, b));
      // Under snow the road is a trodden grey-white and the pavement's edge white.
      const road = tint(snowy ? '#c9ced6' : '#4a4b4f', light);
      parts.push(`<rect y="${f(horizon + unit * 0.6)}" width="${w}" height="${f(h)}" fill="${road}"/>`);
      // Pavement edge, then the crosswalk's stripes in perspective towards the horizon.
      parts.push(`<rect y="${f(horizon + unit * 0.6)}" width="${w}" height="${f(unit * 0.25)}" fill="${tint(snowy ? '#f1f4f8' : '#9c9a94', light)}"/>`);
      if (setting === 'street') {
        const top = horizon + unit * 0.9;
        const stripes = 9;
        for (let i = 0; i < stripes; i++) {
          const t0 = (i / stripes) ** 1.6;
          const t1 = ((i + 0.55) / stripes) ** 1.6;
          const y0 = top + (h - top) * t0;
          const y1 = top + (h - top) * t1;
          const half0 = w * (0.18 + 0.5 * t0);
          const half1 = w * (0.18 + 0.5 * t1);
          parts.push(`<path d="M${f(figureX - half0)},${f(y0)} L${f(figureX + half0)},${f(y0)} L${f(figureX + half1)},${f(y1)} L${f(figureX - half1)},${f(y1)} Z" fill="${tint('#f1efe8', light)}" opacity="0.92"/>`);
        }
      } else {
        const pavement = tint(snowy ? '#e8ecf1' : '#8f8d88', light);
        parts.push(`<rect y="${f(floorY - unit * 0.3)}" width="${w}" height="${f(h)}" fill="${pavement}"/>`);
        for (let x = -unit; x < w; x += unit * 1.6) parts.push(`<path d="M${f(x)},${f(floorY - unit * 0.3)} L${f(x - unit * 1.2)},${h}" stroke="${darken(pavement, snowy ? 0.08 : 0.2)}" stroke-width="${f(unit * 0.03)}"/>`);
      }
      if (night) parts.push(`<defs><radialGradient id="lamp"><stop offset="0" stop-color="#ffd58a" stop-opacity="0.55"/><stop offset="1" stop-color="#ffd58a" stop-opacity="0"/></radialGradient></defs><ellipse cx="${f(w * 0.82)}" cy="${f(horizon - unit * 1.5)}" rx="${f(unit * 3)}" ry="${f(unit * 3)}" fill="url(#lamp)"/><rect x="${f(w * 0.82 - unit * 0.04)}" y="${f(horizon - unit * 1.5)}" width="${f(unit * 0.08)}" height="${f(unit * 2.3)}" fill="#101218"/><circle cx="${f(w * 0.82)}" cy="${f(horizon - unit * 1.5)}" r="${f(unit * 0.18)}" fill="#fff1c8"/>`);
      break;
    }
    case 'runway': {
      parts.push(`<rect width="${w}" height="${h}" fill="#0d0d10"/>`);
      // The stage light falls behind the model from above: a soft pool of light the figure stands against (a black
      // dress was lost in the dark).
      parts.push(
        `<defs><radialGradient id="stage-light" cx="0.5" cy="0.4" r="0.5"><stop offset="0" stop-color="#6a6a76" stop-opacity="0.85"/><stop offset="0.6" stop-color="#3a3a44" stop-opacity="0.45"/><stop offset="1" stop-color="#0d0d10" stop-opacity="0"/></radialGradient></defs>`,
        `<ellipse cx="${f(figureX)}" cy="${f(horizon - unit * 3.2)}" rx="${f(unit * 2.8)}" ry="${f(unit * 4.6)}" fill="url(#stage-light)"/>`,
      );
      // Rows of the audience in the dark, camera flashes among them.
      for (let row = 0; row < 4; row++) {
        const y = horizon - unit * (1.2 - row * 0.45);
        for (let x = random.range(0, unit * 0.5); x < w; x += unit * random.range(0.55, 0.8)) {
          parts.push(`<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(unit * 0.2)}" ry="${f(unit * 0.26)}" fill="${mix('#1a1a20', '#34343c', random.next())}"/>`);
          if (random.next() < 0.05) parts.push(`<circle cx="${f(x)}" cy="${f(y - unit * 0.1)}" r="${f(unit * 0.12)}" fill="#ffffff" opacity="0.9"/>`);
        }
      }
      const runway = light === 'neon' ? '#2a1838' : '#e9e6e1';
      parts.push(`<path d="M${f(figureX - w * 0.09)},${f(horizon)} L${f(figureX + w * 0.09)},${f(horizon)} L${f(figureX + w * 0.6)},${h} L${f(figureX - w * 0.6)},${h} Z" fill="${runway}"/>`);
      parts.push(`<defs><radialGradient id="spot" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#ffffff" stop-opacity="0.55"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient></defs><ellipse cx="${f(figureX)}" cy="${f(floorY)}" rx="${f(unit * 3)}" ry="${f(unit * 0.9)}" fill="url(#spot)"/>`);
      break;
    }
    case 'garden': {
      parts.push(sky('sky', light, 0, 0, w, horizon + 2), sunFor(light, w * 0.78, horizon - unit * 3, unit * 0.5));
      const autumn = atmosphere === 'autumn';
      const leaf = tint('#3f6b3a', light);
      // Trees behind, a clipped hedge, flowers, a gravel path; in autumn the trees turn and leaves lie on the lawn.
      for (let i = 0; i < 9; i++) {
        const x = random.range(-0.05, 1.05) * w;
        const r = unit * random.range(1.2, 2.2);
        const crown = mix(darken(leaf, 0.2), leaf, random.next());
        const cy = horizon - r * 0.6;
        parts.push(`<circle cx="${f(x)}" cy="${f(cy)}" r="${f(r)}" fill="${autumn ? tint(mix(AUTUMN_LEAVES[i % AUTUMN_LEAVES.length]!, crown, 0.2), light) : crown}"/>`);
        // Snow lies on the crown's top: the arc above a chord, its lower edge sagging.
        if (snowy) parts.push(`<path d="M${f(x - r * 0.8)},${f(cy - r * 0.6)} A${f(r)},${f(r)} 0 0 1 ${f(x + r * 0.8)},${f(cy - r * 0.6)} Q${f(x)},${f(cy - r * 0.35)} ${f(x - r * 0.8)},${f(cy - r * 0.6)} Z" fill="${tint('#f4f7fa', light)}"/>`);
      }
      parts.push(`<rect y="${f(horizon - unit * 0.5)}" width="${w}" height="${f(unit * 1.4)}" rx="${f(unit * 0.3)}" fill="${autumn ? tint('#6b4a24', light) : darken(leaf, 0.1)}"/>`);
      // In snow the hedge and the trees carry white; no flowers.
      const blooms = snowy ? ['#ffffff', '#f3f6fa', '#e6ebf1'] : autumn ? AUTUMN_LEAVES : ['#f2c7d4', '#ffffff', '#f5d76e', '#e0708a'];
      for (let i = 0; i < 60; i++) parts.push(`<circle cx="${f(random.range(0, w))}" cy="${f(horizon - unit * 0.4 + random.range(0, 1.2) * unit)}" r="${f(unit * random.range(0.05, 0.12))}" fill="${random.pick(blooms)}" opacity="0.9"/>`);
      parts.push(`<rect y="${f(horizon + unit * 0.9)}" width="${w}" height="${f(h)}" fill="${tint(snowy ? '#f2f5f8' : autumn ? '#8c8a4c' : '#6f9a55', light)}"/>`);
      parts.push(`<path d="M${f(figureX - unit * 0.8)},${f(horizon + unit * 0.9)} L${f(figureX + unit * 0.8)},${f(horizon + unit * 0.9)} L${f(figureX + w * 0.45)},${h} L${f(figureX - w * 0.45)},${h} Z" fill="${tint(snowy ? '#e3e7ec' : '#d8ccb4', light)}"/>`);
      break;
    }
    case 'desert': {
      parts.push(sky('sky', light, 0, 0, w, horizon + unit), sunFor(light, w * 0.25, horizon - unit * 2, unit * 0.8));
      const dune = tint('#d9a66b', light);
      const layers = [
        [horizon - unit * 0.2, darken(dune, 0.12)],
        [horizon + unit * 0.5, dune],
        [floorY - unit * 0.4, lighten(dune, 0.1)],
      ] as const;
      layers.forEach(([y, colour], i) => {
        const a = random.range(0.2, 0.8) * w;
        parts.push(`<path d="M0,${f(y + unit * 0.6)} Q${f(a)},${f(y - unit * (0.8 + i * 0.3))} ${w},${f(y + unit * 0.2)} L${w},${h} L0,${h} Z" fill="${colour}"/>`);
        parts.push(`<path d="M0,${f(y + unit * 0.6)} Q${f(a)},${f(y - unit * (0.8 + i * 0.3))} ${w},${f(y + unit * 0.2)}" fill="none" stroke="${lighten(colour, 0.25)}" stroke-width="${f(unit * 0.05)}" opacity="0.6"/>`);
      });
      for (let i = 0; i < 30; i++) {
        const y = floorY + random.range(-0.3, 2) * unit;
        parts.push(`<path d="M${f(random.range(0, w))},${f(y)} q${f(unit * 0.5)},${f(-unit * 0.08)} ${f(unit)},0" fill="none" stroke="${darken(dune, 0.12)}" stroke-width="${f(unit * 0.025)}" opacity="0.5"/>`);
      }
      break;
    }
    case 'snow': {
      parts.push(sky('sky', light === 'soft' ? 'overcast' : light, 0, 0, w, horizon + unit), sunFor(light, w * 0.8, horizon - unit * 3, unit * 0.5));
      const mountain = tint('#c9d3de', light);
      parts.push(`<path d="M0,${f(horizon)} L${f(w * 0.22)},${f(horizon - unit * 2.6)} L${f(w * 0.4)},${f(horizon - unit * 1.2)} L${f(w * 0.62)},${f(horizon - unit * 3.2)} L${f(w)},${f(horizon - unit * 0.6)} L${w},${f(horizon + unit)} L0,${f(horizon + unit)} Z" fill="${mountain}"/>`);
      for (let i = 0; i < 12; i++) {
        const x = random.range(0, w);
        const s = unit * random.range(0.6, 1.3);
        const base = horizon + unit * random.range(0.2, 0.7);
        parts.push(`<path d="M${f(x)},${f(base - s * 2)} L${f(x + s * 0.55)},${f(base)} L${f(x - s * 0.55)},${f(base)} Z" fill="${tint('#1f3a2c', light)}"/>`);
      }
      parts.push(`<rect y="${f(horizon + unit * 0.6)}" width="${w}" height="${f(h)}" fill="${tint('#f3f6f9', light)}"/>`);
      for (let i = 0; i < 160; i++) parts.push(`<circle cx="${f(random.range(0, w))}" cy="${f(random.range(0, h))}" r="${f(unit * random.range(0.02, 0.06))}" fill="#ffffff" opacity="${random.range(0.5, 0.95).toFixed(2)}"/>`);
      break;
    }
    case 'interior': {
      const [wall, trim] = [mix(stage.palette[0] ?? '#e8e0d4', '#d9cbb5', 0.4), stage.palette[1] ?? '#c8b8a6'];
      parts.push(`<rect width="${w}" height="${h}" fill="${tint(wall, light)}"/>`);
      // A tall window with the day (or night) outside, panelled walls, a wooden floor.
      const wx = figureX > w / 2 ? w * 0.08 : w * 0.62;
      const ww = w * 0.3;
      parts.push(sky('window-sky', light, wx, h * 0.12, ww, horizon - h * 0.12));
      parts.push(`<rect x="${f(wx)}" y="${f(h * 0.12)}" width="${f(ww)}" height="${f(horizon - h * 0.12)}" fill="none" stroke="${lighten(trim, 0.3)}" stroke-width="${f(unit * 0.14)}"/><path d="M${f(wx + ww / 2)},${f(h * 0.12)} V${f(horizon)} M${f(wx)},${f((h * 0.12 + horizon) / 2)} H${f(wx + ww)}" stroke="${lighten(trim, 0.3)}" stroke-width="${f(unit * 0.08)}"/>`);
      for (const px of [0.04, 0.38, 0.72]) {
        if (Math.abs(px * w + w * 0.12 - (wx + ww / 2)) < w * 0.22) continue;
        parts.push(`<rect x="${f(px * w)}" y="${f(h * 0.18)}" width="${f(w * 0.24)}" height="${f(horizon - h * 0.24)}" fill="none" stroke="${darken(tint(wall, light), 0.12)}" stroke-width="${f(unit * 0.05)}"/>`);
      }
      const floor = tint('#8a5e3c', light);
      parts.push(`<rect y="${f(horizon + unit * 0.8)}" width="${w}" height="${f(h)}" fill="${floor}"/>`);
      for (let x = -w; x < w * 2; x += unit * 0.9) parts.push(`<path d="M${f(figureX + (x - figureX) * 0.35)},${f(horizon + unit * 0.8)} L${f(x)},${h}" stroke="${darken(floor, 0.25)}" stroke-width="${f(unit * 0.03)}"/>`);
      parts.push(`<rect y="${f(horizon + unit * 0.62)}" width="${w}" height="${f(unit * 0.2)}" fill="${lighten(trim, 0.2)}"/>`);
      break;
    }
    case 'studio':
    default: {
      const dark = luminance(stage.palette[0] ?? '#eeeeee') < 0.12;
      const sorted = [...stage.palette].sort((a, b) => luminance(b) - luminance(a));
      const base = light === 'neon' ? '#1a1030' : dark ? sorted[sorted.length - 1]! : sorted[0]!;
      const second = dark ? sorted[sorted.length - 2] ?? base : sorted[1] ?? base;
      const back = tint(mix(base, second, 0.25), light);
      parts.push(
        `<defs><radialGradient id="sweep" cx="${f(figureX / w)}" cy="0.55" r="0.8"><stop offset="0" stop-color="${lighten(back, 0.22)}"/><stop offset="0.6" stop-color="${back}"/><stop offset="1" stop-color="${darken(back, 0.25)}"/></radialGradient><linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${darken(back, 0.04)}" stop-opacity="0"/><stop offset="1" stop-color="${darken(back, 0.22)}"/></linearGradient></defs>`,
        `<rect width="${w}" height="${h}" fill="url(#sweep)"/>`,
        `<rect y="${f(floorY - unit * 0.8)}" width="${w}" height="${f(h)}" fill="url(#floor)"/>`,
      );
    }
  }
  if (light === 'neon') parts.push(neonGlows(stage));
  return parts.join('');
}

/** A colour matrix per light (rows of r, g, b weights and an offset in 0..1): the backdrop takes it whole, the lit figure part of it. */
export function gradeMatrix(light: Light, strength: number): number[] {
  const grades: Record<Light, number[]> = {
    soft: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0],
    overcast: [0.92, 0.05, 0.03, 0, 0.04, 0.92, 0.04, 0, 0.04, 0.05, 0.95, 0.01],
    morning: [1.02, 0, 0, 0.02, 0, 1.01, 0, 0.01, 0, 0, 1, 0.02],
    noon: [1.12, 0, 0, -0.04, 0, 1.12, 0, -0.04, 0, 0, 1.1, -0.04],
    'golden hour': [1.1, 0.05, 0, 0.04, 0, 1, 0, 0.01, 0, 0, 0.78, -0.02],
    sunset: [1.08, 0.04, 0.02, 0.03, 0, 0.9, 0, 0, 0.02, 0, 0.88, 0.02],
    'blue hour': [0.7, 0, 0, 0, 0, 0.78, 0, 0.01, 0, 0.05, 0.95, 0.06],
    night: [0.5, 0, 0, 0, 0, 0.56, 0, 0.01, 0, 0.04, 0.78, 0.06],
    flash: [1.18, 0, 0, -0.06, 0, 1.18, 0, -0.06, 0, 0, 1.18, -0.06],
    neon: [0.9, 0, 0.05, 0.05, 0, 0.72, 0.05, 0, 0.05, 0, 1, 0.06],
  };
  const identity = grades.soft;
  return grades[light].map((v, i) => identity[i]! + (v - identity[i]!) * strength);
}

/**
 * Applies a {@link gradeMatrix} in place to raw pixels (RGB or RGBA; alpha untouched, colour not premultiplied).
 * Fully transparent pixels are left as they are: their colour shows nowhere (most of a figure's layer).
 */
export function applyGrade(pixels: Buffer, channels: 3 | 4, m: number[]): void {
  const [m0, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11] = m as [number, number, number, number, number, number, number, number, number, number, number, number];
  const [o0, o1, o2] = [m3 * 255, m7 * 255, m11 * 255];
  const clamp = (value: number) => (value <= 0 ? 0 : value >= 255 ? 255 : Math.round(value));
  for (let i = 0; i < pixels.length; i += channels) {
    if (channels === 4 && pixels[i + 3] === 0) continue;
    const r = pixels[i]!;
    const g = pixels[i + 1]!;
    const b = pixels[i + 2]!;
    pixels[i] = clamp(m0 * r + m1 * g + m2 * b + o0);
    pixels[i + 1] = clamp(m4 * r + m5 * g + m6 * b + o1);
    pixels[i + 2] = clamp(m8 * r + m9 * g + m10 * b + o2);
  }
}
