// The rspack configuration every remote shares: TS/TSX through SWC, Tailwind through PostCSS, hashed
// file names in dist/, and — only under `rspack serve` — a dev host page on the remote's own port.
// Each remote's rspack.config.ts passes its own ModuleFederationPlugin; everything else is here once.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { rspack } from '@rspack/core';
import tailwindcss from '@tailwindcss/postcss';
import scopeRemoteCss from '@atelier/ui/postcss-scope-remote';
import { REMOTES, federationRuntimeAliases } from './index.mjs';

const DEFAULT_GATEWAY_URL = 'http://127.0.0.1:8080';

/** The file extensions every browser build resolves (the shell's builds use them too). */
export const RESOLVE_EXTENSIONS = ['.tsx', '.ts', '.jsx', '.js', '.mjs', '.json'];

/**
 * TypeScript and JSX through SWC with React's automatic runtime (development helpers outside production):
 * the rule of every remote and of the shell's builds.
 * @param {boolean} production
 */
export function swcRule(production) {
  return {
    test: /\.[cm]?tsx?$/,
    exclude: /node_modules/,
    loader: 'builtin:swc-loader',
    options: {
      jsc: {
        // The syntax our packages are compiled to (tsconfig.base.json) and ship in: without it SWC writes ES5, and
        // every async function, class and spread becomes a helper (a fifth of the shell's own code).
        target: 'es2022',
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development: !production } },
      },
    },
    type: /** @type {const} */ ('javascript/auto'),
  };
}

/**
 * @param {{ root: string; folder: string; federation: import('@rspack/core').RspackPluginInstance; firstPaint?: string; plugins?: import('@rspack/core').RspackPluginInstance[] }} options
 * @returns {(env?: Record<string, unknown>) => import('@rspack/core').Configuration | import('@rspack/core').Configuration[]}
 */
export function createRemoteConfig({ root, folder, federation, firstPaint, plugins = [] }) {
  const remote = REMOTES.find((r) => r.folder === folder);
  if (!remote) throw new Error(`createRemoteConfig: unknown remote folder "${folder}"`);

  // The rspack CLI calls a function config with env.RSPACK_SERVE set when it runs `rspack serve`.
  return (env = {}) => {
    const serving = Boolean(env.RSPACK_SERVE);
    const production = !serving && process.env.NODE_ENV !== 'development';
    const gatewayUrl = process.env.GATEWAY_URL || DEFAULT_GATEWAY_URL;

    const browser = {
      name: 'browser',
      context: root,
      mode: production ? 'production' : 'development',
      devtool: production ? 'source-map' : 'cheap-module-source-map',
      // The production build has no entry of its own: the federation container (remoteEntry.js) is the
      // entry. The dev host page exists only while serving, so it never ships with the remote.
      entry: serving ? { main: './src/dev/main.tsx' } : {},
      output: {
        path: path.join(root, 'dist'),
        publicPath: 'auto', // chunks load from wherever remoteEntry.js was fetched (gateway or CDN)
        uniqueName: remote.name, // keeps this remote's chunk-loading global apart from the shell's
        filename: production ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        cssFilename: production ? '[name].[contenthash:8].css' : '[name].css',
        cssChunkFilename: production ? '[name].[contenthash:8].css' : '[name].css',
        clean: true,
      },
      resolve: { extensions: RESOLVE_EXTENSIONS, alias: federationRuntimeAliases() },
      module: {
        rules: [
          swcRule(production),
          {
            test: /\.css$/,
            use: [
              {
                loader: 'postcss-loader',
                options: {
                  postcssOptions: {
                    // In the composed product the remote's utilities apply only inside its
                    // [data-remote] container, so they never undo the shell's responsive classes.
                    // The dev host page (rspack serve) has no shell to protect, so it keeps them global.
                    plugins: [tailwindcss({ base: root }), !serving && scopeRemoteCss({ remote: remote.name })].filter(
                      Boolean,
                    ),
                  },
                },
              },
            ],
            type: 'css',
          },
        ],
      },
      plugins: [
        federation,
        ...plugins,
        serving && new rspack.HtmlRspackPlugin({ template: './src/dev/index.html', chunks: ['main'] }),
        !serving && manifestCheck(remote),
      ].filter(Boolean),
      performance: { hints: false },
      devServer: {
        port: remote.devPort,
        host: '127.0.0.1',
        historyApiFallback: true,
        // The shell may load this dev build cross-origin.
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [{ context: ['/api', '/media'], target: gatewayUrl, changeOrigin: true }],
      },
    };
    return production && firstPaint ? [browser, firstPaintConfig(root, firstPaint, plugins)] : browser;
  };
}

