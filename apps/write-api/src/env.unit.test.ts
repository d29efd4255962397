import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.js';

const DATABASE_URL = 'postgres://u@db.internal:5432/factory';
const SECRET = 's'.repeat(32);

describe('standalone write API environment', () => {
  it('requires DATABASE_URL always, and CURSOR_SECRET in production', () => {
    expect(() => loadEnv({})).toThrow(/DATABASE_URL/);
    expect(() => loadEnv({ NODE_ENV: 'production', DATABASE_URL })).toThrow(/CURSOR_SECRET/);
    expect(loadEnv({ NODE_ENV: 'production', DATABASE_URL, CURSOR_SECRET: SECRET })).toMatchObject({
      DATABASE_URL,
      CURSOR_SECRET: SECRET,
      PORT: 8080,
    });
  });

  it('draws a cursor secret outside production', () => {
    expect(loadEnv({ DATABASE_URL }).CURSOR_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it('sizes the pool for 20 requests in flight unless told otherwise', () => {
    expect(loadEnv({ DATABASE_URL }).DATABASE_POOL_SIZE).toBe(20);
    expect(loadEnv({ DATABASE_URL, DATABASE_POOL_SIZE: '32' }).DATABASE_POOL_SIZE).toBe(32);
    expect(() => loadEnv({ DATABASE_URL, DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('names the variable at fault', () => {
    expect(() => loadEnv({ DATABASE_URL, PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadEnv({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });
});
