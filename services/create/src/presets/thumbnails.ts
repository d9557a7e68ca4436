import { ARTWORK, type Artwork } from '@atelier/artwork';
import type { PresetData } from './presets.js';

/**
 * A preset's thumbnail: a picture the local engine drew from the preset's own recipe (its prompt, palette and
 * composition) when @atelier/artwork was built, so it shows what the preset makes. 320 px WebP, served by the
 * gateway from /art/ with the shell (named by content hash, cached for a year).
 */
export function presetThumbnailUrl(preset: Pick<PresetData, 'id'>): string {
  const art = (ARTWORK as Record<string, Artwork | undefined>)[`preset-${preset.id}`];
  if (!art) throw new Error(`No thumbnail was rendered for preset ${preset.id}: rebuild @atelier/artwork`);
  return art.src;
}
