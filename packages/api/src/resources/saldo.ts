import { z } from 'zod';
import { instant, money } from './answer-fields.js';
import { instantOf } from './instant-of.js';

/** What a balance and a position at an instant share: the item, the location and the amounts. */
export const balanceFields = {
  insumo_id: z.uuid(),
  local_id: z.uuid(),
  saldo: z.number(),
  unidade: z.string(),
  custo_medio: money('Reais por unidade, neste local.'),
  valor: money('Reais: saldo vezes custo_medio.'),
};

type BalanceFields = z.output<z.ZodObject<typeof balanceFields>>;

export const presentBalanceFields = (row: BalanceFields): BalanceFields => ({
  insumo_id: row.insumo_id,
  local_id: row.local_id,
  saldo: row.saldo,
  unidade: row.unidade,
  custo_medio: row.custo_medio,
  valor: row.valor,
});

/** A balance of one item in one location (GET /v1/estoque/saldos). */
export const saldoSchema = z.object({ ...balanceFields, atualizado_em: instant() });

export type Saldo = z.output<typeof saldoSchema>;

export type SaldoSource = Omit<Saldo, 'atualizado_em'> & { atualizado_em: Date | string };

export const presentSaldo = (row: SaldoSource): Saldo => ({
  ...presentBalanceFields(row),
  atualizado_em: instantOf(row.atualizado_em),
});