/**
 * The remote's first paint (docs/architecture.md): `entry` (a module exporting `firstPaint(): Record<screen, html>`,
 * rendered with @atelier/host/first-paint) bundled for Node after the browser build, run, and written with the
 * stylesheets its exposed modules load to dist/first-paint.json — `{ screens: { "<Module>?<prop>=<value>": html },
 * css: [file] }` — which the gateway puts in the page of the routes that show those screens.
 * @param {string} root
 * @param {string} entry
 * @param {import('@rspack/core').RspackPluginInstance[]} plugins the remote's own, as in its browser build
 * @returns {import('@rspack/core').Configuration}
 */
function firstPaintConfig(root, entry, plugins) {
  const out = path.join(root, '.first-paint');
  return {
    name: 'first-paint',
    dependencies: ['browser'], // after the browser build, whose clean of dist/ would remove what this writes
    context: root,
    mode: 'production',
    target: 'node20',
    devtool: false,
    entry: { 'first-paint': entry },
    output: { path: out, filename: 'first-paint.cjs', library: { type: 'commonjs2' }, clean: true },
    resolve: { extensions: RESOLVE_EXTENSIONS },
    module: { rules: [swcRule(true), { test: /\.css$/, type: 'asset/source' }] },
    optimization: { minimize: false },
    performance: { hints: false },
    plugins: [
      ...plugins,
      {
        apply(compiler) {
          compiler.hooks.afterEmit.tap('AtelierFirstPaint', (compilation) => {
            if (compilation.errors.length > 0) return;
            const dist = path.join(root, 'dist');
            try {
              const bundle = path.join(out, 'first-paint.cjs');
              const { firstPaint } = createRequire(import.meta.url)(bundle);
              const screens = firstPaint();
              const manifest = JSON.parse(readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8'));
              const css = [...new Set((manifest.exposes ?? []).flatMap((e) => e.assets?.css?.sync ?? []))];
              writeFileSync(path.join(dist, 'first-paint.json'), JSON.stringify({ screens, css }));
              rmSync(out, { recursive: true, force: true });
            } catch (error) {
              compilation.errors.push(new rspack.WebpackError(`first paint: ${error.stack ?? error.message}`));
            }
          });
        },
      },
    ],
  };
}

/**
 * Fails the build unless dist/mf-manifest.json lists every module REMOTES says this remote exposes,
 * so a renamed or forgotten expose breaks here rather than in the shell at run time.
 * @param {{ name: string; exposes: string[] }} remote
 */
function manifestCheck(remote) {
  return {
    apply(compiler) {
      compiler.hooks.afterEmit.tap('AtelierManifestCheck', (compilation) => {
        if (compilation.errors.length > 0) return;
        const file = path.join(compilation.outputOptions.path, 'mf-manifest.json');
        let problem = null;
        try {
          const manifest = JSON.parse(readFileSync(file, 'utf8'));
          const listed = new Set((manifest.exposes ?? []).map((e) => e.name));
          const missing = remote.exposes.filter((name) => !listed.has(name));
          if (manifest.name !== remote.name) problem = `names container "${manifest.name}", expected "${remote.name}"`;
          else if (missing.length > 0) problem = `does not list ${missing.join(', ')}`;
        } catch (error) {
          problem = `cannot be read (${error.message})`;
        }
        if (problem) compilation.errors.push(new rspack.WebpackError(`mf-manifest.json ${problem}`));
      });
    },
  };
}
