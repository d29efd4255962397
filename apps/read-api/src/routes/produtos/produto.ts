import { formatInstant } from '@factory/http';
import type { ProductRow } from '@factory/read-models';
import { z } from 'zod';

const decimal = z.number().nullable();

/** The Produto resource: every key always present, in the specification's order. */
export const produto = z.object({
  id: z.uuid(),
  sku: z.string(),
  nome: z.string(),
  familia: z.string().nullable(),
  atributos: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  ean: z.string().nullable(),
  ncm: z.string().nullable(),
  status: z.enum(['ativo', 'inativo']),
  tipo: z.enum(['produto', 'kit']),
  apelidos: z.array(z.string()),
  tem_ficha: z.boolean(),
  peso_kg: decimal,
  peso_cubado_kg: decimal,
  largura_cm: decimal,
  altura_cm: decimal,
  comprimento_cm: decimal,
  ipi_pct: decimal,
  icms_pct: decimal,
  importado: z.boolean(),
  variacao: z.object({ grupo_id: z.uuid(), base: z.boolean(), eixos: z.array(z.string()) }).nullable(),
  custo_ficha: decimal.describe('custos:ler'),
  custo_ficha_bruto: decimal.describe('custos:ler'),
  custo_manual: decimal.describe('custos:ler'),
  criado_em: z.string(),
  atualizado_em: z.string(),
  excluido_em: z.string().nullable(),
});

export type Produto = z.infer<typeof produto>;

/** A product row as the API shows it; without `custos:ler` the monetary fields are null. */
export function presentProduto(row: ProductRow, costs: boolean): Produto {
  return {
    id: row.id,
    sku: row.sku,
    nome: row.nome,
    familia: row.familia,
    atributos: row.atributos,
    ean: row.ean,
    ncm: row.ncm,
    status: row.status,
    tipo: row.tipo,
    apelidos: row.apelidos,
    tem_ficha: row.tem_ficha,
    peso_kg: row.peso_kg,
    peso_cubado_kg: row.peso_cubado_kg,
    largura_cm: row.largura_cm,
    altura_cm: row.altura_cm,
    comprimento_cm: row.comprimento_cm,
    ipi_pct: row.ipi_pct,
    icms_pct: row.icms_pct,
    importado: row.importado,
    variacao:
      row.variacao_grupo_id === null
        ? null
        : {
            grupo_id: row.variacao_grupo_id,
            base: row.variacao_base === true,
            eixos: row.variacao_eixos ?? [],
          },
    custo_ficha: costs ? row.custo_ficha : null,
    custo_ficha_bruto: costs ? row.custo_ficha_bruto : null,
    custo_manual: costs ? row.custo_manual : null,
    criado_em: formatInstant(row.criado_em),
    atualizado_em: formatInstant(new Date(row.atualizado_em)),
    excluido_em: row.excluido_em && formatInstant(row.excluido_em),
  };
}
