import { describe, expect, it } from 'vitest';
import { parseEnv } from './env-schema.js';
import { eventLogEnvPieces, eventLogOf } from './event-log-env.js';

const read = (env: Record<string, string>) => eventLogOf(parseEnv(eventLogEnvPieces, env));

describe('EVENT_STORE and EVENTSTORE_URL', () => {
  it('select PostgreSQL when unset', () => {
    expect(read({})).toEqual({ kind: 'postgres' });
    expect(read({ EVENT_STORE: 'postgres', EVENTSTORE_URL: '' })).toEqual({ kind: 'postgres' });
  });

  it('select KurrentDB with its connection string', () => {
    const url = 'kurrentdb://127.0.0.1:2113?tls=false';
    expect(read({ EVENT_STORE: 'kurrentdb', EVENTSTORE_URL: url })).toEqual({ kind: 'kurrentdb', url });
    expect(read({ EVENT_STORE: 'kurrentdb', EVENTSTORE_URL: 'esdb+discover://a,b,c' }).kind).toBe(
      'kurrentdb',
    );
  });

  it('refuse KurrentDB without a connection string, an unknown log, and a URL of another scheme', () => {
    expect(() => read({ EVENT_STORE: 'kurrentdb' })).toThrow(/EVENTSTORE_URL is required/);
    expect(() => read({ EVENT_STORE: 'mysql' })).toThrow(/EVENT_STORE/);
    expect(() => read({ EVENT_STORE: 'kurrentdb', EVENTSTORE_URL: 'postgres://x/y' })).toThrow(
      /EVENTSTORE_URL/,
    );
  });
});
