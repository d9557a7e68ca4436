export { createService, type CanvasDeps, type CanvasService } from './app.js';
export { loadCanvasConfig, type CanvasConfig } from './config.js';
export { migrationsFolder } from './db/migrations.js';
