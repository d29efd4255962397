export { loadEnv, type ProjectorEnv } from './env.js';
