import { declareRoute } from '@factory/http';
import { z } from 'zod';

// The probes each process answers on its own port, for an orchestrator rather than a client:
// outside the route catalog and the description, with no token and no rate limit.

/** GET /healthz: the process runs. */
export const vivo = declareRoute({
  method: 'GET',
  url: '/healthz',
  scope: 'publico',
  summary: 'O processo está no ar',
  response: z.object({ vivo: z.literal(true) }),
});

/** GET /readyz: every part the process depends on answers (200), or 503 naming those that do not. */
export const pronto = declareRoute({
  method: 'GET',
  url: '/readyz',
  scope: 'publico',
  summary: 'Cada parte de que o processo depende responde',
  response: z.object({
    pronto: z.boolean(),
    partes: z.record(z.string(), z.enum(['ok', 'falhou'])),
    falhas: z.array(z.string()).optional(),
  }),
});
