import { z } from 'zod';
import { instant } from './answer-fields.js';
import { instantOf } from './instant-of.js';

/** A supplier's item link (VinculoFornecedor, compras.md): its code for one supply item. */
export const vinculoFornecedorSchema = z.object({
  fornecedor_id: z.uuid(),
  /** The supplier's product code (`cProd`), exact. */
  codigo: z.string(),
  insumo_id: z.uuid(),
  /** Consumption units of the supply item in one supplier unit. */
  fator: z.number(),
  atualizado_em: instant(),
});

export type VinculoFornecedor = z.output<typeof vinculoFornecedorSchema>;

export interface VinculoFornecedorSource {
  fornecedor_id: string;
  codigo: string;
  insumo_id: string;
  fator: string | number;
  atualizado_em: Date | string;
}

export const presentVinculoFornecedor = (source: VinculoFornecedorSource): VinculoFornecedor => ({
  fornecedor_id: source.fornecedor_id,
  codigo: source.codigo,
  insumo_id: source.insumo_id,
  fator: Number(source.fator),
  atualizado_em: instantOf(source.atualizado_em),
});
