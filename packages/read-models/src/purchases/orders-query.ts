import type { Pool, PoolClient } from '@factory/database';
import { instantKeySql, type ListWindow, SqlValues, stabilizationCutSql } from '../lists/list-sql.js';
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

// The lines come with their header, in the page's own statement (one snapshot).
const COLUMNS = `p.id, p.numero, p.fornecedor_id, p.local_id, p.situacao, to_char(p.previsto_para, 'YYYY-MM-DD') AS previsto_para,
       p.condicao_pagamento, p.observacao, p.valor_total::text AS valor_total, p.motivo_cancelamento,
       (SELECT coalesce(json_agg(json_build_object(
                 'id', i.id, 'insumo_id', i.insumo_id, 'quantidade', i.quantidade::text, 'unidade', i.unidade,
                 'preco_unitario', i.preco_unitario::text, 'quantidade_recebida', i.quantidade_recebida::text)
               ORDER BY i.posicao), '[]')
          FROM compras_pedido_itens i WHERE i.empresa_id = p.empresa_id AND i.pedido_id = p.id) AS itens,
       ${instantKeySql('p.criado_em')} AS criado_em, ${instantKeySql('p.atualizado_em')} AS atualizado_em`;

/** One page of a company's purchase orders by (atualizado_em, id), stabilised; each filter has its index. */
export function ordersPageSql(query: OrderPageQuery): { text: string; values: unknown[] } {
  const sql = new SqlValues();
  const where = [
    `p.empresa_id = ${sql.add(query.empresaId)}`,
    `p.atualizado_em < ${stabilizationCutSql(sql, PURCHASES_CHECKPOINT, query.window)}`,
  ];
  const { atualizadoDesde, fornecedorId, situacao } = query.filters;
  if (atualizadoDesde !== undefined)
    where.push(`p.atualizado_em >= ${sql.add(atualizadoDesde)}::timestamptz`);
  if (fornecedorId !== undefined) where.push(`p.fornecedor_id = ${sql.add(fornecedorId)}::uuid`);
  if (situacao !== undefined) where.push(`p.situacao = ${sql.add(situacao)}`);
  if (query.after)
    where.push(
      `(p.atualizado_em, p.id) > (${sql.add(query.after[0])}::timestamptz, ${sql.add(query.after[1])}::uuid)`,
    );
  const text = `SELECT ${COLUMNS} FROM compras_pedidos p
                 WHERE ${where.join('\n   AND ')}
                 ORDER BY p.atualizado_em, p.id
                 LIMIT ${sql.add(query.limit)}`;
  return { text, values: sql.values };
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
    `SELECT ${COLUMNS} FROM compras_pedidos p WHERE p.empresa_id = $1 AND p.id = $2::uuid`,
    [empresaId, id],
  );
  return rows[0] ?? null;
}
