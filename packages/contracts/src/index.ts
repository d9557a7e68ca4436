export * from './account.js';
export * from './errors.js';
