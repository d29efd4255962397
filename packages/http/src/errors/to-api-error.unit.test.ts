import { ContentionDeadlineError } from '@factory/database';
import { describe, expect, it } from 'vitest';
import { toApiError } from './to-api-error.js';

describe('toApiError', () => {
  it('answers a write that lost to concurrent writers until its deadline 503 banco_indisponivel, to retry a second later', () => {
    const { apiError, internal } = toApiError(new ContentionDeadlineError(['relacoes-a-a'], 40, 10_000));
    expect(apiError.status).toBe(503);
    expect(apiError.codigo).toBe('banco_indisponivel');
    expect(apiError.headers).toEqual({ 'Retry-After': '1' });
    expect(internal).toBe(true); // logged for the operators
  });

  it('answers anything unknown 500 erro_interno', () => {
    expect(toApiError(new Error('streams moved meanwhile')).apiError.status).toBe(500);
  });
});
