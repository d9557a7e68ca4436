/**
 * Whether a text shows anything: at least one character that is not a space, a line break, a control or an
 * invisible format character (a zero-width space, a joiner, a direction mark). A name or a prompt of only those
 * reads as empty on every screen; `trim()` keeps the invisible ones.
 */
export function hasVisibleText(text: string): boolean {
  return /[^\s\p{Z}\p{Cc}\p{Cf}]/u.test(text);
}
