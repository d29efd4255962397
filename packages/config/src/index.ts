export { EnvError, envPieces, parseEnv } from './env-schema.js';
