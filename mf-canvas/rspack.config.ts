// mf_canvas: the canvas editor, loaded by the shell at run time from dist/mf-manifest.json.
import { federationDefaults } from '@atelier/federation';
import { createRemoteConfig } from '@atelier/federation/remote-config';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';

export default createRemoteConfig({
  root: import.meta.dirname,
  // The screen as it first paints, before any script has run (dist/first-paint.json, for the gateway).
  firstPaint: './src/first-paint.tsx',
  folder: 'mf-canvas', // gives the dev port (3003) from @atelier/federation's REMOTES
  federation: new ModuleFederationPlugin({
    name: 'mf_canvas',
    filename: 'remoteEntry.js',
    exposes: { './CanvasEditor': './src/expose/canvas-editor.tsx' },
    manifest: true, // emits mf-manifest.json, the entry the gateway lists in /mf/remotes.json
    ...federationDefaults(), // shared singletons (React, router, Query, host, ui), 'loaded-first'
    // @mf-types.zip (the exposed modules' types) only when asked: nothing here reads it, and generating it was ~90 % of
    // this build's CPU (docs/decisions.md, cold build).
    dts: process.env.MF_GENERATE_TYPES === '1' ? { generateTypes: true, consumeTypes: false } : false,
  }),
});
