import { z } from 'zod';
import { EngineInputError } from './errors.js';
import { BUILDS, HAIR_STYLES, PRESENTATIONS, type CharacterLook, type HouseCharacter } from './types.js';

const hex = z.string().regex(/^#[0-9a-f]{6}$/i, 'a colour as #rrggbb');

/** A {@link CharacterLook} as stored data (e.g. a jsonb column): validate with `characterLookSchema.parse`. */
export const characterLookSchema = z.object({
  skin: hex,
  hair: hex,
  hairStyle: z.enum(HAIR_STYLES),
  build: z.enum(BUILDS),
  presentation: z.enum(PRESENTATIONS),
  eyes: hex.optional(),
  backdrop: hex,
  outfit: hex,
});

/** The look as a plain object with lower-case colours, or null when it is not a valid look. */
export function parseCharacterLook(value: unknown): CharacterLook | null {
  const parsed = characterLookSchema.safeParse(value);
  if (!parsed.success) return null;
  const look = parsed.data;
  return {
    skin: look.skin.toLowerCase(),
    hair: look.hair.toLowerCase(),
    hairStyle: look.hairStyle,
    build: look.build,
    presentation: look.presentation,
    ...(look.eyes ? { eyes: look.eyes.toLowerCase() } : {}),
    backdrop: look.backdrop.toLowerCase(),
    outfit: look.outfit.toLowerCase(),
  };
}

/** An optional look given by a caller: undefined stays undefined, anything invalid is an EngineInputError. */
export function checkLook(value: unknown, field = 'look'): CharacterLook | undefined {
  if (value === undefined || value === null) return undefined;
  const look = parseCharacterLook(value);
  if (!look) {
    const issue = characterLookSchema.safeParse(value).error?.issues[0];
    throw new EngineInputError(`${field} is not a valid character look${issue ? ` (${issue.path.join('.') || 'value'}: ${issue.message})` : ''}`);
  }
  return look;
}

/** A JSON-safe, compact text of a look (base64url of its JSON), as local renders write it into their XMP. */
export function encodeLook(look: CharacterLook): string {
  return Buffer.from(JSON.stringify(look), 'utf8').toString('base64url');
}

export function decodeLook(text: string): CharacterLook | null {
  try {
    return parseCharacterLook(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
  } catch {
    return null;
  }
}

const SKIN_NAMES: [number, string][] = [
  [0.78, 'fair'],
  [0.7, 'light'],
  [0.6, 'light-medium'],
  [0.5, 'olive'],
  [0.38, 'medium brown'],
  [0.27, 'brown'],
  [0, 'deep brown'],
];

function lightness(colour: string): number {
  const n = parseInt(colour.slice(1), 16);
  const r = (n >> 16) & 255;
  const g = (n >> 8) & 255;
  const b = n & 255;
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

function hairName(colour: string): string {
  const n = parseInt(colour.slice(1), 16);
  const r = (n >> 16) & 255;
  const g = (n >> 8) & 255;
  const b = n & 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const light = lightness(colour);
  if (max - min < 24 && light > 0.45) return light > 0.8 ? 'white' : 'silver-grey';
  if (light < 0.13) return 'black';
  if (r > g * 1.45 && r > 90) return light > 0.45 ? 'strawberry-blond' : 'copper-red';
  if (light > 0.55) return 'blond';
  if (light > 0.38) return 'light brown';
  if (light > 0.22) return 'brown';
  return 'dark brown';
}

const HAIR_STYLE_WORDS: Record<CharacterLook['hairStyle'], string> = {
  long: 'long straight',
  bob: 'chin-length bob',
  bun: 'hair in a neat top bun,',
  ponytail: 'hair in a ponytail,',
  short: 'short cropped',
  buzz: 'buzz-cut',
  curly: 'voluminous curly',
  bald: 'a bald head',
  braids: 'long braided',
};

/** The look in words, for hosted models' prompts: "a woman with olive skin, dark brown hair in a neat top bun, average build". */
export function describeLook(look: CharacterLook): string {
  const skinLight = lightness(look.skin);
  const skin = SKIN_NAMES.find(([min]) => skinLight >= min)?.[1] ?? 'brown';
  const person = look.presentation === 'woman' ? 'a woman' : look.presentation === 'man' ? 'a man' : 'an androgynous person';
  const style = HAIR_STYLE_WORDS[look.hairStyle];
  const hair = look.hairStyle === 'bald' ? style : style.endsWith(',') ? `${hairName(look.hair)} ${style.slice(0, -1)}` : `${style} ${hairName(look.hair)} hair`;
  return `${person} with ${skin} skin, ${hair}, ${look.build === 'plus' ? 'plus-size' : look.build} build`;
}

/**
 * The house cast: ready-made characters every user can choose. Keys are stable (the photoshoot service
 * stores them); looks vary in skin tone, hair, build and presentation.
 */
export const HOUSE_CAST: readonly HouseCharacter[] = [
  {
    key: 'house-amara',
    name: 'Amara',
    description: 'Woman with deep brown skin and voluminous black curly hair, curvy build, warm smile',
    look: { skin: '#5c3a26', hair: '#161110', hairStyle: 'curly', build: 'curvy', presentation: 'woman', eyes: '#2b1a10', backdrop: '#e9ddce', outfit: '#c8b59a' },
  },
  {
    key: 'house-lena',
    name: 'Lena',
    description: 'Woman with fair skin and long straight blond hair, slim build, light grey-blue eyes',
    look: { skin: '#f0d3c0', hair: '#d4b070', hairStyle: 'long', build: 'slim', presentation: 'woman', eyes: '#5f7f95', backdrop: '#dfe4e8', outfit: '#2b2b2e' },
  },
  {
    key: 'house-kenji',
    name: 'Kenji',
    description: 'Man with light warm skin and short black hair, average build, calm expression',
    look: { skin: '#e2bb97', hair: '#1a1614', hairStyle: 'short', build: 'average', presentation: 'man', eyes: '#2e1f16', backdrop: '#e6e3dc', outfit: '#3d4650' },
  },
  {
    key: 'house-sofia',
    name: 'Sofia',
    description: 'Woman with olive skin and dark brown hair in a top bun, average build, brown eyes',
    look: { skin: '#c8976f', hair: '#3b2619', hairStyle: 'bun', build: 'average', presentation: 'woman', eyes: '#3a2414', backdrop: '#ece1da', outfit: '#a9825a' },
  },
  {
    key: 'house-malik',
    name: 'Malik',
    description: 'Man with dark brown skin and a black buzz cut, broad athletic build',
    look: { skin: '#7a4a2e', hair: '#15110f', hairStyle: 'buzz', build: 'broad', presentation: 'man', eyes: '#24160e', backdrop: '#dcdcd5', outfit: '#6b5847' },
  },
  {
    key: 'house-priya',
    name: 'Priya',
    description: 'Woman with medium brown skin and a long black ponytail, curvy build, dark eyes',
    look: { skin: '#a86e4b', hair: '#1f1612', hairStyle: 'ponytail', build: 'curvy', presentation: 'woman', eyes: '#26170e', backdrop: '#e4e6dc', outfit: '#8c2f39' },
  },
  {
    key: 'house-rowan',
    name: 'Rowan',
    description: 'Androgynous person with light skin and a copper-red bob, slim build, green eyes',
    look: { skin: '#eec8ac', hair: '#8e3b1f', hairStyle: 'bob', build: 'slim', presentation: 'androgynous', eyes: '#4f6b45', backdrop: '#e2e0e8', outfit: '#1f3a4d' },
  },
  {
    key: 'house-elias',
    name: 'Elias',
    description: 'Man with light-medium skin and short silver-grey hair, average build, grey eyes',
    look: { skin: '#d6a683', hair: '#b9b5ae', hairStyle: 'short', build: 'average', presentation: 'man', eyes: '#5d6a70', backdrop: '#e9e5dd', outfit: '#26262a' },
  },
];

/** One house character by key, or undefined. */
export function houseCharacter(key: string): HouseCharacter | undefined {
  return HOUSE_CAST.find((c) => c.key === key);
}
