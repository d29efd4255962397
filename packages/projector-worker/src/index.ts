export { type ProjectorWorkerOptions, startProjectorWorker } from './projector-worker.js';
