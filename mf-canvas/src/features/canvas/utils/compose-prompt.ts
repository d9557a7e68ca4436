/** SPEC.md §5: the prompt, plus "Shot with <camera>" when a camera is set, plus the shot type's perspective unless Default. */
export function composePrompt(prompt: string, camera: string, shotType: string): string {
  const parts = [prompt.trim()];
  if (camera !== 'Default') parts.push(`Shot with ${camera}`);
  if (shotType !== 'Default') parts.push(`${shotType} perspective`);
  return parts.join('. ');
}
