import { CUSTO_FICHA_PLACES, GTIN_DIGITS, NCM_PATTERN, SKU_PATTERN } from '@factory/domain';
import { z } from 'zod';
import { fraction, instant, money } from './answer-fields.js';
import { instantOf } from './instant-of.js';

const decimal = z.number().nullable();

/** The Produto resource: every key always present, in the specification's order. */
export const produtoSchema = z.object({
  id: z.uuid(),
  sku: z.string().regex(SKU_PATTERN),
  nome: z.string(),
  familia: z.string().nullable(),
  atributos: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  ean: z.string().regex(GTIN_DIGITS).nullable(),
  ncm: z.string().regex(NCM_PATTERN).nullable(),
  status: z.enum(['ativo', 'inativo']),
  tipo: z.enum(['produto', 'kit']),
  apelidos: z.array(z.string()),
  tem_ficha: z.boolean(),
  peso_kg: decimal,
  peso_cubado_kg: decimal,
  largura_cm: decimal,
  altura_cm: decimal,
  comprimento_cm: decimal,
  ipi_pct: fraction().nullable(),
  icms_pct: fraction().nullable(),
  importado: z.boolean(),
  variacao: z.object({ grupo_id: z.uuid(), base: z.boolean(), eixos: z.array(z.string()) }).nullable(),
  custo_ficha: money(
    `Reais, arredondado a ${CUSTO_FICHA_PLACES} casas: o custo da ficha ativa; null também sem ficha.`,
  ),
  custo_ficha_bruto: money(
    `Reais, arredondado a ${CUSTO_FICHA_PLACES} casas: o custo da ficha com os impostos de entrada.`,
  ),
  custo_manual: money('Reais: o custo informado à mão.'),
  criado_em: instant(),
  atualizado_em: instant(),
  excluido_em: instant().nullable(),
});

export type Produto = z.infer<typeof produtoSchema>;

/** What a product is shown from (the catalog read model's row). */
export type ProdutoSource = Omit<Produto, 'variacao' | 'criado_em' | 'atualizado_em' | 'excluido_em'> & {
  variacao_grupo_id: string | null;
  variacao_base: boolean | null;
  variacao_eixos: string[] | null;
  criado_em: Date | string;
  atualizado_em: Date | string;
  excluido_em: Date | string | null;
};

/** Costs always filled in: the route nulls them for a token without `custos:ler` (@factory/http's cost-fields.ts). */
export function presentProduto(row: ProdutoSource): Produto {
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
    custo_ficha: row.custo_ficha,
    custo_ficha_bruto: row.custo_ficha_bruto,
    custo_manual: row.custo_manual,
    criado_em: instantOf(row.criado_em),
    atualizado_em: instantOf(row.atualizado_em),
    excluido_em: row.excluido_em && instantOf(row.excluido_em),
  };
}
