import { basename } from 'node:path';
import { LONG_CACHE, NO_CACHE } from '../constants.js';

/** Files a deployment replaces in place: always revalidated. */
const ENTRY_FILES = new Set(['index.html', 'mf-manifest.json', 'remotes.json', 'remoteEntry.js', 'mf-stats.json']);
/** A content hash in the name (`main.3f9a1c2e.js`, `123-a1b2c3d4e5.css`) means the file never changes. */
const HASHED_NAME = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;

export function cacheControlFor(filePath: string): string {
  const name = basename(filePath);
  if (ENTRY_FILES.has(name)) return NO_CACHE;
  return HASHED_NAME.test(name) ? LONG_CACHE : NO_CACHE;
}
