import { describe, expect, it } from 'vitest';
import { baseUrl } from './base-url.js';
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

  it('issue 13 item 8: listens on 127.0.0.1 unless HOST chooses another interface', () => {
    expect(loadEnv({}).HOST).toBe('127.0.0.1');
    expect(loadEnv({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(loadEnv({ HOST: '::1' }).HOST).toBe('::1');
    expect(() => loadEnv({ HOST: 'a b' })).toThrow(/HOST/);
    expect(baseUrl('0.0.0.0', '8080')).toBe('http://127.0.0.1:8080');
    expect(baseUrl('::1', '8080')).toBe('http://[::1]:8080');
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
