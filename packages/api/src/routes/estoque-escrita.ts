import { TIPOS_MOVIMENTO_CLIENTE } from '@factory/domain';
import { declareRoute, param } from '@factory/http';
import { z } from 'zod';
import { oneOfText } from '../resources/decided-fields.js';
import { movimentoBodyExample, movimentoExample } from '../resources/examples.js';
import { movimentoSchema } from '../resources/movimento.js';

// Types and presence only; the decider checks values (tipo, signs, units, costs) and names
// the field at fault. `custo_unitario` is accepted from a token without `custos:ler` (the
// specification refuses it only on products): an ERP pushing entries must value them.
const registrarMovimentoBody = z.strictObject({
  insumo_id: param.uuid,
  local_id: param.uuid,
  tipo: oneOfText(TIPOS_MOVIMENTO_CLIENTE),
  quantidade: z.number(),
  unidade: z.string().min(1).nullish(),
  custo_unitario: z.number().nullish(),
  referencia: z.string().max(200).nullish(),
  motivo: z.string().max(500).nullish(),
});

/** POST /v1/estoque/movimentos: registers a movement; Idempotency-Key required. */
export const registrarMovimento = declareRoute({
  method: 'POST',
  url: '/v1/estoque/movimentos',
  scope: 'estoque:escrever',
  summary: 'Registra um movimento de estoque (entrada_manual, ajuste, perda, saldo_inicial)',
  body: registrarMovimentoBody,
  response: movimentoSchema,
  status: 201,
  idempotencyKey: 'required',
  examples: { body: movimentoBodyExample, response: movimentoExample },
});

// Optional: no body and no Content-Type is valid too.
const estornarMovimentoBody = z
  .strictObject({
    motivo: z.string().max(500).nullish(),
  })
  .optional();

/** POST /v1/estoque/movimentos/{id}/estorno: reverses a movement; Idempotency-Key optional. */
export const estornarMovimento = declareRoute({
  method: 'POST',
  url: '/v1/estoque/movimentos/:id/estorno',
  scope: 'estoque:escrever',
  summary: 'Estorna um movimento de estoque (corpo opcional: {"motivo"})',
  params: z.object({ id: param.uuid }),
  body: estornarMovimentoBody,
  response: movimentoSchema,
  status: 201,
  examples: {
    body: { motivo: 'lançado em dobro' },
    response: {
      id: '7c6b5a4f-3e2d-4c1b-9a0f-8e7d6c5b4a39',
      insumo_id: '5a3c2e1f-8b7d-4c6a-9e0f-1d2b3c4d5e6f',
      local_id: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b',
      tipo: 'estorno',
      quantidade: -120,
      unidade: 'm',
      custo_unitario: 4.35,
      referencia: '1f2e3d4c-5b6a-4798-8a7b-6c5d4e3f2a1b',
      motivo: 'lançado em dobro',
      origem: 'api',
      criado_em: '2026-03-10T10:02:00.000-03:00',
    },
  },
});
