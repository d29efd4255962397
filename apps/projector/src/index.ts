export { loadEnv, type ProjectorEnv } from './env.js';
export { type ProjectorWorkerOptions, startProjectorWorker } from './projector-worker.js';
