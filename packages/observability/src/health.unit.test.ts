import { describe, expect, it } from 'vitest';
import { createHealth } from './health.js';

describe('createHealth', () => {
  it('is live whatever the parts, and ready only when every part answers', async () => {
    const ok = async () => undefined;
    expect(createHealth({ banco: ok }).live()).toEqual({ status: 200, body: { vivo: true } });
    expect(await createHealth({ banco: ok, redis: ok }).ready()).toEqual({
      status: 200,
      body: { pronto: true, partes: { banco: 'ok', redis: 'ok' } },
    });
  });

  it('answers 503 naming each failing part, a hung one included, in bounded time', async () => {
    const health = createHealth(
      {
        banco: async () => undefined,
        redis: () => Promise.reject(new Error('ECONNREFUSED')),
        log_de_eventos: () => new Promise<void>(() => undefined),
      },
      50,
    );
    expect(await health.ready()).toEqual({
      status: 503,
      body: {
        pronto: false,
        partes: { banco: 'ok', redis: 'falhou', log_de_eventos: 'falhou' },
        falhas: ['redis', 'log_de_eventos'],
      },
    });
  });
});
