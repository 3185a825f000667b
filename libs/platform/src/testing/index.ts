export * from './test-database.js';
export * from './test-runtime.js';
export * from './refused-port.js';
export * from './redis-keys.js';
