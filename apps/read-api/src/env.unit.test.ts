import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.js';

describe('read API environment', () => {
  it('requires a database and a cursor secret, and names a bad variable', () => {
    expect(() => loadEnv({})).toThrow(/DATABASE_URL/);
    expect(() => loadEnv({ DATABASE_URL: 'postgres://h/db' })).toThrow(/CURSOR_SECRET/);
    expect(() =>
      loadEnv({ DATABASE_URL: 'postgres://h/db', CURSOR_SECRET: 'x'.repeat(32), PORT: 'x' }),
    ).toThrow(/PORT/);
    expect(loadEnv({ DATABASE_URL: 'postgres://h/db', CURSOR_SECRET: 'x'.repeat(32) })).toMatchObject({
      PORT: 8080,
      STABILIZATION_WINDOW_SECONDS: 30,
      RATE_LIMIT_PER_TOKEN: 120,
      RATE_LIMIT_PER_COMPANY: 300,
    });
  });
});
