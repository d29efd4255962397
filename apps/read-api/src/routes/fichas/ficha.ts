import { formatInstant } from '@factory/http';
import type { BillRow } from '@factory/read-models';
import { z } from 'zod';

export const linhaDaFicha = z.object({
  id: z.string(),
  tipo: z.enum(['insumo', 'produto']),
  insumo_id: z.uuid().nullable(),
  componente_id: z.uuid().nullable(),
  consumo: z.number(),
  unidade: z.string(),
  perda_pct: z.number(),
});

/** The Ficha resource: a product's active bill; `atualizado_em` is the version's creation instant. */
export const ficha = z.object({
  produto_id: z.uuid(),
  versao: z.number().int(),
  ativa: z.boolean(),
  atualizado_em: z.string(),
  linhas: z.array(linhaDaFicha),
  custo: z.number().nullable().describe('custos:ler'),
});

export type Ficha = z.infer<typeof ficha>;

/** Only active bills are kept, so `ativa` is always true here. */
export const presentFicha = (row: BillRow, costs: boolean): Ficha => ({
  produto_id: row.produto_id,
  versao: row.versao,
  ativa: true,
  atualizado_em: formatInstant(new Date(row.atualizado_em)),
  linhas: row.linhas,
  custo: costs ? row.custo : null,
});
