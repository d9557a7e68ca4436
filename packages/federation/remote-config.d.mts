import type { Configuration, RspackPluginInstance, RuleSetRule } from '@rspack/core';

export interface RemoteConfigOptions {
  /** The remote's folder on disk (its rspack.config.ts directory). */
  root: string;
  /** The remote's folder name, one of REMOTES' `folder` (gives its dev port and container name). */
  folder: string;
  /** The remote's ModuleFederationPlugin instance. */
  federation: RspackPluginInstance;
}
export declare function createRemoteConfig(options: RemoteConfigOptions): (env?: Record<string, unknown>) => Configuration;
/** The file extensions every browser build resolves. */
export declare const RESOLVE_EXTENSIONS: string[];
/** TypeScript and JSX through SWC with React's automatic runtime (development helpers outside production). */
export declare function swcRule(production: boolean): RuleSetRule;
