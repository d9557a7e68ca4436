import { z } from 'zod';

/**
 * Whether a text shows anything: at least one character that is not a space, a line break, a control, an invisible
 * format character (a zero-width space, a joiner, a direction mark), a blank-looking filler or a mark with nothing to
 * sit on. A name or a prompt of only those reads as empty on every screen; `trim()` keeps the invisible ones.
 */
export function hasVisibleText(text: string): boolean {
  // Not a space, a control, a format character, a default-ignorable one (variation selectors, Hangul fillers,
  // U+034F), a combining mark alone, or the blank braille pattern U+2800.
  return /[^\s\p{Z}\p{Cc}\p{Cf}\p{M}\p{Default_Ignorable_Code_Point}\u2800]/u.test(text);
}

/**
 * For a schema's refine after `.min(1)`: an empty text is min's to refuse (zod runs every check, and the message
 * would be said twice), any other must show something.
 */
export function visibleOrEmpty(text: string): boolean {
  return text === '' || hasVisibleText(text);
}

/**
 * The explicit direction controls: embeddings and overrides (U+202A–U+202E) and isolates (U+2066–U+2069). An
 * override reverses what follows it, past the text's own end into whatever a screen writes after it ("Maya‮: 10
 * photos"), so a name or a prompt could show other than it reads. Mixed-direction text needs none of them (the
 * browser orders it); the marks (U+200E, U+200F, U+061C) stay.
 */
const DIRECTION_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/gu;

export function withoutDirectionControls(text: string): string {
  return text.replace(DIRECTION_CONTROLS, '');
}

/** A text a person typed (a prompt, a name): its direction controls dropped, then trimmed. */
export function typedText() {
  return z.string().overwrite(withoutDirectionControls).trim();
}
