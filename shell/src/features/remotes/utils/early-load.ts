import { REMOTES_JSON_URL } from '../../../constants';

// A remote's screen used to wait for a chain of requests, each asked only once the one before had answered:
// the shell's entry, its bootstrap, the app and its router, then /mf/remotes.json, then the remote's
// manifest, then its entry script and exposed chunk. The entry (src/index.ts) now starts the remote's part
// at once, beside the shell's own chunks: remotes.json and the route's manifest are fetched, and the remote's
// entry script, exposed chunk and stylesheet are preloaded. The registry (api/get-remotes.ts) and the
// Module Federation runtime (packages/federation/offline-remote.mjs, its `fetch` hook) take the answers
// from here instead of asking again.

/** The remote each routed screen shows (app/router.tsx): the one worth starting before the router exists. */
export const ROUTE_REMOTES: readonly (readonly [RegExp, string])[] = [
  [/^\/app\/(image|video|dress-up)\/?$/, 'mf_create'],
  [/^\/app\/photoshoots\/?$/, 'mf_photoshoot'],
  [/^\/app\/canvas\/?$/, 'mf_canvas'],
  [/^\/pricing(\/(all|in))?\/?$/, 'mf_pricing'],
];

/** What the entry started: remotes.json's JSON and manifests' text by absolute URL (null where a fetch failed). */
export interface EarlyRemotes {
  remotes: Promise<unknown> | null;
  manifests: Map<string, Promise<string | null>>;
}

/** The global the entry leaves its work under (read by the runtime plugin too, which cannot import this). */
export const EARLY_REMOTES_GLOBAL = '__atelierEarlyRemotes';

type Scope = Record<string, unknown>;
const scope = () => globalThis as unknown as Scope;

/** The remote a path shows, if any. */
export function remoteForPath(pathname: string): string | null {
  return ROUTE_REMOTES.find(([pattern]) => pattern.test(pathname))?.[1] ?? null;
}

interface ManifestAssets {
  metaData?: { publicPath?: string; remoteEntry?: { name?: string; path?: string } };
  exposes?: { assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }[];
}

/**
 * The files a remote's screen loads first, from its manifest: its entry script and each exposed module's
 * scripts and stylesheets (shared dependencies are the shell's, so never the remote's copies).
 */
export function firstFiles(manifestUrl: string, manifest: ManifestAssets): { scripts: string[]; styles: string[] } {
  const publicPath = manifest.metaData?.publicPath;
  const base = new URL(!publicPath || publicPath === 'auto' ? '.' : publicPath, manifestUrl);
  const at = (path: string) => new URL(path, base).href;
  const entry = manifest.metaData?.remoteEntry;
  const dir = entry?.path ? entry.path.replace(/\/?$/, '/') : '';
  const scripts = entry?.name ? [at(`${dir}${entry.name}`)] : [];
  const styles: string[] = [];
  for (const exposed of manifest.exposes ?? []) {
    scripts.push(...(exposed.assets?.js?.sync ?? []).map(at));
    styles.push(...(exposed.assets?.css?.sync ?? []).map(at));
  }
  return { scripts, styles };
}

function preload(doc: Document, href: string, as: 'script' | 'style') {
  const link = doc.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', as);
  link.href = href;
  doc.head.append(link);
}

/**
 * Starts the remote part of a page before the shell's code has loaded: remotes.json on every app page, and for
 * a route that shows a remote, its manifest and first files. Failures are left for the usual path to meet.
 */
export function startEarlyRemoteLoad(pathname: string, doc: Document = document): void {
  if (pathname === '/' || pathname === '/login') return; // no remote there
  const early: EarlyRemotes = { remotes: null, manifests: new Map() };
  scope()[EARLY_REMOTES_GLOBAL] = early;
  const remotes = fetch(REMOTES_JSON_URL, { credentials: 'same-origin', cache: 'no-store' })
    .then((res) => (res.ok ? (res.json() as Promise<unknown>) : null))
    .catch(() => null);
  early.remotes = remotes;
  const name = remoteForPath(pathname);
  if (!name) return;
  void remotes.then((json) => {
    const listed = (json as { remotes?: { name?: unknown; entry?: unknown }[] } | null)?.remotes;
    const entry = Array.isArray(listed) ? listed.find((remote) => remote?.name === name)?.entry : undefined;
    if (typeof entry !== 'string') return;
    const manifestUrl = new URL(entry, doc.baseURI).href;
    const manifest = fetch(manifestUrl, {})
      .then((res) => (res.ok ? res.text() : null))
      .catch(() => null);
    early.manifests.set(manifestUrl, manifest);
    void manifest.then((text) => {
      if (!text) return;
      try {
        const files = firstFiles(manifestUrl, JSON.parse(text) as ManifestAssets);
        for (const href of files.scripts) preload(doc, href, 'script');
        for (const href of files.styles) preload(doc, href, 'style');
      } catch {
        // Not a manifest: the runtime reports it when it reads the same text.
      }
    });
  });
}

/** remotes.json as the entry fetched it, once (a retry asks the server again); null when there is none. */
export function takeEarlyRemotes(): Promise<unknown> | null {
  const early = scope()[EARLY_REMOTES_GLOBAL] as EarlyRemotes | undefined;
  const remotes = early?.remotes ?? null;
  if (early) early.remotes = null;
  return remotes;
}
