import { hashString } from './random.js';

/** Editorial palettes the local engine falls back to; prompt words pick one, else the seed does. */
const KEYWORD_PALETTES: { words: string[]; palette: string[] }[] = [
  { words: ['noir', 'black', 'night', 'gothic', 'dark'], palette: ['#0f0e10', '#2a2630', '#8c1c2b', '#d9cfc1'] },
  { words: ['red', 'crimson', 'scarlet', 'cherry', 'passion'], palette: ['#f2e6dc', '#e7c9b6', '#b3122e', '#2b1a1a'] },
  { words: ['beach', 'summer', 'resort', 'sea', 'ocean', 'riviera'], palette: ['#f4e9d8', '#9fc9d3', '#1f5f7a', '#e48a54'] },
  { words: ['pastel', 'soft', 'dreamy', 'romantic', 'pink', 'blush'], palette: ['#f7e8ea', '#e9c6cf', '#b77d92', '#5b4a5e'] },
  { words: ['green', 'forest', 'garden', 'botanical', 'nature', 'sage'], palette: ['#e9ecdf', '#a7b59a', '#2f4a36', '#c9a45c'] },
  { words: ['gold', 'luxury', 'gala', 'evening', 'glamour', 'couture'], palette: ['#17130f', '#3b2f24', '#c9a24c', '#efe3c8'] },
  { words: ['denim', 'blue', 'street', 'urban', 'indigo'], palette: ['#e6e9ee', '#9aa9bf', '#23395b', '#d96c3f'] },
  { words: ['white', 'minimal', 'clean', 'bridal', 'linen'], palette: ['#f5f3ef', '#e2ddd5', '#2b2b2b', '#b9a68c'] },
  { words: ['autumn', 'fall', 'rust', 'camel', 'earth', 'terracotta'], palette: ['#f0e3d2', '#d6a57c', '#8a3b1c', '#3a2a20'] },
  { words: ['neon', 'rave', 'electric', 'cyber', 'futuristic'], palette: ['#0d0b1e', '#28204d', '#e6ff3f', '#ff3fa4'] },
  { words: ['vintage', 'retro', '70s', 'film'], palette: ['#efe2c6', '#d9b26f', '#7a3e2b', '#2f4858'] },
];

const FALLBACK_PALETTES: string[][] = [
  ['#ede6dc', '#cdbfae', '#3d3429', '#a0522d'],
  ['#e8ecef', '#b8c4cc', '#22313f', '#c27c5b'],
  ['#f1e9e4', '#d8b9ad', '#6b2737', '#2e2a29'],
  ['#151518', '#33333a', '#d8c3a5', '#8e8d8a'],
  ['#efeae2', '#a3b18a', '#344e41', '#dda15e'],
  ['#f3ede6', '#e0c3a8', '#1d3557', '#e63946'],
];

export function paletteForPrompt(prompt: string, seed: number): string[] {
  const words = prompt.toLowerCase().split(/[^a-z0-9]+/);
  for (const entry of KEYWORD_PALETTES) {
    if (entry.words.some((w) => words.includes(w))) return entry.palette;
  }
  return FALLBACK_PALETTES[((hashString(prompt) ^ seed) >>> 0) % FALLBACK_PALETTES.length]!;
}

export const SKIN_TONES = ['#f1d3bf', '#e6b99a', '#d29f7c', '#b7825e', '#8d5a3b', '#6a3f27', '#4a2b1c'];
export const HAIR_COLOURS = ['#1b1512', '#3b2619', '#6b4226', '#a8773d', '#d8b677', '#8f8a85', '#5a1f1b'];

/** Words in a character description that choose skin and hair instead of the seed. */
export const SKIN_WORDS: Record<string, number> = { fair: 0, pale: 0, light: 1, medium: 2, olive: 3, tan: 3, brown: 4, dark: 5, deep: 6 };
export const HAIR_WORDS: Record<string, number> = { black: 0, brunette: 1, brown: 2, auburn: 2, blonde: 4, blond: 4, grey: 5, gray: 5, silver: 5, red: 6, ginger: 6 };
