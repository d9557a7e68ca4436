export const SKIN_TONES = ['#f1d3bf', '#e6b99a', '#d29f7c', '#b7825e', '#8d5a3b', '#6a3f27', '#4a2b1c'];
export const HAIR_COLOURS = ['#1b1512', '#3b2619', '#6b4226', '#a8773d', '#d8b677', '#8f8a85', '#5a1f1b'];

/** Words in a character description that choose skin and hair instead of the seed. */
export const SKIN_WORDS: Record<string, number> = { fair: 0, pale: 0, light: 1, medium: 2, olive: 3, tan: 3, brown: 4, dark: 5, deep: 6 };
export const HAIR_WORDS: Record<string, number> = { black: 0, brunette: 1, brown: 2, auburn: 2, blonde: 4, blond: 4, grey: 5, gray: 5, silver: 5, red: 6, ginger: 6 };
