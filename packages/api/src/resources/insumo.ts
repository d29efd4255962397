import { NCM_PATTERN, SKU_PATTERN } from '@factory/domain';
import { z } from 'zod';
import { instant, money } from './answer-fields.js';
import { instantOf } from './instant-of.js';

/** The Insumo resource: every key always present, in the specification's order. */
export const insumoSchema = z.object({
  id: z.uuid(),
  sku: z.string().regex(SKU_PATTERN),
  nome: z.string(),
  familia: z.string().nullable(),
  ativo: z.boolean(),
  unidade_compra: z.string(),
  unidade_consumo: z.string(),
  fator_conversao: z.number(),
  ncm: z.string().regex(NCM_PATTERN).nullable(),
  minimo: z.number().nullable(),
  lead_time_dias: z.number().int().nullable(),
  fornecedor_padrao_id: z.uuid().nullable(),
  saldo: z.number(),
  custo_medio: money('Reais por unidade de consumo: o custo médio ponderado de todos os locais.'),
  custo_medio_bruto: money('Reais por unidade de consumo: o custo médio com os impostos de entrada.'),
  custo_referencia: money('Reais: o custo de referência, usado quando não há saldo.'),
  criado_em: instant(),
  atualizado_em: instant(),
  excluido_em: instant().nullable(),
});

export type Insumo = z.infer<typeof insumoSchema>;

/** What a supply item is shown from (the catalog read model's row). */
export type InsumoSource = Omit<Insumo, 'criado_em' | 'atualizado_em' | 'excluido_em'> & {
  criado_em: Date | string;
  atualizado_em: Date | string;
  excluido_em: Date | string | null;
};

/** `saldo` always; costs always filled in, nulled by the route without `custos:ler`. */
export function presentInsumo(row: InsumoSource): Insumo {
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
    custo_medio: row.custo_medio,
    custo_medio_bruto: row.custo_medio_bruto,
    custo_referencia: row.custo_referencia,
    criado_em: instantOf(row.criado_em),
    atualizado_em: instantOf(row.atualizado_em),
    excluido_em: row.excluido_em && instantOf(row.excluido_em),
  };
}
