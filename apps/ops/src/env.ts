import { type EventLogSetting, envPieces, eventLogEnvPieces, eventLogOf, parseEnv } from '@factory/config';

const shape = {
  /** PostgreSQL the commands act on; unset: the single-machine embedded server of DATA_DIR. */
  DATABASE_URL: envPieces.DATABASE_URL,
  DATA_DIR: envPieces.DATA_DIR,
  EMBEDDED_POSTGRES_PORT: envPieces.EMBEDDED_POSTGRES_PORT,
  ...eventLogEnvPieces,
};

export interface OpsEnv {
  databaseUrl: string | undefined;
  dataDir: string;
  embeddedPort: number;
  /** The log the commands read and write (EVENT_STORE, EVENTSTORE_URL). */
  eventLog: EventLogSetting;
}

/** The only reader of process.env in this app. */
export function loadEnv(source: Record<string, string | undefined> = process.env): OpsEnv {
  const env = parseEnv(shape, source);
  return {
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    embeddedPort: env.EMBEDDED_POSTGRES_PORT,
    eventLog: eventLogOf(env),
  };
}
