import type { Pool, PoolClient } from '@factory/database';
import { instantKeySql, type ListWindow, SqlValues, stabilizationCutSql } from '../lists/list-sql.js';
import { PURCHASES_CHECKPOINT } from './purchases-projection.js';

export interface LinkFilters {
  fornecedorId: string;
}

/** The list's keyset: the code alone (unique per supplier), compared bytewise (COLLATE "C"). */
export type LinkKeyset = [codigo: string];

export interface LinkPageQuery {
  empresaId: string;
  filters: LinkFilters;
  window: ListWindow;
  after: LinkKeyset | null;
  limit: number;
}

export interface LinkRow {
  fornecedor_id: string;
  codigo: string;
  insumo_id: string;
  fator: string;
  atualizado_em: string;
}

/** One page of a supplier's links by codigo, stabilised like every list; its key is the order. */
export function linksPageSql(query: LinkPageQuery): { text: string; values: unknown[] } {
  const sql = new SqlValues();
  const where = [
    `v.empresa_id = ${sql.add(query.empresaId)}`,
    `v.fornecedor_id = ${sql.add(query.filters.fornecedorId)}::uuid`,
    `v.atualizado_em < ${stabilizationCutSql(sql, PURCHASES_CHECKPOINT, query.window)}`,
  ];
  if (query.after) where.push(`v.codigo > ${sql.add(query.after[0])}`);
  const text = `SELECT v.fornecedor_id, v.codigo, v.insumo_id, v.fator::text AS fator,
                       ${instantKeySql('v.atualizado_em')} AS atualizado_em
                  FROM compras_vinculos v
                 WHERE ${where.join('\n   AND ')}
                 ORDER BY v.codigo
                 LIMIT ${sql.add(query.limit)}`;
  return { text, values: sql.values };
}

export async function listLinks(db: Pool | PoolClient, query: LinkPageQuery): Promise<LinkRow[]> {
  const { text, values } = linksPageSql(query);
  return (await db.query<LinkRow>(text, values)).rows;
}
