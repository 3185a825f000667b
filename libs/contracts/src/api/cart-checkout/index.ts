export * from './cart.js';
export * from './checkout.js';
export * from './errors.js';
export * from './delivery.js';
export * from './variant.js';
export * from './payments.js';
