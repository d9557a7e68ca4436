import { REMOTES_JSON_URL } from '../../../constants';
import { takeEarlyRemotes } from '../utils/early-load';

/** One remote as the gateway lists it: its container name and the URL of its mf-manifest.json. */
export interface RemoteEntry {
  name: string;
  entry: string;
}

/** Reads `{ remotes: [{ name, entry }] }`; anything else is a configuration error worth a clear message. */
export function parseRemotesJson(json: unknown): RemoteEntry[] {
  const remotes = (json as { remotes?: unknown } | null)?.remotes;
  if (!Array.isArray(remotes)) throw new Error(`${REMOTES_JSON_URL} must be { "remotes": [...] }`);
  return remotes.map((remote: unknown, index) => {
    const { name, entry } = (remote ?? {}) as Record<string, unknown>;
    if (typeof name !== 'string' || !name || typeof entry !== 'string' || !entry) {
      throw new Error(`${REMOTES_JSON_URL}: remote #${index} needs a "name" and an "entry"`);
    }
    return { name, entry };
  });
}

/** GET /mf/remotes.json (served by the gateway from configuration, never cached), or the entry's early answer. */
export async function getRemotes(): Promise<RemoteEntry[]> {
  const early = await takeEarlyRemotes();
  if (early) return parseRemotesJson(early);
  const res = await fetch(REMOTES_JSON_URL, { credentials: 'same-origin', cache: 'no-store' });
  if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
  return parseRemotesJson(await res.json());
}
