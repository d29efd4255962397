export { apiEnvPieces, EnvError, envPieces, parseEnv } from './env-schema.js';
