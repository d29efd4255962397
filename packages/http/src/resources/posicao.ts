import { z } from 'zod';
import { cost } from './cost-fields.js';
import { instantOf } from './instant-of.js';

/** The position of one item in one location at an instant (GET /v1/estoque/posicao). */
export const posicaoSchema = z.object({
  insumo_id: z.uuid(),
  local_id: z.uuid(),
  saldo: z.number(),
  unidade: z.string(),
  custo_medio: cost(z.number().nullable()),
  valor: cost(z.number().nullable()),
  ultimo_movimento_em: z.string(),
});

export type Posicao = z.output<typeof posicaoSchema>;

export type PosicaoSource = Omit<Posicao, 'ultimo_movimento_em'> & { ultimo_movimento_em: Date | string };

export const presentPosicao = (row: PosicaoSource): Posicao => ({
  insumo_id: row.insumo_id,
  local_id: row.local_id,
  saldo: row.saldo,
  unidade: row.unidade,
  custo_medio: row.custo_medio,
  valor: row.valor,
  ultimo_movimento_em: instantOf(row.ultimo_movimento_em),
});
