export * from './config.js';
export * from './errors.js';
export * from './tokens.js';
export * from './logger.js';
