export * from './account.js';
export * from './errors.js';
export * from './credits.js';
export * from './create.js';
export * from './events.js';
export * from './photoshoot.js';
export * from './canvas.js';
export * from './billing.js';
