/**
 * Import this first, before anything else loads (`import '@atelier/kit/module-hooks'` in a process's
 * entry, then `await import('./main.js')`).
 *
 * Node 24 resolves each relative import inside a package against that package's package.json, and
 * drizzle-orm's carries 177 KB of `exports`: loading drizzle cost ~220 MB of memory in every process
 * (measured: 243 MB anonymous memory for drizzle-orm/node-postgres, 19 MB with these hooks). The
 * hooks resolve drizzle's own files directly — its bare subpaths to `<subpath>.js` or
 * `<subpath>/index.js`, its relative imports against the importing file — and load them as the ES
 * modules they are (the package is `"type": "module"`). Everything else resolves as usual.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire, registerHooks } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** ES-module packages with a package.json large enough to matter. */
export const SHORTCUT_PACKAGES = ['drizzle-orm'] as const;

const require = createRequire(import.meta.url);

function packageRoot(name: string): string | null {
  try {
    // The main entry's folder (the package's exports hide its package.json).
    return dirname(require.resolve(name));
  } catch {
    return null;
  }
}

const packages = SHORTCUT_PACKAGES.flatMap((name) => {
  const root = packageRoot(name);
  return root ? [{ name, root, rootUrl: pathToFileURL(`${root}/`).href }] : [];
});

if (packages.length > 0) {
  registerHooks({
    resolve(specifier, context, nextResolve) {
      for (const { name, root, rootUrl } of packages) {
        if (specifier === name || specifier.startsWith(`${name}/`)) {
          const base = join(root, specifier.slice(name.length + 1));
          const file = existsSync(`${base}.js`) ? `${base}.js` : join(base, 'index.js');
          if (existsSync(file)) return { url: pathToFileURL(file).href, format: 'module', shortCircuit: true };
        }
        if (context.parentURL?.startsWith(rootUrl) && (specifier.startsWith('./') || specifier.startsWith('../'))) {
          return { url: new URL(specifier, context.parentURL).href, format: 'module', shortCircuit: true };
        }
      }
      return nextResolve(specifier, context);
    },
    load(url, context, nextLoad) {
      if (url.endsWith('.js') && packages.some(({ rootUrl }) => url.startsWith(rootUrl))) {
        return { format: 'module', source: readFileSync(fileURLToPath(url)), shortCircuit: true };
      }
      return nextLoad(url, context);
    },
  });
}
