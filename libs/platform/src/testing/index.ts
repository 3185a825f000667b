export * from './test-database.js';
export * from './test-runtime.js';
