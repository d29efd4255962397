import { declareRoute, param } from '@factory/http';
import { z } from 'zod';
import { apontamentoSchema } from '../resources/apontamento.js';
import { dateText, uuidText } from '../resources/decided-fields.js';
import { apontamentoExample, planoExample } from '../resources/examples.js';
import { planoSchema } from '../resources/plano.js';

// Types and presence only; the decider checks values and names the line's key at fault.
const substituirPlanoBody = z.strictObject({
  itens: z.array(z.strictObject({ produto_id: uuidText(), quantidade: z.number(), local_id: uuidText() })),
});

/** PUT /v1/producao/plano/{dia}: the lines become the day's plan, versao + 1. */
export const substituirPlano = declareRoute({
  method: 'PUT',
  url: '/v1/producao/plano/:dia',
  scope: 'producao:escrever',
  summary: 'Substitui o plano de um dia de produção',
  params: z.object({ dia: dateText() }),
  body: substituirPlanoBody,
  examples: {
    body: {
      itens: [
        {
          produto_id: '3b2a1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d',
          quantidade: 120,
          local_id: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b',
        },
      ],
    },
    response: planoExample,
  },
  response: planoSchema,
});

// Types and presence only; the decider checks values in body order and names the key at fault.
const registrarApontamentoBody = z.strictObject({
  produto_id: uuidText(),
  quantidade: z.number(),
  local_id: uuidText(),
  dia: dateText().nullish(),
  referencia: z.string().nullish(),
  motivo: z.string().nullish(),
});

/**
 * POST /v1/producao/apontamentos: registers a production record and its baixa_producao
 * movements, atomically; Idempotency-Key required, as on every POST that creates movements.
 */
export const registrarApontamento = declareRoute({
  method: 'POST',
  url: '/v1/producao/apontamentos',
  scope: 'producao:escrever',
  summary: 'Registra um apontamento de produção e as baixas de insumos da sua ficha técnica',
  body: registrarApontamentoBody,
  response: apontamentoSchema,
  status: 201,
  idempotencyKey: 'required',
  examples: {
    body: {
      produto_id: '3b2a1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d',
      quantidade: 48,
      local_id: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b',
      dia: '2026-03-10',
      referencia: 'OP 1187',
    },
    response: apontamentoExample,
  },
});

// Optional: no body and no Content-Type is valid too.
const cancelarApontamentoBody = z.strictObject({ motivo: z.string().max(500).nullish() }).optional();

/**
 * POST /v1/producao/apontamentos/{id}/cancelamento: reverses every movement of the record and
 * marks it cancelled, atomically. Body and Idempotency-Key optional (as on a reversal).
 */
export const cancelarApontamento = declareRoute({
  method: 'POST',
  url: '/v1/producao/apontamentos/:id/cancelamento',
  scope: 'producao:escrever',
  summary:
    'Cancela um apontamento de produção: estorna cada um dos seus movimentos (corpo opcional: {"motivo"})',
  params: z.object({ id: param.uuid }),
  body: cancelarApontamentoBody,
  response: apontamentoSchema,
  examples: {
    body: { motivo: 'apontado no produto errado' },
    response: {
      id: '6a5b4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d',
      produto_id: '3b2a1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d',
      quantidade: 48,
      local_id: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b',
      dia: '2026-03-10',
      referencia: 'OP 1187',
      motivo: 'apontado no produto errado',
      estado: 'cancelado',
      custo: 1002.24,
      movimentos: ['8f7e6d5c-4b3a-4291-8d7c-6b5a4f3e2d1c'],
      criado_em: '2026-03-10T14:05:00.000-03:00',
      atualizado_em: '2026-03-10T15:30:00.000-03:00',
    },
  },
});
