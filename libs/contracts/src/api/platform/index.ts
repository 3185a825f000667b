export * from './diagnostics.js';
