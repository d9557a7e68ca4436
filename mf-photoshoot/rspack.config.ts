// mf_photoshoot: the full-screen 5-step Photoshoot flow, loaded by the shell at run time from dist/mf-manifest.json.
import { federationDefaults } from '@atelier/federation';
import { createRemoteConfig } from '@atelier/federation/remote-config';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';

export default createRemoteConfig({
  root: import.meta.dirname,
  folder: 'mf-photoshoot', // gives the dev port (3002) from @atelier/federation's REMOTES
  federation: new ModuleFederationPlugin({
    name: 'mf_photoshoot',
    filename: 'remoteEntry.js',
    exposes: { './PhotoshootFlow': './src/expose/photoshoot-flow.tsx' },
    manifest: true, // emits mf-manifest.json, the entry the gateway lists in /mf/remotes.json
    ...federationDefaults(), // shared singletons (React, router, Query, host, ui), 'loaded-first'
    // @mf-types.zip (the exposed modules' types) only when asked: nothing here reads it, and generating it was ~90 % of
    // this build's CPU (docs/decisions.md, cold build).
    dts: process.env.MF_GENERATE_TYPES === '1' ? { generateTypes: true, consumeTypes: false } : false,
  }),
});
