import type { ShellConfig } from '../../shell-config';

// Replaced at build time by rspack's DefinePlugin (and by vitest's `define` in tests); see shell/shell-config.ts.
declare const __SHELL_CONFIG__: ShellConfig;

export const SHELL_CONFIG: ShellConfig = __SHELL_CONFIG__;
