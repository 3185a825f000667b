export * from './orders.js';
