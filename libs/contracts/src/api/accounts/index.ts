export * from './shared.js';
export * from './auth.js';
export * from './profile.js';
export * from './follow.js';
export * from './setup-tour.js';
export * from './menu.js';
export * from './wallets.js';
export * from './collaborators.js';
