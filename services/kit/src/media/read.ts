import type { MediaStore } from './types.js';

/** Largest object read back into memory for an engine (uploads are at most 10 MB). */
const MAX_INPUT_BYTES = 25 * 1024 * 1024;

/** Reads one of our own media URLs into memory; null when it is not ours, missing or too large. */
export async function readMedia(store: MediaStore, url: string): Promise<Buffer | null> {
  const key = store.keyFromUrl(url);
  if (!key) return null;
  const found = await store.get(key);
  if (!found) return null;
  if (found.length > MAX_INPUT_BYTES) {
    found.stream.destroy();
    return null;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of found.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
