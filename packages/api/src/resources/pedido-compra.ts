import { SITUACOES_PEDIDO } from '@factory/domain';
import { cost } from '@factory/http';
import { z } from 'zod';
import { day, instant } from './answer-fields.js';
import { instantOf, numberOf } from './instant-of.js';

/** A line of a purchase order: quantities in its purchase unit (`unidade`). */
export const itemPedidoCompraSchema = z.object({
  id: z.uuid(),
  insumo_id: z.uuid(),
  quantidade: z.number(),
  unidade: z.string(),
  /** Reais per purchase unit, or null when the buyer gave none. */
  preco_unitario: cost(z.number().nullable()),
  quantidade_recebida: z.number(),
});

/** The purchase order (PedidoCompra, compras.md), as its writes, its list and its by-id route answer it. */
export const pedidoCompraSchema = z.object({
  id: z.uuid(),
  numero: z.number().int(),
  fornecedor_id: z.uuid(),
  local_id: z.uuid(),
  situacao: z.enum(SITUACOES_PEDIDO),
  previsto_para: day(),
  condicao_pagamento: z.array(z.number().int()).nullable(),
  observacao: z.string().nullable(),
  itens: z.array(itemPedidoCompraSchema),
  /** Sum of quantidade × preco_unitario, reais, 2 places; null when a line has no price. */
  valor_total: cost(z.number().nullable()),
  motivo_cancelamento: z.string().nullable(),
  criado_em: instant(),
  atualizado_em: instant(),
});

export type PedidoCompra = z.output<typeof pedidoCompraSchema>;

/** A line as the read model keeps it: decimals as exact text. */
export interface ItemPedidoCompraSource {
  id: string;
  insumo_id: string;
  quantidade: string;
  unidade: string;
  preco_unitario: string | null;
  quantidade_recebida: string;
}

/** What a purchase order is shown from: decimals as text, instants as Date or text. */
export interface PedidoCompraSource {
  id: string;
  numero: number;
  fornecedor_id: string;
  local_id: string;
  situacao: string;
  previsto_para: string;
  condicao_pagamento: number[] | null;
  observacao: string | null;
  itens: readonly ItemPedidoCompraSource[];
  valor_total: string | null;
  motivo_cancelamento: string | null;
  criado_em: Date | string;
  atualizado_em: Date | string;
}

/** Costs always filled in: the route nulls them for a token without `custos:ler`. */
export const presentPedidoCompra = (source: PedidoCompraSource): PedidoCompra => ({
  id: source.id,
  numero: source.numero,
  fornecedor_id: source.fornecedor_id,
  local_id: source.local_id,
  situacao: source.situacao as PedidoCompra['situacao'],
  previsto_para: source.previsto_para,
  condicao_pagamento: source.condicao_pagamento,
  observacao: source.observacao,
  itens: source.itens.map((item) => ({
    id: item.id,
    insumo_id: item.insumo_id,
    quantidade: Number(item.quantidade),
    unidade: item.unidade,
    preco_unitario: numberOf(item.preco_unitario),
    quantidade_recebida: Number(item.quantidade_recebida),
  })),
  valor_total: numberOf(source.valor_total),
  motivo_cancelamento: source.motivo_cancelamento,
  criado_em: instantOf(source.criado_em),
  atualizado_em: instantOf(source.atualizado_em),
});
