import { describe, expect, it } from 'vitest';
import { canvasPromptSchema, characterNameSchema, hasVisibleText, startImageSchema, startVideoSchema, withoutDirectionControls } from '../index.js';

describe('visible text', () => {
  it('tells a text that shows something from one of only spaces and invisible characters', () => {
    for (const blank of ['', ' ', '\u200b\u200b', '\u200d\ufeff', '\u2060 \u00a0', '\u202e\u200e', '\t\n', '\u3164', '\u115f\u1160', '\uffa0', '\u2800', '\ufe0f\ufe0e', '\u034f', '\u0301\u0301']) {
      expect(hasVisibleText(blank), JSON.stringify(blank)).toBe(false);
    }
    for (const shown of ['a', ' Élodie ', '🌸', '\u200bx', '李', 'e\u0301', '❤\ufe0f', '한']) expect(hasVisibleText(shown), shown).toBe(true);
  });

  it('refuses a character name or a prompt of only invisible characters (a name of zero-width spaces was stored)', () => {
    expect(characterNameSchema.safeParse('\u200b\u200b').error?.issues.map((i) => i.message)).toEqual(['Please name the character']);
    // An empty one is refused once, not twice (zod runs every check).
    expect(characterNameSchema.safeParse('  ').error?.issues.map((i) => i.message)).toEqual(['Please name the character']);
    expect(canvasPromptSchema.safeParse('   ').error?.issues.map((i) => i.message)).toEqual(['Please enter a prompt']);
    expect(startImageSchema.safeParse({ prompt: '' }).error?.issues.map((i) => i.message)).toEqual(['Please enter a prompt']);
    expect(characterNameSchema.parse(' Élodie ')).toBe('Élodie');
    expect(startImageSchema.safeParse({ prompt: '\u200b\u2060' }).error?.issues[0]?.message).toBe('Please enter a prompt');
    expect(startImageSchema.parse({ prompt: 'red dress' }).prompt).toBe('red dress');
    expect(canvasPromptSchema.safeParse('\u200b').error?.issues[0]?.message).toBe('Please enter a prompt');
  });

  it('drops the direction overrides, embeddings and isolates from a name or a prompt (an override reversed the text after it)', () => {
    expect(withoutDirectionControls('Maya\u202e')).toBe('Maya');
    expect(characterNameSchema.parse('\u202eayaM')).toBe('ayaM');
    expect(characterNameSchema.parse(' Maya \u2067\u202a')).toBe('Maya');
    expect(startImageSchema.parse({ prompt: 'red \u202ddress\u202c' }).prompt).toBe('red dress');
    expect(startVideoSchema.parse({ imageUrl: '/media/a.png', prompt: '\u2066slow turn\u2069' }).prompt).toBe('slow turn');
    expect(canvasPromptSchema.parse('make it \u202bblue')).toBe('make it blue');
    // Only controls is nothing typed.
    expect(characterNameSchema.safeParse('\u202e\u202d').error?.issues.map((i) => i.message)).toEqual(['Please name the character']);
    // The marks stay: mixed-direction text uses them.
    expect(startImageSchema.parse({ prompt: 'فستان\u200f red' }).prompt).toBe('فستان\u200f red');
  });
});
