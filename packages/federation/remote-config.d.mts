import type { Configuration, RspackPluginInstance, RuleSetRule } from '@rspack/core';

export interface RemoteConfigOptions {
  /** The remote's folder on disk (its rspack.config.ts directory). */
  root: string;
  /** The remote's folder name, one of REMOTES' `folder` (gives its dev port and container name). */
  folder: string;
  /** The remote's ModuleFederationPlugin instance. */
  federation: RspackPluginInstance;
  /**
   * A module exporting `firstPaint(): Record<string, string>` (its screens rendered with @atelier/host/first-paint,
   * by `<Module>?<prop>=<value>`): the production build writes them to dist/first-paint.json for the gateway.
   */
  firstPaint?: string;
  /** The remote's own plugins (a DefinePlugin, say), in its browser build and its first paint's. */
  plugins?: RspackPluginInstance[];
}
export declare function createRemoteConfig(
  options: RemoteConfigOptions,
): (env?: Record<string, unknown>) => Configuration | Configuration[];
/** The file extensions every browser build resolves. */
export declare const RESOLVE_EXTENSIONS: string[];
/** TypeScript and JSX through SWC with React's automatic runtime (development helpers outside production). */
export declare function swcRule(production: boolean): RuleSetRule;
