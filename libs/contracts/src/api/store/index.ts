export * from './banner.js';
export * from './header.js';
export * from './shop.js';
export * from './menu.js';
export * from './franchise.js';
export * from './store-items.js';
export * from './gallery.js';
