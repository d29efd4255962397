import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.js';

describe('single-machine server environment', () => {
  it('runs with no variable at all, on the embedded defaults', () => {
    expect(loadEnv({})).toMatchObject({
      PORT: 8080,
      DATA_DIR: '.data',
      EMBEDDED_POSTGRES_PORT: 54_329,
      SEED_DEMO: true,
      SEED_DEMO_HISTORY: true,
    });
  });

  it('requires DATABASE_URL and CURSOR_SECRET in production', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(/DATABASE_URL/);
    expect(() => loadEnv({ NODE_ENV: 'production', DATABASE_URL: 'postgres://h/db' })).toThrow(
      /CURSOR_SECRET/,
    );
  });

  it('names the variable at fault', () => {
    expect(() => loadEnv({ STABILIZATION_WINDOW_SECONDS: 'thirty' })).toThrow(/STABILIZATION_WINDOW_SECONDS/);
    expect(() => loadEnv({ CURSOR_SECRET: 'short' })).toThrow(/CURSOR_SECRET/);
  });
});
