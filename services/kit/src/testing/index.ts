// `@atelier/kit/testing`: helpers for other packages' tests (never imported by a service).
export * from '../media/testing/fake-s3.js';
export * from './tokens.js';
