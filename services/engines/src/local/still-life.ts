import { drawAccessoryAlone } from './accessories.js';
import { darken, lighten, mix } from './colour.js';
import type { AccessoryReading } from './understand.js';

/**
 * A product shot of things that are not clothes ("a black leather handbag, product shot", "white sneakers on a pink
 * background, no model"): the shoes and accessories named, alone, side by side on the studio floor, each as large
 * as the row allows, with a soft shadow under it. Shoes are a pair seen from the side, toes to the right.
 */

export type ShoeKind = 'sneaker' | 'heel' | 'boot' | 'flat';

export interface StillLifeItem {
  kind: 'shoes' | 'accessory';
  shoe?: ShoeKind;
  colour?: string;
  accessory?: AccessoryReading;
}

const f = (n: number) => (Math.round(n * 100) / 100).toString();

/** One shoe in its own units: length 1 from the heel (x −0.5) to the toe (x 0.5), standing on y 0, up is −y. */
function shoe(kind: ShoeKind, colour: string, id: string): string {
  const shade = darken(colour, 0.35);
  const fill = `url(#${id})`;
  const defs = `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="${lighten(colour, 0.14)}"/><stop offset="0.55" stop-color="${colour}"/><stop offset="1" stop-color="${darken(colour, 0.18)}"/></linearGradient></defs>`;
  const edge = `stroke="${shade}" stroke-width="0.008" stroke-opacity="0.7"`;
  switch (kind) {
    case 'sneaker': {
      const sole = mix(colour, '#f4f2ee', 0.85);
      return [
        defs,
        // The upper from the heel's collar over the instep to the toe cap, then a thick white rubber sole.
        `<path d="M-0.47,-0.1 L-0.49,-0.33 Q-0.46,-0.41 -0.36,-0.4 Q-0.3,-0.33 -0.2,-0.34 L-0.08,-0.36 Q0.1,-0.3 0.26,-0.22 Q0.45,-0.17 0.5,-0.1 Z" fill="${fill}" ${edge}/>`,
        `<path d="M-0.5,-0.11 L0.5,-0.11 Q0.54,-0.06 0.5,-0.01 Q0.48,0 0.44,0 L-0.46,0 Q-0.51,0 -0.51,-0.04 Z" fill="${sole}" stroke="${darken(sole, 0.25)}" stroke-width="0.008"/>`,
        `<path d="M-0.5,-0.04 L0.52,-0.04" stroke="${darken(sole, 0.2)}" stroke-width="0.01"/>`,
        // The collar's opening, the toe cap's seam, a side stripe and the laces over the instep.
        `<path d="M-0.45,-0.38 Q-0.36,-0.33 -0.22,-0.345" fill="none" stroke="${darken(colour, 0.5)}" stroke-width="0.03" stroke-linecap="round"/>`,
        `<path d="M0.28,-0.21 Q0.3,-0.15 0.28,-0.11" fill="none" ${edge}/>`,
        `<path d="M-0.34,-0.16 Q-0.05,-0.19 0.18,-0.3" fill="none" stroke="${lighten(colour, 0.5)}" stroke-width="0.03" stroke-linecap="round" opacity="0.8"/>`,
        ...[0, 1, 2, 3].map((i) => {
          const x = -0.08 + i * 0.075;
          const y = -0.345 + i * 0.032;
          return `<path d="M${f(x - 0.03)},${f(y - 0.02)} L${f(x + 0.03)},${f(y + 0.02)}" stroke="${lighten(colour, 0.6)}" stroke-width="0.016" stroke-linecap="round"/>`;
        }),
      ].join('');
    }
    case 'heel':
      return [
        defs,
        // The heel's stem under the heel cup, then the shoe: a pointed toe, the vamp, the topline rising to the heel.
        `<path d="M-0.47,-0.31 L-0.44,0 L-0.4,0 L-0.38,-0.29 Z" fill="${darken(colour, 0.25)}"/>`,
        `<path d="M0.5,-0.005 Q0.53,-0.05 0.43,-0.085 L0.1,-0.14 Q-0.12,-0.2 -0.3,-0.37 L-0.45,-0.41 Q-0.51,-0.37 -0.47,-0.3 Q-0.2,-0.26 0.08,-0.01 Z" fill="${fill}" ${edge}/>`,
        // The lining seen inside the topline, and the sole's edge under the arch.
        `<path d="M0.08,-0.14 Q-0.12,-0.19 -0.3,-0.355 L-0.44,-0.395" fill="none" stroke="${darken(colour, 0.45)}" stroke-width="0.02"/>`,
        `<path d="M-0.46,-0.3 Q-0.2,-0.26 0.08,-0.01 L0.5,-0.005" fill="none" stroke="${darken(colour, 0.55)}" stroke-width="0.012"/>`,
      ].join('');
    case 'boot':
      return [
        defs,
        `<path d="M0.5,-0.01 Q0.53,-0.08 0.42,-0.12 L0.14,-0.17 Q0.0,-0.2 -0.08,-0.3 L-0.1,-0.86 L-0.44,-0.86 L-0.47,-0.3 Q-0.5,-0.14 -0.46,-0.08 L-0.46,-0.01 Z" fill="${fill}" ${edge}/>`,
        // A block heel, the sole, and the shaft's top edge.
        `<path d="M-0.46,-0.08 L-0.3,-0.08 L-0.3,0 L-0.46,0 Z" fill="${darken(colour, 0.4)}"/>`,
        `<path d="M-0.3,-0.02 L0.5,-0.02" stroke="${darken(colour, 0.45)}" stroke-width="0.03"/>`,
        `<path d="M-0.44,-0.84 L-0.1,-0.84" stroke="${darken(colour, 0.3)}" stroke-width="0.03"/>`,
      ].join('');
    default:
      return [
        defs,
        // A low shoe (a loafer, a flat, a sandal): the toe, a low vamp with its strap, the heel counter.
        `<path d="M0.5,-0.01 Q0.53,-0.07 0.42,-0.1 L0.02,-0.15 Q-0.2,-0.17 -0.36,-0.17 L-0.48,-0.16 Q-0.52,-0.07 -0.48,-0.01 Z" fill="${fill}" ${edge}/>`,
        `<path d="M0.02,-0.15 Q0.05,-0.1 0.0,-0.06" fill="none" stroke="${darken(colour, 0.35)}" stroke-width="0.02"/>`,
        `<path d="M-0.5,-0.015 L0.5,-0.015" stroke="${darken(colour, 0.5)}" stroke-width="0.02"/>`,
      ].join('');
  }
}

