export * from './mailbox.js';
export * from './alerts.js';
export * from './contacts.js';
export * from './conversations.js';
