import { describe, expect, it } from 'vitest';
import { envPieces, parseEnv } from './env-schema.js';

const { PORT, DATABASE_URL, STABILIZATION_WINDOW_SECONDS, RATE_LIMIT_PER_TOKEN } = envPieces;
const shape = { PORT, DATABASE_URL, STABILIZATION_WINDOW_SECONDS, RATE_LIMIT_PER_TOKEN };

describe('parseEnv', () => {
  it('applies the defaults of the specification', () => {
    expect(parseEnv(shape, {})).toEqual({
      PORT: 8080,
      STABILIZATION_WINDOW_SECONDS: 30,
      RATE_LIMIT_PER_TOKEN: 120,
    });
  });

  it('treats an empty DATABASE_URL as unset', () => {
    expect(parseEnv(shape, { DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('names every variable at fault', () => {
    expect(() => parseEnv(shape, { PORT: 'eighty', DATABASE_URL: 'not a url' })).toThrow(
      /PORT: .*; DATABASE_URL: /,
    );
  });

  it('refuses a negative window', () => {
    expect(() => parseEnv(shape, { STABILIZATION_WINDOW_SECONDS: '-1' })).toThrow(
      /STABILIZATION_WINDOW_SECONDS/,
    );
  });
});

describe('METRICS_PORT', () => {
  const shape = { METRICS_PORT: envPieces.METRICS_PORT };
  it('is off when unset or empty, and 0 asks for a free port', () => {
    expect(parseEnv(shape, {}).METRICS_PORT).toBeUndefined();
    expect(parseEnv(shape, { METRICS_PORT: '' }).METRICS_PORT).toBeUndefined();
    expect(parseEnv(shape, { METRICS_PORT: '0' }).METRICS_PORT).toBe(0);
    expect(() => parseEnv(shape, { METRICS_PORT: 'nine' })).toThrow(/METRICS_PORT/);
  });
});
