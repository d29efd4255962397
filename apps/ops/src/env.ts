import { type EventLogSetting, envPieces, eventLogEnvPieces, eventLogOf, parseEnv } from '@factory/config';
import { z } from 'zod';

const shape = {
  /** PostgreSQL the commands act on; unset: the single-machine embedded server of DATA_DIR. */
  DATABASE_URL: envPieces.DATABASE_URL,
  DATA_DIR: envPieces.DATA_DIR,
  EMBEDDED_POSTGRES_PORT: envPieces.EMBEDDED_POSTGRES_PORT,
  ...eventLogEnvPieces,
  /** The service's port: invitation links point at it when PUBLIC_URL is unset. */
  PORT: envPieces.PORT,
  /** Where people reach the service (e.g. https://api.example.com), for invitation links. */
  PUBLIC_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url().optional()),
};

export interface OpsEnv {
  databaseUrl: string | undefined;
  dataDir: string;
  embeddedPort: number;
  /** The log the commands read and write (EVENT_STORE, EVENTSTORE_URL). */
  eventLog: EventLogSetting;
  /** The base of the links the CLI prints (invitations). */
  publicUrl: string;
}

/** The only reader of process.env in this app. */
export function loadEnv(source: Record<string, string | undefined> = process.env): OpsEnv {
  const env = parseEnv(shape, source);
  return {
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    embeddedPort: env.EMBEDDED_POSTGRES_PORT,
    eventLog: eventLogOf(env),
    publicUrl: env.PUBLIC_URL ?? `http://127.0.0.1:${env.PORT}`,
  };
}
