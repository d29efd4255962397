import { AMBIENTES, SITUACOES_NOTA } from '@factory/domain';
import { cost } from '@factory/http';
import { z } from 'zod';
import { instant } from './answer-fields.js';
import { instantOf, numberOf } from './instant-of.js';
import { cfop, chaveAcesso, cnpjNfe } from './nfe-fields.js';

/**
 * One invoice item: `codigo`, `descricao`, `unidade`, `quantidade` as the invoice has them
 * (`cProd`, `xProd`, `uCom`, `qCom`); how it was mapped; the costs of its `entrada_nfe` movement.
 */
export const itemNotaSchema = z.object({
  n_item: z.number().int(),
  codigo: z.string(),
  descricao: z.string(),
  ncm: z.string().nullable(),
  cfop: cfop().nullable(),
  unidade: z.string(),
  quantidade: z.number(),
  insumo_id: z.uuid(),
  fator: z.number(),
  /** quantidade × fator, in the supply item's consumption unit. */
  quantidade_consumo: z.number(),
  /** Entry cost without the recovered taxes, reais per consumption unit, 6 places. */
  custo_unitario: cost(z.number().nullable()),
  /** Entry cost with taxes, reais per consumption unit, 6 places. */
  custo_unitario_bruto: cost(z.number().nullable()),
  /** The item's recovered taxes (ICMS, IPI, PIS and COFINS), reais. */
  creditos: cost(z.number().nullable()),
  movimento_id: z.uuid(),
});

/** The invoice (Nota, compras.md): a received supplier NF-e, as its list, by-id and receipt routes answer it. */
export const notaSchema = z.object({
  id: z.uuid(),
  chave: chaveAcesso(),
  tipo: z.enum(['entrada']),
  modelo: z.number().int(),
  serie: z.number().int(),
  numero: z.number().int(),
  emitida_em: instant(),
  ambiente: z.enum(AMBIENTES),
  fornecedor_id: z.uuid(),
  emitente_cnpj: cnpjNfe(),
  pedido_id: z.uuid().nullable(),
  local_id: z.uuid(),
  situacao: z.enum(SITUACOES_NOTA),
  /** `ICMSTot/vNF`, reais. */
  valor_total: cost(z.number().nullable()),
  /** In `nItem` order. */
  itens: z.array(itemNotaSchema),
  criado_em: instant(),
  atualizado_em: instant(),
});

export type Nota = z.output<typeof notaSchema>;

/** An item as the read model keeps it: decimals as exact text. */
export interface ItemNotaSource {
  n_item: number;
  codigo: string;
  descricao: string;
  ncm: string | null;
  cfop: string | null;
  unidade: string;
  quantidade: string;
  insumo_id: string;
  fator: string;
  quantidade_consumo: string;
  custo_unitario: string;
  custo_unitario_bruto: string;
  creditos: string;
  movimento_id: string;
}

/** What an invoice is shown from: decimals as text, instants as Date or text. */
export interface NotaSource {
  id: string;
  chave: string;
  modelo: number;
  serie: number;
  numero: number;
  emitida_em: Date | string;
  ambiente: string;
  fornecedor_id: string;
  emitente_cnpj: string;
  pedido_id: string | null;
  local_id: string;
  situacao: string;
  valor_total: string;
  itens: readonly ItemNotaSource[];
  criado_em: Date | string;
  atualizado_em: Date | string;
}

/** Costs always filled in: the route nulls them for a token without `custos:ler`. */
export const presentNota = (source: NotaSource): Nota => ({
  id: source.id,
  chave: source.chave,
  tipo: 'entrada',
  modelo: source.modelo,
  serie: source.serie,
  numero: source.numero,
  emitida_em: instantOf(source.emitida_em),
  ambiente: source.ambiente as Nota['ambiente'],
  fornecedor_id: source.fornecedor_id,
  emitente_cnpj: source.emitente_cnpj,
  pedido_id: source.pedido_id,
  local_id: source.local_id,
  situacao: source.situacao as Nota['situacao'],
  valor_total: numberOf(source.valor_total),
  itens: source.itens.map((item) => ({
    n_item: item.n_item,
    codigo: item.codigo,
    descricao: item.descricao,
    ncm: item.ncm,
    cfop: item.cfop,
    unidade: item.unidade,
    quantidade: Number(item.quantidade),
    insumo_id: item.insumo_id,
    fator: Number(item.fator),
    quantidade_consumo: Number(item.quantidade_consumo),
    custo_unitario: numberOf(item.custo_unitario),
    custo_unitario_bruto: numberOf(item.custo_unitario_bruto),
    creditos: numberOf(item.creditos),
    movimento_id: item.movimento_id,
  })),
  criado_em: instantOf(source.criado_em),
  atualizado_em: instantOf(source.atualizado_em),
});
