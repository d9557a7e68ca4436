// mf_create: the creation screen for the image, video and dress-up tabs, loaded by the shell at run time from dist/mf-manifest.json.
import { federationDefaults } from '@atelier/federation';
import { createRemoteConfig } from '@atelier/federation/remote-config';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack } from '@rspack/core';

export default createRemoteConfig({
  root: import.meta.dirname,
  // The screens as they first paint, before any script has run (dist/first-paint.json, for the gateway).
  firstPaint: './src/first-paint.tsx',
  folder: 'mf-create', // gives the dev port (3001) from @atelier/federation's REMOTES
  federation: new ModuleFederationPlugin({
    name: 'mf_create',
    filename: 'remoteEntry.js',
    exposes: { './CreateScreen': './src/expose/create-screen.tsx' },
    manifest: true, // emits mf-manifest.json, the entry the gateway lists in /mf/remotes.json
    ...federationDefaults(), // shared singletons (React, router, Query, host, ui), 'loaded-first'
    // @mf-types.zip (the exposed modules' types) only when asked: nothing here reads it, and generating it was ~90 % of
    // this build's CPU (docs/decisions.md, cold build).
    dts: process.env.MF_GENERATE_TYPES === '1' ? { generateTypes: true, consumeTypes: false } : false,
    // The dev host consumes no remote types, so it needs no type-hint socket (it only logged connection errors).
    dev: { disableDynamicRemoteTypeHints: true },
  }),
  plugins: [
    // Host names where the first completed generation sends the ad lead event (SPEC §4); none by default.
    new rspack.DefinePlugin({
      __ATELIER_PRODUCTION_HOSTS__: JSON.stringify(process.env.ATELIER_PRODUCTION_HOSTS ?? ''),
    }),
  ],
});

