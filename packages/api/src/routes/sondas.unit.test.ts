import { createHealth } from '@factory/observability';
import { describe, expect, it } from 'vitest';
import { pronto, vivo } from './sondas.js';

// The probes' answers come from @factory/observability's health; their declarations must say
// what it answers, ready or not.
describe('the probes, as declared', () => {
  it('describe what a process answers, ready or not', async () => {
    const health = createHealth({
      banco: async () => undefined,
      redis: async () => Promise.reject(new Error('down')),
    });
    expect(vivo.response.safeParse(health.live().body).success).toBe(true);
    const notReady = await health.ready();
    expect(notReady.status).toBe(503);
    expect(pronto.response.parse(notReady.body)).toEqual({
      pronto: false,
      partes: { banco: 'ok', redis: 'falhou' },
      falhas: ['redis'],
    });
    const ready = await createHealth({ banco: async () => undefined }).ready();
    expect(pronto.response.parse(ready.body)).toEqual({ pronto: true, partes: { banco: 'ok' } });
  });

  it('refuse an answer of another shape (the check can fail)', () => {
    expect(vivo.response.safeParse({ vivo: false }).success).toBe(false);
    expect(pronto.response.safeParse({ pronto: true, partes: { banco: 'talvez' } }).success).toBe(false);
  });
});
