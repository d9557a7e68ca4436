// The contract's character name rule (characterNameSchema in @atelier/contracts), checked in the form
// without shipping zod to the browser.
export const CHARACTER_NAME_MAX = 40;

/** The message to show, or null for a good name. */
export function characterNameError(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed.length === 0) return 'Please name the character';
  if (trimmed.length > CHARACTER_NAME_MAX) return `At most ${CHARACTER_NAME_MAX} characters`;
  return null;
}
