import { declareRoute } from '@factory/http';
import { z } from 'zod';

const local = z.object({
  id: z.uuid(),
  nome: z.string(),
  tipo: z.enum(['fabrica', 'terceiro', 'deposito']),
  ativo: z.boolean(),
});

/** GET /v1/locais: every location of the company, by name, unpaginated. */
export const locais = declareRoute({
  method: 'GET',
  url: '/v1/locais',
  scope: 'qualquer',
  summary: 'Locais de estoque da empresa, por nome',
  response: z.object({ dados: z.array(local), proximo_cursor: z.null() }),
  examples: {
    response: {
      dados: [{ id: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b', nome: 'Fábrica', tipo: 'fabrica', ativo: true }],
      proximo_cursor: null,
    },
  },
});
