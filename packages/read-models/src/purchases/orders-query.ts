import type { Pool, PoolClient } from '@factory/database';
import { catalogPageSql } from '../catalog/queries/catalog-page-sql.js';
import { instantKeySql, type ListWindow } from '../lists/list-sql.js';
import { PURCHASES_CHECKPOINT } from './purchases-projection.js';

export interface OrderFilters {
  /** Inclusive lower bound on atualizado_em, as UTC text PostgreSQL reads exactly. */
  atualizadoDesde?: string;
  fornecedorId?: string;
  situacao?: string;
}

/** The list's keyset: atualizado_em as microsecond UTC text, then id. */
export type OrderKeyset = [atualizadoEm: string, id: string];

export interface OrderPageQuery {
  empresaId: string;
  filters: OrderFilters;
  window: ListWindow;
  after: OrderKeyset | null;
  limit: number;
}

export interface OrderLineRow {
  id: string;
  insumo_id: string;
  quantidade: string;
  unidade: string;
  preco_unitario: string | null;
  quantidade_recebida: string;
}

/** A purchase order with its lines in the order given; decimals as text, instants as keyset text. */
export interface OrderRow {
  id: string;
  numero: number;
  fornecedor_id: string;
  local_id: string;
  situacao: string;
  previsto_para: string;
  condicao_pagamento: number[] | null;
  observacao: string | null;
  itens: OrderLineRow[];
  valor_total: string | null;
  motivo_cancelamento: string | null;
  criado_em: string;
  atualizado_em: string;
}

// The lines come with their header, in the page's own statement (one snapshot). The keyset's
// atualizado_em is added by catalogPageSql, the one builder of lists by (atualizado_em, id).
const COLUMNS = `t.id, t.numero, t.fornecedor_id, t.local_id, t.situacao, to_char(t.previsto_para, 'YYYY-MM-DD') AS previsto_para,
       t.condicao_pagamento, t.observacao, t.valor_total::text AS valor_total, t.motivo_cancelamento,
       (SELECT coalesce(json_agg(json_build_object(
                 'id', i.id, 'insumo_id', i.insumo_id, 'quantidade', i.quantidade::text, 'unidade', i.unidade,
                 'preco_unitario', i.preco_unitario::text, 'quantidade_recebida', i.quantidade_recebida::text)
               ORDER BY i.posicao), '[]')
          FROM compras_pedido_itens i WHERE i.empresa_id = t.empresa_id AND i.pedido_id = t.id) AS itens,
       ${instantKeySql('t.criado_em')} AS criado_em`;

/** One page of a company's purchase orders by (atualizado_em, id), stabilised; each filter has its index. */
export function ordersPageSql(query: OrderPageQuery): { text: string; values: unknown[] } {
  const { atualizadoDesde, fornecedorId, situacao } = query.filters;
  return catalogPageSql(query, {
    from: 'compras_pedidos t',
    select: COLUMNS,
    key: 'id',
    equals: [
      ['fornecedor_id', fornecedorId, 'uuid'],
      ['situacao', situacao, 'text'],
    ],
    atualizadoDesde,
    checkpoint: PURCHASES_CHECKPOINT,
  });
}

export async function listOrders(db: Pool | PoolClient, query: OrderPageQuery): Promise<OrderRow[]> {
  const { text, values } = ordersPageSql(query);
  return (await db.query<OrderRow>(text, values)).rows;
}

/** One purchase order of the company, or null. No window (a by-id read). */
export async function findOrder(
  db: Pool | PoolClient,
  empresaId: string,
  id: string,
): Promise<OrderRow | null> {
  const { rows } = await db.query<OrderRow>(
    `SELECT ${COLUMNS}, ${instantKeySql('t.atualizado_em')} AS atualizado_em
       FROM compras_pedidos t WHERE t.empresa_id = $1 AND t.id = $2::uuid`,
    [empresaId, id],
  );
  return rows[0] ?? null;
}