/** A pair: the far shoe a little behind and up, in its shadow, the near one in front. */
function pairOfShoes(kind: ShoeKind, colour: string, cx: number, floorY: number, width: number, id: string): string {
  const length = width * 0.84;
  const far = `<g transform="translate(${f(cx + width * 0.06)} ${f(floorY - width * 0.05)}) scale(${f(length)})"><g opacity="1">${shoe(kind, mix(colour, '#000000', 0.18), `${id}-far`)}</g></g>`;
  const near = `<g transform="translate(${f(cx - width * 0.05)} ${f(floorY)}) scale(${f(length)})">${shoe(kind, colour, `${id}-near`)}</g>`;
  return far + near;
}

/** How tall an item stands for its width (the row's height is the tallest's). */
function aspectOf(item: StillLifeItem): number {
  if (item.kind === 'shoes') return item.shoe === 'boot' ? 0.85 : item.shoe === 'heel' ? 0.42 : 0.38;
  switch (item.accessory?.kind) {
    case 'gloves':
      return item.accessory.long ? 2.1 : 0.85;
    case 'bouquet':
      return 1.4;
    case 'belt':
      return 0.45;
    default:
      return 0.9;
  }
}

/**
 * The still life's SVG in image pixels: the items in a row centred on `cx`, standing on `floorY`, in at most
 * `width` pixels, with a soft shadow under each; and the box they take.
 */
export function stillLifeSvg(items: readonly StillLifeItem[], cx: number, floorY: number, width: number, maxHeight: number, id: string): { svg: string; box: { left: number; top: number; right: number; bottom: number } } {
  const gap = width * 0.06;
  const raw = (width - gap * (items.length - 1)) / items.length;
  // Each item as wide as the row allows, no taller than the room above the floor.
  const each = Math.min(raw, ...items.map((item) => maxHeight / aspectOf(item)));
  const total = each * items.length + gap * (items.length - 1);
  const parts: string[] = [`<defs><filter id="${id}-soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${f(each * 0.03)}"/></filter></defs>`];
  let top = floorY;
  items.forEach((item, i) => {
    const x = cx - total / 2 + each / 2 + i * (each + gap);
    parts.push(`<ellipse cx="${f(x)}" cy="${f(floorY + each * 0.015)}" rx="${f(each * 0.46)}" ry="${f(each * 0.05)}" fill="#000" opacity="0.28" filter="url(#${id}-soft)"/>`);
    if (item.kind === 'shoes') parts.push(pairOfShoes(item.shoe ?? 'flat', item.colour ?? '#3a2a20', x, floorY, each, `${id}-${i}`));
    else parts.push(drawAccessoryAlone(item.accessory!, { cx: x, floorY, width: each }, `${id}-${i}`));
    top = Math.min(top, floorY - each * aspectOf(item));
  });
  return { svg: parts.join(''), box: { left: cx - total / 2, top, right: cx + total / 2, bottom: floorY + each * 0.06 } };
}
