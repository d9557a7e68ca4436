import type { Configuration, RspackPluginInstance } from '@rspack/core';

export interface RemoteConfigOptions {
  /** The remote's folder on disk (its rspack.config.ts directory). */
  root: string;
  /** The remote's folder name, one of REMOTES' `folder` (gives its dev port and container name). */
  folder: string;
  /** The remote's ModuleFederationPlugin instance. */
  federation: RspackPluginInstance;
}
export declare function createRemoteConfig(options: RemoteConfigOptions): (env?: Record<string, unknown>) => Configuration;
