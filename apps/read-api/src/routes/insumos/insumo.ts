import { formatInstant } from '@factory/http';
import type { SupplyItemRow } from '@factory/read-models';
import { z } from 'zod';

/** The Insumo resource: every key always present, in the specification's order. */
export const insumo = z.object({
  id: z.uuid(),
  sku: z.string(),
  nome: z.string(),
  familia: z.string().nullable(),
  ativo: z.boolean(),
  unidade_compra: z.string(),
  unidade_consumo: z.string(),
  fator_conversao: z.number(),
  ncm: z.string().nullable(),
  minimo: z.number().nullable(),
  lead_time_dias: z.number().int().nullable(),
  fornecedor_padrao_id: z.string().nullable(),
  saldo: z.number(),
  custo_medio: z.number().nullable().describe('custos:ler'),
  custo_medio_bruto: z.number().nullable().describe('custos:ler'),
  custo_referencia: z.number().nullable().describe('custos:ler'),
  criado_em: z.string(),
  atualizado_em: z.string(),
  excluido_em: z.string().nullable(),
});

export type Insumo = z.infer<typeof insumo>;

/** A supply item as the API shows it: `saldo` always, the costs only with `custos:ler`. */
export function presentInsumo(row: SupplyItemRow, costs: boolean): Insumo {
  return {
    id: row.id,
    sku: row.sku,
    nome: row.nome,
    familia: row.familia,
    ativo: row.ativo,
    unidade_compra: row.unidade_compra,
    unidade_consumo: row.unidade_consumo,
    fator_conversao: row.fator_conversao,
    ncm: row.ncm,
    minimo: row.minimo,
    lead_time_dias: row.lead_time_dias,
    fornecedor_padrao_id: row.fornecedor_padrao_id,
    saldo: row.saldo,
    custo_medio: costs ? row.custo_medio : null,
    custo_medio_bruto: costs ? row.custo_medio_bruto : null,
    custo_referencia: costs ? row.custo_referencia : null,
    criado_em: formatInstant(row.criado_em),
    atualizado_em: formatInstant(new Date(row.atualizado_em)),
    excluido_em: row.excluido_em && formatInstant(row.excluido_em),
  };
}
