export * from './diagnostics.js';
export * from './health.js';
