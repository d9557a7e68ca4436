export * from './oidc-provider.js';
export * from './test-account.js';
