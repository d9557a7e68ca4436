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
