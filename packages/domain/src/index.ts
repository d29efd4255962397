export * from './catalog/index.js';
export * from './company/index.js';
export * from './production/index.js';
export * from './purchases/index.js';
export * from './stock/index.js';
