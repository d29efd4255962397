export {
  apiEnvPieces,
  DEFAULT_STABILIZATION_WINDOW_SECONDS,
  EnvError,
  envPieces,
  hostPiece,
  parseEnv,
} from './env-schema.js';
export { type EventLogSetting, eventLogEnvPieces, eventLogOf } from './event-log-env.js';
export {
  GracefulShutdown,
  type GracefulShutdownOptions,
  SHUTDOWN_PHASES,
  type ShutdownPhase,
} from './graceful-shutdown.js';
