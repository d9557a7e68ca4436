export { createApp, type AccountDeps } from './app.js';
export { loadAccountConfig, type AccountConfig } from './config.js';
export { migrationsFolder } from './db/migrations.js';
