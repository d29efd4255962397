import { z } from 'zod';
import { cost } from './cost-fields.js';
import { instantOf } from './instant-of.js';

/** A balance of one item in one location (GET /v1/estoque/saldos). */
export const saldoSchema = z.object({
  insumo_id: z.uuid(),
  local_id: z.uuid(),
  saldo: z.number(),
  unidade: z.string(),
  custo_medio: cost(z.number().nullable()),
  valor: cost(z.number().nullable()),
  atualizado_em: z.string(),
});

export type Saldo = z.output<typeof saldoSchema>;

export type SaldoSource = Omit<Saldo, 'atualizado_em'> & { atualizado_em: Date | string };

export const presentSaldo = (row: SaldoSource): Saldo => ({
  insumo_id: row.insumo_id,
  local_id: row.local_id,
  saldo: row.saldo,
  unidade: row.unidade,
  custo_medio: row.custo_medio,
  valor: row.valor,
  atualizado_em: instantOf(row.atualizado_em),
});
