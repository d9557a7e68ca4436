// Module Federation settings written once and imported by the shell and every remote (rspack configs run in Node).
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

/** The remotes of the product: container name, folder (also its URL segment under /mf/) and exposed modules. */
export const REMOTES = [
  { name: 'mf_create', folder: 'mf-create', devPort: 3001, exposes: ['CreateScreen'] },
  { name: 'mf_photoshoot', folder: 'mf-photoshoot', devPort: 3002, exposes: ['PhotoshootFlow'] },
  { name: 'mf_canvas', folder: 'mf-canvas', devPort: 3003, exposes: ['CanvasEditor'] },
  { name: 'mf_pricing', folder: 'mf-pricing', devPort: 3004, exposes: ['PricingPage'] },
];

function versionOf(pkg) {
  // Workspace packages do not export package.json; read theirs from the repository.
  if (pkg.startsWith('@atelier/')) return require(`../${pkg.slice('@atelier/'.length)}/package.json`).version;
  return require(`${pkg}/package.json`).version;
}

// react-router-dom is not shared: a shared module is sent whole (60 KB gzip), while the shell's own copy is cut to
// what it uses. Remotes reach the shell's router through @atelier/host (Link, useLocation, useNavigate,
// useSearchParams), never by importing react-router-dom (scripts/__tests__/remote-imports.test.mjs).
const SINGLETONS = ['react', 'react-dom', '@tanstack/react-query', '@atelier/host', '@atelier/ui'];

/**
 * The shared-singleton table. One React, one QueryClient and one host (with the router's hooks) for the whole page;
 * `requiredVersion` is the installed major so a remote built against another major warns instead of
 * silently running two copies.
 */
export function sharedDependencies() {
  const shared = {};
  for (const pkg of SINGLETONS) {
    const version = versionOf(pkg);
    shared[pkg] = {
      singleton: true, // one instance per page: hooks and contexts only work with a single copy
      requiredVersion: pkg.startsWith('@atelier/') ? false : `^${version.split('.')[0]}.0.0`,
      version,
    };
  }
  // react/jsx-runtime and react-dom/client are separate entry points of the same singletons.
  shared['react/jsx-runtime'] = { singleton: true, requiredVersion: false, version: versionOf('react') };
  shared['react-dom/client'] = { singleton: true, requiredVersion: false, version: versionOf('react-dom') };
  return shared;
}

/** Path of the shell's runtime plugin that turns a failed remote load into a fallback module. */
export const offlineRemotePluginPath = fileURLToPath(new URL('./offline-remote.mjs', import.meta.url));

/** Options common to every ModuleFederationPlugin in the product. */
export function federationDefaults() {
  return {
    shared: sharedDependencies(),
    shareStrategy: 'loaded-first', // use whatever copy the page already loaded before fetching another
    dts: false,
    // Every build of ours runs in a browser: the runtime's Node-only loading code is left out.
    experiments: { optimization: { target: 'web' } },
  };
}

/**
 * `resolve.alias` entries that give a browser build the ES-module copy of the federation runtime. Rspack's plugin
 * asks Node's `require.resolve` for it and gets the CommonJS files, which the bundler cannot tree-shake: the shell's
 * entry carried the whole runtime (36 KB gzip with the rest of the entry, 28 KB with this). Same packages, same
 * versions; only the module format differs.
 * @returns {Record<string, string>}
 */
export function federationRuntimeAliases() {
  const esm = (pkg) => {
    const cjs = require.resolve(pkg);
    return path.join(path.dirname(cjs), path.basename(cjs).replace(/\.cjs$/, '.js'));
  };
  return {
    // The plugin's bundler runtime is imported by its absolute path; the other two by name.
    [require.resolve('@module-federation/webpack-bundler-runtime')]: esm('@module-federation/webpack-bundler-runtime'),
    '@module-federation/runtime': esm('@module-federation/runtime'),
    '@module-federation/runtime-tools': esm('@module-federation/runtime-tools'),
  };
}
