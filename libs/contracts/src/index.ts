export * from './services.js';
export * from './errors.js';
export * from './lists.js';
export * from './events.js';
