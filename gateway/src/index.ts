export { createApp } from './app.js';
export type { GatewayApp, GatewayDeps } from './app.js';
export { loadGatewayConfig } from './config.js';
export type { GatewayConfig, RemoteConfig } from './config.js';
export { createGatewayServer } from './http-server.js';
export { createSessionResolver } from './session/session-resolver.js';
export type { ResolvedSession, SessionResolver } from './session/session-resolver.js';
