export { apiEnvPieces, EnvError, envPieces, parseEnv } from './env-schema.js';
export {
  GracefulShutdown,
  type GracefulShutdownOptions,
  SHUTDOWN_PHASES,
  type ShutdownPhase,
} from './graceful-shutdown.js';
