import { SITUACOES_NOTA } from '@factory/domain';
import { declareRoute, param } from '@factory/http';
import { z } from 'zod';
import { notaExample } from '../resources/compras-examples.js';
import { chaveAcesso } from '../resources/nfe-fields.js';
import { notaSchema } from '../resources/nota.js';
import { declareList } from './list-declaration.js';

/** GET /v1/notas: received invoices by (atualizado_em, id), stabilised. */
export const notas = declareList({
  url: '/v1/notas',
  scope: 'notas:ler',
  summary: 'Notas fiscais recebidas, em ordem de atualização',
  filters: {
    atualizado_desde: param.instant.optional(),
    fornecedor_id: param.uuid.optional(),
    chave: chaveAcesso().optional(),
    situacao: param.oneOf(SITUACOES_NOTA).optional(),
  },
  item: notaSchema,
  example: notaExample,
});

/** GET /v1/notas/{id}: one invoice, also a cancelled one; no stabilisation window. */
export const nota = declareRoute({
  method: 'GET',
  url: '/v1/notas/:id',
  scope: 'notas:ler',
  summary: 'Uma nota fiscal recebida',
  params: z.object({ id: param.uuid }),
  response: notaSchema,
  examples: { response: notaExample },
});
