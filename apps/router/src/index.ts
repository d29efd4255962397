export { loadEnv, type RouterEnv } from './env.js';
export { createRouter, type RouterOptions } from './router.js';
