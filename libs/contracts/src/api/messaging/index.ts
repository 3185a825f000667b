export * from './mailbox.js';
export * from './alerts.js';
