import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { RemoteConfig } from '../config.js';

/** The shell's dist/first-paint.json (shell/scripts/prerender.mjs). */
interface ShellFirstPaint {
  frame: string;
  slot: string;
  routes: Record<string, { remote: string; screen: string; session: boolean }>;
}

/** A remote's dist/first-paint.json (@atelier/federation's remote config): its screens' HTML and their stylesheets. */
interface RemoteFirstPaint {
  screens: Record<string, string>;
  css: string[];
}

const ROOT = '<div id="root"></div>';

/** A file as `parse` reads it, read again only when it changes on disk; null when it is missing or unreadable. */
export function watchedFile<T>(file: string, parse: (text: string) => T): () => T | null {
  let seen: { mtimeMs: number; size: number; value: T | null } | null = null;
  return () => {
    let stat;
    try {
      stat = statSync(file);
    } catch {
      return (seen = null);
    }
    if (seen?.mtimeMs !== stat.mtimeMs || seen.size !== stat.size) {
      let value: T | null = null;
      try {
        value = parse(readFileSync(file, 'utf8'));
      } catch {
        // A half-written file (a deploy in progress): the plain page until it is whole.
      }
      seen = { mtimeMs: stat.mtimeMs, size: stat.size, value };
    }
    return seen.value;
  };
}

/**
 * The page of a remote route with its first paint (shell/src/lib/first-paint.ts): index.html with the shell's frame
 * and the remote screen's build-time HTML in #root and the remote's stylesheets linked, so the screen paints before
 * any script runs. Composed here from the shell's and the remote's own builds, so a remote redeployed alone brings
 * its screens with it. Null — the plain index.html — for any other path, for an /app route asked without a session
 * (it is on its way to /login), for a remote served from elsewhere (REMOTE_<NAME>_URL) and while a build is missing.
 */
export function firstPaintPages(shellDir: string, remotes: RemoteConfig[]) {
  const readIndex = watchedFile(join(shellDir, 'index.html'), (text) => text);
  const readShell = watchedFile(
    join(shellDir, 'first-paint.json'),
    (text) => JSON.parse(text) as ShellFirstPaint,
  );
  const readers = new Map(
    remotes
      .filter((r) => !r.url)
      .map((r) => [
        r.name,
        {
          folder: r.folder,
          read: watchedFile(join(r.dir, 'first-paint.json'), (text) => JSON.parse(text) as RemoteFirstPaint),
        },
      ]),
  );
  const compose = (path: string, hasSession: boolean): string | null => {
    const shell = readShell();
    const route = shell?.routes[path];
    if (!shell || !route || (route.session && !hasSession)) return null;
    const remote = readers.get(route.remote);
    const built = remote?.read();
    const screen = built?.screens[route.screen];
    const index = readIndex();
    if (!remote || !built || screen === undefined || !index?.includes(ROOT) || !index.includes('</head>'))
      return null;
    const links = built.css
      .map((file) => `<link rel="stylesheet" href="/mf/${remote.folder}/${encodeURI(file)}">`)
      .join('');
    return index
      .replace('</head>', () => `${links}</head>`)
      .replace(
        ROOT,
        () => `<div id="root" data-first-paint="">${shell.frame.replace(shell.slot, () => screen)}</div>`,
      );
  };
  return (path: string, hasSession: boolean): string | null => {
    try {
      return compose(path, hasSession);
    } catch {
      return null; // a file of another shape (an older or newer build): the plain page, never an error
    }
  };
}
