export * from './services.js';
export * from './errors.js';
export * from './lists.js';
export * from './events.js';
export * from './demo.js';
export * from './store-events.js';
export * from './accounts-events.js';
