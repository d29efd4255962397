import { TIPOS_MOVIMENTO } from '@factory/domain';
import { param } from '@factory/http';
import { instant } from '../resources/answer-fields.js';
import { diaParam } from '../resources/dia-param.js';
import { movimentoExample } from '../resources/examples.js';
import { movimentoSchema } from '../resources/movimento.js';
import { posicaoSchema } from '../resources/posicao.js';
import { saldoSchema } from '../resources/saldo.js';
import { declareList } from './list-declaration.js';

/** GET /v1/estoque/saldos: one row per item and location that ever moved, by (atualizado_em, insumo, local). */
export const estoqueSaldos = declareList({
  url: '/v1/estoque/saldos',
  scope: 'estoque:ler',
  summary: 'Saldos de estoque por insumo e local, em ordem de atualização',
  filters: {
    atualizado_desde: param.instant.optional(),
    insumo_id: param.uuid.optional(),
    local_id: param.uuid.optional(),
  },
  item: saldoSchema,
  example: {
    insumo_id: '5a3c2e1f-8b7d-4c6a-9e0f-1d2b3c4d5e6f',
    local_id: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b',
    saldo: 96.4,
    unidade: 'm',
    custo_medio: 4.35,
    valor: 419.34,
    atualizado_em: '2026-03-10T16:40:12.000-03:00',
  },
});

/** GET /v1/estoque/movimentos: the stock ledger, by (criado_em, id). */
export const estoqueMovimentos = declareList({
  url: '/v1/estoque/movimentos',
  scope: 'estoque:ler',
  summary: 'Movimentos de estoque, em ordem de criação',
  filters: {
    desde: param.instant.optional(),
    insumo_id: param.uuid.optional(),
    local_id: param.uuid.optional(),
    tipo: param.oneOf(TIPOS_MOVIMENTO).optional(),
  },
  item: movimentoSchema,
  example: movimentoExample,
});

/**
 * GET /v1/estoque/posicao: the balance and average cost of every item and location at an
 * instant (`em`), at the end of a production day (`dia`), or now; by (insumo_id, local_id).
 */
export const estoquePosicao = declareList({
  url: '/v1/estoque/posicao',
  scope: 'estoque:ler',
  summary: 'Posição de estoque (saldo, custo médio e valor) em um instante ou no fim de um dia de produção',
  filters: {
    em: param.instant.optional(),
    dia: diaParam.optional(),
    insumo_id: param.uuid.optional(),
    local_id: param.uuid.optional(),
  },
  envelope: { em: instant() },
  item: posicaoSchema,
  envelopeExample: { em: '2026-03-10T18:00:00.000-03:00' },
  example: {
    insumo_id: '5a3c2e1f-8b7d-4c6a-9e0f-1d2b3c4d5e6f',
    local_id: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b',
    saldo: 96.4,
    unidade: 'm',
    custo_medio: 4.35,
    valor: 419.34,
    ultimo_movimento_em: '2026-03-10T16:40:12.000-03:00',
  },
});
