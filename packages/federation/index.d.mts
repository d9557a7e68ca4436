export interface RemoteDefinition {
  name: 'mf_create' | 'mf_photoshoot' | 'mf_canvas' | 'mf_pricing';
  folder: string;
  devPort: number;
  exposes: string[];
}
export declare const REMOTES: RemoteDefinition[];
export declare function sharedDependencies(): Record<string, { singleton: boolean; requiredVersion: string | false; version: string }>;
export declare const offlineRemotePluginPath: string;
export declare function federationDefaults(): {
  shared: ReturnType<typeof sharedDependencies>;
  shareStrategy: 'loaded-first';
  dts: false;
  experiments: { optimization: { target: 'web' } };
};
/** `resolve.alias` entries giving a browser build the ES-module copy of the federation runtime. */
export declare function federationRuntimeAliases(): Record<string, string>;
