export { createApp, type BillingDeps } from './app.js';
export { loadBillingConfig, PRICE_VARIABLES, type BillingConfig } from './config.js';
export { STRIPE_API_VERSION } from './constants.js';
export { migrationsFolder } from './db/migrations.js';
export { HANDLED_EVENT_TYPES } from './domain/events.js';
export { createErase, startBillingErasures } from './erase.js';
