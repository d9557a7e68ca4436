import type { Build, Preset } from '../types.js';
import { POCKETS_POSE, SEATED_POSE } from '../poses.js';
import { darken, deltaE, isHexColour, lighten, luminance, mix, saturation } from './colour.js';
import { toEnglish } from './indonesian.js';
import type { ShoeKind } from './still-life.js';
import { HAIR_COLOURS, SKIN_TONES } from './palettes.js';
import { createRandom, hashString } from './random.js';
import {
  AGE_WORDS,
  AMBIGUOUS_COLOURS,
  COLOURS,
  FIGURE_WORDS,
  FRAMING_WORDS,
  GARMENTS,
  HAIR_COLOUR_WORDS,
  HAIR_STYLE_WORDS,
  LIGHT_WORDS,
  MATERIALS,
  PRINTS,
  SETTING_WORDS,
  SKIN_NAMES,
  SKIN_WORDS,
  type AgeRange,
  type Framing,
  type GarmentEntry,
  type HairLength,
  type Light,
  type MaterialKind,
  type Presentation,
  type PrintKind,
  type Setting,
} from './vocabulary.js';

/**
 * Reads a text-to-image prompt into what the local renderer draws: garments (each with the colour,
 * material and print that precede it), the figure, the setting, the light and the framing. What the
 * prompt names wins; what it does not comes from the preset (its name, style, composition and palette),
 * then from the seed. Every field says where it came from.
 */

export type Source = 'prompt' | 'preset' | 'seed';

export interface NamedColour {
  name: string;
  hex: string;
}

export interface GarmentReading extends GarmentEntry {
  colour?: string;
  /** The colour it is drawn in. */
  paint: NamedColour;
  material?: MaterialKind;
  /** The material word as written ("cashmere" draws knit). */
  materialName?: string;
  print?: PrintKind;
  /** A second colour named with it ("black and white stripes"): the print's ink. */
  printColour?: NamedColour;
  source: Source;
}

export interface Reading {
  garments: GarmentReading[];
  figure: {
    presentation: Presentation;
    skin: NamedColour;
    hair: NamedColour;
    hairStyle: HairLength;
    age: AgeRange;
    /** A beard, stubble or a moustache, when the prompt asks for one. */
    facialHair?: FacialHair;
    /** Its colour when said ("a thick red beard"); else the hair's. */
    facialHairColour?: NamedColour;
    /** The body's build when said ("plus-size", "petite", "muscular"); else the seed's. */
    build?: Build;
  };
  setting: Setting;
  light: Light;
  framing: Framing;
  /** The preset's palette (or one the seed picks) for what the prompt leaves open: backdrop and second garments. */
  palette: string[];
  /** The colour of the garments the drawing adds to complete the outfit, when fixed (an edit repainted the main one). */
  partnerPaint?: string;
  /** The shoes' colour, when the prompt gives one ("white sneakers", "red heels"); else neutral leather. */
  shoes?: NamedColour;
  /** The backdrop's colour, when the prompt gives one ("seamless white studio background"); it wins over a preset's. */
  backdrop?: NamedColour;
  /** What the figure wears besides clothes and shoes ("a straw sun hat", "black sunglasses", "a red handbag"), when said. */
  accessories?: AccessoryReading[];
  /** Weather or season in the air: rain falling, autumn leaves. */
  atmosphere?: Atmosphere;
  /** The clothes without anyone in them: a product shot ("flat lay", "no model", "ghost mannequin"). */
  noPerson?: true;
  /** The pose asked for ("hands on hips", "walking", "seated"), as an index into SCENE_POSES; else the seed's. */
  pose?: number;
  /** A black-and-white photograph asked for: the still in greys. */
  blackAndWhite?: true;
  /**
   * Shoes or accessories alone, no clothes named and no one to wear them ("white sneakers, product shot", "a black
   * leather handbag"): drawn alone on the floor (still-life.ts), the accessories being `accessories`.
   */
  stillLife?: { shoes?: { kind: ShoeKind; word: string; colour: NamedColour } };
  /**
   * A second person beside the first ("a couple", "two women", "a woman in red and a man in a navy suit", "bride and
   * groom"): who they are, what they wear (their own words, else the first's clothes where they suit them), what they
   * carry and how they stand (their own words, else the seed's).
   */
  companion?: { figure: Reading['figure']; garments: GarmentReading[]; accessories?: AccessoryReading[]; pose?: number };
  sources: Record<'garment' | 'colour' | 'figure' | 'skin' | 'hair' | 'setting' | 'light' | 'framing', Source>;
}

/** What one text says, before defaults. */
interface Said {
  garments: { entry: GarmentEntry; colours: NamedColour[]; material?: [string, MaterialKind]; print?: PrintKind }[];
  /** Colours, materials and prints that bound to no garment. */
  looseColours: NamedColour[];
  looseMaterial?: [string, MaterialKind];
  loosePrint?: PrintKind;
  presentation?: Presentation;
  skin?: { index: number; name: string };
  /** "a Black woman": the tones the skin is one of, when no tone is named. */
  skinRange?: [number, number];
  hair?: NamedColour;
  /** "a red beard", "grey stubble": the facial hair's own colour. */
  facialHairColour?: NamedColour;
  hairStyle?: HairLength;
  age?: AgeRange;
  setting?: Setting;
  light?: Light;
  framing?: Framing;
  /** A bride, a wedding: a gown or dress no colour is given is ivory. */
  bridal?: boolean;
  /** The colour said of the shoes. */
  shoes?: NamedColour;
  /** Hats, eyewear, bags and jewellery, with the colour said of each. */
  accessories?: AccessoryReading[];
  /** The colour said of the background. */
  backdrop?: NamedColour;
  /** "Monochrome", "tonal", "head to toe": one colour for the whole outfit. */
  monochrome?: boolean;
}

const normalise = (term: string) => term.replace(/-/g, ' ');
const table = <T>(source: Record<string, T>) => new Map(Object.entries(source).map(([k, v]) => [normalise(k), v]));
/** Garment words with their plurals ("two women in evening gowns"), where a plural is not a word of its own already. */
function withPlurals(source: Record<string, GarmentEntry>): Record<string, GarmentEntry> {
  const out = { ...source };
  for (const [word, entry] of Object.entries(source)) {
    // "dress" → "dresses" ("slip dresses"); other words ending in s are plurals already ("jeans", "trousers").
    const plural = /(ch|sh|x|ss)$/.test(word) ? `${word}es` : /s$/.test(word) ? null : `${word}s`;
    if (!plural) continue;
    out[plural] ??= entry;
  }
  return out;
}
const T = {
  garments: table(withPlurals(GARMENTS)),
  colours: table(COLOURS),
  materials: table(MATERIALS),
  prints: table(PRINTS),
  figures: table(FIGURE_WORDS),
  skins: table(SKIN_WORDS),
  hairColours: table(HAIR_COLOUR_WORDS),
  hairStyles: table(HAIR_STYLE_WORDS),
  ages: table(AGE_WORDS),
  settings: table(SETTING_WORDS),
  lights: table(LIGHT_WORDS),
  framings: table(FRAMING_WORDS),
};
const LONGEST_TERM = 4;
const SHADE_WORDS: Record<string, (hex: string) => string> = {
  light: (c) => lighten(c, 0.35),
  pale: (c) => lighten(c, 0.45),
  pastel: (c) => lighten(c, 0.5),
  dark: (c) => darken(c, 0.4),
  deep: (c) => darken(c, 0.3),
  bright: (c) => mix(c, '#ffffff', 0.1),
  dusty: (c) => mix(c, '#9a8f8a', 0.35),
};
const SKIN_CONTEXT = new Set(['skin', 'skinned', 'complexion', 'skin tone']);

