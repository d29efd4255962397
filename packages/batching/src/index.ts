export { type Batcher, createBatcher, type Settled } from './batcher.js';
