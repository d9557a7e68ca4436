import type { Generation } from '@atelier/contracts';

/** A tile of the gallery: one generation, or a photoshoot's photos shown as one set (its first pose the cover). */
export interface GalleryEntry {
  cover: Generation;
  /** The set's photos in pose order, when the entry is a photoshoot's (two or more of its photos listed together). */
  set: readonly Generation[] | null;
}

/** The photoshoot a gallery photo came from, if any (the import tags it). */
const photoshootOf = (generation: Generation) => (generation.type === 'photoshoot' ? (generation.inputs.photoshoot ?? null) : null);

/**
 * The list as tiles: the photos of one photoshoot listed next to each other (they are imported together) become one
 * tile — ten near-identical tiles pushed everything else out of sight. Order is kept: a set sits where its newest
 * photo was.
 */
export function groupPhotoSets(items: readonly Generation[]): GalleryEntry[] {
  const entries: GalleryEntry[] = [];
  for (let i = 0; i < items.length; ) {
    const shoot = photoshootOf(items[i]!);
    let end = i + 1;
    while (shoot && end < items.length && photoshootOf(items[end]!) === shoot) end++;
    if (end - i < 2) {
      entries.push({ cover: items[i]!, set: null });
    } else {
      // Newest first in the list is the last pose first: the set reads from pose 1.
      const set = items.slice(i, end).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
      entries.push({ cover: set[0]!, set });
    }
    i = end;
  }
  return entries;
}

/** A set's caption: its photos' ("Photoshoot · Mira · pose 1") without the pose. */
export const setCaption = (prompt: string | null) => (prompt ?? '').replace(/\s*·\s*pose \d+$/i, '');