/** Lower-case words with commas kept as their own token (they end a garment's adjectives). */
export function tokensOf(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’']s\b/g, '')
    .replace(/[^a-z0-9àâäéèêëïîôöùûüçñ,\s-]+/g, ' ')
    .replace(/,/g, ' , ')
    .replace(/-/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

/** The longest term at `i` that `has` knows, as [term, length]. */
function termAt(tokens: string[], i: number, has: (term: string) => boolean): [string, number] | null {
  for (let n = Math.min(LONGEST_TERM, tokens.length - i); n >= 1; n--) {
    const term = tokens.slice(i, i + n).join(' ');
    if (has(term)) return [term, n];
  }
  return null;
}

/** Reads one text: terms left to right, longest first; a garment takes the colours, material and print just before it. */
/** Whether the words from `from` name something unknown ("sneakers") and no garment follows before the clause ends. */
function describesUnknownThing(tokens: string[], from: number): boolean {
  const word = tokens[from];
  if (word === undefined || word === ',' || CONNECTING_WORDS.has(word)) return false;
  for (let i = from; i < tokens.length && tokens[i] !== ','; i++) if (termAt(tokens, i, (t) => T.garments.has(t))) return false;
  return true;
}
/** Words between a colour and what it colours, or after it, that do not name a thing. */
const CONNECTING_WORDS = new Set(['and', 'or', 'with', 'in', 'on', 'at', 'by', 'for', 'of', 'the', 'a', 'an', 'shade', 'tone', 'tones', 'colour', 'color', 'coloured', 'colored', 'look', 'outfit', 'on', 'against']);

/** Words between a skin word and the person ("a Black male model", "a white middle-aged man"; hyphens split). */
const PERSON_BEFORE_NOUN = new Set(['male', 'female', 'young', 'older', 'elderly', 'middle', 'aged', 'plus', 'size', 'tall', 'curvy']);
/** The skin tones (indexes into SKIN_TONES) a word for a person's colour covers. */
const SKIN_RANGES: Record<string, [number, number]> = { black: [4, 6], white: [0, 2] };
/** Words for a person a hair colour may come right before ("a blonde woman"). */
const PERSON_NOUNS = new Set(['woman', 'women', 'man', 'men', 'girl', 'girls', 'guy', 'lady', 'ladies', 'model', 'models', 'person', 'boy', 'bride', 'groom']);
/** Hair colours that, right before a person, can only be the hair's. */
const HAIR_BEFORE_PERSON = new Set(['blonde', 'blond', 'brunette', 'ginger', 'auburn', 'platinum']);

/** The shape a shoe word draws in a still life. */
const SHOE_KINDS: Record<string, ShoeKind> = {
  sneakers: 'sneaker', sneaker: 'sneaker', trainers: 'sneaker', boots: 'boot', boot: 'boot', 'ankle boots': 'boot', wellingtons: 'boot',
  'wellington boots': 'boot', heels: 'heel', 'high heels': 'heel', stilettos: 'heel', pumps: 'heel',
};
/** A pair's colour when none is said: white sneakers, black heels, brown boots, tan leather otherwise. */
const SHOE_COLOURS: Record<ShoeKind, NamedColour> = { sneaker: { name: 'white', hex: '#f2f0eb' }, heel: { name: 'black', hex: '#1b1a1c' }, boot: { name: 'brown', hex: '#5a3a24' }, flat: { name: 'tan', hex: '#a8774e' } };
/** Whether a still life draws an accessory alone (a veil, an umbrella or a scarf only as worn or held). */
export function standsAlone(accessory: AccessoryReading): boolean {
  return accessory.kind !== 'veil' && accessory.kind !== 'umbrella' && accessory.kind !== 'scarf';
}

/** Words a prompt of things alone may hold besides the things, their colours and materials, a place and a light. */
const THING_WORDS = new Set([',', 'a', 'an', 'the', 'of', 'on', 'in', 'with', 'and', 'long', 'pair', 'pairs', 'set', 'some', 'two', 'nothing', 'else', 'only', 'alone', 'just', 'close', 'up', 'closeup', 'shot', 'photo', 'photograph', 'product', 'image', 'picture', 'flat', 'lay', 'background', 'backdrop', 'seamless', 'top', 'down', 'view', 'detail', 'still', 'life', 'marble', 'table', 'wooden', 'wood', 'white', 'sunlight', 'light', 'shadow', 'shadows', 'new', 'luxury', 'designer', 'vintage', 'classic', 'minimal', 'minimalist', 'editorial', 'catalog', 'catalogue', 'e', 'commerce', 'ecommerce', 'angle', 'low', 'high', 'macro', 'socks', 'sock', 'laces', 'floor', 'concrete', 'studio']);

/**
 * Whether a prompt names things and nothing else ("red stiletto heels on marble", "a pair of white sneakers"): every
 * word a thing, its colour, material or style, a place, a light or a word of the list above. Anything else — a
 * person ("a cowboy", "Rihanna"), a garment the vocabulary does not know ("a sari"), a hair style, a portrait — may
 * be someone wearing them: drawn as before.
 */
function onlyThings(tokens: string[]): boolean {
  const known = (t: string, i: number) =>
    THING_WORDS.has(t) || SHOES.has(t) || (SHOE_STYLES.has(t) && shoeFollows(i)) || t in DRAWN_ACCESSORIES || T.colours.has(t) || T.materials.has(t) || T.prints.has(t) ||
    T.settings.has(t) || T.lights.has(t) || t in ACCESSORY_COLOURS || SHADE_WORDS[t] !== undefined || SUN_HAT_WORDS.has(t) || BEANIE_WORDS.has(t);
  // A shoe's style only before a shoe ("cowboy boots"; "a cowboy in boots" is a man), its colour or material between
  // ("knee-high leather boots").
  const shoeFollows = (i: number): boolean => {
    const next = tokens[i + 1] ?? '';
    return SHOES.has(next) || ((SHOE_STYLES.has(next) || T.colours.has(next) || T.materials.has(next)) && shoeFollows(i + 1));
  };
  for (let i = 0; i < tokens.length; ) {
    const term = termAt(tokens, i, (t) => known(t, i));
    if (!term) return false;
    i += term[1];
  }
  return true;
}
/** Words for a shoe's style between its colour and its name ("red stiletto heels", "white high top sneakers"). */
const SHOE_STYLES = new Set(['stiletto', 'platform', 'chunky', 'block', 'kitten', 'strappy', 'pointed', 'running', 'high', 'low', 'top', 'chelsea', 'combat', 'cowboy', 'knee', 'court', 'slingback', 'canvas', 'suede', 'patent']);
/** The figure's shoes: drawn, in the colour said of them. */
const SHOES = new Set(['shoes', 'shoe', 'sneakers', 'sneaker', 'trainers', 'boots', 'boot', 'ankle boots', 'wellingtons', 'wellington boots', 'heels', 'high heels', 'stilettos', 'pumps', 'loafers', 'sandals', 'mules', 'flats', 'ballet flats', 'espadrilles']);

/** Accessories the drawing shows, by the words that name them (see accessories.ts). */
export type AccessoryKind = 'hat' | 'cowboy hat' | 'sun hat' | 'bucket hat' | 'beret' | 'cap' | 'beanie' | 'sunglasses' | 'glasses' | 'handbag' | 'clutch' | 'tote' | 'crossbody' | 'briefcase' | 'scarf' | 'necklace' | 'pearls' | 'earrings' | 'hoops' | 'veil' | 'umbrella' | 'belt' | 'gloves' | 'bouquet';
export interface AccessoryReading {
  kind: AccessoryKind;
  /** The colour said of it ("a red handbag", "a straw hat", "gold hoops"); else the drawing picks one. */
  colour?: NamedColour;
  /** Its print, when said ("a plaid scarf"). */
  print?: PrintKind;
  /** Gloves past the elbow ("long satin gloves", "opera gloves"); else they end at the wrist. */
  long?: true;
}
const DRAWN_ACCESSORIES: Record<string, AccessoryKind> = {
  hat: 'hat', fedora: 'hat', trilby: 'hat', panama: 'hat', 'panama hat': 'hat', 'cowboy hat': 'cowboy hat', stetson: 'cowboy hat',
  'sun hat': 'sun hat', sunhat: 'sun hat', 'bucket hat': 'bucket hat', beret: 'beret', cap: 'cap', 'baseball cap': 'cap',
  beanie: 'beanie', sunglasses: 'sunglasses', sunnies: 'sunglasses', aviators: 'sunglasses', glasses: 'glasses',
  spectacles: 'glasses', eyeglasses: 'glasses', bag: 'handbag', handbag: 'handbag', purse: 'handbag', 'shoulder bag': 'handbag',
  'mini bag': 'handbag', clutch: 'clutch', tote: 'tote', 'tote bag': 'tote', necklace: 'necklace', choker: 'necklace',
  pendant: 'necklace', pearls: 'pearls', 'pearl necklace': 'pearls', earrings: 'earrings',
  hoops: 'hoops', 'hoop earrings': 'hoops', veil: 'veil', 'bridal veil': 'veil',
  umbrella: 'umbrella', brolly: 'umbrella', crossbody: 'crossbody', 'crossbody bag': 'crossbody', 'cross body': 'crossbody',
  'cross body bag': 'crossbody', 'messenger bag': 'crossbody', 'sling bag': 'crossbody', 'camera bag': 'crossbody',
  briefcase: 'briefcase', 'attache case': 'briefcase', 'laptop bag': 'briefcase',
  scarf: 'scarf', scarves: 'scarf', 'neck scarf': 'scarf', muffler: 'scarf', shawl: 'scarf', pashmina: 'scarf', stole: 'scarf',
  belt: 'belt', 'waist belt': 'belt', 'belt bag': 'crossbody', 'bum bag': 'crossbody', 'fanny pack': 'crossbody',
  gloves: 'gloves', glove: 'gloves', 'opera gloves': 'gloves', 'evening gloves': 'gloves',
  bouquet: 'bouquet', posy: 'bouquet', 'bridal bouquet': 'bouquet', 'bunch of flowers': 'bouquet',
};
/** Words before gloves that make them reach past the elbow. */
const LONG_GLOVE_WORDS = new Set(['long', 'opera', 'evening', 'elbow', 'satin', 'silk', 'length']);
/** Flowers a bouquet is "of": the colour said of them is the bouquet's ("a bouquet of white roses"). */
const FLOWERS = new Set(['roses', 'rose', 'peonies', 'peony', 'tulips', 'tulip', 'lilies', 'lily', 'flowers', 'flower', 'wildflowers', 'daisies', 'daisy', 'sunflowers', 'sunflower', 'orchids', 'orchid', 'hydrangeas', 'hydrangea', 'blooms', 'blossoms', 'ranunculus', 'carnations', 'poppies', 'lavender', 'eucalyptus', 'greenery']);
/** Words before a hat that make it a wide-brimmed sun hat, or a knitted beanie. */
const SUN_HAT_WORDS = new Set(['straw', 'sun', 'wide', 'brimmed', 'brim', 'floppy', 'raffia', 'oversized', 'beach']);
const BEANIE_WORDS = new Set(['knit', 'knitted', 'wool', 'woolly', 'woollen', 'woolen', 'bobble']);
/** What an accessory's words say of its colour that the colour table does not ("a straw hat", "gold hoops"). */
const ACCESSORY_COLOURS: Record<string, NamedColour> = {
  straw: { name: 'straw', hex: '#d8bd82' },
  raffia: { name: 'straw', hex: '#d8bd82' },
  wicker: { name: 'straw', hex: '#c9a66b' },
  tortoiseshell: { name: 'tortoiseshell', hex: '#5e3b22' },
  gold: { name: 'gold', hex: '#c9a44f' },
  golden: { name: 'gold', hex: '#c9a44f' },
  silver: { name: 'silver', hex: '#c6c8cb' },
  pearl: { name: 'pearl', hex: '#efe9dd' },
};
/** Words that end an accessory's description when read back from it. */
const ACCESSORY_STOPS = new Set([',', 'and', 'with', 'a', 'an', 'the', 'in', 'of', 'wearing', 'plus', 'or', 'her', 'his', 'their']);

/** Things worn: what is said of them is kept off the outfit (of these, the shoes and {@link DRAWN_ACCESSORIES} are drawn). */
const ACCESSORIES = new Set([
  ...SHOES,
  ...Object.keys(DRAWN_ACCESSORIES),
  'slippers', 'backpack', 'bracelet', 'jewellery', 'jewelry', 'watch', 'headband',
  'socks', 'tights', 'stockings', 'lipstick', 'lip', 'lips', 'eyeliner', 'eyeshadow', 'nails', 'manicure',
]);

/**
 * The accessory a term names and what the words before it say ("a wide-brimmed straw hat" is a straw-coloured sun
 * hat), read back to the start of its description; null for accessories not drawn.
 */
function accessoryOf(tokens: string[], at: number, term: string): AccessoryReading | null {
  let kind = DRAWN_ACCESSORIES[term];
  if (!kind) return null;
  const words: string[] = [];
  const garmentOnly = (t: string) => T.garments.has(t) && !T.materials.has(t);
  for (let k = at - 1; k >= Math.max(0, at - 4) && !ACCESSORY_STOPS.has(tokens[k]!) && !termAt(tokens, k, garmentOnly); k--) words.unshift(tokens[k]!);
  if (kind === 'hat' && words.some((w) => SUN_HAT_WORDS.has(w))) kind = 'sun hat';
  if (kind === 'hat' && words.some((w) => BEANIE_WORDS.has(w))) kind = 'beanie';
  if (kind === 'necklace' && words.includes('pearl')) kind = 'pearls';
  if (kind === 'earrings' && words.includes('hoop')) kind = 'hoops';
  // A bouquet's colour is its flowers' ("a bouquet of white roses"): read after it too, up to the flowers.
  const termLength = term.split(' ').length;
  if (kind === 'bouquet' && tokens[at + termLength] === 'of') {
    const after = tokens.slice(at + termLength + 1, at + termLength + 5);
    const end = after.findIndex((t) => FLOWERS.has(t));
    if (end > 0) words.push(...after.slice(0, end));
  }
  let colour: NamedColour | undefined;
  for (let k = 0; k < words.length && !colour; k++) {
    const own = ACCESSORY_COLOURS[words[k]!];
    if (own) colour = own;
    const named = termAt(words, k, (t) => T.colours.has(t));
    if (!colour && named) colour = { name: named[0], hex: T.colours.get(named[0])! };
  }
  const print = words.map((_, k) => termAt(words, k, (t) => T.prints.has(t))).find(Boolean);
  const long = kind === 'gloves' && (words.some((w) => LONG_GLOVE_WORDS.has(w)) || /opera|evening/.test(tokens[at] ?? ''));
  return { kind, ...(colour ? { colour } : {}), ...(print && kind === 'scarf' ? { print: T.prints.get(print[0])! } : {}), ...(long ? { long: true as const } : {}) };
}

/** Words after an accessory's name that make it a part of a garment ("cap sleeves", "paper bag waist") or not worn at all ("glasses of champagne"). */
const ACCESSORY_AS_PART = new Set(['sleeve', 'sleeves', 'sleeved', 'waist', 'waisted', 'toe', 'toes', 'neck', 'neckline', 'collar', 'of']);

/** How the engine names an accessory it drew, where its kind is not the word ("hat" is drawn as a fedora). */
const ACCESSORY_NAMES: Partial<Record<AccessoryKind, string>> = { hat: 'fedora', hoops: 'hoop earrings', pearls: 'pearl necklace', crossbody: 'crossbody bag' };

/** Which accessories are worn together: one of each place (a hat, eyewear, a bag, a necklace, earrings). */
const ACCESSORY_PLACE: Record<AccessoryKind, string> = {
  hat: 'head', 'cowboy hat': 'head', 'sun hat': 'head', 'bucket hat': 'head', beret: 'head', cap: 'head', beanie: 'head', sunglasses: 'eyes', glasses: 'eyes',
  handbag: 'hand', clutch: 'hand', tote: 'hand', crossbody: 'hand', briefcase: 'hand', scarf: 'scarf', necklace: 'neck', pearls: 'neck', earrings: 'ears', hoops: 'ears', veil: 'veil', umbrella: 'umbrella',
  belt: 'waist', gloves: 'hands', bouquet: 'hand',
};

/** Words that ask for one colour from head to toe. */
const MONOCHROME_WORDS = new Set(['monochrome', 'monochromatic', 'tonal']);

/** The words that name a backdrop, and those that may come between its colour and that word. */
const BACKDROP_WORDS = new Set(['background', 'backdrop', 'backdrops', 'wall', 'walls', 'cyclorama', 'sweep']);
const BACKDROP_KINDS = new Set(['studio', 'seamless', 'paper', 'plain', 'solid', 'painted']);

/** Words that say a garment is not worn, within the two words before it. */
const GARMENT_NEGATIONS = new Set(['no', 'without', 'minus', 'not', 'never']);

/** "no jacket", "without a bag", "not a blazer": a negation within the two words before the garment, in its clause. */
function negatedGarment(tokens: string[], at: number): boolean {
  for (let k = at - 1; k >= Math.max(0, at - 3) && tokens[k] !== ','; k--) if (GARMENT_NEGATIONS.has(tokens[k]!)) return true;
  return false;
}

/** Setting words that say the weather more than the place: a place named after them wins. */
const WEATHER_SETTINGS = new Set(['snow', 'snowy', 'snowing', 'snowfall', 'winter']);
const WEATHER_LIGHTS = new Set(['rainy', 'cloudy']);

/** What a garment is for or how it hangs: "a silver party dress" is a silver dress (silver was lost before "party"). */
const OCCASION_WORDS = new Set(['party', 'cocktail', 'prom', 'summer', 'spring', 'holiday', 'casual', 'formal', 'elegant', 'classic', 'vintage', 'flowy', 'flowing', 'loose', 'everyday', 'office', 'work', 'date', 'night', 'beach']);

/** Whether the word at `i` sits between a colour, material or print and the garment it describes. */
function describesNext(tokens: string[], i: number): boolean {
  const before = tokens[i - 1] ?? '';
  const describes = (t: string) => T.colours.has(t) || T.materials.has(t) || T.prints.has(t);
  if (!describes(before) && !describes(`${tokens[i - 2] ?? ''} ${before}`)) return false;
  // A garment whose own name starts with the word stays whole ("beach dress" if it were one).
  if (termAt(tokens, i, (t) => T.garments.has(t))) return false;
  return termAt(tokens, i + 1, (t) => T.garments.has(t)) !== null;
}

/** Words for a dress's or skirt's length to the floor. */
const FLOOR_LENGTH = new Set(['long', 'floor length', 'ankle length', 'full length']);

/**
 * "a long red silk dress" is a red silk maxi dress (it was a knee-length dress and long hair): a length word before
 * a dress or skirt, with only its colours, materials and prints between, moves to the garment as "maxi".
 */
function lengthened(tokens: string[]): string[] {
  // An occasion word between a colour and its garment goes after the garment: the colour reaches it, and a place or
  // a light said that way ("a red beach dress") is still read.
  const out: string[] = [];
  let held: string | undefined;
  tokens.forEach((t, i) => {
    if (OCCASION_WORDS.has(t) && describesNext(tokens, i)) held = t;
    else {
      out.push(t);
      if (held && T.garments.has(t)) [out[out.length], held] = [held, undefined];
    }
  });
  if (held) out.push(held);
  for (let i = 0; i < out.length; i++) {
    const two = `${out[i]} ${out[i + 1] ?? ''}`;
    const words = FLOOR_LENGTH.has(two) ? 2 : out[i] === 'long' ? 1 : 0;
    if (words === 0) continue;
    let j = i + words;
    for (let term = termAt(out, j, (t) => T.colours.has(t) || T.materials.has(t) || T.prints.has(t) || SHADE_WORDS[t] !== undefined); term; term = termAt(out, j, (t) => T.colours.has(t) || T.materials.has(t) || T.prints.has(t) || SHADE_WORDS[t] !== undefined)) j += term[1];
    if (!['dress', 'skirt'].includes(out[j] ?? '')) continue;
    out.splice(j, 0, 'maxi');
    out.splice(i, words);
  }
  return out;
}

export function readText(text: string): Said {
  const tokens = lengthened(tokensOf(text));
  const said: Said = { garments: [], looseColours: [] };
  let colours: NamedColour[] = [];
  let material: [string, MaterialKind] | undefined;
  let print: PrintKind | undefined;
  let shade: string | undefined;
  let settingByWeather = false;
  let lightByWeather = false;
  const next = (i: number) => tokens[i] ?? '';
  // A set is one colour top to bottom ("a beige knit set", "a linen co-ord", "a matching two-piece", "loungewear").
  if (tokens.some((t) => MONOCHROME_WORDS.has(t)) || / (?:head to toe|set|sets|co ord|co ords|coord|coords|two piece|loungewear) /.test(` ${tokens.join(' ')} `)) said.monochrome = true;
  for (let i = 0; i < tokens.length; ) {
    const word = tokens[i]!;
    // "blonde hair", "dark skin": the word before hair or skin describes the figure.
    const hairColour = termAt(tokens, i, (t) => T.hairColours.has(t));
    if (hairColour && /^(hair|hair,|haired|locks|curls|bob|braids|plaits|ponytail|bun)$/.test(next(i + hairColour[1])) || (hairColour && T.hairStyles.has(next(i + hairColour[1])) && next(i + hairColour[1] + 1) === 'hair')) {
      said.hair = { ...T.hairColours.get(hairColour[0])! };
      i += hairColour[1];
      continue;
    }
    // "a thick red beard", "grey stubble": the facial hair's colour, not a garment's.
    if (hairColour && FACIAL_HAIR_WORD.test(next(i + hairColour[1]))) {
      said.facialHairColour = { ...T.hairColours.get(hairColour[0])! };
      i += hairColour[1];
      continue;
    }
    // "a blonde woman", "brunette model": a hair colour right before a person is the hair's. "A Black woman", "a white
    // male model": the person's skin, one of the tones the word covers (the seed picks which), not a garment's colour.
    let personAt = 1;
    while (personAt < 4 && PERSON_BEFORE_NOUN.has(next(i + personAt))) personAt++;
    // "a black men's leather jacket": the person word names whom the garment is for (a garment or material follows).
    const forWhom = termAt(tokens, i + personAt + 1, (t) => T.garments.has(t) || T.materials.has(t)) !== null;
    if (!PERSON_NOUNS.has(next(i + personAt)) || forWhom) personAt = 0;
    if (personAt > 0 && (HAIR_BEFORE_PERSON.has(word) || word === 'black' || word === 'white')) {
      if (HAIR_BEFORE_PERSON.has(word)) said.hair = { ...T.hairColours.get(word)! };
      else said.skinRange ??= SKIN_RANGES[word]!;
      i += 1;
      continue;
    }
    if (word === 'redhead' || word === 'redheaded') {
      said.hair = { ...T.hairColours.get('red')! };
      i += 1;
      continue;
    }
    if (word === 'bride' || word === 'bridal' || word === 'wedding') said.bridal = true;
    const skin = termAt(tokens, i, (t) => T.skins.has(t));
    if (skin && (SKIN_CONTEXT.has(next(i + skin[1])) || next(i + skin[1]) === 'skin' )) {
      said.skin = T.skins.get(skin[0])!;
      i += skin[1] + 1;
      continue;
    }
    // A shade word before a colour ("light blue", "deep red").
    if (SHADE_WORDS[word] && termAt(tokens, i + 1, (t) => T.colours.has(t))) {
      shade = word;
      i += 1;
      continue;
    }
    const garment = termAt(tokens, i, (t) => T.garments.has(t));
    const materialTerm = termAt(tokens, i, (t) => T.materials.has(t));
    // "knit sweater": a word that is both a material and a garment is the material when a garment follows.
    const materialFirst = materialTerm && (!garment || (garment[1] <= materialTerm[1] && termAt(tokens, i + materialTerm[1], (t) => T.garments.has(t) || T.materials.has(t) || T.prints.has(t))));
    // "top model", "top of the stairs": not a garment.
    // "dress shoes", "knit hat": a garment's name right before an accessory's describes the accessory.
    const notWorn = (garment?.[0] === 'top' && ['model', 'models', 'of', 'notch', 'floor', 'shelf'].includes(next(i + 1))) || (garment !== null && termAt(tokens, i + garment[1], (t) => ACCESSORIES.has(t)) !== null);
    if (garment && !materialFirst && !notWorn) {
      // "no jacket", "without a blazer": not worn, and what was said just before it went with it.
      if (!negatedGarment(tokens, i)) {
        // "a lilac blazer and matching mini skirt": the same colour again.
        const matching = tokens[i - 1] === 'matching' && colours.length === 0 ? (said.garments.at(-1)?.colours ?? []) : colours;
        const worn: Said['garments'][number] = { entry: T.garments.get(garment[0])!, colours: matching, ...(material ? { material } : {}), ...(print ? { print } : {}) };
        said.garments.push(worn);
        // "a coat in camel", "a slip skirt in champagne satin": the colour (and material) right after "in" are its own.
        if (next(i + garment[1]) === 'in') {
          let j = i + garment[1] + 1;
          const after = termAt(tokens, j, (t) => T.colours.has(t));
          if (after) {
            worn.colours = [{ name: after[0], hex: T.colours.get(after[0])! }];
            j += after[1];
            const afterMaterial = termAt(tokens, j, (t) => T.materials.has(t));
            if (afterMaterial && !worn.material && !termAt(tokens, j, (t) => T.garments.has(t))) {
              worn.material = [afterMaterial[0], T.materials.get(afterMaterial[0])!];
              j += afterMaterial[1];
            }
            colours = [];
            material = undefined;
            print = undefined;
            i = j;
            continue;
          }
        }
      }
      colours = [];
      material = undefined;
      print = undefined;
      i += garment[1];
      continue;
    }
    // Shoes, bags, hats and jewellery are not drawn: the colour and material said of them are theirs, not the outfit's.
    const accessory = termAt(tokens, i, (t) => ACCESSORIES.has(t));
    if (accessory) {
      // Shoes are drawn: in the colour said of them.
      if (SHOES.has(accessory[0]) && colours[0]) said.shoes ??= colours[0];
      // So are hats, eyewear, bags and jewellery (the first of each place), unless the prompt says it is not worn.
      // Not when the word describes a garment's part ("cap sleeves", "paper bag waist trousers").
      const after = i + accessory[1];
      const bouquet = DRAWN_ACCESSORIES[accessory[0]] === 'bouquet';
      const partOfGarment = (!bouquet && ACCESSORY_AS_PART.has(next(after))) || termAt(tokens, after, (t) => T.garments.has(t)) !== null;
      const drawn = negatedGarment(tokens, i) || partOfGarment ? null : accessoryOf(tokens, i, accessory[0]);
      if (drawn && !said.accessories?.some((a) => ACCESSORY_PLACE[a.kind] === ACCESSORY_PLACE[drawn.kind])) (said.accessories ??= []).push(drawn);
      colours = [];
      material = undefined;
      print = undefined;
      shade = undefined;
      i += accessory[1];
      // "a bouquet of white roses": the flowers and their colour are the bouquet's, not the next garment's.
      if (bouquet && next(i) === 'of') {
        const flowers = tokens.slice(i + 1, i + 5).findIndex((t) => FLOWERS.has(t));
        if (flowers >= 0) i += flowers + 2;
      }
      // "a silk scarf with a paisley pattern": the scarf's print, not the outfit's.
      if (drawn?.kind === 'scarf' && ['with', 'in'].includes(next(i))) {
        let j = i + 1;
        while (['a', 'an'].includes(next(j))) j++;
        const printed = termAt(tokens, j, (t) => T.prints.has(t));
        if (printed) {
          drawn.print ??= T.prints.get(printed[0])!;
          i = j + printed[1] + (['pattern', 'print', 'motif'].includes(next(j + printed[1])) ? 1 : 0);
        }
      }
      continue;
    }
    const printTerm = termAt(tokens, i, (t) => T.prints.has(t));
    if (printTerm && (!materialTerm || printTerm[1] >= materialTerm[1])) {
      print = T.prints.get(printTerm[0]);
      i += printTerm[1];
      continue;
    }
    if (materialTerm) {
      material = [materialTerm[0], T.materials.get(materialTerm[0])!];
      i += materialTerm[1];
      continue;
    }
    const colour = termAt(tokens, i, (t) => T.colours.has(t));
    // Words like "tan" or "olive" are colours only right before a garment, material, print or colour.
    const boundLater = colour && termAt(tokens, i + colour[1], (t) => T.garments.has(t) || T.materials.has(t) || T.prints.has(t) || T.colours.has(t) || t === 'and');
    // "a white background", "seamless grey studio backdrop": the backdrop's colour, not a garment's.
    if (colour) {
      let j = i + colour[1];
      while (BACKDROP_KINDS.has(tokens[j] ?? '')) j++;
      if (BACKDROP_WORDS.has(tokens[j] ?? '')) {
        said.backdrop ??= { name: colour[0], hex: T.colours.get(colour[0])! };
        // The words between are still read ("studio" is the setting).
        i += colour[1];
        shade = undefined;
        continue;
      }
    }
    // "the red carpet": a place whose name starts with a colour.
    const placeNamed = colour !== null && (termAt(tokens, i, (t) => T.settings.has(t))?.[1] ?? 0) > colour[1];
    if (colour && !placeNamed && (!AMBIGUOUS_COLOURS.has(colour[0]) || boundLater)) {
      // "denim jacket, white sneakers": a colour before a word we do not know, with no garment after it in its
      // clause, is that thing's colour — not one to bind to a garment named elsewhere.
      if (!boundLater && describesUnknownThing(tokens, i + colour[1])) {
        // "red heels": the shoes' colour, drawn ("red leather boots", "red stiletto heels").
        let between = termAt(tokens, i + colour[1], (t) => T.materials.has(t))?.[1] ?? 0;
        while (SHOE_STYLES.has(tokens[i + colour[1] + between] ?? '')) between += 1;
        if (termAt(tokens, i + colour[1] + between, (t) => SHOES.has(t))) said.shoes ??= { name: colour[0], hex: T.colours.get(colour[0])! };
        shade = undefined;
        i += colour[1];
        continue;
      }
      const hex = T.colours.get(colour[0])!;
      colours.push(shade ? { name: `${shade} ${colour[0]}`, hex: SHADE_WORDS[shade]!(hex) } : { name: colour[0], hex });
      shade = undefined;
      i += colour[1];
      continue;
    }
    shade = undefined;
    const lookups: [Map<string, unknown>, (value: never) => void][] = [
      [T.lights, (v: Light) => (said.light ??= v)],
      [T.framings, (v: Framing) => (said.framing ??= v)],
      [T.settings, (v: Setting) => (said.setting ??= v)],
      // Braids said after "long" are the style ("long box braids", "long blonde plaits").
      [T.hairStyles, (v: HairLength) => (said.hairStyle = said.hairStyle === undefined || (v === 'braids' && said.hairStyle === 'long') ? v : said.hairStyle)],
      [T.ages, (v: AgeRange) => (said.age ??= v)],
      [T.figures, (v: Presentation) => (said.presentation ??= v)],
    ];
    const found = lookups.map(([map, set]) => [termAt(tokens, i, (t) => map.has(t)), map, set] as const).find(([term]) => term);
    // "cropped jacket" is the jacket's cut, not the hair's; "70s style" a decade, not an age ("in her 70s").
    const misread =
      found &&
      ((found[1] === T.hairStyles && found[0]![0] === 'cropped' && !/^hair/.test(next(i + 1))) ||
        // "a braided leather belt": the thing's weave, not the hair.
        (found[1] === T.hairStyles && ['braided', 'plaited'].includes(found[0]![0]) && !/^hair/.test(next(i + 1))) ||
        (found[1] === T.ages && /^\d0s$/.test(found[0]![0]) && !['her', 'his', 'their', 'in', 'early', 'late', 'mid'].includes(tokens[i - 1] ?? '')) ||
        // "wide-brimmed hat", "wide-leg trousers": the thing's shape; "wide" alone (or "wide angle") is the framing.
        (found[1] === T.framings && found[0]![0] === 'wide' && ![undefined, ',', '.', ';', 'angle', 'view', 'frame', 'framing'].includes(tokens[i + 1])) ||
        // "evening dress", "evening wear": what is worn in the evening, not the light ("… in a garden" stays by day).
        (found[1] === T.lights && found[0]![0] === 'evening' && (T.garments.has(next(i + 1)) || ['wear', 'look', 'outfit', 'attire', 'bag', 'clutch'].includes(next(i + 1)))) ||
        // "a winter coat", "winter wear": what is worn in winter, not a mountain; "snow white": a colour.
        (found[1] === T.settings && found[0]![0] === 'winter' && (T.garments.has(next(i + 1)) || ['wear', 'look', 'outfit', 'collection', 'fashion', 'layers', 'layering'].includes(next(i + 1)))) ||
        (found[1] === T.settings && found[0]![0] === 'snow' && next(i + 1) === 'white'));
    if (found && !misread) {
      const [[term, length], map, set] = found as [[string, number], Map<string, unknown>, (value: unknown) => void];
      // A place beats the weather said before it: a "snowy Tokyo street at night" is a street, not a mountain.
      if (map === T.settings && settingByWeather && !WEATHER_SETTINGS.has(term)) said.setting = undefined;
      if (map === T.settings && said.setting === undefined) settingByWeather = WEATHER_SETTINGS.has(term);
      // So does a time of day beat the weather's light: "a rainy city at night" is night.
      if (map === T.lights && lightByWeather && !WEATHER_LIGHTS.has(term)) said.light = undefined;
      if (map === T.lights && said.light === undefined) lightByWeather = WEATHER_LIGHTS.has(term);
      set(map.get(term));
      i += length;
      continue;
    }
    i += 1;
  }
  // What is left after the last garment describes the garments that have none ("a dress in red").
  if (colours.length > 0 || material || print) {
    const last = [...said.garments].reverse().find((g) => g.colours.length === 0);
    if (last && colours.length > 0) last.colours = colours;
    else said.looseColours = colours;
    const bare = said.garments.find((g) => !g.material);
    if (material && bare) bare.material = material;
    else said.looseMaterial = material;
    const plain = said.garments.find((g) => !g.print);
    if (print && plain) plain.print = print;
    else said.loosePrint = print;
  }
  return said;
}

/** A garment to paint another colour, as an edit prompt asks ("change the dress to emerald"); null: the whole outfit. */
export interface RecolourRequest {
  garment: GarmentEntry | null;
  colour: NamedColour;
  /**
   * Asked in so many words: a colour after the garment ("the dress to emerald") or a verb of change in the prompt.
   * Otherwise ("golden hour light on her red dress") the colour may only describe the picture: an edit that cannot
   * find the garment then goes on with the rest of what was asked.
   */
  explicit: boolean;
}

/** Words that name the clothes as a whole. */
const OUTFIT_WORDS = new Set(['outfit', 'clothes', 'clothing', 'garment', 'garments', 'attire']);
/** Before a garment in its clause, these ask not to change it ("keep the black dress", "don't change the coat"). */
const NOT_A_CHANGE = new Set(['keep', 'keeping', 'remove', 'removing', 'without', 'not', 'no', 'same', 'don', 'dont', 'doesn', 'didn', 'never', 'leave', 'unchanged']);
/** Words that may follow the colour a garment becomes ("make the dress red please"). */
const AFTER_WORDS = new Set(['please', 'instead', 'now', 'too', 'again', 'then']);
/** Verbs that ask for a change of colour. */
const CHANGE_WORDS = new Set(['change', 'changing', 'make', 'turn', 'recolor', 'recolour', 'recolored', 'recoloured', 'dye', 'paint', 'switch', 'swap', 'replace', 'into']);
/** At most this many garments are recoloured by one edit. */
const MAX_RECOLOURS = 3;

/**
 * The garments an edit prompt asks to paint another colour, in the order named: a colour right before a garment
 * (materials and prints may sit between) describes it as it is or should be ("emerald dress", "the red silk dress");
 * a colour after a garment is what it becomes ("change the dress to emerald", "make the jacket red and the skirt
 * black"), and wins. A run of colours names one ("emerald green" is emerald). Colours with no garment ask for
 * nothing here ("a black and white look" is a grade).
 */
export function recolourRequests(text: string): RecolourRequest[] {
  const tokens = tokensOf(text);
  const changeAsked = tokens.some((t) => CHANGE_WORDS.has(t));
  /** Whether the clause a garment is named in says not to change it before naming it ("keep the black dress, …"). */
  const negated = (at: number) => {
    for (let i = at - 1; i >= 0 && tokens[i] !== ','; i--) if (NOT_A_CHANGE.has(tokens[i]!)) return true;
    return false;
  };
  type Term = { kind: 'garment'; entry: GarmentEntry | null; at: number; end: number } | { kind: 'colour'; colour: NamedColour; at: number; end: number };
  const terms: Term[] = [];
  for (let i = 0; i < tokens.length; ) {
    const word = tokens[i]!;
    const garment = termAt(tokens, i, (t) => T.garments.has(t));
    if (garment || OUTFIT_WORDS.has(word)) {
      const length = garment?.[1] ?? 1;
      terms.push({ kind: 'garment', entry: garment ? T.garments.get(garment[0])! : null, at: i, end: i + length });
      i += length;
      continue;
    }
    const shaded = SHADE_WORDS[word] ? 1 : 0;
    const colour = termAt(tokens, i + shaded, (t) => T.colours.has(t));
    // "tan" or "olive" is a colour only before a garment or another colour ("olive green"), as readText reads it.
    if (colour && (!AMBIGUOUS_COLOURS.has(colour[0]) || termAt(tokens, i + shaded + colour[1], (t) => T.garments.has(t) || T.colours.has(t)))) {
      const hex = T.colours.get(colour[0])!;
      const named = shaded ? { name: `${word} ${colour[0]}`, hex: SHADE_WORDS[word]!(hex) } : { name: colour[0], hex };
      const previous = terms.at(-1);
      // "emerald green": the run's first colour is the one meant.
      if (!(previous?.kind === 'colour' && previous.end === i)) terms.push({ kind: 'colour', colour: named, at: i, end: i + shaded + colour[1] });
      else previous.end = i + shaded + colour[1];
      i += shaded + colour[1];
      continue;
    }
    i += 1;
  }
  const describesNext = (index: number) => {
    const colour = terms[index]!;
    const next = terms[index + 1];
    if (next?.kind !== 'garment') return false;
    for (let t = colour.end; t < next.at; t++) if (!T.materials.has(tokens[t]!) && !T.prints.has(tokens[t]!)) return false;
    return true;
  };
  const wanted = new Map<string, { garment: GarmentEntry | null; before?: NamedColour; after?: NamedColour }>();
  let current: { garment: GarmentEntry | null; before?: NamedColour; after?: NamedColour } | undefined;
  for (const [index, term] of terms.entries()) {
    if (term.kind === 'garment') {
      if (negated(term.at)) {
        current = undefined;
        continue;
      }
      const key = term.entry?.name ?? '';
      const before = terms[index - 1]?.kind === 'colour' && describesNext(index - 1) ? (terms[index - 1] as { colour: NamedColour }).colour : undefined;
      current = wanted.get(key) ?? { garment: term.entry };
      if (before) current.before = before;
      wanted.delete(key);
      wanted.set(key, current);
    } else if (NOT_A_CHANGE.has(tokens[term.at - 1] ?? '')) {
      // "red, not pink": the colour refused is not the one asked for.
      continue;
    } else if (current && !describesNext(index)) {
      // "make the suit burgundy velvet", "turn the dress into emerald silk": the cloth said after the colour is the
      // garment's (the colour was missed and the edit changed nothing).
      let end = term.end;
      while (T.materials.has(tokens[end] ?? '') || T.prints.has(tokens[end] ?? '') || (end > term.end && tokens[end] === 'one')) end++;
      // "make the dress red" — but not "a red dress and black boots": that black is the boots'.
      if (AFTER_WORDS.has(tokens[end] ?? '') || NOT_A_CHANGE.has(tokens[end] ?? '') || !describesUnknownThing(tokens, end)) current.after = term.colour;
    }
  }
  return [...wanted.values()]
    .flatMap(({ garment, before, after }) => (after ?? before ? [{ garment, colour: (after ?? before)!, explicit: Boolean(after) || changeAsked }] : []))
    .slice(0, MAX_RECOLOURS);
}

/**
 * A garment named twice is one garment ("plaid skirt" and a preset's "full skirt": not "checked skirt and skirt"), and so
 * are two names of one kind of garment ("knitwear lookbook, cream cable-knit sweater": one sweater, the cream one): one
 * figure wears one of each. It keeps the first mention's place, the name of the mention that says the most about it
 * (its colour first), and what the others say that it does not.
 */
function sameGarmentsOnce(garments: Said['garments']): Said['garments'] {
  const said = (g: Said['garments'][number]) => (g.colours.length > 0 ? 4 : 0) + (g.material ? 2 : 0) + (g.print ? 1 : 0);
  const byKind = new Map<string, Said['garments'][number]>();
  for (const garment of garments) {
    const kind = garment.entry.template;
    const seen = byKind.get(kind);
    if (!seen) {
      byKind.set(kind, { ...garment });
      continue;
    }
    const [main, other] = said(garment) > said(seen) ? [garment, seen] : [seen, garment];
    byKind.set(kind, {
      ...main,
      colours: main.colours.length > 0 ? main.colours : other.colours,
      ...(main.material ?? other.material ? { material: (main.material ?? other.material)! } : {}),
      ...(main.print ?? other.print ? { print: (main.print ?? other.print)! } : {}),
    });
  }
  return [...byKind.values()];
}

/** How close (ΔE) a garment's colour may come to the skin's before it reads as bare skin; closer still, beside bare shoulders. */
const SKIN_CLASH = 20;
const SKIN_CLASH_BARE = 36;
/** Garments that leave the shoulders bare. */
const BARE_NECKLINES = new Set(['slip dress', 'mini dress', 'gown', 'tank', 'swimsuit', 'bikini', 'corset']);

/** The garment to draw when nothing names one, by presentation. */
const SEED_GARMENTS: Record<Presentation, string[]> = {
  woman: ['slip dress', 'dress', 'suit', 'trench', 'gown', 'blazer', 'jumpsuit', 'coat', 'skirt', 'maxi dress'],
  man: ['suit', 'trench', 'coat', 'blazer', 'jacket', 'sweater', 'shirt', 'leather jacket'],
  androgynous: ['suit', 'trench', 'coat', 'jumpsuit', 'blazer', 'sweater', 'shirt'],
};
/**
 * The garment to draw when nothing names one but the prompt says the season, the place, the occasion or the style
 * ("summer outfit" drew a wool coat, "a party" a trench). The first that matches — the occasion before the season:
 * "a Christmas party" is a party — the seed still picks within it.
 */
const THEMED_GARMENTS: [RegExp, Record<Presentation, string[]>][] = [
  [
    /\b(party|parties|night out|nightclub|club|cocktails?|gala|red carpet|prom|soiree|celebration)\b/,
    { woman: ['mini dress', 'slip dress', 'gown', 'cocktail dress'], man: ['tuxedo', 'suit', 'blazer'], androgynous: ['suit', 'tuxedo', 'jumpsuit'] },
  ],
  [
    /\b(office|business|corporate|boardroom|workwear|interview)\b/,
    { woman: ['suit', 'blazer', 'trouser suit', 'shirt'], man: ['suit', 'blazer', 'shirt'], androgynous: ['suit', 'blazer', 'shirt'] },
  ],
  [
    /\b(streetwear|street style|urban|skater?|skateboarding|hip[- ]hop|athleisure|sporty|gym|workout)\b/,
    { woman: ['hoodie', 'bomber', 'leather jacket', 'tracksuit'], man: ['hoodie', 'bomber', 'tracksuit', 'denim jacket'], androgynous: ['hoodie', 'bomber', 'tracksuit'] },
  ],
  [
    /\b(loungewear|lounging|lounge|cozy|cosy|pyjamas|pajamas|sofa|couch|at home)\b/,
    { woman: ['sweater', 'cardigan', 'hoodie'], man: ['sweater', 'hoodie', 'cardigan'], androgynous: ['sweater', 'hoodie', 'cardigan'] },
  ],
  [
    /\b(summer|summery|beach|seaside|resort|vacation|holiday|tropical|poolside|pool|yacht|riviera|heatwave)\b/,
    { woman: ['sundress', 'maxi dress', 'slip dress', 'shirt dress'], man: ['shirt', 'tee', 'shirt'], androgynous: ['shirt', 'tee', 'jumpsuit'] },
  ],
  [
    /\b(winter|wintry|snow|snowy|ski|skiing|apres[- ]ski|frosty|freezing|cold weather|christmas)\b/,
    { woman: ['coat', 'puffer', 'coat', 'sweater'], man: ['coat', 'puffer', 'overcoat', 'sweater'], androgynous: ['coat', 'puffer', 'sweater'] },
  ],
  [
    /\b(autumn|autumnal|fall fashion|fall outfit|fall look)\b/,
    { woman: ['trench', 'coat', 'sweater', 'leather jacket'], man: ['trench', 'coat', 'sweater', 'leather jacket'], androgynous: ['trench', 'coat', 'sweater'] },
  ],
];

const FALLBACK_PALETTES: string[][] = [
  ['#ede6dc', '#cdbfae', '#3d3429', '#a0522d'],
  ['#e8ecef', '#b8c4cc', '#22313f', '#c27c5b'],
  ['#f1e9e4', '#d8b9ad', '#6b2737', '#2e2a29'],
  ['#efeae2', '#a3b18a', '#344e41', '#dda15e'],
  ['#f3ede6', '#e0c3a8', '#1d3557', '#e63946'],
  ['#eee8df', '#c9b79c', '#1f1f22', '#8c6a4a'],
];

/** The palette's colour a set is made of: its lightest, or its darkest when the palette starts dark. */
function backdropOf(palette: string[]): string {
  const byLight = [...palette].sort((a, b) => luminance(b) - luminance(a));
  return luminance(palette[0]!) < 0.12 ? byLight[byLight.length - 1]! : byLight[0]!;
}

/** The palette's garment colour: the most saturated colour that stands out from its lightest (or darkest) one. */
export function garmentColourOf(palette: string[]): string {
  const byLight = [...palette].sort((a, b) => luminance(b) - luminance(a));
  const backdrop = backdropOf(palette);
  const candidates = palette.filter((c) => c !== backdrop);
  const contrasting = candidates.filter((c) => Math.abs(luminance(c) - luminance(backdrop)) > 0.12);
  const ranked = (contrasting.length > 0 ? contrasting : candidates).sort((a, b) => saturation(b) - saturation(a));
  return ranked[0] ?? byLight[byLight.length - 1]!;
}

/** The nearest named colour as the eye sees it (ΔE in L*a*b*), for saying what a palette colour is. */
export function nameOf(hex: string): string {
  let best = 'colour';
  let distance = Infinity;
  for (const [name, value] of T.colours) {
    const d = deltaE(hex, value);
    if (d < distance) [best, distance] = [name, d];
  }
  return best;
}

const named = (name: string): NamedColour => ({ name, hex: COLOURS[name] ?? '#808080' });

/** Prints that have their own colours when none is said: a zebra coat is black and white, not the palette's. */
const PRINT_COLOURS: Partial<Record<PrintKind, [ground: string, motif: string]>> = {
  zebra: ['white', 'black'],
  houndstooth: ['white', 'black'],
  leopard: ['camel', 'chocolate brown'],
  camouflage: ['olive', 'khaki'],
};

/** What is in the air of a set: rain falling, autumn's colours and falling leaves, or snow falling and lying. */
export type Atmosphere = 'rain' | 'autumn' | 'snow';
/** Not when said with "no" or "without" before it ("no rain", "without a beard"). */
const UNSAID = '(?<!\\b(?:no|without(?: a| any)?)\\s)';
const ATMOSPHERES: [RegExp, Atmosphere][] = [
  // Rain the weather, not the garment ("rain boots", "a rain jacket") nor a colour ("storm grey").
  [new RegExp(`${UNSAID}\\b(rainy|raining|rainfall|drizzle|drizzly|downpour|stormy|thunderstorm|rain(?!\\s*(?:boots?|coat|jacket|hat|mac|wear|proof))|storm(?!\\s*(?:grey|gray|blue)))\\b`), 'rain'],
  [new RegExp(`${UNSAID}\\b(autumn|autumnal|fall (?:leaves|foliage|colou?rs)|falling leaves|fallen leaves)\\b`), 'autumn'],
  // Snow the weather, not a colour ("snow white"), a garment ("snow boots") nor a print ("snowflake print").
  [new RegExp(`${UNSAID}\\b(?:snowy|snowing|snowfall|snowflakes?|blizzard|snow)\\b(?![\\s-]*(?:white|boots?|globe|print|pattern|motif|sweater|jumper|knit))`), 'snow'],
  // Winter the season outside, not its clothes ("a winter coat", "winter whites", "a winter collection").
  [new RegExp(`${UNSAID}\\b(?:winter|wintry|wintery)\\b(?![\\s-]*(?:coats?|jackets?|boots?|white|whites|sweaters?|jumpers?|knits?|knitwear|collection|wardrobe|wear|capsule|fashion|outfits?|looks?|layers|hat|scarf|gloves|pastels?|palette|colou?rs|wedding))`), 'snow'],
];
/** Sets with no sky: rain and falling leaves are not drawn there. */
const INDOORS: ReadonlySet<Setting> = new Set(['studio', 'interior', 'runway']);

/** The atmosphere a text asks for, if any ("on a rainy street", "an autumn park with falling leaves"). */
export function atmosphereOf(text: string): Atmosphere | undefined {
  const lower = text.toLowerCase();
  return ATMOSPHERES.find(([words]) => words.test(lower))?.[1];
}

/**
 * A black-and-white picture asked for ("black and white photograph", "B&W portrait", "shot in black and white",
 * "greyscale"), not black-and-white clothes ("black and white stripes", "a monochrome outfit", "dressed in black and
 * white").
 */
const BW_WORDS = '(?:black[- ](?:and|&|n)[- ]white|b ?& ?w|b/w|monochrome|mono)';
/** The words of it, to take out of the outfit's reading (the noun after them stays: "B&W portrait" is a close-up). */
const BLACK_AND_WHITE = new RegExp(`\\b${BW_WORDS}(?=[- ](?:photo|photograph|photography|picture|image|film|shot|portrait|editorial|still)s?\\b)|(?<=\\b(?:shot|photographed|filmed|captured|pictured|printed|rendered) (?:in|on) )${BW_WORDS}\\b|\\bgr[ae]yscale\\b`, 'g');
/** The same words for `test` (a global regex keeps its position between calls). */
const BLACK_AND_WHITE_SAID = new RegExp(BLACK_AND_WHITE.source);

/** Whether a text asks for a black-and-white picture. */
export function blackAndWhiteOf(text: string): boolean {
  return BLACK_AND_WHITE_SAID.test(text.toLowerCase());
}

/** Poses a prompt can ask for, as indexes into SCENE_POSES (poses.ts). */
const POSE_WORDS: [RegExp, number][] = [
  // Seated first: "sitting with arms crossed" sits.
  // Not "a sitting-room", "a beret perched on her head", "a blazer that sits at the hip", "a coat on a chair".
  [/\b(?:sitting|seated)\b(?![- ]room)|\b(?:sat|perched|sitting|seated) (?:on|in|at) (?:a |the )?(?:stool|chair|bench|armchair|sofa|couch|step|steps|stairs|ledge|wall)\b|\bon (?:a |the )?stool\b/, SEATED_POSE],
  [/\bhands? on (?:the |her |his |their )?hips?\b/, 1],
  [/\bhands? (?:in|into) (?:the |her |his |their )?(?:(?:trouser|jean|coat|jacket|front|back) )?pockets?\b/, POCKETS_POSE],
  [/\bcontrapposto\b/, 2],
  [/\b(?:walk|walks|walking|mid[- ]?stride|striding|strutting)\b(?![- ](?:in|boots?|shoes?|sandals?|sneakers?|trainers?|stick|distance))/, 3],
  [/\barms? (?:crossed|folded)\b|\bcrossed arms\b|\bfolded arms\b/, 4],
  [/\bhand (?:to|on) (?:the |her |his )?(?:collar|lapel|neck)\b/, 5],
  [/\b(?:wide|power) stance\b|\bfeet (?:wide )?apart\b/, 6],
  [/\bover (?:the |her |his |their )?shoulder\b(?! (?:bag|strap|tote|purse))|\blooking back\b|\bthree[- ]quarters? (?:view|turn|pose)\b/, 7],
  [/\barms? (?:raised|up|overhead)\b|\bhands? (?:in|through|touching) (?:the |her |his )?hair\b/, 8],
  [/\bleaning\b|\bleans?\b(?= (?:on|against))|\bagainst (?:a |the )?wall\b/, 9],
];

/** The pose a text asks for, if any. */
export function poseOf(text: string): number | undefined {
  const lower = text.toLowerCase();
  return POSE_WORDS.find(([words]) => words.test(lower))?.[1];
}

/** Words for a body's build. */
const BUILD_WORDS: [RegExp, Build][] = [
  [/\b(plus[- ]size[d]?|full[- ]figured|fuller[- ]figure|size[- ]inclusive|heavyset|chubby)\b/, 'plus'],
  [/\b(curvy|curvaceous|voluptuous|hourglass)\b/, 'curvy'],
  [/\b(muscular|athletic build|broad[- ]shouldered|well[- ]built|bodybuilder|stocky)\b/, 'broad'],
  [/\b(petite|slim|slender|skinny|willowy)\b(?![- ](?:fit|fitting|cut|jeans|trousers|pants|tie|leg|legged|straps?|heels?|belt|waist|lapels?|silhouette|line|chain|frame|glasses|scarf|sleeves?))/, 'slim'],
];

/** The build a text asks for, if any (a garment's cut — "slim fit", "skinny jeans" — is not the body's). */
export function buildOf(text: string): Build | undefined {
  const lower = text.toLowerCase();
  return BUILD_WORDS.find(([words]) => words.test(lower))?.[1];
}

/** A product shot: the clothes alone, as on an invisible mannequin. */
const NO_PERSON = /\b(no (person|model|people|one wearing it)|without (a |any )?(person|model|people)|flat ?lay|laid flat|product (shot|photo|photograph|image)|ghost mannequin|pack ?shot)\b/;

/** A word naming facial hair, right after its colour ("red beard"). */
const FACIAL_HAIR_WORD = /^(beard|beards|goatee|moustache|mustache|stubble)$/;

/** Facial hair a prompt can ask for (drawn in the hair's colour unless its own is said). */
export type FacialHair = 'beard' | 'stubble' | 'moustache';
const FACIAL_HAIR: [RegExp, FacialHair][] = [
  [new RegExp(`${UNSAID}\\b(stubble|stubbled|five o'?clock shadow)\\b`), 'stubble'],
  [new RegExp(`${UNSAID}\\b(beard|beards|bearded|goatee)\\b`), 'beard'],
  [new RegExp(`${UNSAID}\\b(moustache|mustache|moustached|mustached)\\b`), 'moustache'],
];

/** The facial hair a text asks for ("a man with a beard", "bearded", "no beard, a moustache"), none when clean-shaven. */
export function facialHairOf(text: string): FacialHair | undefined {
  const lower = text.toLowerCase();
  if (/\b(clean[- ]shaven|beardless)\b/.test(lower)) return undefined;
  return FACIAL_HAIR.find(([words]) => words.test(lower))?.[1];
}

/** A person word a second person is named by after "and" or "with" ("and a man", "with her boyfriend"), not a possessive. */
const PARTNER_WORDS: Record<string, Presentation | 'other'> = {
  woman: 'woman', girl: 'woman', lady: 'woman', bride: 'woman', girlfriend: 'woman', wife: 'woman',
  man: 'man', boy: 'man', guy: 'man', gentleman: 'man', groom: 'man', boyfriend: 'man', husband: 'man', partner: 'other',
};
const SECOND_PERSON = new RegExp(
  `^(.*?\\b(?:woman|man|girl|boy|guy|lady|gentleman|bride|groom|model)(?![\\w'’-]).*?)\\s+(?:and|with)\\s+((?:a|an|her|his|the|their)\\s+(?:[a-z-]+\\s+){0,2}?(${Object.keys(PARTNER_WORDS).join('|')})(?![\\w'’-])(?!\\s+buns?\\b)[^,;.]*)(.*)$`,
  's',
);
/** Words for two people with no second person word: who the second one is ('other': the first's opposite; 'any': the seed's). */
const PAIRS: [RegExp, Presentation | 'other' | 'any'][] = [
  [/\b(?:two|2|pair of|twin)\s+(?:[a-z-]+\s+)?(?:women|girls|ladies|sisters|brides)\b|\blesbian couple\b/, 'woman'],
  [/\b(?:two|2|pair of|twin)\s+(?:[a-z-]+\s+)?(?:men|guys|boys|brothers|grooms)\b|\bgay couple\b/, 'man'],
  [/\b(?:bride and (?:her |the )?groom|groom and (?:his |the )?bride|newlyweds|couple(?! of\b)|lovers)\b/, 'other'],
  [/\b(?:two|2|pair of)\s+(?:[a-z-]+\s+)?(?:models|people|friends|persons)\b|\bduo\b/, 'any'],
];
/** Words that dress two people alike. */
const MATCHING = /\b(matching|twinning|coordinated|coordinating|same outfits?)\b/;

/**
 * What a prompt shows: the garments, the person (and a second one, when two are named), the set, the light and the
 * framing, from its words, the preset's, and the seed for the rest.
 */
export function understand(prompt: string, preset: Preset | undefined, seed: number): Reading {
  const english = toEnglish(prompt);
  const lower = english.toLowerCase();
  const split = SECOND_PERSON.exec(lower);
  const pair = split ? PARTNER_WORDS[split[3]!]! : PAIRS.find(([words]) => words.test(lower))?.[1];
  if (!pair) return readPrompt(prompt, preset, seed);
  // "a woman in red and a man in a navy suit on a beach": each person is read from their own words, the picture (the
  // set, the light, the framing) from the whole prompt — a second person's words run on to the next comma.
  const whole = split ? readPrompt(prompt, preset, seed) : null;
  const first = split ? readPrompt(split[1]!, preset, seed) : readPrompt(prompt, preset, seed);
  const base = whole ?? first;
  if (base.noPerson || base.stillLife) return base;
  const random = createRandom(hashString(prompt) ^ Math.imul(seed, 0x85ebca6b) ^ 0x27d4eb2f);
  const opposite: Presentation = first.figure.presentation === 'man' ? 'woman' : 'man';
  const as: Presentation = pair === 'other' ? opposite : pair === 'any' ? random.pick<Presentation>(['woman', 'man']) : pair;
  const second = readPrompt(split ? split[2]! : prompt, undefined, seed ^ 0x5f356495, as);
  const matching = MATCHING.test(lower);
  const bridal = /\b(bride|bridal|wedding|newlyweds)\b/.test(lower);
  // Their own clothes: said in their words, or a bride's wedding dress ("a groom in a tuxedo and his bride").
  const ownWords = split !== null && (second.sources.garment === 'prompt' || (as !== 'man' && second.garments[0]?.name === 'wedding dress'));
  const firstGarments = first.sources.garment === 'seed' && ownWords && matching && suits(second.garments, first.figure.presentation) ? second.garments : first.garments;
  const garments = ownWords ? second.garments : suits(firstGarments, as) && !(bridal && as === 'man') ? firstGarments.map((g) => ({ ...g })) : [partnerSuit(firstGarments[0]!, bridal)];
  // The picture's, with the first person's own: their figure, clothes, shoes, accessories and pose.
  const out: Reading = { ...base, figure: first.figure, garments: firstGarments, sources: { ...base.sources, garment: first.sources.garment, colour: first.sources.colour, figure: first.sources.figure, skin: first.sources.skin, hair: first.sources.hair } };
  for (const key of ['shoes', 'accessories', 'pose', 'partnerPaint'] as const) delete out[key];
  if (first.shoes) out.shoes = first.shoes;
  if (first.accessories) out.accessories = first.accessories;
  if (first.pose !== undefined) out.pose = first.pose;
  if (first.partnerPaint) out.partnerPaint = first.partnerPaint;
  return {
    ...out,
    // Two people side by side are drawn at least half-length (a close-up has room for one head).
    framing: base.framing === 'close-up' ? 'half body' : base.framing,
    companion: {
      figure: second.figure,
      garments,
      ...(split && second.accessories ? { accessories: second.accessories } : {}),
      // Their own pose, in their words; "a seated couple" both sit.
      ...(second.pose !== undefined && (split || second.pose === SEATED_POSE) ? { pose: second.pose } : {}),
    },
  };
}

/** Whether a person of this presentation is drawn in these clothes (a man is not put in a dress or a skirt). */
function suits(garments: GarmentReading[], who: Presentation): boolean {
  return who !== 'man' || !garments.some((g) => ['one-piece', 'bottom'].includes(g.slot) && /dress|gown|skirt|bikini|swimsuit/.test(g.template));
}

/** A man's suit beside a dress: black at a wedding, else navy by a light colour and stone by a dark one. */
function partnerSuit(beside: GarmentReading, bridal: boolean): GarmentReading {
  const colour = bridal ? 'black' : luminance(beside.paint.hex) > 0.45 ? 'navy' : 'stone';
  return { ...GARMENTS['suit']!, paint: named(colour), source: 'seed' };
}

function readPrompt(prompt: string, preset: Preset | undefined, seed: number, as?: Presentation): Reading {
  // An Indonesian prompt is read in English; the seed's choices still follow the words as written.
  const text = toEnglish(prompt);
  // "black and white photograph": the picture's colour, not a garment's.
  const blackAndWhite = blackAndWhiteOf(text);
  const fromPrompt = readText(blackAndWhite ? text.toLowerCase().replace(BLACK_AND_WHITE, ' ') : text);
  const fromPreset = preset ? readText(`${preset.name} , ${preset.style} , ${preset.composition}`) : ({ garments: [], looseColours: [] } as Said);
  const random = createRandom(hashString(prompt) ^ Math.imul(seed, 0x9e3779b1));
  const presetPalette = (preset?.palette ?? []).filter(isHexColour);
  const palette = presetPalette.length >= 2 ? presetPalette : FALLBACK_PALETTES[random.int(0, FALLBACK_PALETTES.length - 1)]!;
  const pick = <K extends keyof Said>(key: K): [NonNullable<Said[K]>, Source] | null => {
    if (fromPrompt[key] !== undefined) return [fromPrompt[key]!, 'prompt'];
    if (fromPreset[key] !== undefined) return [fromPreset[key]!, 'preset'];
    return null;
  };
  const sources = {} as Reading['sources'];

  // Figure: a menswear garment does not make a man, so only figure words do; otherwise the seed.
  const presentation = pick('presentation');
  sources.figure = presentation?.[1] ?? 'seed';
  // Dresses, gowns and skirts put the seed's figure in womenswear; anything else may be worn by anyone.
  const garmentWords = fromPrompt.garments.length > 0 ? fromPrompt.garments : fromPreset.garments;
  const womenswear = garmentWords.some((g) => ['one-piece', 'bottom'].includes(g.entry.slot) && /dress|gown|skirt|bikini|swimsuit/.test(g.entry.template));
  const roll = random.next();
  // A beard asked for, with no figure word, is a man's.
  const facialHair = facialHairOf(text);
  const who: Presentation = as ?? presentation?.[0] ?? (facialHair ? 'man' : womenswear || roll < 0.55 ? 'woman' : roll < 0.88 ? 'man' : 'androgynous');
  const age = pick('age')?.[0] ?? 'adult';
  const skinSaid = pick('skin');
  const skinRange = skinSaid ? null : pick('skinRange');
  sources.skin = skinSaid?.[1] ?? skinRange?.[1] ?? 'seed';
  const skinIndex = skinSaid?.[0].index ?? random.int(...(skinRange?.[0] ?? [0, SKIN_TONES.length - 1]));
  const hairSaid = pick('hair');
  sources.hair = hairSaid?.[1] ?? 'seed';
  const darkHairOnly = skinIndex >= 4;
  const hairIndex = age === 'senior' ? 5 : darkHairOnly ? random.int(0, 1) : random.pick([0, 1, 1, 2, 2, 3, 4, 6]);
  // A beard's colour said and the hair's not: the hair is the beard's ("a man with a red beard" is a redhead).
  const beardColour = facialHair ? pick('facialHairColour') : null;
  const hair = hairSaid?.[0] ?? beardColour?.[0] ?? { name: ['black', 'brunette', 'brown', 'light brown', 'blonde', 'grey', 'auburn'][hairIndex]!, hex: HAIR_COLOURS[hairIndex]! };
  const styles: HairLength[] = who === 'man' ? ['short', 'short', 'buzz', 'curly'] : who === 'woman' ? ['long', 'long', 'bob', 'bun', 'ponytail', 'curly'] : ['short', 'bob', 'buzz', 'curly'];
  const hairStyle = pick('hairStyle')?.[0] ?? random.pick(styles);

  // Garments: the prompt's, else the preset's, else one the seed picks for the figure.
  const saidGarments = sameGarmentsOnce(fromPrompt.garments.length > 0 ? fromPrompt.garments : fromPreset.garments);
  sources.garment = fromPrompt.garments.length > 0 ? 'prompt' : fromPreset.garments.length > 0 ? 'preset' : 'seed';
  // A bride with nothing named wears a wedding dress (a close-up of "a bride with a veil" wore the seed's blazer).
  // The seed is drawn from only where it was before, so every other still draws as it did.
  const bride = fromPrompt.bridal && who !== 'man' && fromPreset.garments.length === 0;
  const themed = THEMED_GARMENTS.find(([words]) => words.test(text.toLowerCase()))?.[1];
  const unnamed = () => (bride ? GARMENTS['wedding dress']! : GARMENTS[random.pick((themed ?? SEED_GARMENTS)[who])]!);
  const list = saidGarments.length > 0 ? saidGarments : [{ entry: unnamed(), colours: [] as NamedColour[] }];
  const paletteColour = garmentColourOf(palette);
  sources.colour = 'seed';
  const garments: GarmentReading[] = list.map((said, index) => {
    const main = index === 0;
    // The first garment takes colours that bound to none ("red, silk, slip dress").
    const colours = said.colours.length > 0 ? said.colours : main ? fromPrompt.looseColours : [];
    const material = said.material ?? (main ? fromPrompt.looseMaterial : undefined);
    const print = said.print ?? (main ? fromPrompt.loosePrint : undefined);
    let paint: NamedColour;
    let colourSource: Source;
    if (colours[0]) [paint, colourSource] = [colours[0], 'prompt'];
    else if (said.entry.colour) [paint, colourSource] = [named(said.entry.colour), 'prompt'];
    else if (print && PRINT_COLOURS[print]) [paint, colourSource] = [named(PRINT_COLOURS[print][0]), 'prompt'];
    else if (main && presetPalette.length >= 2) [paint, colourSource] = [{ name: nameOf(paletteColour), hex: paletteColour }, 'preset'];
    else if (said.entry.usual) [paint, colourSource] = [named(said.entry.usual), 'prompt'];
    else if (fromPrompt.bridal && said.entry.slot === 'one-piece') [paint, colourSource] = [named('ivory'), 'prompt'];
    // Denim without a colour is blue denim ("a denim mini skirt"), as jeans are.
    else if (material?.[1] === 'denim') [paint, colourSource] = [named('denim blue'), 'prompt'];
    else if (main) [paint, colourSource] = [{ name: nameOf(paletteColour), hex: paletteColour }, 'seed'];
    // Later garments without a colour of their own: a quiet partner for the first.
    else [paint, colourSource] = [{ name: '', hex: '' }, 'seed'];
    if (main) sources.colour = colourSource;
    const materialName = material?.[0] ?? said.entry.material;
    return {
      ...said.entry,
      paint,
      ...(materialName ? { material: (material?.[1] ?? said.entry.material) as MaterialKind, materialName } : {}),
      ...(print ? { print } : {}),
      ...(colours[1] ? { printColour: colours[1] } : colours.length === 0 && print && PRINT_COLOURS[print] ? { printColour: named(PRINT_COLOURS[print].find((c) => c !== paint.name) ?? PRINT_COLOURS[print][1]) } : {}),
      source: sources.garment,
    };
  });
  // A colour nobody chose that is close to the skin's reads as bare skin (a copper strapless gown on dark skin looked
  // like no clothes at all): the palette colour furthest from the skin instead, else black or ivory against it.
  const first = garments[0]!;
  const skinHex = SKIN_TONES[skinIndex]!;
  // Nobody chose it: the seed's colour, or the usual colour of a garment the seed chose (a camel trench on tan skin).
  const colourUnsaid = sources.colour === 'seed' || (sources.garment === 'seed' && !bride && fromPrompt.looseColours.length === 0 && !first.print);
  // Bare shoulders beside the fabric want it further from the skin.
  const clash = BARE_NECKLINES.has(first.template) ? SKIN_CLASH_BARE : SKIN_CLASH;
  if (colourUnsaid && deltaE(first.paint.hex, skinHex) < clash) {
    const backdrop = backdropOf(palette);
    const apart = palette.filter((c) => deltaE(c, skinHex) >= clash && Math.abs(luminance(c) - luminance(backdrop)) > 0.12).sort((a, b) => deltaE(b, skinHex) - deltaE(a, skinHex) || saturation(b) - saturation(a))[0];
    const hex = apart ?? (luminance(skinHex) > 0.25 ? '#1b1a1c' : '#efe9df');
    first.paint = { name: nameOf(hex), hex };
  }
  // Second garments without a colour: the preset's darkest colour against a light first one and the reverse.
  for (const garment of garments.slice(1)) {
    if (garment.paint.hex) continue;
    if (fromPrompt.monochrome) {
      garment.paint = { ...first.paint };
      continue;
    }
    const hex = luminance(first.paint.hex) > 0.25 ? darken(mix(first.paint.hex, '#1d1d20', 0.8), 0.1) : '#e9e4da';
    garment.paint = { name: nameOf(hex), hex };
  }

  const settingSaid = pick('setting');
  sources.setting = settingSaid?.[1] ?? 'seed';
  // Shoes or accessories with no clothes and no one named: the things alone, as a product shot.
  const tokens = tokensOf(text);
  const lower = text.toLowerCase();
  const shoeAt = tokens.findIndex((_, i) => termAt(tokens, i, (t) => SHOES.has(t)) !== null);
  const shoeWord = shoeAt < 0 ? undefined : termAt(tokens, shoeAt, (t) => SHOES.has(t))![0];
  const items = shoeWord !== undefined || (fromPrompt.accessories ?? []).some(standsAlone);
  const namedProductShot = NO_PERSON.test(lower);
  const stillLife = items && fromPrompt.garments.length === 0 && !preset && (namedProductShot || onlyThings(tokens));
  const productShot = stillLife || namedProductShot;
  // A product shot is made in the studio unless a place is said.
  const seedSetting = random.pick<Setting>(['studio', 'studio', 'studio', 'interior', 'street', 'garden']);
  // Weather said with no place is outdoors: rain on a street, snow on snow, autumn's leaves in a park (a trench "in
  // the rain, night, neon reflections" stood in a studio, dry).
  const atmosphere = atmosphereOf(text);
  const outdoors: Setting | undefined = atmosphere === 'rain' ? 'street' : atmosphere === 'snow' ? 'snow' : atmosphere === 'autumn' ? 'garden' : undefined;
  // A backdrop's colour named ("red dress, black background") is a studio's paper (it drew a garden).
  const setting: Setting = settingSaid?.[0] ?? (productShot || fromPrompt.backdrop ? 'studio' : (outdoors ?? seedSetting));
  const lightSaid = pick('light');
  sources.light = lightSaid?.[1] ?? 'seed';
  // A nightclub or a disco is lit by neon.
  const clubbing = /\b(night ?club|club(?! collar)|disco|rave)\b/.test(lower);
  const light: Light = lightSaid?.[0] ?? (clubbing && setting === 'interior' ? 'neon' : setting === 'studio' ? random.pick<Light>(['soft', 'soft', 'flash']) : setting === 'runway' ? 'flash' : random.pick<Light>(['soft', 'golden hour', 'morning', 'overcast', 'noon']));
  const framingSaid = pick('framing');
  sources.framing = framingSaid?.[1] ?? 'seed';
  // Shoes named are shoes to see: the whole figure ("…and white sneakers" was drawn half-length, without them).
  const draw = random.next();
  const shoesNamed = tokens.some((t) => SHOES.has(t));
  // So is a skirt or trousers named, or a long dress: a half-length picture hides them ("a pleated midi skirt" was
  // the masthead's "RUST MIDI SKIRT" over a figure cut at the hips).
  const lengthNamed = saidGarments.some(({ entry }) => entry.slot === 'bottom' || ['gown', 'maxi dress', 'slip dress'].includes(entry.template));
  const framing: Framing = framingSaid?.[0] ?? (shoesNamed || lengthNamed || draw < 0.9 ? 'full body' : 'half body');
  const pose = poseOf(text);
  // A man is drawn average or broad (or plus-size when said): "curvy" on him is broad, "slim" average.
  const buildSaid = buildOf(text);
  const build: Build | undefined = buildSaid && who === 'man' ? (buildSaid === 'slim' ? 'average' : buildSaid === 'plus' ? 'plus' : 'broad') : buildSaid === 'broad' ? 'average' : buildSaid;

  return {
    garments,
    figure: { presentation: who, skin: { name: skinSaid?.[0].name ?? SKIN_NAMES[skinIndex]!, hex: SKIN_TONES[skinIndex]! }, hair, hairStyle, age, ...(facialHair ? { facialHair } : {}), ...(beardColour ? { facialHairColour: beardColour[0] } : {}), ...(build ? { build } : {}) },
    setting,
    light,
    framing,
    palette,
    ...(fromPrompt.shoes ? { shoes: fromPrompt.shoes } : {}),
    ...(fromPrompt.backdrop ? { backdrop: fromPrompt.backdrop } : {}),
    ...((fromPrompt.accessories ?? fromPreset.accessories) ? { accessories: fromPrompt.accessories ?? fromPreset.accessories } : {}),
    // Snow on a snowy mountain is the set's own.
    ...(atmosphere && !INDOORS.has(setting) && !(atmosphere === 'snow' && setting === 'snow') ? { atmosphere } : {}),
    ...(productShot ? { noPerson: true as const } : {}),
    ...(blackAndWhite ? { blackAndWhite: true as const } : {}),
    ...(pose !== undefined && !productShot ? { pose } : {}),
    ...(stillLife
      ? { stillLife: shoeWord === undefined ? {} : { shoes: { kind: SHOE_KINDS[shoeWord] ?? 'flat', word: shoeWord, colour: fromPrompt.shoes ?? SHOE_COLOURS[SHOE_KINDS[shoeWord] ?? 'flat'] } } }
      : {}),
    // The pieces the drawing adds (trousers under a top) are the outfit's one colour too.
    ...(fromPrompt.monochrome ? { partnerPaint: first.paint.hex } : {}),
    sources,
  };
}

const PRINT_ADJECTIVES: Record<PrintKind, string> = {
  'polka dot': 'polka-dot',
  stripes: 'striped',
  pinstripe: 'pinstriped',
  check: 'checked',
  houndstooth: 'houndstooth',
  floral: 'floral',
  leopard: 'leopard-print',
  zebra: 'zebra-print',
  paisley: 'paisley',
  camouflage: 'camouflage',
};

const HAIR_LENGTH_NAMES: Record<HairLength, string> = { long: 'long', bob: 'bob', bun: 'bun', ponytail: 'ponytail', short: 'short', buzz: 'buzz-cut', curly: 'curly', bald: 'bald', braids: 'braided' };

/** A colour's name beside a garment's without the words the garment says already: "denim blue" before "denim jacket" is "blue". */
function colourBeside(colour: string, garment: string): string {
  const said = new Set(garment.split(' '));
  const left = colour.split(' ').filter((word) => !said.has(word));
  // A colour the garment's name says already is not said twice ("black little black dress").
  return left.join(' ');
}

/** A garment as a caption says it: "red silk slip dress". */
export function garmentPhrase(garment: GarmentReading, withColour = true): string {
  const ownMaterial = garment.materialName && garment.materialName !== garment.material ? garment.materialName : garment.material;
  const saysMaterial = garment.materialName && !garment.name.includes(garment.materialName) && ownMaterial !== GARMENTS[garment.name]?.material;
  // "a denim shirt" is a blue denim shirt, not a "denim blue denim shirt"; jeans are blue jeans, not "denim blue jeans".
  const named = [garment.material, saysMaterial ? garment.materialName : '', garment.name].filter(Boolean).join(' ');
  const paint = colourBeside(garment.paint.name, named);
  const colour = withColour ? [paint, garment.printColour ? colourBeside(garment.printColour.name, named) : ''].filter(Boolean).join(' and ') : '';
  const words = [colour, saysMaterial ? garment.materialName : '', garment.print ? PRINT_ADJECTIVES[garment.print] : '', garment.name];
  return words.filter(Boolean).join(' ');
}

/**
 * The reading with its figure dressed in another garment (the local try-on of a local still): a one-piece replaces
 * everything; a top replaces the tops, outerwear and one-pieces and keeps the bottoms; a bottom keeps the tops and
 * outerwear. The figure's drawing adds a partner where one is missing (a top alone gets trousers).
 */
export function dressIn(reading: Reading, entry: GarmentEntry, hex: string, print?: { print: PrintKind; hex: string }): Reading {
  const worn: GarmentReading = {
    ...entry,
    paint: { name: nameOf(hex), hex },
    ...(entry.material ? { material: entry.material, materialName: entry.material } : {}),
    ...(print ? { print: print.print, printColour: { name: nameOf(print.hex), hex: print.hex } } : {}),
    source: 'prompt',
  };
  const keep = (slots: GarmentEntry['slot'][]) => reading.garments.filter((g) => slots.includes(g.slot));
  const garments =
    entry.slot === 'one-piece' ? [worn] : entry.slot === 'bottom' ? [...keep(['top', 'outer']), worn] : entry.slot === 'top' ? [worn, ...keep(['bottom'])] : [worn, ...keep(['top', 'bottom'])];
  // A still life's garments were the seed's, never drawn: the garment tried on is drawn alone, as a product shot.
  if (reading.stillLife) {
    const { stillLife: _, ...rest } = reading;
    return { ...rest, garments: [worn] };
  }
  return { ...reading, garments };
}

/** The things of a still life as a caption says them: "White sneakers and black handbag". */
function stillLifePhrase(reading: Reading): string {
  const named = (a: AccessoryReading) => ACCESSORY_NAMES[a.kind] ?? a.kind;
  const shoes = reading.stillLife?.shoes;
  const things = [
    ...(shoes ? [`${colourBeside(shoes.colour.name, shoes.word)} ${shoes.word}`.trim()] : []),
    ...(reading.accessories ?? []).filter(standsAlone).map((a) => (a.colour ? `${a.colour.name} ${named(a)}` : named(a))),
  ];
  return things.join(' and ');
}

/** A clean description of the picture from the reading: "Red silk slip dress", "Cobalt denim jacket and jeans". */
export function describe(reading: Reading): string {
  if (reading.stillLife) {
    const text = stillLifePhrase(reading);
    return text.charAt(0).toUpperCase() + text.slice(1);
  }
  const [first, ...rest] = reading.garments;
  const text = [garmentPhrase(first!), ...rest.map((g) => garmentPhrase(g, false))].join(' and ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** What the engine understood, in order, for the viewer's details (values from the preset and the seed included: they were drawn). */
export function understoodOf(reading: Reading): { label: string; value: string }[] {
  if (reading.stillLife) {
    return [
      { label: 'Product', value: stillLifePhrase(reading) },
      { label: 'Figure', value: 'none (product shot)' },
      { label: 'Setting', value: reading.setting },
      { label: 'Light', value: reading.blackAndWhite ? `${reading.light}, black and white` : reading.light },
    ];
  }
  const main = reading.garments[0]!;
  const out = [
    { label: 'Garment', value: reading.garments.map((g) => g.name).join(', ') },
    { label: 'Colour', value: reading.garments.map((g) => g.paint.name).join(', ') },
  ];
  const materials = reading.garments.map((g) => g.materialName).filter(Boolean);
  if (materials.length > 0) out.push({ label: 'Material', value: [...new Set(materials)].join(', ') });
  if (main.print) out.push({ label: 'Print', value: main.print });
  if (reading.accessories?.length) {
    const named = (a: AccessoryReading) => ACCESSORY_NAMES[a.kind] ?? a.kind;
    out.push({ label: 'Accessories', value: reading.accessories.map((a) => (a.colour ? `${a.colour.name} ${named(a)}` : named(a))).join(', ') });
  }
  const { figure } = reading;
  out.push(
    { label: 'Figure', value: reading.noPerson ? 'none (product shot)' : [reading.companion ? `${figure.presentation} and ${reading.companion.figure.presentation}` : figure.presentation, figure.age === 'adult' ? '' : figure.age, figure.build ?? ''].filter(Boolean).join(', ') },
    { label: 'Skin', value: figure.skin.name },
    { label: 'Hair', value: `${figure.hairStyle === 'bald' ? 'bald' : `${HAIR_LENGTH_NAMES[figure.hairStyle]} ${figure.hair.name}`}${figure.facialHair ? `, ${figure.facialHairColour && figure.facialHairColour.name !== figure.hair.name ? `${figure.facialHairColour.name} ` : ''}${figure.facialHair}` : ''}` },
    { label: 'Setting', value: reading.atmosphere ? `${reading.setting}, ${reading.atmosphere}` : reading.setting },
    { label: 'Light', value: reading.blackAndWhite ? `${reading.light}, black and white` : reading.light },
    { label: 'Framing', value: reading.framing },
  );
  return out;
}
