export * from './item.js';
export * from './catalogue.js';
export * from './directory.js';
export * from './lists.js';
export * from './demo-photo.js';
