// The shell: the host page. It shares the singletons and finds its remotes at run time (/mf/remotes.json),
// so it declares no build-time `remotes` and is never rebuilt when a remote is deployed.
import { createRequire } from 'node:module';
import path from 'node:path';
import { federationDefaults, federationRuntimeAliases, offlineRemotePluginPath } from '@atelier/federation';
import { RESOLVE_EXTENSIONS, swcRule } from '@atelier/federation/remote-config';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack, type Configuration } from '@rspack/core';
import tailwindcss from '@tailwindcss/postcss';
import { readShellConfig } from './shell-config';

const root = import.meta.dirname;
// The product's artwork (packages/artwork, rendered at build time), served from /art/ with the shell.
const artworkDir = path.join(path.dirname(createRequire(import.meta.url).resolve('@atelier/artwork/package.json')), 'dist/art');
const gatewayUrl = process.env.GATEWAY_URL || 'http://127.0.0.1:8080';

/**
 * The public pages' build-time renderer: the light entries (landing, login, terms, privacy) bundled for Node, run
 * by scripts/prerender.mjs once the browser build is done to write dist/<page>.html.
 */
function prerenderConfig(shellConfig: ReturnType<typeof readShellConfig>): Configuration {
  return {
    name: 'prerender',
    context: root,
    mode: 'production',
    target: 'node20',
    devtool: false,
    entry: { prerender: './src/prerender.tsx' },
    output: { path: path.join(root, '.prerender'), filename: 'prerender.cjs', library: { type: 'commonjs2' }, clean: true },
    resolve: { extensions: RESOLVE_EXTENSIONS },
    module: { rules: [swcRule(true), { test: /\.css$/, type: 'asset/source' }] },
    plugins: [new rspack.DefinePlugin({ __SHELL_CONFIG__: JSON.stringify(shellConfig) })],
    optimization: { minimize: false },
    performance: { hints: false },
  };
}

/**
 * The scripts of the prerendered pages: `src/light.tsx` (the landing and login entries) and `src/light-legal.tsx`
 * (the terms and the privacy policy), Preact with no Module Federation runtime, so those pages load a fraction of
 * the federated entry's JavaScript. Written to .light/, moved to dist/light/ and put in dist/<page>.html by
 * scripts/prerender.mjs in place of the federated entry, which light.tsx loads itself when the visitor moves on.
 */
function lightConfig(shellConfig: ReturnType<typeof readShellConfig>): Configuration {
  return {
    name: 'light',
    context: root,
    mode: 'production',
    target: 'web',
    devtool: 'source-map',
    // The legal pages have a script of their own (their texts and the button stay out of `/`'s script).
    entry: { light: './src/light.tsx', legal: './src/light-legal.tsx' },
    output: {
      // Not into dist/ directly: the browser build cleans dist/ whenever it emits. scripts/prerender.mjs moves it.
      path: path.join(root, '.light'),
      publicPath: '/light/',
      uniqueName: 'shell-light',
      filename: '[name].[contenthash:8].js',
      chunkFilename: '[name].[contenthash:8].js',
      clean: true,
    },
    resolve: {
      extensions: RESOLVE_EXTENSIONS,
      // Preact's React-compatible layer instead of react-dom (about 60 KB of gzip JavaScript less to parse and run on
      // a phone): the same components, hydrating the HTML react-dom/server rendered at build time. Only this build;
      // the app itself, its tests and the prerendering use React.
      alias: {
        react$: 'preact/compat',
        'react-dom$': path.join(root, 'src/lib/light-react-dom.ts'),
        'react-dom/client$': 'preact/compat/client',
        'react/jsx-runtime$': 'preact/jsx-runtime',
        'react/jsx-dev-runtime$': 'preact/jsx-dev-runtime',
      },
    },
    module: { rules: [swcRule(true)] },
    plugins: [new rspack.DefinePlugin({ __SHELL_CONFIG__: JSON.stringify(shellConfig) })],
    performance: { hints: false },
  };
}

export default (env: Record<string, unknown> = {}): Configuration | Configuration[] => {
  const production = !env.RSPACK_SERVE && process.env.NODE_ENV !== 'development';
  const shellConfig = readShellConfig(process.env); // a bad value stops the build, naming the variable
  const browser: Configuration = {
    context: root,
    mode: production ? 'production' : 'development',
    devtool: production ? 'source-map' : 'cheap-module-source-map',
    entry: { main: './src/index.ts' },
    output: {
      path: path.join(root, 'dist'),
      publicPath: '/',
      uniqueName: 'shell', // keeps the shell's chunk-loading global apart from the remotes'
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
          use: [{ loader: 'postcss-loader', options: { postcssOptions: { plugins: [tailwindcss({ base: root })] } } }],
          type: 'css',
        },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name: 'shell',
        ...federationDefaults(), // shared singletons (React, router, Query, host, ui), 'loaded-first', no dts
        // A remote that cannot be fetched resolves to a module that throws, caught by that route's boundary.
        runtimePlugins: [offlineRemotePluginPath],
      }),
      new rspack.DefinePlugin({ __SHELL_CONFIG__: JSON.stringify(shellConfig) }),
      new rspack.HtmlRspackPlugin({ template: './src/index.html' }),
      new rspack.CopyRspackPlugin({ patterns: [{ from: artworkDir, to: 'art' }] }),
    ],
    performance: { hints: false },
    devServer: {
      port: 3000,
      host: '127.0.0.1',
      historyApiFallback: true, // client-side routes
      proxy: [{ context: ['/api', '/mf', '/media'], target: gatewayUrl, changeOrigin: true }],
    },
  };
  return production ? [browser, lightConfig(shellConfig), prerenderConfig(shellConfig)] : browser;
};
