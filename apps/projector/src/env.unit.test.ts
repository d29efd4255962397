import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.js';

describe('projector environment', () => {
  it('requires DATABASE_URL', () => {
    expect(() => loadEnv({})).toThrow(/DATABASE_URL/);
    expect(() => loadEnv({ DATABASE_URL: '' })).toThrow(/DATABASE_URL/);
  });

  it('applies the defaults', () => {
    expect(loadEnv({ DATABASE_URL: 'postgres://u@h/db' })).toEqual({
      databaseUrl: 'postgres://u@h/db',
      eventLog: { kind: 'postgres' },
      logLevel: 'info',
      batchSize: 2000,
      pollIntervalMs: 1000,
      metricsPort: undefined,
      maxLagSeconds: 60,
    });
  });

  it('follows KurrentDB when EVENT_STORE says so, and needs its URL then', () => {
    const url = 'kurrentdb://127.0.0.1:2113?tls=false';
    expect(
      loadEnv({ DATABASE_URL: 'postgres://u@h/db', EVENT_STORE: 'kurrentdb', EVENTSTORE_URL: url }).eventLog,
    ).toEqual({ kind: 'kurrentdb', url });
    expect(() => loadEnv({ DATABASE_URL: 'postgres://u@h/db', EVENT_STORE: 'kurrentdb' })).toThrow(
      /EVENTSTORE_URL/,
    );
  });

  it('names a bad value', () => {
    expect(() => loadEnv({ DATABASE_URL: 'postgres://u@h/db', PROJECTOR_BATCH_SIZE: '0' })).toThrow(
      /PROJECTOR_BATCH_SIZE/,
    );
  });
});
