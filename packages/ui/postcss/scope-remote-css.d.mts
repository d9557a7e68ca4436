import type { PluginCreator } from 'postcss';
declare const scopeRemoteCss: PluginCreator<{ remote: string }>;
export default scopeRemoteCss;
