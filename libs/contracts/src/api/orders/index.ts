export * from './orders.js';
export * from './returns.js';
