export { createService, type CreateDeps, type CreateService } from './app.js';
export { loadCreateConfig, type CreateConfig } from './config.js';
export { migrationsFolder } from './db/migrations.js';
export { PRESETS, PRESET_STYLES, type PresetData } from './presets/presets.js';
