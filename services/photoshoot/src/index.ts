export { createService, type PhotoshootDeps, type PhotoshootService } from './app.js';
export { loadPhotoshootConfig, type PhotoshootConfig } from './config.js';
export { migrationsFolder } from './db/migrations.js';
